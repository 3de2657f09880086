/**
 * What a git command's options say about files, whatever its subcommand does with its operands:
 * the grammar they are read with (a subcommand's own long options, or those the files facet knows
 * for every subcommand), the files their values name (`--output F`, `--contents F`, `commit -F
 * MSG`, `log -L1,2:F`), the paths a command takes on its input, and the values that are text.
 * Git 2.39 manual pages.
 */
import { is, optionFile, pushOpt, type FileOperand } from '../../options/file-operands.js';
import type { GnuArgument, GnuOptionSpec, ParsedOption } from '../../options/gnu-options.js';
import type { GitFilesCall } from './files-call.js';
import { lineRangeFile } from './line-range.js';

/**
 * The subcommands that take log's `-L<range>:<file>` (git-log(1); builtin/log.c shares it with
 * show, whatchanged and reflog). rev-list, shortlog and format-patch reject `-L`.
 */
const LINE_RANGE = new Set(['log', 'show', 'whatchanged', 'reflog']);

/**
 * The subcommands whose diff options take `-O<orderfile>` (git-diff(1); git 2.39 has no long
 * form: `--orderfile=F` is refused): git reads the file to order the paths of the diffs it
 * prints (observed with strace for each of these). rev-list, shortlog and blame take `-O` but
 * print no diff, so never open it. The same subcommands read `diff.orderFile` when no `-O` is
 * given (git log -1 opens it, observed). @internal
 */
export const ORDER_FILE: ReadonlySet<string> = new Set([
  'diff',
  'diff-files',
  'diff-index',
  'diff-tree',
  'log',
  'show',
  'whatchanged',
  'reflog',
  'format-patch',
  'stash',
  'range-diff',
]);

/**
 * Long options of git subcommands that take a value, and that take none (for abbreviations): how
 * the options of a subcommand whose entry lists none of its own (`long`, `subcommands.ts`) are read.
 */
const GENERIC_LONG_ARG: readonly string[] = [
  'contents',
  'file',
  'output',
  'blob',
  'output-directory',
  'type',
  'default',
  'value',
  'comment',
  'template',
  'separate-git-dir',
  'reference',
  'message',
  'pathspec-from-file',
  'source',
  'directory',
  'include',
  'exclude',
  'prefix',
  'format',
  'branch',
  'origin',
  'depth',
  'config',
  'upload-pack',
  'author',
  'date',
  'reuse-message',
  'reedit-message',
  'fixup',
  'squash',
  'cleanup',
  'gpg-sign',
  'strategy',
  'strategy-option',
  'onto',
  'exec',
  'remote',
  'worktree-attributes',
  'name',
  'reason',
  'ignore-revs-file',
];
const GENERIC_LONG_FLAGS: readonly string[] = [
  'force',
  'untracked',
  'no-index',
  'cached',
  'staged',
  'worktree',
  'hard',
  'soft',
  'mixed',
  'keep',
  'merge',
  'dry-run',
  'all',
  'global',
  'system',
  'local',
  'patch',
  'intent-to-add',
  'recurse-submodules',
  'check',
  'stat',
  'numstat',
  'summary',
  'index',
  'bare',
  'mirror',
  'no-checkout',
  'detach',
  'orphan',
  'open-files-in-pager',
];

/**
 * Every printable letter but `:`: a letter a subcommand's entry does not list as taking a value is
 * a flag (`-M90%` is `-M -9 -0 -%`), as its entry gives only the letters that take one.
 */
const LETTERS = Array.from({ length: 0x7e - 0x21 + 1 }, (_, k) => String.fromCharCode(0x21 + k))
  .filter((c) => c !== ':')
  .join('');

const GRAMMARS = new Map<string, GnuOptionSpec>();

/**
 * The grammar a subcommand's words are read with, after its word: its short letters (those of
 * `valueLetters` take a value, attached or the next word; those of `optionalLetters` one attached
 * only; any other is a flag), and its own long
 * options where its entry lists them (git resolves an abbreviation against the subcommand's
 * options only: `git mv --v` is `--verbose`), else those every subcommand shares. A long option
 * listed without `=` takes a value only attached (`--color=always`). Built once per `key`.
 * @internal
 */
export function gitGrammar(
  key: string,
  valueLetters: string,
  own: { readonly values: readonly string[]; readonly flags: readonly string[] } | undefined,
  optionalLetters = '',
): GnuOptionSpec {
  let grammar = GRAMMARS.get(key);
  if (grammar === undefined) {
    // The flags first: a name listed as both takes a value.
    const long: Record<string, GnuArgument> = {};
    for (const name of own?.flags ?? GENERIC_LONG_FLAGS) long[name] = 'optional';
    for (const name of own?.values ?? GENERIC_LONG_ARG) long[name] = 'required';
    // LETTERS starts with `!`: no letter is taken for the optstring's leading `+` or `-`.
    const short = [...LETTERS].map((c) => (valueLetters.includes(c) ? `${c}:` : optionalLetters.includes(c) ? `${c}::` : c)).join('');
    grammar = { short, long };
    GRAMMARS.set(key, grammar);
  }
  return grammar;
}

