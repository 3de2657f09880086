/**
 * The LLVM tools (LLVM 14 on Debian 12: `llvm-nm`, `llvm-objdump`, `llvm-readobj`, `llc`, `opt`,
 * `ld.lld`, …, each also as `llvm-nm-14`): LLVM's CommandLine library expands every argument
 * `@FILE` into the words FILE holds, and `@FILE` inside it too (`cl::ExpandResponseFiles`, GNU
 * quoting on Linux), as binutils' libiberty does — and the tools with an option table of their own
 * (llvm-objcopy, llvm-strip, llvm-ar, llvm-lib, llvm-rc) do the same. Verified (replay of red team
 * 13, N13): with `@.env` in rsp, `llvm-nm @rsp`, `llc @rsp`, `opt @rsp`, `llvm-mc @rsp`,
 * `llvm-readobj @rsp`, `llvm-strip @rsp`, `llvm-objcopy @rsp`, `llvm-rc @rsp`, `llvm-lib @rsp`,
 * `llvm-dwarfdump @rsp` and `llvm-symbolizer @rsp` printed .env's text. This model says only that
 * (`responseFiles`); every other word is assumed, as for a program toolgate does not model. A
 * response file toolgate cannot see may load code (`opt -load`, `--load-pass-plugin`, ld.lld's
 * plugins): hidden code. The tools that run the code they read (lli, llvm-jitlink, llvm-rtdyld,
 * llvm-reduce's test script, llvm-exegesis) have no model here: they stay programs toolgate does
 * not model, judged as opaque code.
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { variantBase } from './name-variants.js';

const NAMES = [
  'llvm-addr2line',
  'llvm-ar',
  'llvm-as',
  'llvm-bcanalyzer',
  'llvm-bitcode-strip',
  'llvm-cat',
  'llvm-cfi-verify',
  'llvm-config',
  'llvm-cov',
  'llvm-cvtres',
  'llvm-cxxdump',
  'llvm-cxxfilt',
  'llvm-cxxmap',
  'llvm-debuginfod-find',
  'llvm-diff',
  'llvm-dis',
  'llvm-dlltool',
  'llvm-dwarfdump',
  'llvm-dwp',
  'llvm-extract',
  'llvm-gsymutil',
  'llvm-ifs',
  'llvm-install-name-tool',
  'llvm-lib',
  'llvm-libtool-darwin',
  'llvm-link',
  'llvm-lipo',
  'llvm-lto',
  'llvm-lto2',
  'llvm-mc',
  'llvm-mca',
  'llvm-ml',
  'llvm-modextract',
  'llvm-mt',
  'llvm-nm',
  'llvm-objcopy',
  'llvm-objdump',
  'llvm-opt-report',
  'llvm-otool',
  'llvm-pdbutil',
  'llvm-profdata',
  'llvm-profgen',
  'llvm-ranlib',
  'llvm-rc',
  'llvm-readelf',
  'llvm-readobj',
  'llvm-sim',
  'llvm-size',
  'llvm-split',
  'llvm-stress',
  'llvm-strings',
  'llvm-strip',
  'llvm-symbolizer',
  'llvm-tapi-diff',
  'llvm-tblgen',
  'llvm-tli-checker',
  'llvm-undname',
  'llvm-windres',
  'llvm-xray',
  'llc',
  'opt',
  'lld',
  'ld.lld',
  'ld64.lld',
  'lld-link',
  'wasm-ld',
  // LLVM's test utilities read their options with the same library (red team 21, R21-7: with
  // `--input-file=.env` in r, `FileCheck-14 --dump-input=always @r ck` printed .env). Command
  // names are looked up folded to lower case.
  'filecheck',
  'obj2yaml',
  'yaml2obj',
  'sanstats',
  'verify-uselistorder',
  'yaml-bench',
];

/** What names more files in what the tool reads, by its name: llvm-mc's and llvm-tblgen's `include`, llvm-rc's `#include`. */
const INCLUDES: Readonly<Record<string, string>> = {
  'llvm-mc': '.include and .incbin directives',
  'llvm-ml': 'include directives',
  'llvm-tblgen': 'include lines',
  'llvm-rc': '#include lines',
  'llvm-windres': '#include lines',
};

/** The name of ours a command name is (`llvm-nm-14` is llvm-nm). */
function ownName(argv0: string | undefined): string {
  const name = argv0?.replace(/^.*\//, '') ?? '';
  return NAMES.includes(name) ? name : (variantBase(name, (n) => NAMES.includes(n)) ?? name);
}

/** The `@FILE` words: each FILE is read; every other word is assumed (`modelled: 'partly'`). */
function llvmFiles(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  for (let k = 1; k < argv.length; k++) if (argv[k]!.startsWith('@')) files.push({ op: 'read', index: k, value: argv[k]!.slice(1) });
  return { files, unresolved: [], modelled: 'partly' };
}

/** The LLVM tools: their response files (and the include languages of llvm-mc, llvm-tblgen, llvm-rc). @internal */
export const llvmTools = defineProgram({
  names: NAMES,
  summary: 'llvm-nm, llvm-objdump, llvm-readobj, llc, opt, ld.lld and the other LLVM tools (only their @FILE response files are modelled)',
  sources: [
    'LLVM CommandLine library, "Response files" (cl::ExpandResponseFiles in cl::ParseCommandLineOptions); llvm-objcopy, llvm-ar, llvm-rc option tables',
    'verified with LLVM 14 on Debian 12 (replay of red team 13, N13): @.env inside a response file is read and its text printed',
  ],
  files: (_name, argv) => llvmFiles(argv),
  responseFiles: 'binutils',
  nameVariants: true,
  responseUnseen: 'run',
  includesFiles: (argv) => INCLUDES[ownName(argv[0])],
  runs: 'unseen',
  examples: [
    {
      command: 'llvm-nm @rsp x.o',
      effects: ['read ./rsp', 'write ./x.o (word)'],
      why: 'the words of rsp take the place of @rsp; the other words are assumed paths',
    },
  ],
});
