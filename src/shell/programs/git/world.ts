/**
 * Whether a read-only git subcommand stays read-only where it runs: the repository discovery
 * finds from the working directory is the project's, no environment variable moves its
 * repository or configuration or names a program it runs, and the effective configuration
 * (system, global, repository, worktree, includes) sets none of the keys that make that
 * subcommand run a program (`config-reads.ts`). What the file-system view cannot settle — a
 * configuration file it cannot read, a working directory outside the project without a view —
 * is unknown, never read-only.
 */
import type { ReadonlyFsView } from '../../../core/ports.js';
import type { GitConfigEntry } from './config-file.js';
import { isTrue } from './config-kinds.js';
import { configReadsOf, isPartialClone, programKeys } from './config-reads.js';
import { submoduleConfigSub } from './hooks.js';
import { GIT_FETCH_VARIABLES, GIT_MOVING_VARIABLES } from './environment-variables.js';
import { gitReads, type GitReads } from './reads.js';
import { submoduleHooksDirectories, type SubmoduleHooks } from './submodules.js';
import {
  configFiles,
  hooksDirectory,
  indexHook,
  orderFile,
  type ConfigPlaces,
  type Discovery,
  type FoundRepository,
  type GitInclude,
  type PlacedConfigEntry,
} from './repository.js';
import { programVariables } from '../program-variables.js';
import { inheritedConfig } from './inherited-config.js';

/** Where a git command runs. */
export interface GitWhere {
  /** The working directory it runs in (absolute, normalised). */
  cwd: string;
  /** The project's root (absolute, normalised): its repository is the one read-only git may read. */
  projectDir: string;
  home: string;
  /** The file-system view; without one, paths are judged lexically and no configuration is read. */
  view?: ReadonlyFsView;
  /**
   * The call's reads through `view` (discovery, configuration), shared with its other git checks.
   * Absent: this check reads afresh.
   */
  reads?: GitReads;
  /**
   * A variable of the environment the command inherits: its value when known set, `null` when
   * known unset, `undefined` when it may be set.
   */
  variable(name: string): string | null | undefined;
  /**
   * Why nothing is known of the environment and how to tell it, in the front end's words: added to
   * the reason when a variable may be set. Absent: the reason says only that it may be set.
   */
  environmentUnknown?: string;
  /**
   * Whether the command line git runs in writes the file at `path` (absolute), or may: a
   * configuration file written before git reads it is not the one the view shows. Absent: nothing
   * else on the line writes.
   */
  writes?(path: string): boolean;
}

/**
 * Why a read-only git subcommand is not read-only where it runs (a reason a person can read), or
 * undefined. `words`, the subcommand's words when known, narrow the named formats it may use.
 * @internal
 */
