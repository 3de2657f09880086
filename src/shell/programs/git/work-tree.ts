/**
 * The work tree git writes in where it is not the folder discovery finds the repository in
 * (replay 22 NEW-U5: with `core.worktree = ~` in .git/config, `git checkout b -- .config/app.toml`
 * wrote ~/.config/app.toml). git 2.39's setup (setup.c, verified with git 2.39.5): `GIT_WORK_TREE`
 * first (relative to the directory git starts in); else `core.worktree` as the repository's own
 * `config` sets it — not for a linked worktree (one with `commondir`), and never from the global
 * or system files, an include, `-c` or `GIT_CONFIG_COUNT` (all verified ignored) — or as its
 * `config.worktree` sets it under `extensions.worktreeConfig`; relative to the repository
 * directory, no `~` expanded. With `GIT_DIR` and neither, the directory git starts in is the top.
 * A bare repository (`core.bare`) with a work tree set refuses to run a command that needs one.
 */
import type { ReadonlyFsView } from '../../../core/ports.js';
import type { GitConfigEntry } from './config-file.js';
import type { GitReads } from './reads.js';
import { configFiles, type FoundRepository, type PlacedConfigEntry } from './repository.js';
import { configPlaces } from './world.js';

type Variable = (name: string) => string | null | undefined;

const join = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);
/** Set and not plainly false: git reads any other value as true or stops (a number but 0 is true). */
const notFalse = (v: string | null | undefined) => v !== undefined && (v === null || !/^(false|no|off|0+|)$/i.test(v.trim()));

const last = <T extends GitConfigEntry>(entries: readonly T[], key: string): T | undefined => entries.filter((e) => e.key === key).at(-1);

/**
 * `path` from `dir` as git's chdir takes it: each `..` leaves a folder the view shows is no
 * symbolic link (else the physical parent may be another folder), or the answer is unknown.
 */
function fromDirectory(view: ReadonlyFsView, dir: string, path: string): string | { unknown: string } {
  const parts = path.startsWith('/') ? [] : dir.split('/').filter((p) => p !== '');
  for (const c of path.split('/')) {
    if (c === '' || c === '.') continue;
    if (c !== '..') parts.push(c);
    else if (parts.length > 0) {
      const left = `/${parts.join('/')}`;
      if (view.isSymlink?.(left) !== false) return { unknown: `${left} may be a symbolic link, whose parent git would take` };
      parts.pop();
    }
  }
  return `/${parts.join('/')}`;
}

/**
 * The work tree the repository's own configuration names (`core.worktree`) among the entries of
 * the effective configuration (`entries`, each with its file: an included file's are not the
 * repository's own), or `undefined` when it names none; unknown when the value is none git uses.
 */
export function configuredWorkTree(
  view: ReadonlyFsView,
  found: FoundRepository,
  entries: readonly PlacedConfigEntry[],
): string | { unknown: string } | undefined {
  const main = entries.filter((e) => e.file === join(found.commonDir, 'config'));
  // A linked worktree's own file only, and only under the extension.
  const own = notFalse(last(main, 'extensions.worktreeconfig')?.value)
    ? entries.filter((e) => e.file === join(found.gitDir, 'config.worktree'))
    : [];
  const set = last(own, 'core.worktree') ?? (found.commonDir === found.gitDir ? last(main, 'core.worktree') : undefined);
  if (set === undefined) return undefined;
  if (set.value === null || set.value === '') return { unknown: `core.worktree in ${set.file} has no value git can use` };
  return fromDirectory(view, found.gitDir, set.value);
}

/**
 * The work tree git run in `dir` writes in where it is not the one discovery finds from `dir`
 * (the nearest folder holding `.git`), `undefined` where it is that one (or no repository is
 * found), unknown where the view or the environment cannot tell. `variable`: the inherited
 * environment (`undefined`: the variable may be set).
 */
export function movedWorkTree(reads: GitReads, dir: string, home: string, variable: Variable): string | { unknown: string } | undefined {
  const workTree = variable('GIT_WORK_TREE');
  const gitDir = variable('GIT_DIR');
  for (const [name, value] of [
    ['GIT_WORK_TREE', workTree],
    ['GIT_DIR', gitDir],
  ] as const)
    if (value === undefined || value === '')
      return { unknown: `${name} may be set in the environment, and it moves the work tree git writes in` };
  const discovered = reads.discover(dir);
  const usual = 'found' in discovered ? discovered.found.workTree : undefined;
  let tree: string | { unknown: string } | undefined;
  if (workTree !== null) tree = fromDirectory(reads.view, dir, workTree!);
  else {
    const found = reads.repositoryAt(dir, gitDir ?? undefined);
    if ('unknown' in found) return found;
    if (!('found' in found)) return undefined;
    // The configuration the call's other git checks read (one read of each file per call).
    const config = reads.config(configFiles(found.found, home, configPlaces(variable)), home);
    if ('unknown' in config) return config;
    tree = configuredWorkTree(reads.view, found.found, config.entries) ?? found.found.workTree;
  }
  if (tree === undefined || typeof tree !== 'string') return tree;
  return tree === usual ? undefined : tree;
}
