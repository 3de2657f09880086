/**
 * What a C compiler driver (gcc, g++, cc, c++, clang, …) runs besides its own helpers, read from
 * its words as the driver reads them: gcc's long spellings first (gcc.cc `option_map`), then the
 * options that choose a program or load code — for the driver itself, for the compiler proper
 * (`-Wp,`, `-Xpreprocessor`, clang's `-Xclang`) and for the linker (`-Wl,`, `-Xlinker`), each of
 * whose words is read as that program reads it. Verified with gcc 12.2 on Debian 12 (each ran a
 * script or loaded a plugin of the agent's, or failed naming the file it would have loaded).
 */
import type { ResponsePlace } from './model.js';
import { variantBase } from './name-variants.js';
import { wholeWordPlace } from './response-places.js';
import type { Unwrapped } from './wrapper-types.js';

/**
 * The compiler drivers and linkers the model of `compilers.ts` is (Debian 12 installs them under
 * variants too: gcc-12, x86_64-linux-gnu-gcc, x86_64-linux-gnu-ld.bfd).
 */
export const COMPILER_NAMES: readonly string[] = [
  'gcc',
  'g++',
  'cc',
  'c++',
  'cpp',
  'c89',
  'c99',
  'c89-gcc',
  'c99-gcc',
  'clang-cpp',
  'gfortran',
  'gccgo',
  'gdc',
  'ld',
  'ld.bfd',
  'ld.gold',
  'gold',
  'clang',
  'clang++',
];

/** The linkers (ld, ld.bfd, ld.gold, gold): their options are no driver's. */
export const isLinker = (name: string): boolean => name === 'ld' || name.startsWith('ld.') || name === 'gold';

/**
 * The name of {@link COMPILER_NAMES} a command name is (`x86_64-linux-gnu-ld` is ld, `gcc-12`
 * gcc), or the name itself when it is none (`gcc` without a word).
 */
