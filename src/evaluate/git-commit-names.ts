/**
 * The names a git command writes from commits (`git reset --hard`, `git checkout main`, `git
 * merge main`, `git stash pop`), judged by what the commits hold (decision 0121): where the
 * file-system view reads the repository — its refs, its objects (loose and packed) and its
 * index — the paths of every tree the command takes files from are the names it may write or
 * remove, each checked against the protected paths. A three-way merge may also move a file into
 * a folder the other side renamed (git's directory-rename detection): every folder of those trees
 * joined with every tail of their paths counts too. What the view cannot read whole is unknown.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { protectedPathMatch, type ProtectedPathSpec } from '../paths/index.js';
import type { GitCommitsTaken } from '../shell/types.js';
import { takenPaths } from '../shell/programs/git/commit-trees.js';
import { discoverRepository } from '../shell/programs/git/repository.js';
import { GIT_COMMIT_VARIABLES, GIT_TAKES_VARIABLES } from '../shell/programs/git/takes.js';

/** Most names a merge's folders and tails may make before the answer is unknown. */
const MAX_MERGED_NAMES = 50_000;

/** What the commits' names come to: a protected one written, none, or what the view cannot settle. */
export type CommitNames = { hit: { path: string; entry: string; moved: boolean } } | { clear: true } | { unknown: string };

const join = (dir: string, rel: string) => (dir === '/' ? `/${rel}` : `${dir}/${rel}`);

/** Every folder (the top as `''`) and every tail of the paths. */
function foldersAndTails(paths: ReadonlySet<string>): { folders: Set<string>; tails: Set<string> } {
  const folders = new Set<string>(['']);
  const tails = new Set<string>();
  for (const p of paths) {
    const segs = p.split('/');
    for (let i = 1; i < segs.length; i++) folders.add(segs.slice(0, i).join('/'));
    for (let i = 0; i < segs.length; i++) tails.add(segs.slice(i).join('/'));
  }
  return { folders, tails };
}

/**
 * The protected path among the names a git command writes from the commits `taken` in the work
 * tree holding `dir`, or why the view cannot tell. `maySet(name)`: whether the environment may
 * set the variable (one that moves the repository, its index or its tree makes it unknown).
 */
export function commitNames(
  view: ReadonlyFsView | undefined,
  dir: string,
  taken: GitCommitsTaken,
  spec: ProtectedPathSpec,
  maySet: (name: string) => boolean,
): CommitNames {
  if (taken.how === 'fetched') return { unknown: 'git pull takes them from commits it fetches first' };
  if (view === undefined) return { unknown: 'no file-system view' };
  const moved = GIT_TAKES_VARIABLES.find(maySet);
  if (moved !== undefined) return { unknown: `${moved} may move the repository` };
  const other = GIT_COMMIT_VARIABLES.find(maySet);
  if (other !== undefined) return { unknown: `${other} may make git read other commits` };
  const found = discoverRepository(view, dir);
  if (!('found' in found) || found.found.workTree === undefined) return { unknown: 'the repository cannot be found' };
  const workTree = found.found.workTree;
  const read = takenPaths(view, found.found, taken);
  if ('unknown' in read) return read;
  // A folder on the way that is a link: git would refuse, or write where it leads.
  const { folders, tails } = foldersAndTails(read.paths);
  for (const f of folders) if (f !== '' && view.isSymlink?.(join(workTree, f)) !== false) return { unknown: `${f} may be a symbolic link` };
  for (const p of read.paths) {
    const entry = protectedPathMatch(join(workTree, p), spec);
    if (entry !== undefined) return { hit: { path: join(workTree, p), entry, moved: false } };
  }
  // A folder where a file lands is removed whole, untracked files in it too (`git reset --hard
  // feat` removed an untracked `d/.claude/settings.json` where feat holds the file `d`; git 2.39.5).
  for (const p of read.paths)
    if (view.isDirectory?.(join(workTree, p)) !== false && view.exists(join(workTree, p)))
      return { unknown: `${p} is a folder git may remove to write the file` };
  if (read.merges || taken.merges === true) {
    if (folders.size * tails.size > MAX_MERGED_NAMES) return { unknown: 'the trees are too large to follow renamed folders' };
    for (const f of folders)
      for (const t of tails) {
        const path = join(workTree, f === '' ? t : `${f}/${t}`);
        const entry = protectedPathMatch(path, spec);
        if (entry !== undefined) return { hit: { path, entry, moved: true } };
      }
  }
  return { clear: true };
}
