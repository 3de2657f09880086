/**
 * Which files of a working tree git takes when a subcommand reads the tree whole
 * (`PathEffect.gitTakes`): the tracked ones (what the index holds), and for `git add .` also the
 * untracked ones no `.gitignore` ignores. Settled only through the file-system view and only when
 * nothing the view cannot show may change git's choice: a variable that moves the repository,
 * the index or the work tree (or sets configuration) may not be set, the repository's own
 * configuration names no other work tree, and the index and every `.gitignore` on the way are
 * readable. A `.gitignore` match outranks `$GIT_DIR/info/exclude` and `core.excludesFile`
 * (gitignore(5), "precedence"), so those need not be read to know that a path is ignored.
 */
import type { ReadonlyFsView } from '../../../core/ports.js';
import { compileGitignorePattern, gitignoreIgnores, isMatchablePath } from '../../../paths/gitignore-match.js';
import { readIndexPaths, type TrackedPaths } from './index-file.js';
import { discoverRepository, ownConfigEntries } from './repository.js';

/** Variables that move what git reads (git(1) ENVIRONMENT VARIABLES) or set its configuration. */
export const GIT_TAKES_VARIABLES: readonly string[] = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_INDEX_FILE',
  'GIT_COMMON_DIR',
  'GIT_OBJECT_DIRECTORY',
  'GIT_CONFIG_PARAMETERS',
  'GIT_CONFIG_COUNT',
];

/**
 * Variables that change which commits git reads (git(1)): replace refs under another base (a
 * branch named like a commit then replaces it), grafts, borrowed objects, a shallow file.
 */
export const GIT_COMMIT_VARIABLES: readonly string[] = [
  'GIT_REPLACE_REF_BASE',
  'GIT_GRAFT_FILE',
  'GIT_ALTERNATE_OBJECT_DIRECTORIES',
  'GIT_SHALLOW_FILE',
];

const join = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);

/**
 * A test of whether git surely leaves a path of the tree `tree` out (`true`), or `undefined` when
 * the view cannot settle what git takes there. `maySet(name)`: whether the environment may set
 * the variable.
 */
export function gitSkipsIn(
  view: ReadonlyFsView,
  tree: string,
  takes: 'tracked' | 'unignored',
  maySet: (name: string) => boolean,
): ((path: string) => boolean) | undefined {
  const found = trackedIn(view, tree, maySet);
  if (found === undefined) return undefined;
  const { workTree, tracked } = found;
  const folded = new Set([...tracked.paths].map((p) => p.toLowerCase()));
  const top = workTree === '/' ? '/' : `${workTree}/`;
  return (path) => {
    if (!path.startsWith(top)) return false;
    const rel = path.slice(top.length);
    if (rel === '' || !isMatchablePath(rel) || rel === '.git' || rel.startsWith('.git/')) return false;
    const segs = rel.split('/');
    // A repository nested below the top is another repository's: not settled here.
    for (let i = 1; i < segs.length; i++) if (view.exists(join(workTree, `${segs.slice(0, i).join('/')}/.git`))) return false;
    // Tracked (any case: a case-insensitive volume may hold the tracked name under another
    // spelling); a directory is taken when it holds a tracked path.
    const low = rel.toLowerCase();
    const isDir = view.isDirectory?.(path);
    if (isDir === undefined && view.exists(path)) return false;
    if (
      folded.has(low) ||
      tracked.dirs.some((d) => low.startsWith(d.toLowerCase()) || (isDir === true && d.toLowerCase().startsWith(`${low}/`)))
    )
      return false;
    if (isDir === true && [...folded].some((p) => p.startsWith(`${low}/`))) return false;
    if (takes === 'tracked') return true;
    return ignoredByGitignores(view, workTree, segs, isDir === true);
  };
}

/** The work tree holding `tree` and the paths its index tracks, or `undefined` when the view cannot settle them. */
function trackedIn(
  view: ReadonlyFsView,
  tree: string,
  maySet: (name: string) => boolean,
): { workTree: string; tracked: TrackedPaths } | undefined {
  // A view that cannot read the index cannot tell a missing one (nothing tracked) from one it does not show.
  if (view.readBytes === undefined || GIT_TAKES_VARIABLES.some(maySet)) return undefined;
  const found = discoverRepository(view, tree);
  if (!('found' in found) || found.found.workTree === undefined) return undefined;
  const { gitDir, workTree } = found.found;
  // The repository's configuration may name another work tree, or say its objects are SHA-256;
  // parsed, not matched by line: git reads `[core] worktree = ../..` (replay 23 V1b).
  const own = ownConfigEntries(view, found.found);
  if ('unknown' in own || own.some((e) => e.key === 'core.worktree')) return undefined;
  const format = own.filter((e) => e.key === 'extensions.objectformat').at(-1)?.value;
  if (format !== undefined && format !== 'sha1' && format !== 'sha256') return undefined;
  const hashBytes = format === 'sha256' ? 32 : 20;
  const indexFile = join(gitDir, 'index');
  if (!view.exists(indexFile)) return { workTree, tracked: { paths: new Set(), dirs: [], blobs: [] } };
  const bytes = view.readBytes(indexFile);
  const read = bytes === undefined ? undefined : readIndexPaths(bytes, hashBytes);
  return read === undefined ? undefined : { workTree, tracked: read };
}