export function gitWorldProblem(sub: string, where: GitWhere, words?: readonly string[]): string | undefined {
  const reads = configReadsOf(sub);
  for (const name of [...GIT_MOVING_VARIABLES, ...(reads.variables ?? [])]) {
    const problem = variableProblem(name, where);
    if (problem !== undefined) return problem;
  }
  const { view } = where;
  if (!view) {
    return where.cwd === where.projectDir
      ? undefined
      : `git in ${where.cwd} may find another repository than the project's there (toolgate has no view of the files)`;
  }
  const git = where.reads ?? gitReads(view);
  const here = git.discover(where.cwd);
  if ('unknown' in here) return `where git ${sub} finds its repository is unknown: ${here.unknown}`;
  if (where.cwd !== where.projectDir) {
    const project = git.discover(where.projectDir);
    if ('unknown' in project) return `where git finds the project's repository is unknown: ${project.unknown}`;
    if (gitDirOf(here) !== gitDirOf(project)) {
      return `git in ${where.cwd} finds ${'found' in here ? `the repository ${here.found.gitDir}` : 'no repository'}, not the project's${'found' in project ? ` (${project.found.gitDir})` : ''}: its configuration and hooks may run programs`;
    }
  }
  const repo = 'found' in here ? here.found : undefined;
  const chosen = configFiles(repo, where.home, configPlaces(where.variable));
  const config = git.config(chosen, where.home);
  if ('unknown' in config) return `git's configuration cannot be read (${config.unknown}): it may make git ${sub} run a program`;
  if (reads.config.length > 0 && where.writes !== undefined) {
    const written = [...config.files, ...config.absent].find((f) => where.writes!(f));
    if (written !== undefined) {
      const what = config.absent.includes(written) ? 'an include names it (it does not exist yet)' : 'git reads it as configuration';
      return `the command line writes ${written}, and ${what}: it may set a key that makes git ${sub} run a program`;
    }
  }
  const partial = isPartialClone(config.entries);
  const key = codeKey(sub, config.entries, partial, words);
  if (key) return `${key.entry.file} sets ${key.entry.key}${shownValue(key.entry.value)}, which git ${sub} reads: ${key.what}`;
  if (partial && reads.objects === true) {
    for (const name of GIT_FETCH_VARIABLES) {
      const problem = variableProblem(name, where, 'a partial clone fetches missing objects, running it');
      if (problem !== undefined) return problem;
    }
  }
  if (reads.indexHook === true && repo) {
    const hook = indexHook(view, repo, config.entries, where.home);
    if (typeof hook === 'string') return `git ${sub} may write the index, which runs the hook ${hook}`;
  }
  return repo === undefined ? undefined : submoduleProblem(git, repo, sub, words ?? [], config.entries, where);
}

/**
 * Why the submodules `git SUB WORDS` visits make it run a program: a key of their own
 * configuration that the subcommand git runs in them reads (`hooks.ts submoduleConfigSub`), or
 * submodules that cannot be listed. Undefined where it visits none.
 */
function submoduleProblem(
  git: GitReads,
  repo: FoundRepository,
  sub: string,
  words: readonly string[],
  entries: readonly GitConfigEntry[],
  where: GitWhere,
): string | undefined {
  const recurse = entries.findLast((e) => e.key === 'submodule.recurse');
  const visit = submoduleConfigSub(sub, words, recurse !== undefined && isTrue(recurse.value));
  if (visit === undefined) return undefined;
  const subs = submoduleHooksDirectories(git, repo, where.home, configPlaces(where.variable));
  if ('unknown' in subs)
    return `git ${sub} visits the repository's submodules, which toolgate cannot list (${subs.unknown}): their configuration may run a program`;
  for (const s of subs) {
    const key = codeKey(visit, s.config, isPartialClone(s.config));
    if (key)
      return `${key.entry.file} sets ${key.entry.key}${shownValue(key.entry.value)}, which git ${visit} reads in the submodule ${s.path}: ${key.what}`;
  }
  return undefined;
}

/**
 * A key's value as a reason shows it (` = git-lfs clean -- %f`): the program a person is asked
 * about; a long one cut, a bare key (true) nothing.
 */
function shownValue(value: string | null): string {
  if (value === null) return '';
  const flat = value.replace(/\s+/g, ' ');
  return ` = ${flat.length > 80 ? `${flat.slice(0, 77)}...` : flat}`;
}

/** A known place of the system or global file, read instead of the usual ones. @internal */
export function configPlaces(variable: GitWhere['variable']): ConfigPlaces {
  const places: ConfigPlaces = {};
  const known = (name: string) => variable(name) ?? undefined;
  if (known('GIT_CONFIG_SYSTEM') !== undefined) places.system = known('GIT_CONFIG_SYSTEM')!;
  if (known('GIT_CONFIG_GLOBAL') !== undefined) places.global = known('GIT_CONFIG_GLOBAL')!;
  if (known('XDG_CONFIG_HOME') !== undefined) places.xdgConfigHome = known('XDG_CONFIG_HOME')!;
  return places;
}

/** The repository a git command names itself (`--git-dir`, `GIT_DIR`) and its working tree, relative to where it runs. */
export interface GitRepositoryGiven {
  gitDir?: string;
  workTree?: string;
}

