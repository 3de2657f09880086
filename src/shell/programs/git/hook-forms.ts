/**
 * The forms of a git subcommand that run fewer hooks than its widest form (`hooks.ts`): a listing
 * form writes no ref and no index, so it runs neither `reference-transaction` nor
 * `post-index-change` (`git branch --list`, `git tag -l`, `git stash list`, `git notes list`, `git
 * reflog`, `git remote -v`, `git worktree list`, `git describe --always`, `git submodule status`),
 * and a form that fetches runs what `git fetch` runs (`git remote update`). Each form listed here
 * was run with git 2.39.5 against a repository holding every hook of githooks(5), each logging its
 * name, with an index refresh pending (`test/shell/programs/git/hooks.test.ts`). A word this file
 * does not know (an option, an action) leaves the subcommand's widest form: fail closed.
 */

/** What a form runs: no hook, or `'widest'` (the subcommand's row of the table), or any hook (`undefined`). */
export type FormRuns = readonly string[] | 'widest' | undefined;

const NONE: readonly string[] = [];

/**
 * Whether `args` (the words after `git branch` or `git tag`) only list: every option is one of
 * `flags`, or one of `valued` with its value (attached with `=`, else the next word), and a word
 * that is no option or value appears only with `-l`/`--list` (a pattern; without it the word is a
 * name to create). `--` makes the words after it names: not a listing form here.
 */
function lists(args: readonly string[], flags: ReadonlySet<string>, valued: ReadonlySet<string>): boolean {
  let names = 0;
  let listFlag = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return false;
    if (!a.startsWith('-') || a === '-') {
      names++;
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq < 0 ? a : a.slice(0, eq);
    if (a === '-l' || a === '--list') listFlag = true;
    if (valued.has(name)) {
      if (eq < 0 && args[i + 1] !== undefined && !args[i + 1]!.startsWith('-')) i++;
      continue;
    }
    if (eq < 0 ? flags.has(a) : flags.has(`${name}=`)) continue;
    return false;
  }
  return names === 0 || listFlag;
}

const BRANCH_FLAGS = new Set(
  '-a -r -v -vv -l --list --all --remotes --verbose --show-current -i --ignore-case --color= --color --no-color --column= --column --no-column --abbrev= --no-abbrev --omit-empty'.split(
    ' ',
  ),
);
const TAG_FLAGS = new Set(
  '-l --list -n -i --ignore-case --color= --color --no-color --column= --column --no-column --omit-empty'.split(' '),
);
const LIST_VALUED = new Set('--contains --no-contains --merged --no-merged --points-at --sort --format'.split(' '));

/** The first word after leading options among `quiet` (`git remote -v update`: `update`). */
function action(args: readonly string[], quiet: readonly string[]): { word: string | undefined; rest: readonly string[] } | undefined {
  let i = 0;
  while (i < args.length && quiet.includes(args[i]!)) i++;
  if (i < args.length && args[i]!.startsWith('-')) return undefined;
  return { word: args[i], rest: args.slice(i + 1) };
}

/** Whether `git remote add`'s words (after `add`) may fetch: `-f`/`--fetch`, or an option not known not to. */
function addFetches(rest: readonly string[]): boolean {
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (!a.startsWith('-')) continue;
    if (a === '-t' || a === '-m') i++;
    else if (!/^(--(tags|no-tags|mirror|mirror=(fetch|push))|--(track|master)=.*|-[tm].+)$/.test(a)) return true;
  }
  return false;
}

/** Whether a word of `git describe` is `--dirty` or `--broken`, written whole or abbreviated. */
function looksAtWorkTree(word: string): boolean {
  if (!word.startsWith('--') || word.length < 3) return false;
  const name = word.slice(2).split('=')[0]!;
  return 'dirty'.startsWith(name) || 'broken'.startsWith(name);
}

