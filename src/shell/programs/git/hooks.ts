/**
 * Which git commands run the repository's hooks (githooks(5), git 2.39): `commit` (pre-commit,
 * commit-msg, post-commit), `merge`, `pull`, `rebase`, `am`, `cherry-pick`, `revert`, `push`
 * (pre-push), `checkout` and `switch` (post-checkout). The evaluation marks such a command as
 * opaque code where the file-system view shows a hook installed (`src/evaluate/git-hook-runs.ts`).
 */
import { withoutGitGlobalOptions } from './global-options.js';

/** The subcommands that run hooks of their own. */
const RUNS_HOOKS: ReadonlySet<string> = new Set([
  'commit',
  'merge',
  'pull',
  'rebase',
  'am',
  'cherry-pick',
  'revert',
  'push',
  'checkout',
  'switch',
]);

/**
 * The subcommand of a git command that runs hooks (`git -C . commit -m x`: `commit`), or
 * `undefined` for another program or subcommand. `name`: the program's name as the shell finds it.
 * @internal
 */
export function gitHookSubcommand(name: string, argv: readonly string[]): string | undefined {
  if (name !== 'git') return undefined;
  const sub = (withoutGitGlobalOptions(argv) ?? argv)[1];
  return sub !== undefined && RUNS_HOOKS.has(sub) ? sub : undefined;
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
