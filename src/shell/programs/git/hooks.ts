/**
 * Which git commands may run which of the repository's hooks (githooks(5), git 2.39.5). The
 * evaluation marks a git command as opaque code where the file-system view shows installed a hook
 * the command may run (`src/evaluate/git-hook-runs.ts`). An allowlist: a subcommand runs none of a
 * hook only where the table below says which hooks it may run; any other subcommand (commit,
 * merge, pull, rebase, am, cherry-pick, revert, push, checkout, switch, bisect, fetch, gc,
 * maintenance, send-email, p4, an alias, …) is taken to run any of them. Where a form
 * of a subcommand runs fewer (`git branch --list` none), `hook-forms.ts` says so (decision 0097).
 */
import { withoutGitGlobalOptions } from './global-options.js';
import { GIT_HOOK_FORMS } from './hook-forms.js';

/**
 * The hooks git runs by name from its hooks directory (githooks(5)). A file of another name there
 * (`*.sample`, husky's `h` and `husky.sh`, a README) is no hook. `fsmonitor-watchman` is run only
 * where `core.fsmonitor` names it, which the configuration's program keys judge (`runs.ts`,
 * `config-kinds.ts`), not by its name here.
 */
const HOOK_NAMES: ReadonlySet<string> = new Set([
  'applypatch-msg',
  'pre-applypatch',
  'post-applypatch',
  'pre-commit',
  'pre-merge-commit',
  'prepare-commit-msg',
  'commit-msg',
  'post-commit',
  'pre-rebase',
  'post-checkout',
  'post-merge',
  'pre-push',
  'pre-receive',
  'update',
  'proc-receive',
  'post-receive',
  'post-update',
  'reference-transaction',
  'push-to-checkout',
  'pre-auto-gc',
  'post-rewrite',
  'sendemail-validate',
  'p4-changelist',
  'p4-prepare-changelist',
  'p4-post-changelist',
  'p4-pre-submit',
  'post-index-change',
]);

/** Run when a command writes the index (githooks(5); `git status` and `git diff` refresh it and write it back). */
const INDEX = 'post-index-change';
/** Run for every update of a ref (githooks(5)): a branch, tag, note, replace ref, `HEAD`, … */
const REF = 'reference-transaction';

/**
 * The hooks each subcommand may run, where git 2.39.5 runs only those: checked with every hook of
 * githooks(5) installed (each logging its name) and a changed work tree. Subcommands that only read
 * run none; those that write the index `post-index-change`, those that update refs
 * `reference-transaction`; `git restore` runs `post-checkout` too.
 */
const RUNS: Readonly<Record<string, readonly string[]>> = {
  // Read history, objects, refs or the index, and write neither refs nor the index.
  annotate: [],
  archive: [],
  blame: [],
  bugreport: [],
  bundle: [],
  'cat-file': [],
  'check-attr': [],
  'check-ignore': [],
  'check-mailmap': [],
  'check-ref-format': [],
  cherry: [],
  column: [],
  'commit-tree': [],
  config: [],
  'count-objects': [],
  'diff-files': [],
  'diff-index': [],
  'diff-tree': [],
  'fast-export': [],
  'for-each-ref': [],
  'format-patch': [],
  fsck: [],
  'get-tar-commit-id': [],
  grep: [],
  'hash-object': [],
  help: [],
  'interpret-trailers': [],
  log: [],
  'ls-files': [],
  'ls-remote': [],
  'ls-tree': [],
  'merge-base': [],
  'merge-file': [],
  'merge-tree': [],
  mktag: [],
  mktree: [],
  'name-rev': [],
  'patch-id': [],
  'range-diff': [],
  'request-pull': [],
  'rev-list': [],
  'rev-parse': [],
  shortlog: [],
  show: [],
  'show-branch': [],
  'show-index': [],
  'show-ref': [],
  stripspace: [],
  'unpack-file': [],
  var: [],
  'verify-commit': [],
  'verify-pack': [],
  'verify-tag': [],
  version: [],
  whatchanged: [],
  // Write the index (a refresh counts: `git status`, `git diff`, `git describe --dirty`).
  add: [INDEX],
  apply: [INDEX],
  'checkout-index': [INDEX],
  clean: [INDEX],
  describe: [INDEX],
  diff: [INDEX],
  mv: [INDEX],
  'read-tree': [INDEX],
  rm: [INDEX],
  stage: [INDEX],
  status: [INDEX],
  'update-index': [INDEX],
  'write-tree': [INDEX],
  restore: [INDEX, 'post-checkout'],
  // Update refs (`git branch x`, `git tag t`, `git notes add`, `git reflog expire`).
  branch: [REF],
  notes: [REF],
  'pack-refs': [REF],
  reflog: [REF],
  remote: [REF],
  replace: [REF],
  'symbolic-ref': [REF],
  tag: [REF],
  'update-ref': [REF],
  // Both (`git reset`, `git stash`, `git stash pop`).
  reset: [INDEX, REF],
  stash: [INDEX, REF],
  // `git worktree add` updates refs, writes the new work tree's index and runs `post-checkout` there,
  // all from the repository's hooks directory (the worktree shares it); its other forms: `hook-forms.ts`.
  worktree: [INDEX, REF, 'post-checkout'],
  // A new repository: `git init` runs no hook at all (nor with `core.hooksPath` set); `git clone` runs
  // the new repository's hooks (its template's, or where a `core.hooksPath` outside the repository
  // git runs in leads — `CLONE_HOOKS`), never those of the repository it runs in.
  init: [],
  clone: [INDEX, REF, 'post-checkout'],
};

