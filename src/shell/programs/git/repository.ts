/**
 * Where a git command finds its repository and the configuration it reads, through the
 * file-system view: discovery from the working directory up (git(1) `GIT_DIR` discovery, gitrepository-layout(5):
 * a directory holding `.git`, a file `.git` with `gitdir: …`, or a directory that is itself a
 * repository — `HEAD`, `objects/`, `refs/`, or `HEAD` and `commondir`), then the files git reads
 * in order (git-config(1) "FILES"): the system file, `$XDG_CONFIG_HOME/git/config` (default
 * `~/.config/git/config`), `~/.gitconfig`, the repository's `config` and `config.worktree`, each
 * with its `include.path` and `includeIf.*.path` files in place (every condition assumed true, so
 * nothing that could be included is missed).
 */
import type { ReadonlyFsView } from '../../../core/ports.js';
import { parseGitConfig, type GitConfigEntry } from './config-file.js';

/** A repository discovery found. */
export interface FoundRepository {
  /** The repository directory (`.git`, a bare repository, or what a `.git` file names). */
  gitDir: string;
  /** Where its shared parts live (`commondir`), the same directory for most. */
  commonDir: string;
  /** The working tree's top, or undefined for a bare repository. */
  workTree?: string;
}

/** What discovery concluded: a repository, none up to `/`, or what the view could not tell. */
export type Discovery = { found: FoundRepository } | { none: true } | { unknown: string };

const parent = (p: string) => (p === '/' ? undefined : p.slice(0, p.lastIndexOf('/')) || '/');
const join = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);
/** Absolute, without `.` and `..` (taken lexically: only paths git itself writes are resolved this way). */
function resolve(base: string, path: string): string {
  const parts: string[] = [];
  for (const c of (path.startsWith('/') ? path : `${base}/${path}`).split('/')) {
    if (c === '' || c === '.') continue;
    if (c === '..') parts.pop();
    else parts.push(c);
  }
  return `/${parts.join('/')}`;
}

/** A path that exists, a directory implied by what it holds included. */
function present(view: ReadonlyFsView, path: string): boolean {
  return view.exists(path) || view.isDirectory?.(path) === true;
}

/** Whether a directory is itself a repository, as git's `is_git_directory` asks (loosely: a look-alike counts). */
function looksLikeGitDir(view: ReadonlyFsView, dir: string): boolean {
  if (!present(view, join(dir, 'HEAD'))) return false;
  if (present(view, join(dir, 'commondir'))) return true;
  return present(view, join(dir, 'objects')) && present(view, join(dir, 'refs'));
}

/** `commondir` of a repository directory (a linked worktree's points at the main one), else itself. */
function commonDirOf(view: ReadonlyFsView, gitDir: string): string | { unknown: string } {
  const file = join(gitDir, 'commondir');
  if (!present(view, file)) return gitDir;
  const text = view.readText?.(file);
  if (text === undefined) return { unknown: `${file} cannot be read` };
  return resolve(gitDir, text.trim());
}

/** Discovery from `start` (absolute, normalised) up to `/`, as git does without `GIT_DIR` or a ceiling. @internal */
export function discoverRepository(view: ReadonlyFsView, start: string): Discovery {
  for (let dir: string | undefined = start; dir !== undefined; dir = parent(dir)) {
    const dotGit = join(dir, '.git');
    if (present(view, dotGit)) {
      let gitDir = dotGit;
      if (view.isDirectory?.(dotGit) !== true) {
        const text = view.readText?.(dotGit);
        const m = text === undefined ? null : /^gitdir: *(.+?)\s*$/m.exec(text);
        if (!m) return { unknown: `${dotGit} cannot be read as a directory or a "gitdir:" file` };
        gitDir = resolve(dir, m[1]!);
      }
      const commonDir = commonDirOf(view, gitDir);
      if (typeof commonDir !== 'string') return commonDir;
      return { found: { gitDir, commonDir, workTree: dir } };
    }
    if (looksLikeGitDir(view, dir)) {
      const commonDir = commonDirOf(view, dir);
      if (typeof commonDir !== 'string') return commonDir;
      return { found: { gitDir: dir, commonDir } };
    }
  }
  return { none: true };
}

