/**
 * `find [-H|-L|-P] [-D LIST] [-Olevel] START… EXPRESSION`: walks directory trees. Its words are
 * not GNU options but an expression of primaries (tests, options, actions and operators), each
 * taking a fixed number of words, or a command up to `;` (or `{} +`). {@link PRIMARIES} is that
 * grammar, and every facet reads find's words through it: the files it reads, writes and
 * removes, the commands `-exec` runs, and its read-only profile.
 */
import { all, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { decodeWord } from '../syntax/words.js';
import type { ReadOnlyVerdict } from '../types.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { withHiddenOptions } from './parse.js';
import { globMayBegin } from './glob-names.js';
import { CC_DOCS } from './sources.js';

/** What a primary does beyond testing or printing to standard output. */
type Effect =
  /** Its value is a file whose times or identity it reads (`-newer FILE`). */
  | 'read'
  /** Its (first) value is a file it writes (`-fprint FILE`). */
  | 'write'
  /** It removes what it finds (`-delete`). */
  | 'remove'
  /** It runs a command, given up to `;` or `{} +` (`-exec`). */
  | 'runs'
  /** It starts from names read from a file (`-files0-from FILE`). */
  | 'startsFromFile';

/** One primary of find's expression: how many words it takes, what it does, whether it is read-only. */
interface Primary {
  /** The number of words it takes after itself (`command` for the `-exec` family). */
  readonly values: number | 'command';
  readonly effect?: Effect;
  /** In Claude Code's read-only set: a test, an option or an action that only prints. */
  readonly readOnly?: boolean;
}

const safe = (values: number): Primary => ({ values, readOnly: true });

/**
 * find's expression grammar (GNU findutils 4.9 find(1)): every primary, with the number of
 * words it takes. `-newerXY` (`-newermt DATE`) is a family of its own (see {@link primaryOf}).
 */
const PRIMARIES: Readonly<Record<string, Primary>> = {
  '-name': safe(1),
  '-iname': safe(1),
  '-path': safe(1),
  '-ipath': safe(1),
  '-wholename': safe(1),
  '-iwholename': safe(1),
  '-regex': safe(1),
  '-iregex': safe(1),
  '-lname': safe(1),
  '-ilname': safe(1),
  '-type': safe(1),
  '-xtype': safe(1),
  '-size': safe(1),
  '-empty': safe(0),
  '-newer': { values: 1, effect: 'read', readOnly: true },
  '-anewer': { values: 1, effect: 'read', readOnly: true },
  '-cnewer': { values: 1, effect: 'read', readOnly: true },
  '-samefile': { values: 1, effect: 'read', readOnly: true },
  '-mtime': safe(1),
  '-mmin': safe(1),
  '-atime': safe(1),
  '-amin': safe(1),
  '-ctime': safe(1),
  '-cmin': safe(1),
  '-used': safe(1),
  '-perm': safe(1),
  '-user': safe(1),
  '-group': safe(1),
  '-uid': safe(1),
  '-gid': safe(1),
  '-nouser': safe(0),
  '-nogroup': safe(0),
  '-links': safe(1),
  '-inum': safe(1),
  '-readable': safe(0),
  '-writable': safe(0),
  '-executable': safe(0),
  '-fstype': safe(1),
  '-context': safe(1),
  '-maxdepth': safe(1),
  '-mindepth': safe(1),
  '-depth': safe(0),
  '-d': safe(0),
  '-prune': safe(0),
  '-quit': safe(0),
  '-true': safe(0),
  '-false': safe(0),
  '-follow': safe(0),
  '-xdev': safe(0),
  '-mount': safe(0),
  '-noleaf': safe(0),
  '-daystart': safe(0),
  '-regextype': safe(1),
  '-ignore_readdir_race': safe(0),
  '-noignore_readdir_race': safe(0),
  '-warn': safe(0),
  '-nowarn': safe(0),
  '-print': safe(0),
  '-print0': safe(0),
  '-printf': safe(1),
  '-ls': safe(0),
  '-not': safe(0),
  '!': safe(0),
  '-a': safe(0),
  '-and': safe(0),
  '-o': safe(0),
  '-or': safe(0),
  '(': safe(0),
  ')': safe(0),
  ',': safe(0),
  '-help': safe(0),
  '--help': safe(0),
  '-version': safe(0),
  '--version': safe(0),
  '-exec': { values: 'command', effect: 'runs' },
  '-execdir': { values: 'command', effect: 'runs' },
  '-ok': { values: 'command', effect: 'runs' },
  '-okdir': { values: 'command', effect: 'runs' },
  '-delete': { values: 0, effect: 'remove' },
  '-fprint': { values: 1, effect: 'write' },
  '-fprint0': { values: 1, effect: 'write' },
  '-fprintf': { values: 2, effect: 'write' },
  '-fls': { values: 1, effect: 'write' },
  '-files0-from': { values: 1, effect: 'startsFromFile' },
};

/** The tests: primaries that choose which names the actions act on. */
const TESTS: ReadonlySet<string> = new Set([
  '-name',
  '-iname',
  '-path',
  '-ipath',
  '-wholename',
  '-iwholename',
  '-regex',
  '-iregex',
  '-lname',
  '-ilname',
  '-type',
  '-xtype',
  '-size',
  '-empty',
  '-newer',
  '-anewer',
  '-cnewer',
  '-samefile',
  '-mtime',
  '-mmin',
  '-atime',
  '-amin',
  '-ctime',
  '-cmin',
  '-used',
  '-perm',
  '-user',
  '-group',
  '-uid',
  '-gid',
  '-nouser',
  '-nogroup',
  '-links',
  '-inum',
  '-readable',
  '-writable',
  '-executable',
  '-fstype',
  '-context',
  '-false',
  '-mindepth',
]);

/** The primary a word names (`-newerXY` included), if any. */
function primaryOf(word: string): Primary | undefined {
  if (Object.prototype.hasOwnProperty.call(PRIMARIES, word)) return PRIMARIES[word];
  // -newerXY compares time X of each file with time Y of its value: a file whose times it reads,
  // or (Y = t) a date. findutils refuses X = t (`-newertm`: invalid predicate).
  const newer = /^-newer[acmB]([acmBt])$/.exec(word);
  if (!newer) return undefined;
  return newer[1] === 't' ? { values: 1, readOnly: true } : { values: 1, effect: 'read', readOnly: true };
}

/** One primary as written in a command: its word, what it is, the words it takes. */
interface PrimaryUse {
  /** The index of its word in argv. */
  readonly index: number;
  readonly word: string;
  /** `undefined` for a word that is no primary (find refuses the command). */
  readonly primary: Primary | undefined;
  /** The indices of the words it takes (for `-exec`, the command's words). */
  readonly values: readonly number[];
  /** Fewer words follow than it takes, or (`-exec`) no `;` or `{} +` ends its command. */
  readonly missing: boolean;
  /** For `-exec` and the like: the index of the `;` or `+` that ends its command. */
  readonly end?: number;
}

/** A find command's words as find reads them: leading options, start points, the expression. */
export interface FindWords {
  /** The indices of the leading options (`-H`, `-L`, `-P`, `-D LIST`, `-Olevel`). */
  readonly options: readonly number[];
  /** The indices of the start points. */
  readonly starts: readonly number[];
  /** The expression, primary by primary (operators included). */
  readonly primaries: readonly PrimaryUse[];
}

/**
 * Whether a word begins the expression (findutils `looks_like_expression`): `-x`, a bare `!` or
 * `(`; a bare `)` or `,` only after the first start point. A lone `-` is a file name.
 */
function beginsExpression(word: string, leading: boolean): boolean {
  if (word.startsWith('-')) return word.length > 1;
  if (word === ')' || word === ',') return !leading;
  return word === '!' || word === '(';
}

/**
 * Reads a find command's words with find's grammar, as findutils does: leading options, then
 * start points up to the first word that begins the expression, then each primary with the words
 * it takes (`-name -delete` searches for files named `-delete`; it removes nothing).
 * @internal
 */
export function readFind(argv: readonly string[]): FindWords {
  const options: number[] = [];
  let k = 1;
  for (; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') {
      k++;
      break;
    }
    if (a === '-D') {
      options.push(k++);
      continue;
    }
    // Combined letters (`-HL`) are BSD find's; GNU find takes each alone.
    if (/^-[HLP]+$/.test(a) || a.startsWith('-O')) options.push(k);
    else break;
  }
  const starts: number[] = [];
  for (; k < argv.length && !beginsExpression(argv[k]!, true); k++) starts.push(k);
  const primaries: PrimaryUse[] = [];
  for (; k < argv.length; k++) {
    const word = argv[k]!;
    const primary = primaryOf(word);
    if (primary?.values === 'command') {
      let j = k + 1;
      while (j < argv.length && argv[j] !== ';' && !(argv[j] === '+' && argv[j - 1] === '{}')) j++;
      const values = Array.from({ length: j - k - 1 }, (_, v) => k + 1 + v);
      primaries.push(
        j < argv.length ? { index: k, word, primary, values, missing: false, end: j } : { index: k, word, primary, values, missing: true },
      );
      k = j;
      continue;
    }
    const want = primary?.values ?? 0;
    const values: number[] = [];
    for (let v = 1; v <= want && k + v < argv.length; v++) values.push(k + v);
    primaries.push({ index: k, word, primary, values, missing: values.length < want });
    k += values.length;
  }
  return { options, starts, primaries };
}

