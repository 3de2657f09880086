/**
 * git's hooks are protected where git takes them from. `.git/hooks` and `.husky` are protected
 * by name, but a repository that shares its hooks with `core.hooksPath` (`.githooks`,
 * `scripts/git-hooks`, `~/.githooks` from the global file) takes them from a folder of any name:
 * a hook written there runs at the next `git commit` that an allow rule for `git commit` lets
 * through (decision 0038 addendum).
 */
import type { EvaluationContext } from './types.js';
import { isInside } from '../paths/index.js';
import { gitHooksDirectory } from '../shell/programs/git/world.js';
import { gitReads, type GitReads } from '../shell/programs/git/reads.js';
import { environmentValue } from './shell-world.js';

/**
 * The hooks directories of the repositories git finds from the project and from the call's
 * working directory, and where each resolves through links; git's own `hooks` folder of a
 * repository is left out (it is protected by name, `.git`). Without a view, none. `git`: the
 * call's reads of its repositories, when it has them.
 */
export function gitHooksDirs(
  ctx: Pick<EvaluationContext, 'fs' | 'projectDir' | 'cwd' | 'environment'>,
  home: string,
  git?: GitReads,
): string[] {
  const view = ctx.fs;
  if (view === undefined) return [];
  const reads = git ?? gitReads(view);
  const variable = (name: string) => environmentValue(ctx.environment, name);
  const out = new Set<string>();
  for (const dir of new Set([ctx.projectDir, ctx.cwd])) {
    if (dir === undefined) continue;
    const hooks = gitHooksDirectory(reads, dir, home, variable);
    if (hooks === undefined) continue;
    out.add(hooks);
    const real = view.realpath(hooks);
    if (real !== undefined) out.add(real);
  }
  return [...out];
}

/** Why writing `written` (resolved: `real`) puts a git hook in place, or `undefined`. */
export function gitHooksWrite(written: string, real: string | undefined, dirs: readonly string[]): string | undefined {
  for (const p of real === undefined || real === written ? [written] : [written, real]) {
    const dir = dirs.find((d) => isInside(p, d));
    if (dir !== undefined)
      return `${dir} is where git takes its hooks from (core.hooksPath): a file there runs at the next git commit, merge or push`;
  }
  return undefined;
}