/**
 * The repository git run in `dir` works on: the one `gitDir` names (`--git-dir`, `GIT_DIR`;
 * relative to `dir`) — a repository directory or a `.git` file pointing at one, its working tree
 * `workTree` (`--work-tree`, `GIT_WORK_TREE`) or else `dir` (git(1): with `GIT_DIR` set and no
 * work tree, the current directory is the top) — else the one discovery finds from `dir` up.
 * One that `gitDir` names and the view does not show is none (git stops: "not a git repository").
 * @internal
 */
export function repositoryAt(view: ReadonlyFsView, dir: string, gitDir?: string, workTree?: string): Discovery {
  if (gitDir === undefined) return discoverRepository(view, dir);
  let repo = resolve(dir, gitDir);
  if (!present(view, repo)) return { none: true };
  if (view.isDirectory?.(repo) !== true) {
    const text = view.readText?.(repo);
    const m = text === undefined ? null : /^gitdir: *(.+?)\s*$/m.exec(text);
    if (!m) return { unknown: `${repo} cannot be read as a directory or a "gitdir:" file` };
    repo = resolve(repo.slice(0, repo.lastIndexOf('/')) || '/', m[1]!);
  }
  const commonDir = commonDirOf(view, repo);
  if (typeof commonDir !== 'string') return commonDir;
  return { found: { gitDir: repo, commonDir, workTree: workTree === undefined ? dir : resolve(dir, workTree) } };
}

/** System configuration files of the usual builds (Debian and most Linux, Homebrew, Apple's git). */
export const GIT_SYSTEM_CONFIGS: readonly string[] = [
  '/etc/gitconfig',
  '/usr/local/etc/gitconfig',
  '/opt/homebrew/etc/gitconfig',
  '/Library/Developer/CommandLineTools/usr/share/git-core/gitconfig',
  '/Applications/Xcode.app/Contents/Developer/usr/share/git-core/gitconfig',
];

/** A variable as the effective configuration holds it: the entry and the file that set it. */
export interface PlacedConfigEntry extends GitConfigEntry {
  file: string;
}

/**
 * The effective configuration in reading order, or the file that could not be read. `files` are
 * the files read; `absent` the files an include names that do not exist (git skips them: a
 * command that creates one before git runs adds configuration the view did not show).
 */
export type EffectiveConfig =
  | { entries: PlacedConfigEntry[]; files: string[]; absent: string[]; includes: GitInclude[] }
  | { unknown: string };

/** An include followed: the file that names it (`from`) and the file it names (`path`, resolved). */
export interface GitInclude {
  from: string;
  path: string;
}

const MAX_INCLUDE_DEPTH = 10;

/**
 * Read configuration files in order, each with its includes in place. A file that does not exist
 * is skipped (git does too); one that exists and cannot be read or parsed makes the whole unknown.
 * @internal
 */
export function readEffectiveConfig(view: ReadonlyFsView, files: readonly string[], home: string): EffectiveConfig {
  const entries: PlacedConfigEntry[] = [];
  const read: string[] = [];
  const absent: string[] = [];
  const includes: GitInclude[] = [];
  const visit = (file: string, depth: number): string | undefined => {
    if (!present(view, file)) {
      if (depth > 0) absent.push(file);
      return undefined;
    }
    if (depth > MAX_INCLUDE_DEPTH) return `${file} is included more than ${MAX_INCLUDE_DEPTH} levels deep`;
    const text = view.readText?.(file);
    if (text === undefined) return `${file} cannot be read`;
    const parsed = parseGitConfig(text);
    if (!parsed.ok) return `${file} line ${parsed.line}: ${parsed.reason}`;
    read.push(file);
    const dir = file.slice(0, file.lastIndexOf('/')) || '/';
    for (const e of parsed.entries) {
      entries.push({ ...e, file });
      if (!/^include(if\..+)?\.path$/.test(e.key) || e.value === null || e.value === '') continue;
      // `~user/…` is another user's home (or this one's): git expands it, toolgate does not look users up.
      if (/^~[^/]/.test(e.value)) return `${file} includes ${e.value}, in a user's home toolgate does not look up`;
      const target = e.value.startsWith('~/')
        ? join(home, e.value.slice(2))
        : e.value.startsWith('%(prefix)/')
          ? undefined
          : resolve(dir, e.value);
      if (target === undefined) return `${file} includes ${e.value}, relative to git's installation`;
      includes.push({ from: file, path: target });
      const problem = visit(target, depth + 1);
      if (problem !== undefined) return problem;
    }
    return undefined;
  };
  for (const f of files) {
    const problem = visit(f, 0);
    if (problem !== undefined) return { unknown: problem };
  }
  return { entries, files: read, absent, includes };
}