export function compilerName(argv0: string | undefined): string {
  const name = argv0?.replace(/^.*\//, '') ?? 'gcc';
  return COMPILER_NAMES.includes(name) ? name : (variantBase(name, (n) => COMPILER_NAMES.includes(n)) ?? name);
}

/** Whether a command named `argv0` is a compiler driver (a name of {@link COMPILER_NAMES} that is no linker). */
export function isCompilerDriver(argv0: string): boolean {
  const name = compilerName(argv0);
  return COMPILER_NAMES.includes(name) && !isLinker(name);
}

/** A word as the driver reads it, with the index of the command-line word it came from. */
export interface DriverWord {
  readonly word: string;
  readonly index: number;
}

/**
 * gcc's long options that stand for another (gcc.cc `option_map`): a unique start of the name is
 * enough, its value the next word (or after `=` when the name is whole: `--prefix=DIR`). Only
 * those that choose what runs or hand words on are listed; `--warn-X` is `-WX` (`--warn-l,A` is
 * `-Wl,A`), and any other `--NAME` is `-fNAME` (`--plugin=SO` is `-fplugin=SO`). Verified: `gcc
 * --pref bin/`, `--prefix=bin/` ran bin/as; `--spe FILE` read the specs file; `--for-l -plugin
 * --for-l ./p.so`, `--for-linker=--plugin=./p.so`, `--warn-l,-plugin,./p.so` made ld load it;
 * `--plugin=./p.so` and `--warn-p,-fplugin=./p.so` made cc1 load it.
 */
const LONG: readonly { name: string; as: string }[] = [
  { name: 'prefix', as: '-B' },
  { name: 'specs', as: '-specs' },
  { name: 'for-linker', as: '-Xlinker' },
  { name: 'for-assembler', as: '-Xassembler' },
];

/** Driver options that take the next word as their value (`-Xlinker WORD`, `-B DIR`, …). */
const SEPARATE = new Set(['-B', '-specs', '-wrapper', '-Xlinker', '-Xpreprocessor', '-Xassembler', '-Xclang']);

/**
 * The driver's words with gcc's long spellings read as the options they stand for (see {@link
 * LONG}); clang (`gnu` false) takes only the whole names (`--prefix`), and keeps other long words.
 */
export function driverWords(argv: readonly string[], gnu = true): DriverWord[] {
  const out: DriverWord[] = [];
  for (let k = 1; k < argv.length; k++) {
    const w = argv[k]!;
    const long = /^--([^=]+)(=.*)?$/s.exec(w);
    if (long === null) {
      out.push({ word: w, index: k });
      if (SEPARATE.has(w) && k + 1 < argv.length) out.push({ word: argv[++k]!, index: k });
      continue;
    }
    const [, name, eq] = long as unknown as [string, string, string | undefined];
    if (gnu && name.startsWith('warn-')) {
      out.push({ word: `-W${name.slice(5)}${eq ?? ''}`, index: k });
      continue;
    }
    // A start of the name stands for it where it names one option (gcc rejects an ambiguous one).
    const hit = name.length >= 2 ? LONG.find((l) => (gnu ? l.name.startsWith(name) : l.name === name)) : undefined;
    if (hit === undefined) {
      out.push({ word: gnu ? `-f${name}${eq ?? ''}` : w, index: k });
      continue;
    }
    out.push({ word: hit.as, index: k });
    if (eq !== undefined) out.push({ word: eq.slice(1), index: k });
    else if (k + 1 < argv.length) out.push({ word: argv[++k]!, index: k });
  }
  return out;
}

/** The option that hands one word to a helper, per pass-through list: `-Wl,A,B` is `-Xlinker A -Xlinker B`. */
const HANDS: Readonly<Record<string, string>> = { l: '-Xlinker', a: '-Xassembler', p: '-Xpreprocessor' };

/**
 * Where a response file is read: every argument word `@FILE`, which the driver expands before it
 * reads its options (libiberty's expandargv: `-Xlinker @FILE` hands on FILE's words), and a
 * `@FILE` the driver hands a helper inside another word — an item of a `-Wl,`, `-Wa,` or `-Wp,`
 * list, the value of `--for-linker=@FILE` — which ld, as or cc1 expands the same way: FILE's words
 * are words handed that helper (`-Xlinker WORD` each). Verified with gcc 12 and binutils 2.40
 * (#37, replay of red team 19 NEW-1): with `-o .claude/settings.json` in r, `gcc m.c -Wl,@r`,
 * `-Wl,--as-needed,@r`, `--for-linker=@r`, `--warn-l,@r` and `gcc -E m.c -Wp,@r` wrote
 * .claude/settings.json; so did `gcc -c m.c -Wa,@r10` with `-al=.claude/settings.json` in r10.
 */
export function driverResponsePlaces(argv: readonly string[], gnu = true): ResponsePlace[] {
  const out: ResponsePlace[] = [];
  const handed = (index: number, file: string, items: readonly string[], at: number, by: string): ResponsePlace => ({
    index,
    file,
    splice: (words) => {
      const before = items.slice(0, at).flatMap((w) => [by, w]);
      const inner = words.flatMap((w) => [by, w]);
      const after = items.slice(at + 1).flatMap((w) => [by, w]);
      const from = index + before.length;
      return { argv: [...argv.slice(0, index), ...before, ...inner, ...after, ...argv.slice(index + 1)], from, to: from + inner.length };
    },
  });
  const words = driverWords(argv, gnu);
  words.forEach(({ word, index }, j) => {
    if (argv[index] === word && word.startsWith('@')) out.push(wholeWordPlace(argv, index));
    else if (word.startsWith('@') && words[j - 1]?.index === index && /^-X(linker|assembler)$/.test(words[j - 1]!.word))
      out.push(handed(index, word.slice(1), [word], 0, words[j - 1]!.word));
    else if (/^-W[lap],/.test(word)) {
      const items = word.slice(4).split(',');
      items.forEach((item, at) => {
        if (item.startsWith('@')) out.push(handed(index, item.slice(1), items, at, HANDS[word[2]!]!));
      });
    }
  });
  return out;
}

/**
 * A file or folder only the system installs: below `/usr` (not `/usr/local`, which a user may
 * own) with no `..`. The driver itself comes from there; a plugin, specs file or helper folder
 * there is the toolchain's (`-B/usr/libexec/mold`, `-fplugin=/usr/lib/gcc/…/plugin/x.so`).
 */
export const systemPath = (p: string): boolean => /^\/usr\/(?!local(\/|$))/.test(p) && !/(^|\/)\.\.(\/|$)/.test(p);

/** gcc's short plugin name (`-fplugin=annobin`): `plugin/NAME.so` in gcc's own folder (verified: "expanded from short plugin name"). */
const shortPluginName = (p: string): boolean => /^[\w-]+$/.test(p);

/** Reports a program or code the words choose: the option as written, what it does, and the file or folder. */
type Found = (option: string, what: string, value: string | undefined) => void;

/** `-fplugin=SO` (`-fpass-plugin=SO`, clang) loads a plugin, unless gcc's own or the system's. */
function pluginOption(w: string, found: Found): void {
  const plugin = /^-f(?:pass-)?plugin=(.*)$/s.exec(w);
  if (plugin !== null && !shortPluginName(plugin[1]!) && !systemPath(plugin[1]!)) found(w, 'loads the plugin code of', plugin[1]);
}

/**
 * The compiler proper's words (`-Wp,` items, `-Xpreprocessor`, clang's `-Xclang`): `-fplugin=SO`
 * loads a plugin (verified: `-Wp,-fplugin=./p.so`, `-Xpreprocessor -fplugin=./p.so` made cc1
 * load it), as clang's `-load SO` does.
 */
function compilerProperRuns(words: readonly string[], found: Found): void {
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    if (w === '-load') {
      const so = words[++k];
      if (!systemPath(so ?? '')) found(`hands the compiler ${w},`, 'which loads the plugin code of', so);
    } else pluginOption(w, (option, what, value) => found(`hands the compiler ${option},`, `which ${what}`, value));
  }
}

