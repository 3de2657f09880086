/**
 * git runs the hooks of its repository: `git commit` the `pre-commit`, `commit-msg` and
 * `post-commit` hooks, `merge`, `pull`, `rebase`, `am`, `cherry-pick` and `revert` theirs,
 * `push` `pre-push`, `checkout` and `switch` `post-checkout` (githooks(5), git 2.39). A hook is a
 * program of the project (husky's `.husky/pre-commit` runs `npm test`), so where the file-system
 * view shows one in the directory git takes its hooks from (`core.hooksPath`, else `.git/hooks`),
 * such a git command runs code toolgate cannot read: opaque code, which the opaque-code table
 * judges (red team 12 C). A fresh repository's `*.sample` files are no hooks; without a view
 * nothing is known of the hooks, and git is judged as before.
 */
import type { ShellAnalysis } from '../shell/types.js';
import { foldedCommandName } from '../shell/commands/emit.js';
import { gitHookSubcommand } from '../shell/programs/git/hooks.js';
import { gitHooksDirectory } from '../shell/programs/git/world.js';
import type { PathWorld } from './path-lookup.js';

/** The hooks directory git run in `cwd` takes its hooks from and a hook it holds, or `undefined` (none, no view, unknown). */
function installedHook(world: PathWorld, variable: (name: string) => string | null | undefined): string | undefined {
  const view = world.view;
  if (view?.list === undefined) return undefined;
  const dir = gitHooksDirectory(view, world.cwd, world.home, variable);
  if (dir === undefined) return undefined;
  const names = view.list(dir) ?? [];
  const hook = names.find((n) => !n.endsWith('.sample') && !n.startsWith('.') && view.isDirectory?.(`${dir}/${n}`) !== true);
  return hook === undefined ? undefined : `${dir}, which holds ${hook}`;
}

/**
 * Marks the git commands of a fresh analysis that run an installed hook as opaque code
 * (`SimpleCommand.opaque`), as `markWritablePrograms` (path-lookup.ts) marks programs found where the agent
 * may write. `variable`: a variable of the environment git inherits (its configuration's places).
 */
export function markGitHookRuns(analysis: ShellAnalysis, world: PathWorld, variable: (name: string) => string | null | undefined): void {
  let hook: string | undefined | null = null;
  for (const cmd of analysis.commands) {
    if (cmd.opaque !== undefined || cmd.literal[0] !== true) continue;
    const sub = gitHookSubcommand(foldedCommandName(cmd.argv[0] ?? ''), cmd.argv);
    if (sub === undefined) continue;
    if (hook === null) hook = installedHook(world, variable);
    if (hook !== undefined) cmd.opaque = `git ${sub} runs its hooks from ${hook}: code toolgate cannot see`;
  }
}
