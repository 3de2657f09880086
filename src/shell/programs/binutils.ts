/**
 * GNU binutils' object-file tools beside `strings`: objdump, nm, readelf, size, addr2line and
 * c++filt read; strip and objcopy rewrite object files; ar reads and writes archives. Each expands
 * every word `@FILE` (an operand or an option's value: libiberty's `expandargv` runs before the
 * options are read) into the words FILE holds — more options and more files
 * (`responseFiles: 'binutils'`; `evaluate/response-files.ts` reads them through the file-system
 * view). The `@FILE` itself is read; when FILE does not exist the word stays as it is, so the
 * word is also taken as what it would be without the `@`.
 *
 * Grammars: GNU Binutils for Debian 2.40, each program's `--help` and the getopt string in its
 * Debian 12 binary. None of them is in Claude Code's read-only set: they ask as before, and what
 * they read and write meets the deny rules and protected paths.
 */
import { all, optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { bareName, readWords, refusedWords, type ReadWords } from './parse.js';
import { variantBase } from './name-variants.js';

/** The `@FILE` words: each FILE is read (its words are expanded by the response-file step). */
function responseReads(argv: readonly string[]): FileOperand[] {
  const files: FileOperand[] = [];
  for (let k = 1; k < argv.length; k++) if (argv[k]!.startsWith('@')) files.push({ op: 'read', index: k, value: argv[k]!.slice(1) });
  return files;
}

/** The words read with the grammar, or leniently (refused words taken as flags) with the rest assumed paths. */
function withWords(argv: readonly string[], grammar: GnuOptionSpec, effects: (words: ReadWords) => FileOperands): FileOperands {
  const words = readWords(argv, grammar);
  return words ? effects(words) : refusedWords(argv, grammar, effects);
}

/**
 * A reader of object files: its operands (or `a.out` when there are none and `aOut`), the files
 * the `reads` options name, and what `anyFile` options make it read (files named inside the
 * object, which toolgate does not read).
 */
function objectReader(
  argv: readonly string[],
  grammar: GnuOptionSpec,
  facts: { aOut?: boolean; reads?: readonly string[]; anyFile?: { options: readonly string[]; why: string } },
): FileOperands {
  return withWords(argv, grammar, (words) => {
    const files = responseReads(argv);
    const unresolved: string[] = [];
    for (const o of words.options) {
      if (facts.reads?.includes(bareName(o))) pushOpt(files, optionFile(o, 'read', argv));
      if (facts.anyFile?.options.includes(bareName(o)) && !unresolved.includes(facts.anyFile.why)) unresolved.push(facts.anyFile.why);
    }
    files.push(...all(words.operands, 'read'));
    if (words.operands.length === 0 && facts.aOut === true) files.push({ op: 'read', index: 0, value: 'a.out' });
    return { files, unresolved };
  });
}

const objdumpGrammar: GnuOptionSpec = {
  short: 'CDE:FGHI:LM:P:RSTU:VW::ab:defghij:lm:prstvwxz',
  long: longOptions(
    `archive-headers file-headers private-headers private= all-headers disassemble[=] disassemble-all source
     source-comment[=] full-contents debugging debugging-tags stabs dwarf[=] process-links ctf[=] sframe[=] syms
     dynamic-syms reloc dynamic-reloc version info help target= architecture= section= disassembler-options=
     endian= endian-big endian-little file-start-context include= line-numbers file-offsets demangle[=]
     recurse-limit no-recurse-limit wide unicode= disassemble-zeroes start-address= stop-address= no-addresses
     prefix-addresses insn-width= adjust-vma= show-all-symbols special-syms inlines prefix= prefix-strip=
     dwarf-depth= dwarf-start= dwarf-check ctf-parent= visualize-jumps[=] disassembler-color=`,
  ),
};

/** objdump: reads its objects (`a.out` without one); `-S` prints the source files the object's debug information names. @internal */
export const objdump = defineProgram({
  names: ['objdump'],
  summary: 'objdump: display information from object files',
  sources: ['GNU binutils 2.40 objdump(1), --help and the Debian 12 binary'],
  grammar: objdumpGrammar,
  files: (_name, argv) =>
    objectReader(argv, objdumpGrammar, {
      aOut: true,
      anyFile: {
        options: ['S', 'source', 'source-comment', 'I', 'include', 'prefix'],
        why: 'objdump -S prints the source files the debug information of the object names, which toolgate does not read',
      },
    }),
  responseFiles: 'binutils',
  nameVariants: true,
  runs: 'unseen',
  examples: [
    { command: 'objdump -d a.o', effects: ['read ./a.o'], readOnly: false },
    { command: 'objdump -h', effects: ['read ./a.out'], why: 'no object: a.out' },
    { command: 'objdump -j .text -d a.o', effects: ['read ./a.o'], why: '-j takes the section name' },
    { command: 'objdump -d @.env', effects: ['read ./.env', 'read ./@.env'], why: 'the response file is read' },
  ],
});

const nmGrammar: GnuOptionSpec = {
  short: 'aABCDef:gHhjJlnopPrSst:uU:vVvWX:',
  long: longOptions(
    `debug-syms print-file-name format= demangle[=] no-demangle recurse-limit no-recurse-limit dynamic extern-only
     ifunc-chars= just-symbols line-numbers numeric-sort no-sort portability reverse-sort plugin= print-size
     print-armap quiet size-sort special-syms synthetic radix= target= undefined-only defined-only unicode= no-weak
     with-symbol-versions ${HELP_VERSION}`,
  ),
};

/** nm: reads its objects (`a.out` without one); `--plugin` loads a shared object, code toolgate cannot see. @internal */
export const nm = defineProgram({
  names: ['nm'],
  summary: 'nm: list the symbols of object files',
  sources: ['GNU binutils 2.40 nm(1), --help and the Debian 12 binary'],
  grammar: nmGrammar,
  files: (_name, argv) =>
    objectReader(argv, nmGrammar, {
      aOut: true,
      reads: ['plugin'],
      anyFile: { options: ['plugin'], why: 'nm --plugin loads a shared object, which runs code toolgate does not see' },
    }),
  responseFiles: 'binutils',
  nameVariants: true,
  responseUnseen: 'run',
  runs: 'unseen',
  examples: [
    { command: 'nm -C lib.a', effects: ['read ./lib.a'], readOnly: false },
    { command: 'nm -t x a.o', effects: ['read ./a.o'], why: '-t takes the radix' },
    { command: 'nm', effects: ['read ./a.out'], why: 'no object: a.out' },
  ],
});

const readelfGrammar: GnuOptionSpec = {
  short: 'ACDHILNPR:STU:VWacdeghi:lnp:rstuvw::x:z',
  long: longOptions(
    `all file-header program-headers segments section-headers sections section-groups section-details headers syms
     symbols dyn-syms lto-syms sym-base[=] demangle[=] no-demangle recurse-limit no-recurse-limit unicode= notes
     relocs unwind dynamic version-info arch-specific archive-index use-dynamic lint enable-checks hex-dump=
     string-dump= relocated-dump= decompress debug-dump[=] process-links dwarf-depth= dwarf-start= ctf= ctf-parent=
     ctf-symbols= ctf-strings= sframe[=] histogram wide silent-truncation ${HELP_VERSION}`,
  ),
};

/** readelf: reads its ELF files (it has no `a.out` default). @internal */
export const readelf = defineProgram({
  names: ['readelf'],
  summary: 'readelf: display information about ELF files',
  sources: ['GNU binutils 2.40 readelf(1), --help and the Debian 12 binary'],
  grammar: readelfGrammar,
  files: (_name, argv) => objectReader(argv, readelfGrammar, {}),
  responseFiles: 'binutils',
  nameVariants: true,
  runs: 'unseen',
  examples: [
    { command: 'readelf -h a.out', effects: ['read ./a.out'], readOnly: false },
    { command: 'readelf -x .data a.o', effects: ['read ./a.o'], why: '-x takes the section' },
    { command: 'readelf -wi a.o', effects: ['read ./a.o'], why: '-w takes its value only in the same word' },
  ],
});

const sizeGrammar: GnuOptionSpec = {
  short: 'ABGHhVvdfotx',
  long: longOptions(`format= radix= totals common target= ${HELP_VERSION}`),
};

/** size: reads its objects (`a.out` without one). @internal */
export const size = defineProgram({
  names: ['size'],
  summary: 'size: list the section sizes of object files',
  sources: ['GNU binutils 2.40 size(1), --help and the Debian 12 binary'],
  grammar: sizeGrammar,
  files: (_name, argv) => objectReader(argv, sizeGrammar, { aOut: true }),
  responseFiles: 'binutils',
  nameVariants: true,
  runs: 'unseen',
  examples: [
    { command: 'size -A build/app', effects: ['read ./build/app'], readOnly: false },
    { command: 'size --format berkeley a.o', effects: ['read ./a.o'], why: '--format takes the next word' },
  ],
});

const addr2lineGrammar: GnuOptionSpec = {
  short: 'ab:Ce:rRsfHhij:pVv',
  long: longOptions(
    `addresses target= exe= inlines section= pretty-print basenames functions demangle[=] recurse-limit
     no-recurse-limit ${HELP_VERSION}`,
  ),
};

/** addr2line: reads the executable `-e` names (`a.out` without one); its operands are addresses. @internal */
export const addr2line = defineProgram({
  names: ['addr2line'],
  summary: 'addr2line: turn addresses into file names and line numbers',
  sources: ['GNU binutils 2.40 addr2line(1), --help and the Debian 12 binary'],
  grammar: addr2lineGrammar,
  files: (_name, argv) =>
    withWords(argv, addr2lineGrammar, (words) => {
      const files = responseReads(argv);
      const exe = words.options.filter((o) => bareName(o) === 'e' || bareName(o) === 'exe');
      for (const o of exe) pushOpt(files, optionFile(o, 'read', argv));
      if (exe.length === 0) files.push({ op: 'read', index: 0, value: 'a.out' });
      return { files, unresolved: [], notFiles: [...words.operands] };
    }),
  responseFiles: 'binutils',
  nameVariants: true,
  runs: 'unseen',
  examples: [
    { command: 'addr2line -e app 0x4005d4', effects: ['read ./app'], readOnly: false },
    { command: 'addr2line 0x4005d4', effects: ['read ./a.out'], why: 'no -e: a.out' },
  ],
});

const cxxfiltGrammar: GnuOptionSpec = {
  short: '_hinprRs:tv',
  long: longOptions(
    `strip-underscore no-strip-underscore no-params no-verbose recurse-limit no-recurse-limit types format= ${HELP_VERSION}`,
  ),
};

/** c++filt: demangles the names it is given (no files), or its input. @internal */
export const cxxfilt = defineProgram({
  names: ['c++filt'],
  summary: 'c++filt: demangle C++ and other symbol names',
  sources: ['GNU binutils 2.40 c++filt(1), --help and the Debian 12 binary'],
  grammar: cxxfiltGrammar,
  files: (_name, argv) =>
    withWords(argv, cxxfiltGrammar, (words) => ({
      files: responseReads(argv),
      unresolved: [],
      notFiles: words.operands.filter((k) => !argv[k]!.startsWith('@')),
    })),
  responseFiles: 'binutils',
  nameVariants: true,
  runs: 'unseen',
  examples: [
    { command: 'c++filt _ZN3foo3barEv', effects: [], readOnly: false, why: 'the operands are names, not files' },
    { command: 'c++filt @names.txt', effects: ['read ./names.txt'], why: 'the response file holds more names (and options)' },
  ],
});

const stripGrammar: GnuOptionSpec = {
  short: 'I:O:F:K:MN:R:o:sSpdgxXHhVvwDU',
  long: longOptions(
    `input-target= output-target= target= preserve-dates enable-deterministic-archives disable-deterministic-archives
     remove-section= remove-relocations= strip-all strip-debug strip-dwo strip-unneeded only-keep-debug merge-notes
     no-merge-notes strip-symbol= keep-section= keep-symbol= keep-section-symbols keep-file-symbols wildcard
     discard-all discard-locals verbose info ${HELP_VERSION}`,
  ),
};

/** strip: rewrites each object in place, or writes `-o FILE` from the one it reads. @internal */
export const strip = defineProgram({
  names: ['strip'],
  summary: 'strip: remove symbols from object files',
  sources: ['GNU binutils 2.40 strip(1), --help and the Debian 12 binary'],
  grammar: stripGrammar,
  files: (_name, argv) =>
    withWords(argv, stripGrammar, (words) => {
      const files = responseReads(argv);
      const out = words.options.filter((o) => o.name === '-o');
      for (const o of out) pushOpt(files, optionFile(o, 'write', argv));
      files.push(...all(words.operands, 'read'));
      // Without -o each object is rewritten in place (no object: a.out).
      if (out.length === 0) files.push(...all(words.operands, 'write'));
      if (words.operands.length === 0) files.push({ op: 'read', index: 0, value: 'a.out' }, { op: 'write', index: 0, value: 'a.out' });
      return { files, unresolved: [] };
    }),
  responseFiles: 'binutils',
  nameVariants: true,
  responseUnseen: 'write',
  runs: 'unseen',
  examples: [
    { command: 'strip app', effects: ['read ./app', 'write ./app'], readOnly: false },
    { command: 'strip -o app.min app', effects: ['write ./app.min', 'read ./app'] },
    { command: 'strip -K main app', effects: ['read ./app', 'write ./app'], why: '-K takes the symbol' },
    { command: 'strip @list', effects: ['read ./list', 'read ./@list', 'write ./@list'], why: 'the response file names more objects' },
  ],
});

const objcopyGrammar: GnuOptionSpec = {
  short: 'b:B:i:I:j:K:MN:s:O:d:F:L:G:R:SpgxXHhVvW:wDU',
  long: longOptions(
    `input-target= output-target= binary-architecture= target= debugging preserve-dates enable-deterministic-archives
     disable-deterministic-archives only-section= add-gnu-debuglink= remove-section= remove-relocations= strip-all
     strip-debug strip-dwo strip-unneeded strip-symbol= strip-unneeded-symbol= only-keep-debug extract-dwo
     extract-symbol keep-section= keep-symbol= keep-section-symbols keep-file-symbols localize-hidden
     localize-symbol= globalize-symbol= keep-global-symbol= weaken-symbol= weaken wildcard discard-all
     discard-locals interleave[=] interleave-width= byte= gap-fill= pad-to= set-start= change-start= adjust-start=
     change-addresses= adjust-vma= change-section-address= adjust-section-vma= change-section-lma=
     change-section-vma= change-warnings adjust-warnings no-change-warnings no-adjust-warnings set-section-flags=
     set-section-alignment= add-section= update-section= dump-section= rename-section= long-section-names=
     change-leading-char remove-leading-char reverse-bytes= redefine-sym= redefine-syms= srec-len= srec-forceS3
     strip-symbols= strip-unneeded-symbols= keep-symbols= localize-symbols= globalize-symbols= keep-global-symbols=
     weaken-symbols= add-symbol= alt-machine-code= writable-text readonly-text pure impure prefix-symbols=
     prefix-sections= prefix-alloc-sections= file-alignment= heap= image-base= section-alignment= stack=
     subsystem= compress-debug-sections[=] decompress-debug-sections elf-stt-common= verilog-data-width=
     merge-notes no-merge-notes verbose info ${HELP_VERSION}`,
  ),
};

/** objcopy options whose value is a file it reads. */
const OBJCOPY_READS = [
  'add-gnu-debuglink',
  'redefine-syms',
  'strip-symbols',
  'strip-unneeded-symbols',
  'keep-symbols',
  'localize-symbols',
  'globalize-symbols',
  'keep-global-symbols',
  'weaken-symbols',
];
/** objcopy options whose value is `SECTION=FILE`: the file read (add, update) or written (dump). */
const OBJCOPY_SECTION_FILES: Readonly<Record<string, 'read' | 'write'>> = {
  'add-section': 'read',
  'update-section': 'read',
  'dump-section': 'write',
};

/** objcopy: reads IN and writes OUT (IN itself, rewritten, without OUT). @internal */
export const objcopy = defineProgram({
  names: ['objcopy'],
  summary: 'objcopy: copy and translate object files',
  sources: ['GNU binutils 2.40 objcopy(1), --help and the Debian 12 binary'],
  grammar: objcopyGrammar,
  files: (_name, argv) =>
    withWords(argv, objcopyGrammar, (words) => {
      const files = responseReads(argv);
      for (const o of words.options) {
        const n = bareName(o);
        if (OBJCOPY_READS.includes(n)) pushOpt(files, optionFile(o, 'read', argv));
        const op = OBJCOPY_SECTION_FILES[n];
        const eq = o.value?.indexOf('=') ?? -1;
        if (op !== undefined && o.value !== undefined && eq >= 0)
          files.push({ op, index: o.valueIndex ?? o.index, value: o.value.slice(eq + 1) });
      }
      const [input, output] = words.operands;
      if (input !== undefined) files.push({ op: 'read', index: input });
      const target = output ?? input;
      if (target !== undefined) files.push({ op: 'write', index: target });
      // More than two operands: objcopy refuses them; they are taken as what they may be.
      for (const k of words.operands.slice(2)) files.push({ op: 'read', index: k }, { op: 'write', index: k });
      return { files, unresolved: [] };
    }),
  responseFiles: 'binutils',
  nameVariants: true,
  responseUnseen: 'write',
  runs: 'unseen',
  examples: [
    { command: 'objcopy -O binary app app.bin', effects: ['read ./app', 'write ./app.bin'], readOnly: false },
    { command: 'objcopy --only-keep-debug app', effects: ['read ./app', 'write ./app'], why: 'no output: the input is rewritten' },
    {
      command: 'objcopy --add-section .cfg=.env app out',
      effects: ['read ./.env', 'read ./app', 'write ./out'],
      why: 'the section is read from the file',
    },
    {
      command: 'objcopy --dump-section .text=.claude/x app',
      effects: ['write ./.claude/x', 'read ./app', 'write ./app'],
      why: 'the section is written to the file',
    },
  ],
});

/**
 * ar: `ar [-]KEY[MODS] [--plugin P] [--target T] [--output DIR] [--record-libdeps L] [--thin] [RELPOS] [COUNT] ARCHIVE
 * [MEMBER…]` (binutils 2.40 ar(1)). The key is one of `d m p q r s t x`; the modifiers `a b i` take a
 * member name, `N` a count and `l` the dependencies (the next words, in that order; seen on the binary:
 * `ar rcl deps x.a m1`). d, m, q, r, s write the archive; q and r read the members; p and t read
 * the archive; x writes the members (or the names the archive holds) into the working directory or
 * `--output DIR`. `M` reads an MRI script from the input, which may name any archive and file.
 */
function arFiles(argv: readonly string[]): FileOperands {
  const files = responseReads(argv);
  let output: { index: number; value?: string } | undefined;
  let plugin = false;
  const rest: number[] = [];
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    const long = /^--(plugin|target|output|record-libdeps)(=(.*))?$/.exec(w);
    if (long !== null) {
      if (long[1] === 'plugin') plugin = true;
      if (long[2] !== undefined) {
        if (long[1] === 'output') output = { index: k, value: long[3]! };
        if (long[1] === 'plugin') files.push({ op: 'read', index: k, value: long[3]! });
      } else {
        k++;
        if (long[1] === 'output' && k < argv.length) output = { index: k };
        if (long[1] === 'plugin' && k < argv.length) files.push({ op: 'read', index: k });
      }
      continue;
    }
    if (w === '--thin' || w === '--help' || w === '--version' || w === '-X32_64' || w.startsWith('@')) continue;
    rest.push(k);
  }
  const keyIndex = rest.shift();
  if (keyIndex === undefined) return { files, unresolved: [] };
  const key = argv[keyIndex]!.replace(/^-/, '');
  const op = /[dmpqrstx]/.exec(key)?.[0];
  if (op === undefined || !/^[dmpqrstxabcfilNoOPsSTuUvVDM]+$/.test(key)) {
    // A key ar does not have: it refuses the command; the words are assumed paths.
    return {
      files: [
        ...files,
        ...rest.flatMap((k) => [
          { op: 'read' as const, index: k },
          { op: 'write' as const, index: k },
        ]),
      ],
      unresolved: [],
      modelled: 'partly',
    };
  }
  // The script's `create`/`save`/`extract` write names toolgate cannot see (decision 0092).
  if (key.includes('M'))
    return {
      files,
      unresolved: [],
      unseen: [{ op: 'write', why: 'ar -M runs an MRI script from its input, which may name any archive and file' }],
    };
  // The modifiers' words come first, in the order ar takes them.
  if (/[abi]/.test(key)) rest.shift();
  if (key.includes('N')) rest.shift();
  if (key.includes('l')) rest.shift();
  const archive = rest.shift();
  if (archive === undefined) return { files, unresolved: [] };
  const members = rest;
  const unresolved = plugin ? ['ar --plugin loads a shared object, which runs code toolgate does not see'] : [];
  files.push({ op: 'read', index: archive });
  if ('dmqrs'.includes(op)) files.push({ op: 'write', index: archive });
  if (op === 'q' || op === 'r') files.push(...all(members, 'read'));
  if (op === 'x') {
    if (members.length > 0)
      for (const k of members)
        files.push(
          output === undefined
            ? { op: 'write', index: k }
            : output.value !== undefined
              ? { op: 'write', index: output.index, value: `${output.value.replace(/\/+$/, '')}/${argv[k]!}` }
              : { op: 'write', index: k, under: output.index },
        );
    else if (output !== undefined && output.value === undefined)
      files.push({ op: 'write', index: output.index, tree: 'some', names: { kind: 'unseen', what: 'archive' } });
    else
      files.push({
        op: 'write',
        index: output?.index ?? 0,
        value: output?.value ?? '.',
        tree: 'some',
        names: { kind: 'unseen', what: 'archive' },
      });
  }
  return { files, unresolved };
}

