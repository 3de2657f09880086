/**
 * What a write changes of code that runs later, as every reader of it tells: the files the user's
 * start-up files source and git's configuration includes or its hooks run (`sourced-files.ts`,
 * `git-hooks-dir.ts`, `hook-scripts.ts`), and what changes a program a later command runs (a
 * folder on `PATH`, a loader place, ssh's configuration, the programs git, GnuPG and npm are
 * configured to start, another repository's, toolgate's own cache and code). Each reading is made
 * once per call and kept on the call's state.
 */
import { normalizePath } from '../paths/index.js';
import type { EnvironmentFacts, EvalState, EvaluationContext } from './types.js';
import type { MatchEnv } from './rule-match.js';
import { installedPythonNames, loaderLocations, loaderLocationWrite, type LoaderPlace } from './loader-locations.js';
import { pathDirectoryWrite, sshWrite, type PathWorld } from './path-lookup.js';
import { configuredProgramWrite, configuredPrograms, entryPrograms } from './git-configured-programs.js';
import { hookCodePaths, toolgateCacheDirs, toolgateCacheWrite, toolgateCodeWrite } from './own-files.js';
import { gitUserConfigPlaces } from './git-hooks-dir.js';
import { readPlaceWrite, startupFiles, type ReadPlace } from './sourced-files.js';
import type { StartupGitEntry } from './startup-git.js';
import { gitReads } from '../shell/programs/git/reads.js';
import { gitRunPlaces, hookFolderPlaces } from './hook-scripts.js';
import { writtenRepositoryRuns } from './written-repository.js';
import { gnupgProgramWrite, gnupgPrograms } from './gnupg-programs.js';
import { npmProgramWrite, npmPrograms } from './npm-configured-programs.js';
import { variableSshConfigPlaces, variableSshConfigWrite } from './variable-commands.js';
import { environmentValue, sessionEnvironment, shellOf } from './shell-world.js';
import { PROGRAM_VARIABLES } from '../shell/programs/program-variables.js';
import type { CodePlaces, PatternPlace } from './code-below.js';

/** The world a bare command name is looked up in (`PATH` from the environment facts). */
export function pathWorld(ctx: EvaluationContext, env: MatchEnv, workingDirectories: readonly string[]): PathWorld {
  const norm = { cwd: ctx.cwd, home: ctx.home, platform: env.platform };
  return {
    path: environmentValue(ctx.environment, 'PATH'),
    cwd: normalizePath(ctx.cwd, norm),
    home: normalizePath(ctx.home, norm),
    platform: env.platform,
    workingDirectories,
    view: ctx.fs,
    shell: shellOf(ctx),
  };
}

/** The files the user's start-up files source and git's configuration includes, and git's template folder (see each reader). */
export function userReadPlaces(state: EvalState): ReadPlace[] {
  const folder = (name: string): string | undefined => {
    const v = environmentValue(state.ctx.environment, name);
    return typeof v === 'string' && v.startsWith('/') ? v : undefined;
  };
  const zdotdir = folder('ZDOTDIR');
  const xdgConfigHome = folder('XDG_CONFIG_HOME');
  const inputrc = folder('INPUTRC');
  // VIMINIT, EXINIT: Ex commands vim runs at start, read as a vimrc's text (the one table's `vim-script` variables).
  const vimScripts = [...PROGRAM_VARIABLES].flatMap(([name, v]) => {
    const text = v.loader?.shape === 'vim-script' ? environmentValue(state.ctx.environment, name) : undefined;
    return typeof text === 'string' ? [{ name, text }] : [];
  });
  const startup = startupFiles(
    state.ctx.fs,
    {
      home: state.env.home,
      ...(zdotdir !== undefined ? { zdotdir } : {}),
      ...(xdgConfigHome !== undefined ? { xdgConfigHome } : {}),
      ...(inputrc !== undefined ? { inputrc } : {}),
    },
    vimScripts,
  );
  const sourced = startup.places;
  const projectDir = state.ctx.projectDir ?? state.workingDirectories[0];
  // git as the user's shells start it, too: a start-up file's `export GIT_CONFIG_GLOBAL=~/dots/gitconfig`
  // makes that file the global configuration, whose includes and hooks are read as git's own.
  const exported = startupEnvironment(state.ctx.environment, sourced);
  return [
    ...sourced,
    ...[state.ctx.environment, ...(exported === undefined ? [] : [exported])].flatMap((environment) => {
      const git = { fs: state.ctx.fs, environment, projectDir };
      return [...gitUserConfigPlaces(git, state.env.home, state.git), ...gitRunPlaces(git, state.env.home, state.git)];
    }),
    ...startupGitPlaces(state, startup.git, projectDir),
  ];
}

/**
 * The places the git configuration the start-up files give every git names (`startup-git.ts`,
 * decision 0156): each program a key's value runs, read as the configuration files' are
 * (`entryPrograms`), and the folder `core.hooksPath` names — from the top of the project's
 * working tree, where git runs them for the project (a relative value is relative to it).
 */