const REF = 'reference-transaction';
const INDEX = 'post-index-change';
/** `git worktree add`'s options (git 2.39): those of `VALUED_ADD` take the next word. */
const WORKTREE_ADD = new Set(
  '-f --force --detach --checkout --no-checkout --lock --quiet -q --track --no-track --guess-remote --no-guess-remote'.split(' '),
);
const VALUED_ADD = new Set(['-b', '-B', '--reason']);

/**
 * `git worktree`'s forms: `add` runs the table's row (`--no-checkout` only `reference-transaction`),
 * `remove` refreshes the removed work tree's index (`post-index-change`), and `list`, `lock`,
 * `unlock`, `move`, `prune` and `repair` run none; an option of `add` not known here, any hook.
 */
function worktreeRuns(args: readonly string[]): FormRuns {
  const [action, ...rest] = args;
  if (action === 'list' || action === 'lock' || action === 'unlock' || action === 'move' || action === 'prune' || action === 'repair')
    return NONE;
  if (action === 'remove') return [INDEX];
  if (action !== 'add') return undefined;
  let checkout = true;
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--') break;
    if (!a.startsWith('-') || a === '-') continue;
    if (VALUED_ADD.has(a)) {
      i++;
      continue;
    }
    if (a.startsWith('--reason=')) continue;
    if (!WORKTREE_ADD.has(a)) return undefined;
    if (a === '--no-checkout') checkout = false;
    if (a === '--checkout') checkout = true;
  }
  return checkout ? 'widest' : [REF];
}

/** The forms of each subcommand that the table's row does not describe. */
export const GIT_HOOK_FORMS: Readonly<Record<string, (args: readonly string[]) => FormRuns>> = {
  branch: (args) => (lists(args, BRANCH_FLAGS, LIST_VALUED) ? NONE : 'widest'),
  // `git tag -n`, `-n3` list with annotations.
  tag: (args) =>
    lists(
      args.map((a) => (/^-n\d+$/.test(a) ? '-n' : a)),
      TAG_FLAGS,
      LIST_VALUED,
    )
      ? NONE
      : 'widest',
  stash: (args) => (args[0] === 'list' || args[0] === 'show' ? NONE : 'widest'),
  notes: (args) => (args.length === 0 || args[0] === 'list' || args[0] === 'show' ? NONE : 'widest'),
  // `git reflog` and `git reflog --all` show; `expire` and `delete` update refs.
  reflog: (args) => (args.length === 0 || args[0] === 'show' || args[0]!.startsWith('-') ? NONE : 'widest'),
  remote: (args) => {
    const a = action(args, ['-v', '--verbose']);
    if (a === undefined) return undefined;
    if (a.word === undefined || a.word === 'show' || a.word === 'get-url') return NONE;
    // `update` and `add -f` fetch, and fetching may run `git maintenance run --auto` (pre-auto-gc).
    if (a.word === 'update') return undefined;
    if (a.word === 'add') return addFetches(a.rest) ? undefined : 'widest';
    return ['rename', 'remove', 'rm', 'prune', 'set-head', 'set-branches', 'set-url'].includes(a.word) ? 'widest' : undefined;
  },
  worktree: (args) => worktreeRuns(args),
  // `--bare`, `--mirror` and `-n` check nothing out: no index, no post-checkout.
  clone: (args) => (args.some((a) => a === '--bare' || a === '--mirror' || a === '-n' || a === '--no-checkout') ? [REF] : 'widest'),
  // `--dirty` and `--broken` look at the work tree; `--dirty` refreshes the index and writes it.
  // git takes an option's unambiguous abbreviation (`--dirt`), so any prefix of either counts.
  describe: (args) => (args.some((a) => a === '--' || looksAtWorkTree(a)) ? 'widest' : NONE),
  submodule: (args) => {
    const a = action(args, ['-q', '--quiet']);
    return a !== undefined && (a.word === undefined || a.word === 'status') ? NONE : undefined;
  },
};
