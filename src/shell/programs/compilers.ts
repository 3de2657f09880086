/**
 * The C compiler drivers and the linker: GNU gcc 12 (`gcc`, `g++`, `cc`, `c++`, `cpp`) and GNU ld
 * 2.40 expand every word `@FILE` into the words FILE holds, and `@FILE` inside it too, as
 * binutils does (libiberty's `expandargv`; verified: `gcc @rsp` with `-include .env -E -x c
 * /dev/null` in rsp printed .env, and `@sshlink/id_rsa` in it made ld name the key's text); clang
 * and clang++ do the same (LLVM's `ExpandResponseFiles`, which follows `@FILE` inside too). This
 * model says only that (`responseFiles`): `evaluate/response-files.ts` reads the files through
 * the view, and each word there is a file the command reads — an option's value too (`-include
 * .env`, `-imacros .env`). toolgate has no grammar of their options: their other words keep the
 * treatment of a program it does not model (each assumed a path read and written), and the
 * programs their options choose (`-B`, `--prefix`, `-wrapper`, `-fplugin`, `-specs`, ld's
 * `-plugin` through `-Wl,`, and any in a response file: `compiler-driver.ts`) are opaque code, and
 * the command line `-wrapper` hands over may write any name (a protected ask); what else their
 * options may run is not seen (`runs: 'unseen'`).
 */
import type { FileOperand, FileOperands, UnseenNames } from '../options/file-operands.js';
import { defineProgram } from './model.js';
import { COMPILER_NAMES, compilerName as ownName, driverResponsePlaces, driverRuns, driverWords, isLinker, systemPath, wrapperRuns, type DriverWord } from './compiler-driver.js';
import { argumentPlaces } from './response-places.js';
import { withOpaqueRunners } from './option-runs.js';
import type { WrapperInfo } from './wrapper-types.js';

/**
 * What a compiler driver or ld runs besides its own helpers (`compiler-driver.ts`). A response
 * file's words are read for the same options in `evaluate/response-files.ts` (a file the view
 * cannot show is hidden code: `responseUnseen`). Environment variables that do the same
 * (`COMPILER_PATH`, `GCC_EXEC_PREFIX`) are code to a program with no `environment` fact.
 */
function compilerRuns(name: string, argv: readonly string[]): WrapperInfo | undefined {
  const inner = driverRuns(name, argv, isLinker(name));
  return inner.length > 0 ? { inner, transparent: false, exactOnly: false } : undefined;
}

/**
 * The driver's pass-through lists: `-Wl,A,B` hands ld the words A and B, `-Wp,` the
 * preprocessor, `-Wa,` the assembler, one word per comma item, joined in order with the items of
 * the other `-Wl,` words and `-Xlinker WORD`s (gcc(1) "Options for Linking"). An option there
 * takes its value from the next item or word (`-Wl,-Map,FILE`, `-Wl,-o -Wl,FILE`, `-Wp,-MD,FILE`
 * wrote .claude/settings.json, red team 17 R17-11), so each item is read as a word of its own.
 */
const PASS_THROUGH = /^-W[lpa],/;

/** Does this item look like it names a path (`/` inside, a leading `.` or `~`)? */
const pathLike = (text: string): boolean => text.includes('/') || text.startsWith('.') || text.startsWith('~');

/**
 * The items of pass-through word `k` (see {@link PASS_THROUGH}), each assumed read and written as
 * a word of a program toolgate does not model is: an item that looks like a path (`FILE` after
 * `-Map`, `-o` or `-MD`), the value of `--name=VALUE` or of an attached `-oFILE`/`-TFILE`, the
 * FILE of `@FILE`, and a bare item (which counts only where a deny rule or a protected name
 * covers it). No table of ld's, cpp's or as's options is needed for this: whichever item is an
 * option's value is judged as a path.
 */