function startupGitPlaces(state: EvalState, entries: readonly StartupGitEntry[], projectDir: string | undefined): ReadPlace[] {
  const view = state.ctx.fs;
  if (view === undefined || entries.length === 0 || projectDir === undefined) return [];
  const home = state.env.home;
  const reads = state.git ?? gitReads(view);
  const found = reads.repositoryAt(projectDir);
  const top = 'found' in found ? (found.found.workTree ?? projectDir) : projectDir;
  const out: ReadPlace[] = [];
  const norm = { cwd: top, home, platform: state.env.platform };
  const shown = (f: string): string => (f.startsWith(`${home.replace(/\/+$/, '')}/`) ? `~${f.slice(home.replace(/\/+$/, '').length)}` : f);
  /** The entries, and those of each file an include names, read as git reads that file (decision 0166). */
  const all: { key: string; value: string; file: string }[] = [...entries];
  for (const e of entries) {
    // An include git reads as configuration: absolute or `~/` (git refuses a relative one outside a file), as decision 0147 reads the environment's.
    if (!/^include(?:if\..+)?\.path$/.test(e.key) || !e.value.startsWith('/')) continue;
    const path = normalizePath(e.value, norm);
    out.push({ path, why: `${e.key} in ${e.file} makes git read it as configuration: a key written there (core.fsmonitor, an ! alias) runs a program at the next git command` });
    const included = reads.config([path], home);
    if ('unknown' in included) continue;
    const by = `${shown(path)} (which ${e.key} in ${e.file} includes)`;
    // A file it includes in turn is configuration too.
    for (const i of included.includes)
      if (i.path !== path) out.push({ path: i.path, why: `${shown(i.from)} includes it, and ${by} makes git read it as configuration: a key written there runs a program at the next git command` });
    for (const x of included.entries) if (x.value !== null) all.push({ key: x.key, value: x.value, file: by });
  }
  for (const e of all) {
    if (e.key !== 'core.hookspath' || e.value === '') continue;
    const path = normalizePath(e.value.startsWith('/') ? e.value : `${top}/${e.value}`, norm);
    out.push({ path, folder: true, why: `core.hooksPath in ${e.file} makes ${path} where git takes its hooks from: a file there runs at the next git commit, merge or push` });
    // What the hooks there run (decision 0166), as the repository's own hooks' lines are read.
    out.push(...hookFolderPlaces(path, top, home, projectDir, view));
  }
  for (const p of entryPrograms(all, top, home, view))
    out.push({
      path: p.path,
      ...(p.pattern !== undefined ? { pattern: p.pattern } : {}),
      runs: true,
      why: `${p.key} in ${p.file} ${p.via === undefined ? `names ${p.path} as a program git runs` : `makes git run code from ${p.path} (${p.via})`}: writing it changes what a later git command runs`,
    });
  return out;
}

/**
 * The environment with the files the user's start-up files set a loader variable to
 * (`GIT_CONFIG_GLOBAL=~/dots/gitconfig`) in place of its values, or undefined when they set none.
 */
function startupEnvironment(environment: EnvironmentFacts | undefined, places: readonly ReadPlace[]): EnvironmentFacts | undefined {
  const set = places.filter((p) => p.loader?.variable.shape === 'file');
  if (set.length === 0) return undefined;
  return { ...environment, values: { ...environment?.values, ...Object.fromEntries(set.map((p) => [p.loader!.name, p.path])) } };
}

/** The places the loader variables the user's start-up files set name (`export EDITOR=~/.x`), read with them once per call. */
function startupLoaders(state: EvalState): LoaderPlace[] {
  return (state.userPlaces ??= userReadPlaces(state)).flatMap((p) => (p.loader === undefined ? [] : [{ ...p.loader, place: p.path }]));
}

/**
 * Why a write to `written` changes code that runs later, as every reader of it tells: what the
 * user's start-up files source and git's hooks run ({@link readPlaceWrite}), and what changes a
 * program ({@link programPathHit}). One answer for a path named on the command line, a name a
 * copy's source lists, and a file below a folder put in place whole.
 */
export function codeWriteHit(written: string, real: string | undefined, state: EvalState): string | undefined {
  return readPlaceWrite(written, real, (state.userPlaces ??= userReadPlaces(state))) ?? programPathHit(written, state);
}

/**
 * The code the settings' hooks (and statusLine, MCP servers) run, read once per call and held on
 * its state: every write, removal and folder put whole is compared with it.
 */
export function callHookCode(state: EvalState, home: string): NonNullable<EvalState['hookCode']> {
  return (state.hookCode ??= hookCodePaths(
    state.ctx.policy,
    state.ctx.projectDir ?? state.workingDirectories[0],
    home,
    state.ctx.fs,
    sessionEnvironment(state.ctx),
  ));
}

/** The program files the git configuration names, read once per call and held on its state. */
function callGitPrograms(state: EvalState, world: PathWorld): NonNullable<EvalState['gitPrograms']> {
  return (state.gitPrograms ??= configuredPrograms(
    state.ctx.fs,
    { cwd: world.cwd, home: world.home, platform: state.env.platform },
    (name) => environmentValue(state.ctx.environment, name),
    state.git,
  ));
}

