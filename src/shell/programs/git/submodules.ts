/**
 * The submodules a git command run in a repository may visit, and where each takes its hooks
 * from. `git status`, `git diff`, `git diff-files`, `git diff-index` and `git describe --dirty`
 * run `git status` in each populated submodule, which refreshes that submodule's index and runs
 * its own `post-index-change` (from `.git/modules/NAME/hooks`, or its own `core.hooksPath`);
 * a command that checks out or fetches with `--recurse-submodules` (or `submodule.recurse`) runs
 * the submodule's other hooks (verified with git 2.39.5: `test/shell/programs/git/hooks.test.ts`).
 *
 * The submodules are read through the call's `GitReads`: the `.gitmodules` file of each work tree
 * (`submodule.NAME.path`), the repositories at those paths where populated, the repositories
 * kept in `.git/modules/NAME`, and the submodules of each of those in turn. Anything that cannot
 * be listed — a `.gitmodules` or configuration that cannot be read, a folder in `.git/modules`
 * that is no repository, more than `MAX_SUBMODULES` — is `{ unknown }`: the caller asks.
 * A repository embedded without `.gitmodules` and not kept in `.git/modules` is not seen here.
 */
import type { GitReads } from './reads.js';
import { configFiles, hooksDirectory, type ConfigPlaces, type FoundRepository, type PlacedConfigEntry } from './repository.js';

/** The most submodules (nested ones counted) looked at; more is an answer toolgate cannot give. */
export const MAX_SUBMODULES = 16;

/**
 * A submodule's hooks directory, the path it is known by (relative to the top work tree), its
 * work tree where known, and its own effective configuration (`.git/modules/NAME/config`, its
 * `config.worktree`, their includes, after the system and global files): what git run in it reads.
 */
export interface SubmoduleHooks {
  hooks: string;
  path: string;
  workTree?: string;
  config: readonly PlacedConfigEntry[];
}

/** The listing of each top repository, per call's reads (the hook lookup, the read-only check and the configuration's runs share it). */
const listed = new WeakMap<GitReads, Map<string, SubmoduleHooks[] | { unknown: string }>>();

const join = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);

/** Whether a directory looks like a repository directory (`HEAD`, and `objects` or `commondir`). */
function looksLikeGitDir(reads: GitReads, dir: string): boolean {
  const v = reads.view;
  const present = (p: string) => v.exists(p) || v.isDirectory?.(p) === true;
  return present(join(dir, 'HEAD')) && (present(join(dir, 'objects')) || present(join(dir, 'commondir')));
}

/** The `submodule.NAME.path` entries of a work tree's `.gitmodules`, or why they cannot be read. */
function gitmodules(reads: GitReads, workTree: string, home: string): { name: string; path: string }[] | { unknown: string } {
  const file = join(workTree, '.gitmodules');
  const v = reads.view;
  if (!v.exists(file) && v.isDirectory?.(file) !== true) return [];
  const config = reads.config([file], home);
  if ('unknown' in config) return { unknown: config.unknown };
  const out: { name: string; path: string }[] = [];
  for (const e of config.entries) {
    const m = /^submodule\.(.+)\.path$/.exec(e.key);
    if (m && e.value !== null && e.value !== '') out.push({ name: m[1]!, path: e.value.replace(/\/+$/, '') });
  }
  return out;
}

/**
 * The hooks directories of the submodules of `top` (nested ones too), as the view shows them,
 * or `{ unknown }` (see the module comment). `places`: where the system and global configuration
 * are read from. @internal
 */
export function submoduleHooksDirectories(
  reads: GitReads,
  top: FoundRepository,
  home: string,
  places: ConfigPlaces,
): SubmoduleHooks[] | { unknown: string } {
  let memo = listed.get(reads);
  if (memo === undefined) listed.set(reads, (memo = new Map()));
  const key = `${top.gitDir}\0${top.workTree ?? ''}\0${home}\0${JSON.stringify(places)}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const found = listSubmodules(reads, top, home, places);
  memo.set(key, found);
  return found;
}

function listSubmodules(reads: GitReads, top: FoundRepository, home: string, places: ConfigPlaces): SubmoduleHooks[] | { unknown: string } {
  const out: SubmoduleHooks[] = [];
  const seen = new Set<string>([top.gitDir]);
  const queue: { repo: FoundRepository; prefix: string }[] = [{ repo: top, prefix: '' }];
  while (queue.length > 0) {
    const { repo, prefix } = queue.shift()!;
    if (repo.workTree === undefined) continue;
    const listed = gitmodules(reads, repo.workTree, home);
    if ('unknown' in listed) return { unknown: listed.unknown };
    const found: { repo: FoundRepository; path: string }[] = [];
    for (const { name, path } of listed) {
      if (path.startsWith('/') || path.split('/').some((c) => c === '..' || c === '.' || c === ''))
        return { unknown: `.gitmodules names the path ${path}` };
      const at = join(repo.workTree, path);
      const d = reads.view.exists(join(at, '.git')) || reads.view.isDirectory?.(join(at, '.git')) === true ? reads.discover(at) : undefined;
      if (d !== undefined && 'unknown' in d) return { unknown: d.unknown };
      if (d !== undefined && 'found' in d) found.push({ repo: d.found, path: prefix + path });
      const kept = join(join(repo.commonDir, 'modules'), name);
      if (looksLikeGitDir(reads, kept)) found.push({ repo: { gitDir: kept, commonDir: kept, workTree: at }, path: prefix + path });
    }
    // A folder of .git/modules that .gitmodules does not name (a submodule removed, or one
    // named in a .gitmodules toolgate did not read) is looked at too, or cannot be told.
    const modules = join(repo.commonDir, 'modules');
    for (const entry of reads.view.list?.(modules) ?? []) {
      const kept = join(modules, entry);
      if (listed.some((l) => l.name === entry)) continue;
      if (looksLikeGitDir(reads, kept)) found.push({ repo: { gitDir: kept, commonDir: kept }, path: prefix + entry });
      else if (!listed.some((l) => l.name.startsWith(`${entry}/`))) return { unknown: `${kept} is not a repository toolgate can read` };
    }
    for (const f of found) {
      if (seen.has(f.repo.gitDir)) continue;
      seen.add(f.repo.gitDir);
      if (seen.size - 1 > MAX_SUBMODULES) return { unknown: `the repository has more than ${MAX_SUBMODULES} submodules` };
      const config = reads.config(configFiles(f.repo, home, places), home);
      if ('unknown' in config) return { unknown: config.unknown };
      const workTree = f.repo.workTree;
      out.push({
        hooks: hooksDirectory(f.repo, config.entries, home),
        path: f.path,
        config: config.entries,
        ...(workTree === undefined ? {} : { workTree }),
      });
      queue.push({ repo: f.repo, prefix: `${f.path}/` });
    }
  }
  return out;
}