// ---------------------------------------------------------------------------------------------
// Files: the start points are read (whole, when a command gets what find finds), `-delete`
// removes them, `-fprint FILE` writes FILE, `-newer FILE` reads FILE.

function findFiles(argv: readonly string[]): FileOperands {
  const { starts, primaries } = readFind(argv);
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const runs = primaries.some((p) => p.primary?.effect === 'runs');
  // -L and -follow follow every link find meets; -P (the default) and -H only the start points.
  const follows = argv.some(
    (w, i) => i > 0 && (w === '-follow' || (/^-[HLP]*L[HLP]*$/.test(w) && (starts.length === 0 || i < starts[0]!))),
  );
  // Listing alone, -L still prints names from wherever the links lead.
  const whole = runs ? { tree: 'all' as const, ...(follows ? {} : { walksLinks: false }) } : follows ? { walksLinks: true } : {};
  files.push(...all(starts, 'read', whole));
  if (starts.length === 0) files.push({ op: 'read', index: 0, value: '.', ...whole });
  // A test (`-name '*.tmp'`, `-type f`) chooses what -delete removes: some names under the start points.
  const chooses = primaries.some(
    (p) =>
      p.primary !== undefined &&
      p.primary.values !== 'command' &&
      p.primary.effect !== 'remove' &&
      (TESTS.has(p.word) || /^-newer[acmB][acmBt]$/.test(p.word)),
  );
  for (const p of primaries) {
    const effect = p.primary?.effect;
    const value = p.values[0];
    if (effect === 'remove') {
      // What -delete removes is a start point or a name below it: the start's entries, walked
      // for protected paths (`find pkg -delete` removes `pkg/.claude/settings.json`).
      // With -L (or -follow) find walks into the directories links lead to and removes what is
      // there, at its real path (GNU find 4.9: `find -L dir -delete` emptied the target of
      // dir/link and failed only on the link itself): the removal walks links.
      const some = {
        ...(chooses ? { tree: 'some' as const } : {}),
        names: { kind: 'entries' as const },
        ...(follows ? { walksLinks: true } : {}),
      };
      files.push(...all(starts, 'remove', some));
      if (starts.length === 0) files.push({ op: 'remove', index: 0, value: '.', ...some });
    }
    if ((effect === 'write' || effect === 'read') && value !== undefined) files.push({ op: effect, index: value });
    if (effect === 'startsFromFile') unresolved.push('find -files0-from starts from the names in a file');
  }
  return { files, unresolved };
}