/** The ar model. @internal */
export const ar = defineProgram({
  names: ['ar'],
  summary: 'ar: create, change and extract from archives',
  sources: ['GNU binutils 2.40 ar(1), the getopt string in the Debian 12 binary (hdmpqrtxl:coOVsSuvabiMNfPTDU)'],
  files: (_name, argv) => arFiles(argv),
  responseFiles: 'binutils',
  nameVariants: true,
  responseUnseen: 'run',
  runs: 'unseen',
  examples: [
    { command: 'ar rcs lib.a a.o b.o', effects: ['read ./lib.a', 'write ./lib.a', 'read ./a.o', 'read ./b.o'], readOnly: false },
    { command: 'ar t lib.a', effects: ['read ./lib.a'] },
    {
      command: 'ar x lib.a',
      effects: ['read ./lib.a', 'write . [some]'],
      why: 'the names the archive holds land in the working directory',
    },
    { command: 'ar x lib.a a.o', effects: ['read ./lib.a', 'write ./a.o'] },
    { command: 'ar rcl deps x.a m1', effects: ['read ./x.a', 'write ./x.a', 'read ./m1'], why: 'l takes the next word' },
    { command: 'ar --output=out x lib.a', effects: ['read ./lib.a', 'write ./out [some]'] },
  ],
});