function passThroughItems(word: string, k: number): FileOperand[] {
  const out: FileOperand[] = [];
  const push = (text: string, bare: boolean): void => {
    if (text === '' || text === '-' || out.some((o) => o.op === 'write' && o.value === text)) return;
    if (pathLike(text)) out.push({ op: 'write', index: k, value: text, assumed: 'path' });
    else if (bare) out.push({ op: 'write', index: k, value: text, assumed: 'word' });
  };
  for (const item of word.slice(4).split(',')) {
    // `-Wl,@FILE`: the helper reads more words from FILE (`driverResponsePlaces`).
    if (item.startsWith('@')) {
      if (item.length > 1 && !out.some((o) => o.op === 'read' && o.value === item.slice(1)))
        out.push({ op: 'read', index: k, value: item.slice(1) });
      continue;
    }
    if (!item.startsWith('-')) {
      push(item, true);
      continue;
    }
    const eq = item.indexOf('=');
    if (eq > 0) push(item.slice(eq + 1), true);
    if (!item.startsWith('--') && item.length > 2) {
      push(item.slice(2), false);
      if (/^-[A-Za-z]{2}/.test(item)) push(item.slice(3), false);
    }
  }
  return out;
}

/**
 * The `@FILE` words: each FILE is read; the items of `-Wl,`, `-Wp,` and `-Wa,` words are assumed
 * one by one ({@link passThroughItems}); every other word is assumed (`modelled: 'partly'`).
 */
function compilerFiles(argv: readonly string[], literal?: readonly boolean[]): FileOperands {
  const files: FileOperand[] = [];
  const notFiles: number[] = [];
  const unseen: UnseenNames[] = [];
  const name = ownName(argv[0]);
  // gcc's long spellings as the options they stand for (`--warn-l,A` is `-Wl,A`); ld's words as they are.
  const words = isLinker(name) ? argv.slice(1).map((word, i) => ({ word, index: i + 1 })) : driverWords(argv, !name.startsWith('clang'));
  for (let j = 0; j < words.length; j++) {
    const { word, index: k } = words[j]!;
    const folder = isLinker(name) ? undefined : optionValue(words, j, '-B');
    const specs = isLinker(name) ? undefined : optionValue(words, j, '-specs');
    if (folder !== undefined) {
      // The folder it runs its helpers from (opaque code, `compiler-driver.ts`), which it does not
      // write: `gcc -B/usr/bin -c m.c` makes no directory.
      if (literal?.[folder.index] !== false) notFiles.push(folder.index);
      j += folder.skip;
    } else if (specs !== undefined) {
      files.push({ op: 'read', index: specs.index, value: specs.value });
      if (literal?.[specs.index] === false || !systemPath(specs.value)) unseen.push({ op: 'write', why: specsWrites(name, specs.value) });
      j += specs.skip;
    } else if (word.startsWith('@')) files.push({ op: 'read', index: k, value: word.slice(1) });
    else if (PASS_THROUGH.test(word) && literal?.[k] !== false) {
      const items = passThroughItems(word, k);
      files.push(...items);
      if (items.length === 0) notFiles.push(k);
    }
  }
  return { files, unresolved: [], notFiles, modelled: 'partly', ...(unseen.length > 0 ? { unseen } : {}) };
}

/**
 * The value of driver option `option` (`-B`, `-specs`) when driver word `j` is it: in the next
 * word (`-B DIR`, `--prefix DIR`, `--specs=FILE` as driverWords gives it) or glued (`-BDIR`,
 * `-specs=FILE`), with its word's index and how many driver words it takes beyond word `j`.
 */
function optionValue(
  words: readonly DriverWord[],
  j: number,
  option: '-B' | '-specs',
): { value: string; index: number; skip: number } | undefined {
  const word = words[j]!.word;
  if (word === option) {
    const next = words[j + 1];
    return next === undefined ? undefined : { value: next.word, index: next.index, skip: 1 };
  }
  const glued = option === '-B' ? (word.startsWith('-B') ? word.slice(2) : undefined) : /^--?specs=/.test(word) ? word.slice(word.indexOf('=') + 1) : undefined;
  return glued === undefined ? undefined : { value: glued, index: words[j]!.index, skip: 0 };
}

/**
 * A specs file that is not the system's (`-specs=./s`) may add any option to what the driver
 * hands each helper — an output file among them (`*link:` with `+ -o .claude/settings.json`
 * overwrote the settings in bypassPermissions, red team 20 NEW-R3) — and name the programs it
 * runs: toolgate does not read the specs language, so what the command writes is unseen.
 */