// ---------------------------------------------------------------------------------------------
// What it runs: the command of each `-exec`, `-execdir`, `-ok` and `-okdir`, with `{}` replaced
// by what find finds. Acting on what it finds (running, removing, writing) is never covered by a
// prefix allow rule.

/**
 * The first unquoted glob where find reads a start point or a primary (not a primary's value) that
 * may match a name beginning with `-` — a file named `-exec` makes `-[e]xec` that primary (red team
 * 18 F3); -1 when there is none. A variable's value is read by the files facet's hidden options.
 */
function optionGlob(argv: readonly string[], literal: readonly boolean[] | undefined, words?: FindWords): number {
  // Every word as written (the common command): nothing to parse again.
  if (literal === undefined || !literal.includes(false)) return -1;
  const values = new Set((words ?? readFind(argv)).primaries.flatMap((p) => p.values));
  return argv.findIndex((w, k) => {
    if (k < 1 || literal?.[k] !== false || values.has(k)) return false;
    const d = decodeWord(w);
    return d.glob && !d.expansion && d.substitutions === 0 && globMayBegin(w, '-');
  });
}

/**
 * find's files with a made word: -fprint, -fprint0, -fprintf and -fls write the file the next word
 * names (`find src -[f]printf .claude/settings.json x` with a file named `-fprintf`, red team 18
 * F3): a write of names toolgate cannot see.
 */
