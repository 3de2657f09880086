/**
 * The LLVM tools (LLVM 14 on Debian 12: `llvm-nm`, `llvm-objdump`, `llvm-readobj`, `llc`, `opt`,
 * `ld.lld`, …, each also as `llvm-nm-14`): LLVM's CommandLine library expands every argument
 * `@FILE` into the words FILE holds, and `@FILE` inside it too (`cl::ExpandResponseFiles`, GNU
 * quoting on Linux), as binutils' libiberty does — and the tools with an option table of their own
 * (llvm-objcopy, llvm-strip, llvm-ar, llvm-lib, llvm-rc) do the same. Verified (replay of red team
 * 13, N13): with `@.env` in rsp, `llvm-nm @rsp`, `llc @rsp`, `opt @rsp`, `llvm-mc @rsp`,
 * `llvm-readobj @rsp`, `llvm-strip @rsp`, `llvm-objcopy @rsp`, `llvm-rc @rsp`, `llvm-lib @rsp`,
 * `llvm-dwarfdump @rsp` and `llvm-symbolizer @rsp` printed .env's text. This model says that
 * (`responseFiles`) and which options load a shared library ({@link LLVM_CODE}); every other word
 * is assumed, as for a program toolgate does not model. A response file toolgate cannot see may
 * load code (`opt -load`): hidden code. The tools that run the code they are given (llvm-jitlink,
 * llvm-rtdyld, bugpoint, llvm-reduce's test, llvm-exegesis) are opaque code by the same table
 * (`code-runners.ts` reads it); lli is an interpreter (`interpreters.ts`).
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { systemPath } from './compiler-driver.js';
import { defineProgram } from './model.js';
import { variantBase } from './name-variants.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { wrapInfo } from './wrapper-info.js';

/**
 * What an LLVM tool loads or runs beyond the files it reads: `loads`, its CommandLine options whose
 * value names a shared library it loads into itself (LLVM's PluginLoader `-load`, the new pass
 * manager's `-load-pass-plugin`, the X86 back end's `-x86-lvi-load-opt-plugin` in the tools that
 * generate code); `runs`, the code it runs whatever its options say (the object's `main`, a test
 * script). Read from each installed tool's `-help-hidden` (LLVM 14, `/usr/lib/llvm-14/bin`) and
 * verified on Debian 12 with a library whose constructor wrote a marker file (#37, replay of red
 * team 20 NEW-R2; its constructor ran rm under `Bash(*)` with `Bash(rm *)` denied):
 * - `opt -load ./c.so` (`-load=`, `--load`, `--load=`, after the input too), `opt-14
 *   -load-pass-plugin=./c.so` (`-load-pass-plugin ./c.so`, `--load-pass-plugin[=]`), `llc -load`,
 *   `llvm-lto2 run -load=./c.so` loaded it; `llc -mattr=+lvi-load-hardening
 *   -x86-lvi-load-opt-plugin=./c.so x.ll` loaded it (`opt` parses that option and never loads it).
 *   Not options: `-load./c.so`, `-loa=` (LLVM takes no prefix of a name), `llc -load-pass-plugin`,
 *   `llvm-lto -load`, `llvm-mc -load`; a word after `--` is an input (`opt -S x -- -load ./c.so`).
 * - `llvm-jitlink-14 j.o` ran j.o's `main` (system()); `-noexec -preload=./c.so` still loaded c.so;
 *   `--oop-executor=./pp` ran ./pp. `llvm-rtdyld` executes by default (`-entry=main
 *   -dylib=…/libc.so.6 j.o` ran main; `-dylib=./c.so`, with `-printline` too, loaded c.so).
 *   `bugpoint -run-llc x.ll` ran x.ll's main (bugpoint also runs the programs `-exec-command`,
 *   `-compile-command`, `-opt-command`, `--gcc` name, and loads `-load`). `llvm-reduce
 *   --test=./t.sh` (`--test ./t.sh`) ran t.sh. `llvm-exegesis-14 -mode=latency -snippets-file=s.s`
 *   ran the snippet (a syscall exit(42)). LLVM's `not` runs the command in its words: a wrapper (`runners.ts`).
 *   lli-child-target and llvm-jitlink-executor run the code a JIT controller sends them (by their
 *   manual: not run here).
 * Not loaders (checked): llvm-ar's `--plugin` ("ignored for compatibility"), llvm-windres-14's
 * `--preprocessor=./pp` (it looked for clang and ran nothing).
 * @internal
 */