/**
 * The subcommands whose hooks are those of the repository they create, not of the one they run in:
 * git 2.39.5 ran none of the hooks in that repository's `.git/hooks` (nor a `core.hooksPath` set in
 * its own `.git/config`), but those a `core.hooksPath` given on the command line or in the global
 * configuration names. @internal
 */
export const CLONE_HOOKS: ReadonlySet<string> = new Set(['clone']);

/**
 * The subcommand of a git command (`git -C . status`: `status`), or `undefined` for another
 * program or a git command without one. `name`: the program's name as the shell finds it.
 * @internal
 */
export function gitSubcommandOf(name: string, argv: readonly string[]): string | undefined {
  return gitSubcommandWords(name, argv)?.sub;
}

/** The subcommand of a git command and the words after it (`git -C . branch -a`: `branch`, `['-a']`). @internal */
export function gitSubcommandWords(name: string, argv: readonly string[]): { sub: string; args: readonly string[] } | undefined {
  if (name !== 'git') return undefined;
  const words = withoutGitGlobalOptions(argv) ?? argv;
  return words[1] === undefined ? undefined : { sub: words[1], args: words.slice(2) };
}

/** The hooks git runs by name from its hooks directory (githooks(5)), `fsmonitor-watchman` aside. @internal */
export const GIT_HOOK_NAMES: readonly string[] = [...HOOK_NAMES];

/** Whether a file of this name in the hooks directory is a hook git runs by name (githooks(5)). @internal */
export function isHookName(name: string): boolean {
  return HOOK_NAMES.has(name);
}

/**
 * The hooks of githooks(5) `git SUB ARGS` may run (`args`: the words after the subcommand), or
 * `undefined` when the model does not say (it may run any): the form's, where `hook-forms.ts`
 * knows it (`git branch --list` none), else the subcommand's row of the table. @internal
 */
export function hooksMayRun(sub: string, args: readonly string[]): readonly string[] | undefined {
  const widest = Object.hasOwn(RUNS, sub) ? RUNS[sub] : undefined;
  if (!Object.hasOwn(GIT_HOOK_FORMS, sub)) return widest;
  const form = GIT_HOOK_FORMS[sub]!(args);
  return form === 'widest' ? widest : form;
}

/**
 * The subcommands that run `git status` in each populated submodule to tell whether it changed,
 * which refreshes the submodule's index and runs its `post-index-change` (git 2.39.5, whatever the
 * superproject's row says: `git diff-files` writes no index of its own). `--ignore-submodules`
 * (`all`, `dirty`) skips that; `=untracked` does not.
 */
const NONE: readonly string[] = [];
const VISITS_SUBMODULES: ReadonlySet<string> = new Set(['status', 'diff', 'diff-files', 'diff-index', 'describe']);