function findFilesMade(argv: readonly string[], literal: readonly boolean[] | undefined): FileOperands {
  const out = findFiles(argv);
  const made = optionGlob(argv, literal);
  if (made < 0) return out;
  const why = `find's word ${argv[made]!} may match a file named as a primary: -fprint, -fprintf and -fls write the file the next word names`;
  return { ...out, unseen: [...(out.unseen ?? []), { op: 'write', why }] };
}

function findRuns(argv: readonly string[], literal?: readonly boolean[]): WrapperInfo {
  const inner: Unwrapped[] = [];
  let exactOnly = false;
  const words = readFind(argv);
  // A glob the shell expands to a file named `-exec` (`-[e]xec`) may be a primary that runs a
  // command, with the words after it (red team 18 F3: `find src -[e]xec rm {} +` ran rm under a
  // `Bash(rm *)` deny). A variable's value is left to the files facet's hidden options.
  const made = optionGlob(argv, literal, words);
  if (made >= 0) {
    // The words after it up to a terminator are the command it may run.
    const end = argv.findIndex((w, j) => j > made + 1 && (w === ';' || w === '\\;' || w === "';'" || w === '+') && literal?.[j] !== false);
    if (end > made + 1) {
      exactOnly = true;
      inner.push({ kind: 'argv', start: made + 1, end });
    }
  }
  for (const p of words.primaries) {
    const effect = p.primary?.effect;
    // A word find does not take as a primary (of another find, or a typo) may act on what it finds.
    if (effect === 'remove' || effect === 'write' || p.primary === undefined) exactOnly = true;
    if (effect !== 'runs') continue;
    exactOnly = true;
    if (p.end === undefined) inner.push({ kind: 'unknown', reason: `find ${p.word} without a terminating ';' or '+'` });
    else if (p.values.length > 0) inner.push({ kind: 'argv', start: p.index + 1, end: p.end });
    else inner.push({ kind: 'unknown', reason: `find ${p.word} without a command` });
  }
  return { inner, transparent: false, exactOnly, input: { appended: false, placeholder: '{}', via: 'find -exec' } };
}

/** Where the names find hands the commands it runs come from (see {@link findRunsFrom}). @internal */
export interface FindRunsFrom {
  /** The start points' words (`.` when none is given): every name `{}` stands for is one of them or below one. */
  readonly starts: readonly number[];
  /** A command runs in each found file's folder (`-execdir`, `-okdir`): its relative names resolve there, not in the cwd. */
  readonly inFoundFolder: boolean;
}

/** The start points find walks and whether the commands it runs run in the found files' folders. @internal */
export function findRunsFrom(argv: readonly string[]): FindRunsFrom {
  const { starts, primaries } = readFind(argv);
  return { starts, inFoundFolder: primaries.some((p) => p.word === '-execdir' || p.word === '-okdir') };
}

// ---------------------------------------------------------------------------------------------
// Read-only: start points, then an expression of read-only primaries only.

const YES: ReadOnlyVerdict = { readOnly: true };
const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });

function claudeCodeReadOnly(argv: readonly string[]): ReadOnlyVerdict {
  const { options, primaries } = readFind(argv);
  const debug = options.find((k) => argv[k] === '-D' || argv[k]!.startsWith('-O'));
  if (debug !== undefined) return no(`find ${argv[debug]} is not an option known to be read-only`);
  for (const p of primaries) {
    if (p.primary === undefined) return no(`find ${p.word} is not a predicate known to be read-only`);
    if (!p.primary.readOnly) return no(`find ${p.word} runs, deletes or writes, or reads names toolgate cannot see`);
    if (p.missing) return no(`find ${p.word} needs a value`);
  }
  return YES;
}