/**
 * Whether a word is ld's `--error-handling-script` (one or two dashes, `=SCRIPT` or the next word),
 * or any start of it no other option shares, `--error-h` or longer (verified with ld 2.40:
 * `--error-h=`, `-error-h=`, `--error-handling=` ran the script; `--err=` is "unrecognized").
 */
const errorScript = (w: string): boolean => {
  const name = /^--?(error-h[a-z-]*)(=|$)/.exec(w)?.[1];
  return name !== undefined && 'error-handling-script'.startsWith(name);
};

/**
 * The linker's words, in order (`-Wl,` items and `-Xlinker` words): GNU ld's `-plugin SO`
 * (`--plugin`, `=SO`) loads code, and `@FILE` makes ld read more options from FILE, where such a
 * word may be (ld expands it itself, libiberty's expandargv). Verified with ld 2.40 through gcc 12:
 * `-Wl,-plugin,./p.so`, `-Xlinker -plugin -Xlinker ./p.so`, `-Wl,-plugin=./p.so` loaded it;
 * ld takes no shorter spelling (`-Wl,-plug,…`: "unrecognized option"). ld's own `@FILE` (`driver`
 * false) is read through the view (`responseFiles`).
 */
function linkerRuns(words: readonly string[], found: Found, driver = true): void {
  const said = (w: string): string => (driver ? `hands the linker ${w},` : w);
  const loads = driver ? 'which loads the plugin code of' : 'loads the plugin code of';
  const runsScript = driver ? 'which runs the error-handling script' : 'runs the error-handling script';
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!;
    if (/^--?plugin$/.test(w)) {
      const so = words[++k];
      if (!systemPath(so ?? '')) found(said(`${w} ${so ?? ''}`.trim()), loads, so);
    } else if (/^--?plugin=/.test(w)) {
      const so = w.slice(w.indexOf('=') + 1);
      if (!systemPath(so)) found(said(w), loads, so);
    } else if (errorScript(w)) {
      // binutils ≥ 2.37: ld runs SCRIPT on an undefined symbol or a missing library (red team 22,
      // NEW-T1: `ld --error-handling-script=./x.sh -o a.out m.o` ran x.sh).
      const script = w.includes('=') ? w.slice(w.indexOf('=') + 1) : words[++k];
      if (!systemPath(script ?? '')) found(said(w.includes('=') ? w : `${w} ${script ?? ''}`.trim()), runsScript, script);
    } else if (driver && w.startsWith('@') && w.length > 1)
      found(said(w), 'which makes it read more options (that may load a plugin) from', w.slice(1));
  }
}

/**
 * The commands `-wrapper PROG,ARGS` runs: the driver runs every helper (cc1, as, collect2) as
 * `PROG ARGS… HELPER HELPER-ARGS…` (verified: `gcc -wrapper /bin/sh,-c,'rm -rf .claude' -c x.c`
 * removed .claude, replay 17b NEW-5). That is a command line an option hands over, whose last
 * words toolgate cannot tell — not a file of code the agent may have written, as `-B` and a
 * plugin are — so it may write any name (decision 0092): the model asks about it as a protected
 * path in every mode (`withOpaqueRunners`). A system path is no exception here.
 */