const specsWrites = (name: string, file: string): string =>
  `${name} reads the specs file ${file}, whose rules may add options (an output file among them) to the programs it runs`;

/** Words that only ask the driver about itself (`gcc --version`, `gcc -print-file-name=libc.so`): it reads no source. */
const ABOUT_ITSELF = /^--?(version|help|v|dumpversion|dumpfullversion|dumpmachine|dumpspecs|print-[\w-]+(=.*)?)$/;

/** Objects and libraries, which the linker takes whole (a word of another name may be a linker script). */
const OBJECT = /\.(o|obj|lo|a|so(\.\d+)*)$/;

/**
 * What names more files in what the command reads (`includesFiles`), or undefined when it reads
 * only objects and libraries to link or asks the driver about itself: a source's `#include` lines
 * (which the preprocessor may compute: `#define S(x) #x`, `##`, a line splice), `-include` and
 * `-imacros`, and a linker script's `INCLUDE` (a word that is no object may be one; so may what
 * `-T`, `-Wl,…` and a response file give). Verified with gcc 12 and clang 14: `gcc -E`, `-c`,
 * `-fsyntax-only` on a source with `#include ".env"` quote its text in their output or errors.
 * Also nvcc's reading (`include-languages.ts`).
 * @internal
 */
export function compilerIncludes(argv: readonly string[]): string | undefined {
  const name = ownName(argv[0]);
  // Go source includes no file (a .c or .S file gccgo is given goes through cpp: it is read as one).
  if (name === 'gccgo' && !argv.some((w) => /\.(c|S|h)$|^-x$|^@|^-(include|imacros)/.test(w))) return undefined;
  const what = isLinker(name)
    ? 'INCLUDE commands of a linker script'
    : name === 'gfortran'
      ? 'INCLUDE and #include lines'
      : name === 'gdc'
        ? 'string imports'
        : '#include lines';
  const words = argv.slice(1);
  if (words.length > 0 && words.every((w) => ABOUT_ITSELF.test(w))) return undefined;
  // With no operand it reads its standard input (`cpp -P`, `gcc -E -`).
  let objects = 0;
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    if (w === '-o') k++;
    else if (w === '-' || w.startsWith('@') || /^-(x|T|include|imacros|Wl,|Xlinker|specs|-script)/.test(w)) return what;
    else if (!w.startsWith('-')) {
      if (!OBJECT.test(w)) return what;
      objects++;
    }
  }
  return objects > 0 ? undefined : what;
}