/**
 * The entries of the repository's own files — its `config` and `config.worktree`, includes not
 * followed — each parsed as git parses it (a variable may follow its header on the same line:
 * `[core] worktree = ../..`), for the keys git reads there alone (`core.worktree`,
 * `extensions.*`). Unknown when a file that exists cannot be read or parsed. @internal
 */
export function ownConfigEntries(view: ReadonlyFsView, repo: FoundRepository): PlacedConfigEntry[] | { unknown: string } {
  const entries: PlacedConfigEntry[] = [];
  for (const file of [join(repo.commonDir, 'config'), join(repo.gitDir, 'config.worktree')]) {
    if (!present(view, file)) continue;
    const text = view.readText?.(file);
    if (text === undefined) return { unknown: `${file} cannot be read` };
    const parsed = parseGitConfig(text);
    if (!parsed.ok) return { unknown: `${file} line ${parsed.line}: ${parsed.reason}` };
    for (const e of parsed.entries) entries.push({ ...e, file });
  }
  return entries;
}

/** Where the environment moves the system and global files (`GIT_CONFIG_SYSTEM`, `GIT_CONFIG_GLOBAL`, `XDG_CONFIG_HOME`). */
export interface ConfigPlaces {
  system?: string;
  global?: string;
  xdgConfigHome?: string;
}

/** The configuration files of a repository found by discovery, in git's order. @internal */
export function configFiles(repo: FoundRepository | undefined, home: string, places: ConfigPlaces = {}): string[] {
  const xdg = places.xdgConfigHome !== undefined && places.xdgConfigHome.startsWith('/') ? places.xdgConfigHome : join(home, '.config');
  const files = [...(places.system !== undefined ? [places.system] : GIT_SYSTEM_CONFIGS)];
  files.push(...(places.global !== undefined ? [places.global] : [join(xdg, 'git/config'), join(home, '.gitconfig')]));
  if (repo) files.push(join(repo.commonDir, 'config'), join(repo.gitDir, 'config.worktree'));
  return files;
}

/**
 * The directory git takes hooks from (githooks(5)): the last `core.hooksPath` of the effective
 * configuration — relative to the working tree's top (a bare repository's: the repository), `~/`
 * from home — else the repository's `hooks`. @internal
 */
export function hooksDirectory(repo: FoundRepository, entries: readonly GitConfigEntry[], home: string): string {
  let hooksPath: string | null | undefined;
  for (const e of entries) if (e.key === 'core.hookspath') hooksPath = e.value;
  if (hooksPath === undefined || hooksPath === null || hooksPath === '') return join(repo.commonDir, 'hooks');
  return hooksPath.startsWith('~/') ? join(home, hooksPath.slice(2)) : resolve(repo.workTree ?? repo.gitDir, hooksPath);
}

/**
 * The file the last `diff.orderFile` of the effective configuration names (git-config(1)): the
 * order file every diff git prints reads, as `-O` names one — `~/` from home, a relative path
 * from the working tree's top (git runs from there; a bare repository's: the repository).
 * `undefined` when none is set. @internal
 */
export function orderFile(
  repo: FoundRepository | undefined,
  entries: readonly GitConfigEntry[],
  home: string,
  cwd: string,
): string | undefined {
  let file: string | null | undefined;
  for (const e of entries) if (e.key === 'diff.orderfile') file = e.value;
  if (file === undefined || file === null || file === '') return undefined;
  return file.startsWith('~/') ? join(home, file.slice(2)) : resolve(repo?.workTree ?? repo?.gitDir ?? cwd, file);
}

/**
 * Whether `git status` would run a `post-index-change` hook: the hooks directory is
 * `core.hooksPath` (relative to the working tree's top, `~/` from home) or the repository's
 * `hooks`. `unknown` when the hook's place cannot be told.
 * @internal
 */
export function indexHook(
  view: ReadonlyFsView,
  repo: FoundRepository,
  entries: readonly GitConfigEntry[],
  home: string,
): string | { unknown: string } | undefined {
  const hook = join(hooksDirectory(repo, entries, home), 'post-index-change');
  return present(view, hook) ? hook : undefined;
}