/**
 * The files and folders the readers name as code that runs later (what {@link codeWriteHit}
 * protects), gathered once per call: held on the call's state, read by every folder a write puts
 * in place whole.
 */
export function codePlaces(state: EvalState): CodePlaces {
  const world = pathWorld(state.ctx, state.env, state.workingDirectories);
  const hookCode = callHookCode(state, world.home);
  const programs = callGitPrograms(state, world);
  const read = (state.userPlaces ??= userReadPlaces(state)).filter((p) => p.loader === undefined);
  // A place whose pattern is a list of files (one name from several bases) is its first file, as before.
  const exact = (p: (typeof read)[number]): boolean =>
    p.folder !== true && (p.pattern === undefined || (!/[*?[]/.test(p.path) && p.pattern.test(p.path)));
  const places = read.filter(exact);
  // A place named by a pattern, or a folder all of whose files are read: the names a folder put
  // whole there holds are the ones that run (decision 0146).
  const patterns: PatternPlace[] = [
    ...read.flatMap((p) =>
      exact(p)
        ? []
        : p.pattern !== undefined
          ? [patternPlace(p.path, p.pattern, p.why)]
          : p.folder === true
            ? [patternPlace(p.path, new RegExp(`^${escaped(p.path)}/.+$`), p.why)]
            : [],
    ),
    ...hookCode.flatMap((h) => (h.pattern === undefined ? [] : [patternPlace(h.path, h.pattern, `${h.path} holds code ${h.runBy}`)])),
    ...programs.flatMap((p) =>
      p.pattern === undefined
        ? []
        : [patternPlace(p.path, p.pattern, `git's ${p.key} (${p.file}) names ${p.path}${p.via !== undefined ? `: ${p.via}` : ''}`)],
    ),
  ];
  return {
    paths: [
      ...new Set([
        ...places.map((p) => p.path),
        ...hookCode.filter((h) => h.pattern === undefined).map((h) => h.path),
        ...programs.filter((p) => p.pattern === undefined).map((p) => p.path),
      ]),
    ],
    patterns,
    hit: (written, real) => codeWriteHit(written, real, state),
  };
}

/** A pattern's place: its folder is the part before the first wildcard (`~/dots/*.sh`: `~/dots`). */
function patternPlace(path: string, pattern: RegExp, why: string): PatternPlace {
  const wild = /[*?[]/.exec(path);
  const folder = wild === null ? path.replace(/\/+$/, '') : path.slice(0, wild.index).replace(/\/[^/]*$/, '') || '/';
  return { folder, pattern, shown: wild === null ? `${folder} or a name below it` : path, why };
}

function escaped(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A write that changes which program a later command runs: a file put directly in a directory on
 * `PATH` (it runs in place of any program of its name), or ssh's configuration (its commands run
 * when git or ssh connect), or `toolgate hook`'s cache (the compiled policy it decides with), or
 * toolgate's own code (an install of it, or what the settings' hooks run).
 * `unseenNames`: names toolgate cannot see go under `written`.
 */
export function programPathHit(written: string, state: EvalState, unseenNames = false): string | undefined {
  const world = pathWorld(state.ctx, state.env, state.workingDirectories);
  return (
    pathDirectoryWrite(written, world) ??
    loaderLocationWrite(
      written,
      [...loaderLocations(state.ctx.environment, world, state.ctx.policy.env), ...startupLoaders(state)],
      world,
      {
        installed: installedPythonNames(state.ctx.fs, world.home),
        unseenNames,
      },
    ) ??
    sshWrite(written, world) ??
    // Once per call, as the hook code: the program files the git configuration names.
    configuredProgramWrite(
      written,
      callGitPrograms(state, world),
    ) ??
    // The programs GnuPG's configuration names (its pinentry): git starts gpg to sign.
    gnupgProgramWrite(written, (state.gnupgPrograms ??= gnupgPrograms(state.ctx.environment, world.home, state.ctx.fs))) ??
    // The programs npm's own configuration names (script-shell, node-options): npm runs them for its scripts.
    npmProgramWrite(
      written,
      (state.npmPrograms ??= npmPrograms(state.ctx.fs, { cwd: world.cwd, home: world.home }, (name) =>
        environmentValue(state.ctx.environment, name),
      )),
    ) ??
    // The ssh configuration an inherited GIT_SSH_COMMAND's `-F` names, and what it includes.
    variableSshConfigWrite(written, (state.variableSshPlaces ??= variableSshConfigPlaces(state.ctx.environment, world, state.ctx.fs))) ??
    // Another repository the write lands in (embedded, a submodule): what its configuration and hooks run.
    writtenRepositoryRuns(
      written,
      state.ctx.fs?.realpath(written),
      state.ctx,
      { cwd: world.cwd, home: world.home, platform: state.env.platform },
      (state.otherRepositories ??= new Map()),
      state.git,
    ) ??
    toolgateCacheWrite(written, toolgateCacheDirs(state.ctx.environment, world.home), world.home) ??
    toolgateCodeWrite(
      written,
      state.ctx.fs?.realpath(written),
      // Once per call: every written name (an archive's members among them) is compared with it.
      callHookCode(state, world.home),
      state.ctx.fs,
    )
  );
}