export const LLVM_CODE: Readonly<Record<string, { readonly loads?: readonly string[]; readonly runs?: string }>> = {
  opt: { loads: ['load', 'load-pass-plugin'] },
  llc: { loads: ['load', 'x86-lvi-load-opt-plugin'] },
  'llvm-lto2': { loads: ['load', 'x86-lvi-load-opt-plugin'] },
  'llvm-lto': { loads: ['x86-lvi-load-opt-plugin'] },
  'llvm-jitlink': { runs: 'the main of the object files it links in memory (and the libraries -preload names)' },
  'llvm-rtdyld': { runs: 'the entry point of the object files it links in memory (and the libraries -dylib names)' },
  bugpoint: {
    runs: 'the program it reduces (compiled and run), the commands its -exec-command and -compile-command options name, and the plugins -load names',
  },
  'llvm-reduce': { runs: 'the interestingness test its --test option names' },
  'llvm-exegesis': { runs: 'the machine code of the snippets it measures' },
  'lli-child-target': { runs: 'the code its JIT controller sends it' },
  'llvm-jitlink-executor': { runs: 'the code its JIT controller sends it' },
};

/** The name in {@link LLVM_CODE} a command name is (`opt-14`, `/usr/lib/llvm-14/bin/opt` folded to `opt`), or undefined. */
const tableName = (name: string): string | undefined =>
  Object.hasOwn(LLVM_CODE, name) ? name : variantBase(name, (n) => Object.hasOwn(LLVM_CODE, n));

/** The entry of {@link LLVM_CODE} a command name is, or undefined. */
function codeOf(name: string): { readonly loads?: readonly string[]; readonly runs?: string } | undefined {
  const found = tableName(name);
  return found === undefined ? undefined : LLVM_CODE[found];
}

/**
 * The LLVM tool that runs the code it is given ({@link LLVM_CODE} `runs`) a command name is, also
 * under an installed name (`llvm-jitlink-14` → `llvm-jitlink`), for the code runners'
 * table (`code-runners.ts`), or undefined.
 * @internal
 */
export function llvmRunnerName(name: string): string | undefined {
  const found = tableName(name);
  return found !== undefined && LLVM_CODE[found]!.runs !== undefined ? found : undefined;
}

/** What the LLVM tool {@link llvmRunnerName} gives runs, or undefined. @internal */
export const llvmRunnerOf = (name: string): string | undefined => codeOf(name)?.runs;

/**
 * The libraries an LLVM tool's options load ({@link LLVM_CODE} `loads`): `-NAME VALUE`,
 * `-NAME=VALUE`, `--NAME VALUE`, `--NAME=VALUE`, until `--`. A library below /usr (LLVM's own,
 * `LLVMPolly.so`) is the toolchain's. A word toolgate cannot see may be such an option.
 */
function llvmLoads(name: string, argv: readonly string[], literal: readonly boolean[]): WrapperInfo | undefined {
  const loads = codeOf(name)?.loads;
  if (loads === undefined) return undefined;
  const inner: Unwrapped[] = [];
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word === '--') break;
    // A word toolgate cannot see may be such an option where its start is not a literal operand
    // (`$OPTS`, `-$X`, `--load=$P`, a pattern that may match a file named `-load=x.so`; not `src/$f.ll`).
    const bare = literal[k] === false ? word.replace(/^["']+/, '') : word;
    if (literal[k] === false && (/^[$`*?[]/.test(bare) || (bare.startsWith('-') && !/^--?[\w-]+$/.test(bare.split('=')[0]!)))) {
      inner.push({
        kind: 'opaque',
        reason: `${name} is given a word toolgate cannot see (${word}), which may be -${loads[0]!} naming a library it loads`,
      });
      continue;
    }
    const m = /^--?([\w-]+)(=(.*))?$/s.exec(bare);
    if (m === null || !loads.includes(m[1]!)) continue;
    const value = m[2] !== undefined ? m[3]! : argv[++k];
    if (value !== undefined && literal[k] !== false && systemPath(value)) continue;
    inner.push({
      kind: 'opaque',
      reason: `${name} -${m[1]!} ${value ?? 'a word that is missing'} loads the shared library ${value ?? 'it names'}, whose code runs in ${name}`,
    });
  }
  return inner.length > 0 ? wrapInfo(inner) : undefined;
}

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
  unwrap: (argv, literal) => llvmLoads(ownName(argv[0]), argv, literal),
  runs: 'unseen',
  examples: [
    {
      command: 'llvm-nm @rsp x.o',
      effects: ['read ./rsp', 'write ./x.o (word)'],
      why: 'the words of rsp take the place of @rsp; the other words are assumed paths',
    },
    {
      command: 'opt -load ./ctor.so -S x.ll',
      effects: ['write ./ctor.so (path)', 'write ./x.ll (word)'],
      why: 'opt loads ./ctor.so, whose constructor runs: opaque code (unwrap; red team 20 NEW-R2, it ran rm)',
    },
  ],
});
