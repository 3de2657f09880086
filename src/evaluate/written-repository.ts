/**
 * What another repository runs, for a write that lands in it (red team 27, class M): a repository
 * embedded in the project (`vendor/lib/.git/`) or a submodule (`vendor/lib/.git` holding `gitdir:
 * ../../.git/modules/lib`) has its own configuration and hooks. `git -C vendor/lib status` runs
 * that repository's `core.fsmonitor`, a plain `git status` in the project recurses into a
 * submodule and runs the submodule's, and `git commit` there runs its hooks (git 2.39.5). The
 * programs of the call's own repository are read once per call (`git-configured-programs.ts`,
 * `hook-scripts.ts`); a written path in another repository is compared here with what *that*
 * repository's configuration names and what its hooks run — the same two readers, from that
 * repository's top.
 */
import type { EvaluationContext } from './types.js';
import type { Platform } from '../core/types.js';
import { gitReads, type GitReads } from '../shell/programs/git/reads.js';
import { writtenNames } from '../paths/real.js';
import { configuredProgramWrite, configuredPrograms, type ConfiguredProgram } from './git-configured-programs.js';
import { gitRunPlaces } from './hook-scripts.js';
import { environmentValue } from './shell-world.js';
import { readPlaceWrite, type ReadPlace } from './sourced-files.js';

/** What one repository runs, read once per call: its configured programs and what its hooks run. */
export type RepositoryRuns = Map<string, { programs: readonly ConfiguredProgram[]; places: readonly ReadPlace[] }>;

/**
 * Why writing `written` (resolved: `real`) changes a program the repository it lands in runs —
 * one its configuration names or one its hooks run — when that repository is not the one git
 * finds from the call's working directory (whose programs the caller reads already). `memo` keeps each repository's reading for the call's other written paths.
 * Without a view, or where no repository holds the path, `undefined`.
 */
export function writtenRepositoryRuns(
  written: string,
  real: string | undefined,
  ctx: Pick<EvaluationContext, 'fs' | 'environment'>,
  world: { cwd: string; home: string; platform: Platform },
  memo: RepositoryRuns,
  git?: GitReads,
): string | undefined {
  const view = ctx.fs;
  if (view === undefined) return undefined;
  const reads = git ?? gitReads(view);
  const own = reads.discover(world.cwd);
  const known = 'found' in own ? own.found.gitDir : undefined;
  for (const p of writtenNames(written, real)) {
    if (p === '/') continue;
    const found = reads.discover(p.slice(0, p.lastIndexOf('/')) || '/');
    // A bare repository has no work tree to write a program into; its own files are protected (`.git`, layout).
    if (!('found' in found) || found.found.workTree === undefined || found.found.gitDir === known) continue;
    const { gitDir, workTree } = found.found;
    let runs = memo.get(gitDir);
    if (runs === undefined) {
      const variable = (name: string) => environmentValue(ctx.environment, name);
      runs = {
        programs: configuredPrograms(view, { cwd: workTree, home: world.home, platform: world.platform }, variable, reads),
        places: gitRunPlaces({ fs: view, environment: ctx.environment, projectDir: workTree }, world.home, reads),
      };
      memo.set(gitDir, runs);
    }
    const hit = configuredProgramWrite(p, runs.programs) ?? readPlaceWrite(p, undefined, runs.places);
    if (hit !== undefined) return hit;
  }
  return undefined;
}