/** robota: no primary that runs, deletes or writes, and no following of symlinks. */
function robotaReadOnly(argv: readonly string[]): ReadOnlyVerdict {
  const { options, primaries } = readFind(argv);
  const follows = options.find((k) => /^-[HLP]*[HL]/.test(argv[k]!));
  if (follows !== undefined) return no(`find ${argv[follows]} follows symlinks`);
  for (const p of primaries) {
    // An expression robota cannot name (`-files0-from=names`) is not read-only there.
    if (p.primary === undefined) return no(`find ${p.word} is not a predicate known to be read-only`);
    const effect = p.primary.effect;
    if (effect === 'runs' || effect === 'remove' || effect === 'write') return no(`find ${p.word} runs, deletes or writes`);
    if (p.word === '-follow') return no(`find ${p.word} follows symlinks`);
  }
  return YES;
}

/** The find model. @internal */
export const find = defineProgram({
  names: ['find'],
  summary: 'find: walk directory trees and act on what it finds',
  sources: ['GNU findutils 4.9 find(1)', CC_DOCS],
  // A word that is not literal may be -delete (`a=-delete; find .claude $a`); a glob may also be a
  // primary that writes the file the next word names (findFilesMade). Not the first of a
  // longer command: `find "$dir" -name '*.tmp'` names its start point there (a -delete there would
  // remove the whole working directory: left to the reader, as everyday scripts write it so).
  files: (_name, argv, literal) =>
    withHiddenOptions(
      argv,
      literal,
      ['-delete'],
      (argv, literal) => findFilesMade(argv, literal),
      (k) => k > 1 || argv.length === 2,
    ),
  unwrap: (argv, literal) => findRuns(argv, literal),
  readOnly: {
    claudeCode: {
      find: {
        source: `${CC_DOCS}; GNU findutils 4.9 find(1) (read-only primaries in programs/find.ts)`,
        operands: 'read',
        globs: false,
        check: 'find',
      },
    },
    robota: { find: { globs: false, check: 'find', safeShort: 'P' } },
  },
  readOnlyCheck: { claudeCode: (_name, argv) => claudeCodeReadOnly(argv), robota: (_name, argv) => robotaReadOnly(argv) },
  runs: 'seen',
  touchesFilesAsWrapper: true,
  removes: true,
  handsOnFound: true,
  examples: [
    { command: 'find src -name "*.ts"', effects: ['read ./src'], readOnly: true },
    { command: 'find . -newer .env -print', effects: ['read .', 'read ./.env'], readOnly: true },
    { command: 'find . -newermm .env', effects: ['read .', 'read ./.env'], readOnly: true, why: '-newerXY reads the times of its file' },
    { command: 'find . -newermt 2024-01-01', effects: ['read .'], readOnly: true, why: '-newerXt takes a date' },
    { command: 'find build -delete', effects: ['read ./build', 'remove ./build'], readOnly: false },
    {
      command: 'find -L build -delete',
      effects: ['read ./build', 'remove ./build'],
      why: 'the removal follows the links inside build (judged where they lead, with the file-system view)',
    },
    {
      command: "find tmp -name '*.tmp' -delete",
      effects: ['read ./tmp', 'remove ./tmp [some]'],
      readOnly: false,
      why: 'a test chooses which names -delete removes',
    },
    {
      command: 'find . -name -delete',
      effects: ['read .'],
      readOnly: true,
      why: 'a search for files named `-delete`: -name takes the next word',
    },
    {
      command: 'find . -name -exec rm -rf / \\;',
      effects: ['read .'],
      readOnly: false,
      why: '-exec is the name searched for; find refuses `rm` as an unknown predicate and runs nothing',
    },
    {
      command: 'find . -path -fprint -print',
      effects: ['read .'],
      readOnly: true,
      why: '-fprint is the pattern of -path; nothing is written',
    },
    { command: 'find . -fprint out.txt', effects: ['read .', 'write ./out.txt'], readOnly: false },
    {
      command: 'find src -exec cat {} +',
      effects: ['read ./src [all]', 'read ./src [all]', 'read ./{}'],
      readOnly: false,
      why: 'cat reads whatever find finds (the whole tree, find walking it and cat reading through the links it is handed); its `{}` is also taken as a file of that name',
    },
  ],
});