/** The compiler drivers and ld: their response files only. @internal */
export const compilers = defineProgram({
  names: COMPILER_NAMES,
  summary:
    'gcc, g++, cc, c++, cpp, c89, c99, gfortran, gccgo, gdc, ld (ld.bfd, ld.gold), clang: compile, preprocess and link (only their @FILE response files and #include lines are modelled)',
  sources: [
    'GNU gcc 12 gcc(1) ("@file"), GNU ld 2.40 ld(1) ("@file"), libiberty expandargv; verified on Debian 12',
    'Debian 12 installs them as gcc-12, x86_64-linux-gnu-gcc(-12), x86_64-linux-gnu-ld.bfd, …: the same programs (nameVariants)',
    'LLVM CommandLine library, "Response files" (clang; not verified here: no clang installed)',
  ],
  // The command line `-wrapper` hands over may write anything: a protected ask in every mode
  // (decision 0092), not opaque code `Bash(*)` consents to (replay 17b NEW-5: `gcc -wrapper
  // /bin/sh,-c,'rm -rf .claude' -c x.c` removed .claude under Bash(*) in bypassPermissions). The
  // files of code its other options name (`-B`, a plugin, a specs file) are the opaque-code table's.
  files: (_name, argv, literal) => {
    const wrapped = isLinker(ownName(argv[0])) ? [] : wrapperRuns(ownName(argv[0]), argv);
    const runs = wrapped.length > 0 ? { inner: wrapped, transparent: false, exactOnly: false } : undefined;
    return withOpaqueRunners(compilerFiles(argv, literal), runs);
  },
  unwrap: (argv) => compilerRuns(ownName(argv[0]), argv),
  // gcc(1) ENVIRONMENT: the folders the driver finds cc1, as, collect2 and ld in (as `-B` does).
  // Verified with gcc 12 (#37, replay of red team 18 NEW-4): `COMPILER_PATH=./bin gcc -c x.c` ran
  // ./bin/as, `GCC_EXEC_PREFIX=$PWD/gx/ gcc -c x.c` ran gx/…/cc1 and gx/as.
  readsVariables: {
    COMPILER_PATH: { may: ['code'], what: 'COMPILER_PATH names folders the compiler driver runs its subprograms (as, ld, collect2) from' },
    GCC_EXEC_PREFIX: { may: ['code'], what: 'GCC_EXEC_PREFIX names the prefix gcc runs its subprograms (cc1, as, collect2) from' },
  },
  responseFiles: 'binutils',
  // ld expands each `@FILE` word; the driver those and the ones it hands a helper (`-Wl,@FILE`).
  responsePlaces: (argv) => {
    const name = ownName(argv[0]);
    return isLinker(name) ? argumentPlaces(argv) : driverResponsePlaces(argv, !name.startsWith('clang'));
  },
  nameVariants: true,
  responseUnseen: 'run',
  includesFiles: compilerIncludes,
  runs: 'unseen',
  examples: [
    {
      command: 'gcc @rsp x.c',
      effects: ['read ./rsp', 'write ./x.c (word)'],
      why: 'the words of rsp take the place of @rsp; the other words are assumed paths, as for a program toolgate does not model',
    },
    {
      command: 'gcc x.o -Wl,-Map,out/x.map',
      effects: ['write ./out/x.map (path)', 'write ./x.o (word)', 'read ./out/x.map (word)'],
      why: "each item of -Wl, is a word ld is given: -Map's value is the next item, a file ld writes (and, read, may be a linker script)",
    },
    {
      command: 'gcc x.o -Wl,@rsp',
      effects: ['read ./rsp', 'write ./x.o (word)'],
      why: 'ld expands @rsp: its words are words handed to ld (-Xlinker WORD each), read through the view (driverResponsePlaces)',
    },
    {
      command: "gcc -wrapper sh,-c,'rm -rf .claude' -c x.c",
      effects: ['write . [some]', 'write ./sh,-c,rm -rf .claude (word)', 'write ./x.c (word)'],
      why: 'the driver runs cc1 and as through the wrapper: code toolgate does not read, which may write any name (replay 17b NEW-5)',
    },
    {
      command: 'COMPILER_PATH=./bin gcc -c x.c',
      effects: ['write ./bin', 'write . [some]', 'write ./x.c (word)'],
      why: 'the driver runs ./bin/as',
    },
    {
      command: 'gcc -Wl,-plugin,./p.so x.o',
      effects: ['write ./p.so (path)', 'write ./x.o (word)'],
      why: "the linker's words are read as ld reads them: -plugin loads ./p.so, opaque code (unwrap)",
    },
  ],
});

/**
 * gcc's other tools that expand `@FILE` as libiberty's expandargv does: gcov and lto-dump
 * (verified with gcc 12, replay of red team 13 N13: `gcov @rsp` and `lto-dump-12 @rsp` with
 * `@.env` in rsp printed .env's text). gcov-dump and gcov-tool do not (`gcov-dump @rsp`: "cannot
 * open"). Every other word is assumed.
 * @internal
 */
export const gccTools = defineProgram({
  names: ['gcov', 'lto-dump'],
  summary: 'gcov, lto-dump: gcc coverage and LTO dump tools (only their @FILE response files are modelled)',
  sources: ['GNU gcc 12 gcov(1), lto-dump(1) ("@file"), libiberty expandargv; verified on Debian 12 (gcov-12, lto-dump-12)'],
  files: (_name, argv) => compilerFiles(argv),
  responseFiles: 'binutils',
  nameVariants: true,
  runs: 'unseen',
  examples: [
    {
      command: 'gcov @rsp x.c',
      effects: ['read ./rsp', 'write ./x.c (word)'],
      why: 'the words of rsp take the place of @rsp; the other words are assumed paths',
    },
  ],
});