export function wrapperRuns(name: string, argv: readonly string[]): Unwrapped[] {
  const words = driverWords(argv, !name.startsWith('clang'));
  return words.flatMap((w, k) =>
    w.word === '-wrapper'
      ? [
          {
            kind: 'opaque' as const,
            reason: `${name} -wrapper ${words[k + 1]?.word ?? ''} runs each of its helper programs through ${words[k + 1]?.word || 'a word that is missing'}`,
          },
        ]
      : [],
  );
}

const HELPERS = 'runs its helper programs (cc1, as, ld, …) from';
const SPECS = 'takes the programs it runs from the specs file';

/**
 * What a driver command runs that toolgate cannot read: a helper folder (`-B DIR`), a program in
 * front of every helper (`-wrapper PROG,ARGS`), a specs file (which names the programs the driver
 * runs), a plugin, and what its pass-through lists make the compiler proper and the linker load.
 * A system path is the toolchain's own (see {@link systemPath}); `-wrapper` is {@link wrapperRuns}. clang's
 * `-fuse-ld=PATH`, `--ld-path=PATH` and `--gcc-toolchain=DIR` choose its linker (clang's manual;
 * not verified here: no clang installed). For ld itself (`ld`), its own words: its `@FILE` are
 * read through the view (`responseFiles`).
 */
export function driverRuns(name: string, argv: readonly string[], ld = false): Unwrapped[] {
  const inner: Unwrapped[] = ld ? [] : wrapperRuns(name, argv);
  const found: Found = (option, what, value) =>
    inner.push({
      kind: 'opaque',
      reason: `${name} ${option} ${what} ${value === undefined || value === '' ? 'a word that is missing' : value}`,
    });
  if (ld) linkerRuns(argv.slice(1), found, false);
  else driverFinds(name, argv, found);
  return inner;
}

/**
 * What a driver's options name to run or load, as places a write may change (make's `CFLAGS`,
 * `LDFLAGS`, … inherited or in MAKEFLAGS: `program-variables.ts`): each file or folder {@link
 * driverRuns} reports, each response file (`@FILE`, whose words are more options), and each
 * `-wrapper PROG,ARGS` as the command line `PROG ARGS…` (gcc 12 under `make hello` with
 * `CFLAGS='-wrapper ~/bin/x.sh'` ran x.sh in front of cc1 and as).
 */
export function driverPlaces(argv: readonly string[]): { files: string[]; commands: string[] } {
  const files: string[] = [];
  driverFinds('cc', argv, (_option, _what, value) => {
    if (value !== undefined && value !== '') files.push(value);
  });
  files.push(...driverResponsePlaces(argv).map((r) => r.file));
  const words = driverWords(argv);
  const commands = words.flatMap((w, k) => (w.word === '-wrapper' && words[k + 1] !== undefined ? [words[k + 1]!.word.split(',').join(' ')] : []));
  return { files, commands };
}

/** Reports each program or code a driver's words choose (see {@link driverRuns}), `-wrapper` aside. */
function driverFinds(name: string, argv: readonly string[], found: Found): void {
  // A separate value is said after the option (`gcc -B ./tools runs … from ./tools`).
  const unlessSystem = (option: string, what: string, value: string | undefined, separate = false): void => {
    if (!systemPath(value ?? '')) found(separate ? `${option} ${value ?? ''}`.trim() : option, what, value);
  };
  const words = driverWords(argv, !name.startsWith('clang'));
  const linker: string[] = [];
  const proper: string[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!.word;
    const next = (): string | undefined => words[++k]?.word;
    const after = w.slice(w.indexOf('=') + 1);
    if (w === '-wrapper') next();
    else if (w === '-B' || w === '-specs') unlessSystem(w, w === '-B' ? HELPERS : SPECS, next(), true);
    else if (w.startsWith('-B')) unlessSystem(w, HELPERS, w.slice(2));
    else if (/^--?specs=/.test(w)) unlessSystem(w, SPECS, after);
    else if (/^(-fuse-ld=.*\/|--ld-path=|--gcc-toolchain=|--gcc-install-dir=)/.test(w)) unlessSystem(w, 'runs the linker of', after);
    else if (w === '-Xlinker') linker.push(next() ?? '');
    else if (w.startsWith('-Wl,')) linker.push(...w.slice(4).split(','));
    else if (w === '-Xpreprocessor' || w === '-Xclang') proper.push(next() ?? '');
    else if (w.startsWith('-Wp,')) proper.push(...w.slice(4).split(','));
    else if (w === '-Xassembler') next();
    else pluginOption(w, found);
  }
  compilerProperRuns(proper, found);
  linkerRuns(linker, found);
}
