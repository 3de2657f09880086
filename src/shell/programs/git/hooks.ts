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