/**
 * The directory git run in `dir` takes its hooks from, as the file-system view (read through the
 * call's `reads`) shows the repository there and its effective configuration (`core.hooksPath` of the system, global,
 * repository and worktree files and their includes; the repository `given` names, else the one
 * discovery finds from `dir`): `undefined` when no repository is found or
 * the configuration cannot be read (what git does then cannot be told here; git's own `hooks`
 * folder is a protected path by name). @internal
 */
export function gitHooksDirectory(
  reads: GitReads,
  dir: string,
  home: string,
  variable: GitWhere['variable'],
  given: GitRepositoryGiven = {},
): string | undefined {
  const place = gitHooksPlace(reads, dir, home, variable, given);
  return 'hooks' in place ? place.hooks : undefined;
}

/**
 * Where git run in `dir` takes its hooks from, as {@link gitHooksDirectory} finds it, with the
 * repository's directory (`gitDir`), whether some configuration sets `core.hooksPath` (`hooksPathSet`), and the configuration files git reads there (`configFiles`:
 * those the view shows and those an include names that do not exist yet): `{ none }` when no
 * repository is found, `{ unknown }` when the view cannot tell the repository or read its
 * configuration. @internal
 */
export function gitHooksPlace(
  reads: GitReads,
  dir: string,
  home: string,
  variable: GitWhere['variable'],
  given: GitRepositoryGiven = {},
): { hooks: string; gitDir: string; configFiles: string[]; hooksPathSet: boolean } | { none: true } | { unknown: string } {
  const found = reads.repositoryAt(dir, given.gitDir, given.workTree);
  if (!('found' in found)) return found;
  const config = reads.config(configFiles(found.found, home, configPlaces(variable)), home);
  if ('unknown' in config) return config;
  const environment = environmentConfig(variable, { reads, home });
  if ('unknown' in environment) return environment;
  const entries = environment.entries.length === 0 ? config.entries : [...config.entries, ...environment.entries];
  return {
    hooks: hooksDirectory(found.found, entries, home),
    hooksPathSet: entries.some((e) => e.key === 'core.hookspath'),
    gitDir: found.found.gitDir,
    configFiles: [...config.files, ...config.absent],
  };
}

/**
 * The configuration the environment gives git after its files (`GIT_CONFIG_COUNT` with its
 * `GIT_CONFIG_KEY_n`/`GIT_CONFIG_VALUE_n`, `GIT_CONFIG_PARAMETERS`: `inherited-config.ts`), or why
 * it cannot be read: git 2.39 ran an inherited `core.fsmonitor` of either form at `git status`, and
 * took its hooks from an inherited `core.hooksPath` at `git commit` (red team 27 C). With `follow`,
 * each file an `include.path` or `includeIf.<cond>.path` of it names is read in its place, with its
 * own includes (`includes`: every condition taken as true, a file not there yet among them): git
 * 2.39.5 ran the `core.fsmonitor` of a file `GIT_CONFIG_KEY_0=include.path` named (`~/inc.cfg` or
 * absolute; includeIf's gitdir: and onbranch: too, GIT_CONFIG_PARAMETERS and `-c` alike), and
 * refused a relative one ("relative config includes must come from files"). None — and no shell
 * module loaded (tsup `outside`) — where neither variable is set.
 * @internal
 */
export function environmentConfig(
  variable: GitWhere['variable'],
  follow?: { reads: GitReads; home: string },
): { entries: PlacedConfigEntry[]; includes: GitInclude[] } | { unknown: string } {
  const set = (name: string): boolean => {
    const value = variable(name);
    return typeof value === 'string' && value !== '';
  };
  if (!set('GIT_CONFIG_COUNT') && !set('GIT_CONFIG_PARAMETERS')) return { entries: [], includes: [] };
  const inherited = inheritedConfig(variable);
  if ('unknown' in inherited || follow === undefined) return 'unknown' in inherited ? inherited : { ...inherited, includes: [] };
  const entries: PlacedConfigEntry[] = [];
  const includes: GitInclude[] = [];
  for (const e of inherited.entries) {
    entries.push(e);
    if (!/^include(if\..+)?\.path$/.test(e.key) || e.value === null || e.value === '') continue;
    if (/^~[^/]/.test(e.value)) return { unknown: `${e.file} includes ${e.value}, in a user's home toolgate does not look up` };
    const target = e.value.startsWith('~/') ? `${follow.home === '/' ? '' : follow.home}/${e.value.slice(2)}` : e.value.startsWith('/') ? e.value : undefined;
    if (target === undefined) continue;
    includes.push({ from: e.file, path: target });
    const read = follow.reads.config([target], follow.home);
    if ('unknown' in read) return read;
    entries.push(...read.entries);
    includes.push(...read.includes);
  }
  return { entries, includes };
}