/**
 * Whether git, reading the files its index tracks below `tree` where they stand in the work tree
 * (`git grep`), may pass through a symbolic link: `false` only when the view shows that no tracked
 * path lies below a link (git records a link as a link and never walks into one; an index made by
 * hand may still name `vendor/keys/id_rsa` below the link `vendor/keys`, which git then reads
 * through it). `bound`: most folders looked at before the answer is "may".
 */
export function gitTracksThroughLinks(view: ReadonlyFsView, tree: string, maySet: (name: string) => boolean, bound: number): boolean {
  if (view.isSymlink === undefined) return true;
  const found = trackedIn(view, tree, maySet);
  if (found === undefined || found.tracked.dirs.length > 0) return true;
  const { workTree, tracked } = found;
  const top = workTree === '/' ? '/' : `${workTree}/`;
  const below = tree === '/' ? '/' : `${tree}/`;
  const seen = new Set<string>();
  for (const rel of tracked.paths) {
    const segs = rel.split('/');
    // The folders between `tree` and the file (a link above `tree` is resolved in `tree`'s own
    // path); a file that is itself a link is not read (git reads regular files only).
    for (let i = 1; i < segs.length; i++) {
      const dir = `${top}${segs.slice(0, i).join('/')}`;
      if (!dir.startsWith(below) || seen.has(dir)) continue;
      if (seen.size >= bound) return true;
      seen.add(dir);
      if (view.isSymlink(dir) !== false) return true;
    }
  }
  return false;
}

/**
 * Whether the `.gitignore` files from the work tree's top down to the path's directory ignore it
 * (the path or a directory above it), whatever `core.ignorecase` says: some file ignores it, and
 * no file below that one holds a negation that could take it back. Unreadable is not ignored.
 */
function ignoredByGitignores(view: ReadonlyFsView, workTree: string, segs: readonly string[], isDir: boolean): boolean {
  const levels: { ignores: boolean; negates: boolean }[] = [];
  for (let i = 0; i < segs.length; i++) {
    const dir = i === 0 ? workTree : join(workTree, segs.slice(0, i).join('/'));
    const file = join(dir, '.gitignore');
    if (!view.exists(file)) {
      levels.push({ ignores: false, negates: false });
      continue;
    }
    const text = view.readText?.(file);
    if (text === undefined) return false;
    const rel = `${segs.slice(i).join('/')}${isDir ? '/' : ''}`;
    const ignores =
      gitignoreIgnores(compileGitignorePattern(text, false), rel) && gitignoreIgnores(compileGitignorePattern(text, true), rel);
    levels.push({ ignores, negates: /^[ \t]*!/m.test(text) });
  }
  return levels.some((l, i) => l.ignores && levels.slice(i + 1).every((below) => !below.negates));
}

/**
 * Whether git's index may track a path below `link` (a symbolic link git is named, `git grep X
 * vendor/keys/`): git then reads that path through the link where it stands (an index made before
 * the folder became a link, verified with git 2.39.5); `false` only when the view shows that the
 * index tracks nothing below it (git records a link as a link, and reads no link it is named).
 */
export function gitTracksBelow(view: ReadonlyFsView, link: string, maySet: (name: string) => boolean): boolean {
  const found = trackedIn(view, link, maySet);
  if (found === undefined || found.tracked.dirs.length > 0) return true;
  const { workTree, tracked } = found;
  const top = workTree === '/' ? '/' : `${workTree}/`;
  if (!link.startsWith(top)) return true;
  const below = `${link.slice(top.length)}/`;
  for (const rel of tracked.paths) if (rel.startsWith(below)) return true;
  return false;
}

/**
 * The tracked files whose content a git command that names objects reads (red team 11): each file
 * of the index whose blob id one of `ids` names (the whole id, or 4 or more of its first hex
 * digits), and each file whose blob is the one the index entry of a path of `indexPaths`
 * (absolute: `git show :x.txt`) holds. Absolute paths; `undefined` when the view
 * cannot read the index of the repository holding `dir`.
 */
export function gitObjectPaths(
  view: ReadonlyFsView,
  dir: string,
  ids: readonly string[],
  indexPaths: readonly string[],
  maySet: (name: string) => boolean,
): string[] | undefined {
  const found = trackedIn(view, dir, maySet);
  if (found === undefined) return undefined;
  const { workTree, tracked } = found;
  const named = ids.map((w) => w.toLowerCase()).filter((w) => /^[0-9a-f]{4,64}$/.test(w));
  const held = new Set(tracked.blobs.filter((b) => indexPaths.includes(join(workTree, b.path))).map((b) => b.id));
  return [
    ...new Set(tracked.blobs.filter((b) => held.has(b.id) || named.some((w) => b.id.startsWith(w))).map((b) => join(workTree, b.path))),
  ];
}