/**
 * The hooks of githooks(5) `git SUB ARGS` may run in a submodule of its repository, or
 * `undefined` for any: a form that may run any hook runs any of a submodule's too (`git checkout
 * --recurse-submodules`, `submodule.recurse`); one that looks at the submodules' work trees runs
 * their `post-index-change` (`git status`, `git diff-files`, `git describe --dirty`) and nothing
 * else of theirs (none with `--ignore-submodules`); any other form the hooks it may run itself (a ref or index update may recurse where `submodule.recurse`
 * is set), and a form that runs none runs none of a submodule's either. @internal
 */
export function submoduleHooksMayRun(sub: string, args: readonly string[]): readonly string[] | undefined {
  const may = hooksMayRun(sub, args);
  if (may === undefined || !VISITS_SUBMODULES.has(sub)) return may;
  // These visit a submodule only to ask whether it changed: its post-index-change, or nothing.
  if (sub === 'describe' && may.length === 0) return NONE;
  const end = args.indexOf('--');
  const ignores = (end < 0 ? args : args.slice(0, end)).some(
    (a) => a === '--ignore-submodules' || a === '--ignore-submodules=all' || a === '--ignore-submodules=dirty',
  );
  return ignores ? NONE : [INDEX];
}

/** The subcommands that run themselves in each submodule given `--recurse-submodules` (or `submodule.recurse`, which grep honours). */
const RECURSES: ReadonlySet<string> = new Set(['ls-files', 'grep']);

/**
 * The subcommand whose configuration kinds (`config-reads.ts`) git reads in each submodule
 * `git SUB ARGS` visits, or undefined where it visits none: `git status` for the forms that ask a
 * submodule whether it changed (its `core.fsmonitor` and clean filters run: red team 23 RT23-C,
 * git 2.39.5), the subcommand itself where it recurses (`ls-files`/`grep --recurse-submodules`,
 * any form that may run every hook of a submodule: `checkout --recurse-submodules`).
 * `recurse`: whether the configuration sets `submodule.recurse`. @internal
 */
export function submoduleConfigSub(sub: string, args: readonly string[], recurse: boolean): string | undefined {
  const end = args.indexOf('--');
  const words = end < 0 ? args : args.slice(0, end);
  if (RECURSES.has(sub))
    return words.includes('--recurse-submodules') || (recurse && sub === 'grep' && !words.includes('--no-recurse-submodules'))
      ? sub
      : undefined;
  const may = submoduleHooksMayRun(sub, args);
  if (may === undefined) return sub;
  if (VISITS_SUBMODULES.has(sub)) return may.length > 0 ? 'status' : undefined;
  return undefined;
}

/** Whether `git SUB ARGS` may run any hook at all, a submodule's included (a repository toolgate cannot tell may have any installed). @internal */
export function runsSomeHook(sub: string, args: readonly string[]): boolean {
  const runs = hooksMayRun(sub, args);
  const subs = submoduleHooksMayRun(sub, args);
  return runs === undefined || subs === undefined || runs.length + subs.length > 0;
}

/** The repository a git command names with its global options: `--git-dir` and `--work-tree` (the last of each). */
export interface GitRepositoryWords {
  gitDir?: string;
  workTree?: string;
  /** A value that is not literal (`--git-dir="$D"`): the repository cannot be told. */
  unknown?: string;
}

/**
 * The repository `git [--git-dir=DIR] [--work-tree=DIR] SUB …` names (git(1): each relative to
 * the directory `-C` options before it moved to, which the caller's directory already counts).
 * `literal[k]`: whether word `k` is as written. @internal
 */
export function gitRepositoryWords(argv: readonly string[], literal: readonly boolean[]): GitRepositoryWords {
  const out: GitRepositoryWords = {};
  const global = withoutGitGlobalOptions(argv);
  const end = global === undefined ? 1 : argv.length - global.length + 1;
  for (let i = 1; i < end; i++) {
    const a = argv[i]!;
    const eq = a.indexOf('=');
    const name = eq >= 0 ? a.slice(0, eq) : a;
    if (name !== '--git-dir' && name !== '--work-tree') continue;
    const k = eq >= 0 ? i : i + 1;
    const value = eq >= 0 ? a.slice(eq + 1) : argv[k];
    if (value === undefined) continue;
    if (literal[k] !== true) out.unknown = `${name} is given a value that is not literal`;
    if (name === '--git-dir') out.gitDir = value;
    else out.workTree = value;
    if (eq < 0) i++;
  }
  return out;
}