/**
 * The hooks directories of the submodules of the repository git run in `dir` works on (as
 * `gitHooksDirectory` finds it), or `{ unknown }` when they cannot be listed (`submodules.ts`);
 * none where no repository is found. @internal
 */
export function gitSubmoduleHooks(
  reads: GitReads,
  dir: string,
  home: string,
  variable: GitWhere['variable'],
  given: GitRepositoryGiven = {},
): SubmoduleHooks[] | { unknown: string } {
  const found = reads.repositoryAt(dir, given.gitDir, given.workTree);
  if (!('found' in found)) return [];
  return submoduleHooksDirectories(reads, found.found, home, configPlaces(variable));
}

/**
 * The order file git run in `dir` reads for every diff it prints, as the effective configuration
 * sets it (`diff.orderFile`), or `undefined` when none is set or the configuration cannot be read
 * (a read-only git command asks then: `gitWorldProblem`). @internal
 */
export function gitOrderFile(reads: GitReads, dir: string, home: string, variable: GitWhere['variable']): string | undefined {
  const found = reads.discover(dir);
  if ('unknown' in found) return undefined;
  const repo = 'found' in found ? found.found : undefined;
  const config = reads.config(configFiles(repo, home, configPlaces(variable)), home);
  return 'unknown' in config ? undefined : orderFile(repo, config.entries, home, dir);
}

function gitDirOf(d: Discovery): string | undefined {
  return 'found' in d ? d.found.gitDir : undefined;
}

/**
 * Variables whose known value is a place git reads configuration from (read, not refused): the
 * one table's configuration variables but `GIT_CONFIG` (read by `git config` alone, and not
 * followed here) and `HOME` (the home the world reads its files from anyway).
 */
const CONFIG_FILE_VARIABLES: ReadonlySet<string> = new Set(
  programVariables((v) => v.git === 'configuration').filter((name) => name !== 'GIT_CONFIG' && name !== 'HOME'),
);

function variableProblem(name: string, where: GitWhere, what = 'git reads it'): string | undefined {
  const value = where.variable(name);
  if (value === null) return undefined;
  if (value === undefined) {
    const unknown = where.environmentUnknown !== undefined ? `; ${where.environmentUnknown}` : '';
    return `${name} may be set in the environment, and ${what === 'git reads it' ? 'it moves where git finds its repository or configuration, or names a program git runs' : what}${unknown}`;
  }
  if (CONFIG_FILE_VARIABLES.has(name) && value.startsWith('/') && where.view) return undefined;
  // GIT_TRACE=0/false/1/2 write nowhere or to standard error; a path is a file git writes.
  if (/^GIT_TRACE/.test(name) && /^(0|1|2|false|true|)$/i.test(value)) return undefined;
  return `${name}=${value} is set in the environment: ${/^GIT_TRACE/.test(name) ? 'git writes its trace to that file' : what === 'git reads it' ? 'it moves where git finds its repository or configuration, or names a program git runs' : what}`;
}

/** The first setting that makes `sub` run code of the configuration's (not a program it starts by name only: `ConfigRead.byNameOnly`). */
function codeKey<E extends GitConfigEntry>(sub: string, entries: readonly E[], partial: boolean, words?: readonly string[]) {
  return programKeys(sub, entries, partial, words).find((k) => k.kind.byNameOnly !== true);
}