/** The `@FILE` reads and every other word assumed; `--plugin` is code toolgate does not see. */
function assumedWords(argv: readonly string[]): FileOperands {
  const plugin = argv.some((w, k) => k > 0 && /^--?plugin(=|$)/.test(w));
  return {
    files: responseReads(argv),
    unresolved: plugin ? [`${argv[0]} --plugin loads a shared object, which runs code toolgate does not see`] : [],
    modelled: 'partly',
  };
}

/** Whether a command name is as (`as`, `x86_64-linux-gnu-as`, `as-2.40`), not gprof or elfedit. */
function isAs(argv0: string | undefined): boolean {
  const name = argv0?.replace(/^.*\//, '') ?? '';
  return name === 'as' || variantBase(name, (n) => n === 'as') !== undefined;
}

/**
 * The other binutils: as, gprof, elfedit, dwp. Each expands `@FILE` as the rest (verified: `as @rsp`,
 * `gprof @rsp`, `dwp -o /dev/null @rsp` with `@.env` in rsp print .env's text in their error). No grammar yet: every other
 * word is assumed, as for a program toolgate does not model — read and written, on the command
 * line and in a response file alike.
 * @internal
 */
export const otherBinutils = defineProgram({
  names: ['as', 'gprof', 'elfedit', 'dwp'],
  summary: 'as, gprof, elfedit, dwp: the other binutils (only their @FILE response files are modelled)',
  sources: ['GNU binutils 2.40 as(1), gprof(1), elfedit(1), dwp (gold) ("@file"), libiberty expandargv; verified on Debian 12'],
  files: (_name, argv) => assumedWords(argv),
  responseFiles: 'binutils',
  // Each writes files its words name (as's `-o`, `--MD`, `-a=`; dwp's `-o`; gprof's `-s`; elfedit
  // its operands): a response file's words are names it writes too (verified: `as @r /dev/null`
  // with `-o .claude/settings.json` in r overwrote the settings, red team 19).
  responseUnseen: 'write',
  nameVariants: true,
  // as's `.include` and `.incbin` (a macro may build the name: `.include "\\a\\()\\b"`); gprof, elfedit and dwp read binaries only.
  includesFiles: (argv) => (isAs(argv[0]) ? '.include and .incbin directives' : undefined),
  runs: 'unseen',
  examples: [
    {
      command: 'as @rsp x.s',
      effects: ['read ./rsp', 'write ./x.s (word)'],
      why: 'the words of rsp take the place of @rsp; the other words are assumed paths',
    },
  ],
});

/**
 * ranlib and gcc's wrappers gcc-ar, gcc-nm, gcc-ranlib (which run ar, nm, ranlib with gcc's LTO
 * plugin): `@FILE` as the rest (verified: `ranlib @rsp` printed .env's text), and `--plugin`
 * loads code — so may the words of a response file toolgate cannot see.
 * @internal
 */
export const pluginBinutils = defineProgram({
  names: ['ranlib', 'gcc-ar', 'gcc-nm', 'gcc-ranlib'],
  summary: 'ranlib, gcc-ar, gcc-nm, gcc-ranlib: archive indexes and the LTO plugin wrappers (only their @FILE response files are modelled)',
  sources: ['GNU binutils 2.40 ranlib(1) ("@file", --plugin), gcc 12 gcc-ar; verified on Debian 12'],
  files: (_name, argv) => assumedWords(argv),
  responseFiles: 'binutils',
  nameVariants: true,
  responseUnseen: 'run',
  runs: 'unseen',
  examples: [
    {
      command: 'ranlib @rsp lib.a',
      effects: ['read ./rsp', 'write ./lib.a (word)'],
      why: 'the words of rsp take the place of @rsp; the other words are assumed paths',
    },
  ],
});