/** The options whose value is text — a message, an author, a date, a format, a branch — never a file. */
const TEXT_OPTIONS = [
  '-m',
  '--message',
  '-c',
  '-C',
  '--reuse-message',
  '--reedit-message',
  '--author',
  '--date',
  '--format',
  '--prefix',
  '-b',
  '--branch',
];

/** The words that hold the values of text options (`git commit -m MSG`). */
export function textValues(options: readonly ParsedOption[]): number[] {
  return options.filter((o) => is(o, ...TEXT_OPTIONS)).flatMap((o) => (o.valueIndex !== undefined ? [o.valueIndex] : []));
}

/**
 * Paths named on standard input (`find STATE | git hash-object -w --stdin-paths`): reads of files
 * toolgate cannot see, like xargs's.
 */
export function readsPathsFromInput({ argv, at, name, options }: GitFilesCall): boolean {
  return (
    (name === 'hash-object' && argv.indexOf('--stdin-paths', at + 1) >= 0) ||
    ((name === 'update-index' || name === 'checkout-index') && argv.indexOf('--stdin', at + 1) >= 0) ||
    options.some((o) => is(o, '--pathspec-from-file') && o.value === '-')
  );
}

/** The options of a subcommand whose value is a file it reads or writes (its entry's `fileOptions`). */
export interface OwnFileOptions {
  readonly reads: readonly string[];
  readonly writes: readonly string[];
  readonly trees: readonly string[];
}

/** What one option's value names: a file every subcommand reads or writes through it, or one its own list names. */
export function optionFiles(call: GitFilesCall, o: ParsedOption, own: OwnFileOptions): void {
  const { argv, files, unresolved } = call;
  if (is(o, '--contents') && o.value !== '-') pushOpt(files, optionFile(o, 'read', argv));
  if (is(o, '--pathspec-from-file') && o.value !== '-') {
    pushOpt(files, optionFile(o, 'read', argv));
    unresolved.push('git --pathspec-from-file names paths in a file');
  }
  // `git log/diff/show/format-patch --output=F` writes F; format-patch `-o DIR` writes into DIR.
  if (is(o, '--output', '--output-directory', ...own.writes)) pushOpt(files, optionFile(o, 'write', argv));
  // A template directory's files are copied into the new repository (`init`, `clone`).
  if (is(o, ...own.trees)) pushOpt(files, optionFile(o, 'read', argv, { tree: 'all' }));
  if (is(o, '--separate-git-dir')) pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
  // `git commit -F MSG`, `git blame -S REVS` (which names the line it cannot read, git-blame(1)).
  if (is(o, ...own.reads)) pushOpt(files, optionFile(o, 'read', argv));
  if (LINE_RANGE.has(call.name) && is(o, '-L') && o.value !== undefined) {
    if (walksReflogs(call)) refusedLineRange(call);
    else lineRangeRead(call, o, o.value);
  }
  // `git diff -O F`: the order file is read (a Read rule on it applies).
  if (ORDER_FILE.has(call.name) && is(o, '-O') && o.value !== undefined) pushOpt(files, optionFile(o, 'read', argv));
}

/** `git reflog`, or a log with `-g`/`--walk-reflogs`: a walk of the reflog, not of history. */
function walksReflogs({ name, options }: GitFilesCall): boolean {
  return name === 'reflog' || options.some((o) => is(o, '-g', '--walk-reflogs'));
}

/**
 * `git reflog -L1,1:.env`: git refuses `-L` with a reflog walk ("cannot combine --walk-reflogs
 * with history-limiting options", revision.c, checked before `-L`'s file is opened; observed with
 * git 2.39.5) and reads nothing. toolgate does not judge a command git refuses as the one it is
 * not: it is unknown, so an ask where a rule could apply, never a deny that says a file is read.
 */
function refusedLineRange({ name, unresolved }: GitFilesCall): void {
  const what = name === 'reflog' ? 'git reflog -L' : `git ${name} -g -L`;
  unresolved.push(
    `${what}: git refuses -L with a reflog walk ("cannot combine --walk-reflogs with history-limiting options") and reads nothing; toolgate does not judge a command git refuses`,
  );
}

/** `git log -L1,1:.env` prints that file's lines from history, as `git blame .env` reads it. */
function lineRangeRead({ name, files, unresolved }: GitFilesCall, o: ParsedOption, range: string): void {
  const file = lineRangeFile(range);
  if (file !== undefined) files.push({ op: 'read', index: o.valueIndex ?? o.index, value: file } satisfies FileOperand);
  else unresolved.push(`git ${name} -L names a file toolgate cannot tell from its range`);
}
