/**
 * `fd [OPTIONS] [PATTERN] [PATH…]` (fd-find; Debian installs it as `fdfind`): lists the names below
 * its search paths that match, and with `-x CMD…` (`--exec`) runs CMD once per name found, with
 * `-X CMD…` (`--exec-batch`) once with every name — the name in place of `{}`, or appended when
 * the command holds none. The command's words run the command through `;` or the end of the line
 * (no shell). fd 8.6 hands each name as `./NAME` when no search path is given and as `PATH/NAME`
 * under one, so a name it hands never reads as an option unless a search path does.
 */
import { all, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { parseGnuOptions, shortArgument, type GnuOptionSpec, type GnuProblem } from '../options/gnu-options.js';
import type { RunTimeInput } from '../types.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { inDirectory } from './wrapper-info.js';
import { quoteWord } from '../syntax/environment.js';

/**
 * fd 8.6's options (`fdfind --help`, and the overrides it hides there). clap matches long names
 * exactly. `-x`/`-X` (`--exec`, `--exec-batch`) take the command's first word as their value;
 * {@link readFd} takes the rest of the command up to `;`.
 */
const FD_GRAMMAR: GnuOptionSpec = {
  short: 'HIusigFalLp0qhV1d:E:t:e:S:o:c:j:x:X:',
  long: {
    ...Object.fromEntries(
      (
        'and max-depth min-depth exact-depth exclude type extension size changed-within changed-after change-newer-than ' +
        'newer changed-before change-older-than older owner batch-size ignore-file color threads max-results ' +
        'max-buffer-time base-directory path-separator search-path exec exec-batch'
      )
        .split(' ')
        .map((name) => [name, 'required' as const]),
    ),
    ...Object.fromEntries(
      (
        'hidden no-hidden no-ignore ignore no-ignore-vcs ignore-vcs no-ignore-parent no-global-ignore-file ' +
        'no-require-git unrestricted case-sensitive ignore-case glob regex fixed-strings absolute-path relative-path ' +
        'list-details follow no-follow full-path print0 prune quiet show-errors strip-cwd-prefix one-file-system ' +
        'mount xdev help version'
      )
        .split(' ')
        .map((name) => [name, 'none' as const]),
    ),
  },
  abbreviations: false,
};

/** The options that run a command. */
const EXEC = new Set(['x', 'X', 'exec', 'exec-batch']);

/** An fd command's words as fd reads them. */
interface FdWords {
  /** Indices of its positional words: the pattern, then the search paths. */
  readonly positional: number[];
  /** Options with their value's word index (`undefined` for a flag, or a value attached to its option). */
  readonly options: { readonly name: string; readonly index: number; readonly valueIndex?: number; readonly attached?: string }[];
  /** Each command `-x`/`-X` runs: its words' range. */
  readonly commands: { readonly option: string; readonly start: number; readonly end: number }[];
  /** A word fd's grammar does not have, or a command it cannot read: why. */
  readonly problem?: string;
}

/**
 * Reads fd's words with {@link FD_GRAMMAR}: options and their values, its positional words, the
 * commands `-x`/`-X` run. The words are read a stretch at a time: up to the first `-x`/`-X`, whose
 * command runs to the next `;` (or the end), then on after the `;`. A word the grammar refuses
 * past a `-x` is the command's; before one, fd refuses the command.
 */
function readFd(argv: readonly string[]): FdWords {
  const positional: number[] = [];
  const options: FdWords['options'][number][] = [];
  const commands: FdWords['commands'][number][] = [];
  const done = (problem?: string): FdWords =>
    problem === undefined ? { positional, options, commands } : { positional, options, commands, problem };
  let start = 1;
  while (start < argv.length) {
    const whole = parseGnuOptions(argv, FD_GRAMMAR, start);
    // Refused: the words before the refused one, which may hold the `-x` whose command holds it.
    const parsed = whole.ok ? whole : parseGnuOptions(argv.slice(0, whole.index), FD_GRAMMAR, start);
    if (!parsed.ok) return done(refused(parsed.word, parsed.problem));
    const exec = parsed.options.find((o) => EXEC.has(o.name));
    for (const o of parsed.options) {
      if (o === exec) break;
      if (o.value === undefined) options.push({ name: o.name, index: o.index });
      else if (o.valueIndex !== undefined) options.push({ name: o.name, index: o.index, valueIndex: o.valueIndex });
      else options.push({ name: o.name, index: o.index, attached: o.value });
    }
    for (const o of parsed.operands) if (exec === undefined || o.index < exec.index) positional.push(o.index);
    if (exec === undefined) {
      if (whole.ok) return done();
      // `-x` as the last word: a command of no words.
      const name = whole.problem === 'missingValue' ? optionName(whole.word) : '';
      if (!EXEC.has(name)) return done(refused(whole.word, whole.problem));
      commands.push({ option: whole.word.startsWith('--') ? `--${name}` : `-${name}`, start: argv.length, end: argv.length });
      return done();
    }
    if (exec.valueIndex === undefined) return done(`fd ${exec.word}: a command attached to its option`);
    let end = exec.valueIndex;
    while (end < argv.length && argv[end] !== ';') end++;
    commands.push({ option: exec.kind === 'long' ? `--${exec.name}` : `-${exec.name}`, start: exec.valueIndex, end });
    start = end + 1;
  }
  return done();
}

/** The option a word names: its long name, or the letter of a short cluster that takes a value (`-Hx` → `x`). */
function optionName(word: string): string {
  if (word.startsWith('--')) return word.slice(2).split('=')[0]!;
  return [...word.slice(1)].find((c) => shortArgument(FD_GRAMMAR.short!, c) !== 'none') ?? word.slice(1);
}

/** Why fd refuses `word`: an option it lacks (a long flag given a value counts), or one with no value. */
function refused(word: string, problem: GnuProblem): string {
  if (problem === 'missingValue') return `fd ${word} needs a value`;
  if (word.startsWith('--')) return `fd ${word} is not an option fd 8.6 has`;
  const letter = [...word.slice(1)].find((c) => shortArgument(FD_GRAMMAR.short!, c) === undefined);
  return `fd -${letter ?? word.slice(1)} is not an option fd 8.6 has`;
}

const has = (words: FdWords, ...names: string[]): boolean => words.options.some((o) => names.includes(o.name));

/** The search paths' word indices: `--search-path` values, else the positional words after the pattern. */
function searchPaths(words: FdWords): number[] {
  const given = words.options.filter((o) => o.name === 'search-path' && o.valueIndex !== undefined).map((o) => o.valueIndex!);
  return given.length > 0 ? given : words.positional.slice(1);
}

/**
 * What fd reads: the names below each search path (the cwd when none is given), and with a
 * command to run every file there whole (the command may read any name fd hands it, hidden or
 * ignored ones too once `-H`/`-I` or a configuration says so), following links with `-L`; an
 * `--ignore-file`; `--base-directory` moves it first.
 */
function fdFiles(argv: readonly string[]): FileOperands {
  const words = readFd(argv);
  if (words.problem !== undefined) return { files: [], unresolved: [words.problem], modelled: false };
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const chdir: number[] = [];
  for (const o of words.options) {
    if (o.name === 'ignore-file') {
      if (o.valueIndex !== undefined) files.push({ op: 'read', index: o.valueIndex });
      else unresolved.push(`fd --ignore-file=${o.attached ?? ''}: a file attached to its option`);
    }
    if (o.name === 'base-directory') {
      if (o.valueIndex !== undefined) chdir.push(o.valueIndex);
      else unresolved.push('fd --base-directory= moves to a directory attached to its option');
    }
    if (o.name === 'search-path' && o.valueIndex === undefined) unresolved.push('fd --search-path= names a path attached to its option');
  }
  const follows = has(words, 'L', 'follow') && !has(words, 'no-follow');
  const runs = words.commands.length > 0;
  const whole: Partial<FileOperand> = runs
    ? { tree: 'all', ...(follows ? {} : { walksLinks: false }) }
    : follows
      ? { walksLinks: true }
      : {};
  const paths = searchPaths(words);
  files.push(...all(paths, 'read', whole));
  if (paths.length === 0) files.push({ op: 'read', index: 0, value: '.', ...whole });
  const notFiles = [...words.positional.slice(0, paths.length > 0 && !has(words, 'search-path') ? 1 : words.positional.length)];
  for (const o of words.options)
    if (o.valueIndex !== undefined && o.name !== 'ignore-file' && o.name !== 'search-path' && o.name !== 'base-directory')
      notFiles.push(o.valueIndex);
  return { files, unresolved, notFiles, ...(chdir.length > 0 ? { chdir } : {}) };
}

/** fd's own replacement strings other than `{}`: a name made from the one found. */
const MADE_NAMES = /\{(?:\/|\/\/|\.|\/\.)\}/;

/**
 * What fd runs: each `-x`/`-X` command, with the names it finds in place of `{}` or appended. A
 * name made from the one found (`{/}`, `{//}`, `{.}`, `{/.}`) is not followed: unknown.
 */
function unwrap(argv: readonly string[], literal: readonly boolean[] = []): WrapperInfo | undefined {
  const words = readFd(argv);
  if (words.problem !== undefined) return { inner: [{ kind: 'unknown', reason: words.problem }], transparent: false, exactOnly: true };
  if (words.commands.length === 0) return undefined;
  const inner: Unwrapped[] = [];
  const placed: boolean[] = [];
  // fd runs its commands in the directory `--base-directory` names (red team 17, R17-13:
  // `fdfind --base-directory .claude -H -1 . -x sh -c 'truncate -s0 settings.json' {}` emptied it).
  const baseOption = words.options.filter((o) => o.name === 'base-directory').pop();
  const base =
    baseOption === undefined
      ? undefined
      : baseOption.valueIndex !== undefined
        ? { dir: literal[baseOption.valueIndex] === false ? undefined : argv[baseOption.valueIndex] }
        : { dir: baseOption.attached };
  for (const c of words.commands) {
    const own = argv.slice(c.start, c.end);
    if (own.length === 0) inner.push({ kind: 'unknown', reason: `fd ${c.option} without a command` });
    else if (own.some((w) => MADE_NAMES.test(w)))
      inner.push({
        kind: 'unknown',
        reason: `fd ${c.option} hands its command a name made from what it finds, which toolgate does not follow`,
      });
    else {
      inner.push(base === undefined ? { kind: 'argv', start: c.start, end: c.end } : inBase(base, own, literal.slice(c.start, c.end)));
      placed.push(own.some((w) => w.includes('{}')));
    }
  }
  if (placed.some((p) => p !== placed[0]))
    return {
      inner: [{ kind: 'unknown', reason: 'fd runs commands that take what it finds in different places' }],
      transparent: false,
      exactOnly: true,
    };
  // A search path that may begin with `-` makes the names it hands look like options.
  const paths = searchPaths(words);
  const optionFree = paths.every((k) => literal[k] !== false && !argv[k]!.startsWith('-'));
  const input: RunTimeInput = {
    appended: placed[0] === false && base === undefined,
    placeholder: '{}',
    via: 'fd -x',
    ...(optionFree ? { optionFree: true } : {}),
    // Read again as shell text in the base directory, each name stays one word (fd runs no shell).
    ...(base !== undefined ? { quoted: true } : {}),
  };
  return { inner, transparent: false, exactOnly: true, ...(placed.length > 0 ? { input } : {}) };
}

/**
 * A command fd runs in its base directory: read as `cd -P -- DIR && COMMAND` (see
 * {@link inDirectory}); a word that is not literal, or a directory toolgate cannot tell, leaves it unknown.
 */
function inBase(base: { dir: string | undefined }, own: readonly string[], literal: readonly boolean[]): Unwrapped {
  const dir = literal.some((l) => l === false) ? undefined : base.dir;
  // A name fd appends is read in place, after the command's words.
  const words = own.some((w) => w.includes('{}')) ? own : [...own, '{}'];
  return inDirectory(
    dir,
    words.map((w) => (/^[A-Za-z0-9_./{}=:,+-]+$/.test(w) ? w : quoteWord(w))),
    'fd --base-directory',
    'fd --base-directory: runs its commands in a directory toolgate cannot tell',
  );
}

/** The fd model. @internal */
export const fd = defineProgram({
  names: ['fd', 'fdfind'],
  summary: 'fd (fd-find): list the names below its search paths that match, and run a command on them (-x, -X)',
  sources: ['fd 8.6.0 fdfind --help (Debian fd-find)', 'https://github.com/sharkdp/fd README: command execution'],
  skips: 'fd skips hidden and ignored files unless its options, configuration or ignore files say otherwise, which toolgate cannot see',
  files: (_name, argv) => fdFiles(argv),
  unwrap,
  runs: 'seen',
  touchesFilesAsWrapper: true,
  // The names it hands a removal are judged as names from input: any directory (`fd . ~ -x rm -rf`).
  handsOnInput: true,
  examples: [
    { command: 'fdfind -e js', effects: ['read .'] },
    { command: 'fdfind -H -x cat', effects: ['read . [all]'], readOnly: false, why: 'cat reads every name fd finds, hidden ones too' },
    { command: 'fd -e sh -x sh', readOnly: false, why: 'sh runs each script fd finds' },
  ],
});
