/**
 * git's hooks are protected where git takes them from. `.git/hooks` and `.husky` are protected
 * by name, but a repository that shares its hooks with `core.hooksPath` (`.githooks`,
 * `scripts/git-hooks`, `~/.githooks` from the global file) takes them from a folder of any name:
 * a hook written there runs at the next `git commit` that an allow rule for `git commit` lets
 * through (decision 0038 addendum). And the hooks folder of the repository a write lands in, the
 * project's or another one below it (a nested checkout whose own configuration sets
 * `core.hooksPath = hk`: `r/hk/post-index-change` runs at `git -C r status`, #37). And what the
 * user's configuration includes, and its template folder ({@link gitUserConfigPlaces}).
 */
import type { EvaluationContext } from './types.js';
import { isInside } from '../paths/index.js';
import { gitHooksDirectory, gitHooksPlace } from '../shell/programs/git/world.js';
import { gitReads, type GitReads } from '../shell/programs/git/reads.js';
import { configFiles } from '../shell/programs/git/repository.js';
import { configPlaces, environmentConfig } from '../shell/programs/git/world.js';
import { environmentValue } from './shell-world.js';
import type { ReadPlace } from './sourced-files.js';
import { writtenNames } from '../paths/real.js';

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
  for (const p of writtenNames(written, real)) {
    const dir = dirs.find((d) => isInside(p, d));
    if (dir !== undefined)
      return `${dir} is where git takes its hooks from (core.hooksPath): a file there runs at the next git commit, merge or push`;
  }
  return undefined;
}

/**
 * Why writing `written` (resolved: `real`) puts a hook where git takes hooks from for the
 * repository the write lands in — the one git discovery finds from the written path's folder up
 * (a `.git` folder or file, a bare repository's layout), read as {@link gitHooksDirs} reads the
 * project's: its effective `core.hooksPath`, else its `hooks` folder — or writes a configuration
 * file that repository reads (an included one, inside or outside its `.git`); else `undefined`.
 * Without a view, none (`.git` is protected by name). What the view cannot tell is
 * {@link ownRepositoryHooksUnknown}'s.
 */
export function ownRepositoryHooksWrite(
  written: string,
  real: string | undefined,
  ctx: Pick<EvaluationContext, 'fs' | 'environment'>,
  home: string,
  git?: GitReads,
): string | undefined {
  const found = ownRepositoryHooks(written, real, ctx, home, git);
  return found !== undefined && 'hit' in found ? found.hit : undefined;
}

/**
 * Why the repository a write lands in cannot be told, or where git takes its hooks from there (a
 * `.git` file the view cannot read, a configuration file it cannot read or parse): the write may
 * be a hook, a protected write (fail closed). Asked after the checks that can name what the write
 * is, so a reason that can say more is the one given. A view without `readText` reads no
 * configuration at all: nothing is asked here, as without a view (every write would be asked).
 */
export function ownRepositoryHooksUnknown(
  written: string,
  real: string | undefined,
  ctx: Pick<EvaluationContext, 'fs' | 'environment'>,
  home: string,
  git?: GitReads,
): string | undefined {
  const found = ownRepositoryHooks(written, real, ctx, home, git);
  return found !== undefined && 'unknown' in found ? found.unknown : undefined;
}

/**
 * Both answers of one lookup for a write (see {@link ownRepositoryHooksWrite} and
 * {@link ownRepositoryHooksUnknown}): `{ hit }`, `{ unknown }` or `undefined`. The pipeline asks
 * once per written path and reads each answer where it belongs in its order of checks.
 * @internal
 */
export function ownRepositoryHooks(
  written: string,
  real: string | undefined,
  ctx: Pick<EvaluationContext, 'fs' | 'environment'>,
  home: string,
  git: GitReads | undefined,
): { hit: string } | { unknown: string } | undefined {
  const view = ctx.fs;
  if (view === undefined) return undefined;
  const reads = git ?? gitReads(view);
  const variable = (name: string) => environmentValue(ctx.environment, name);
  for (const p of writtenNames(written, real)) {
    if (p === '/') continue;
    const place = gitHooksPlace(reads, p.slice(0, p.lastIndexOf('/')) || '/', home, variable);
    if ('none' in place) continue;
    // A view that reads no file at all (no `readText`) never settles a configuration: as without a
    // view, only git's own hooks folders (protected by name) are known; every write is not asked.
    if ('unknown' in place && view.readText === undefined) continue;
    if ('unknown' in place)
      return {
        unknown: `where git takes its hooks from for the repository ${p} is in cannot be told (${place.unknown}): a file written there may run at the next git commit, merge or push`,
      };
    // A file an include names (`include.path = ../inc.cfg`) is configuration as `.git/config` is:
    // written with the hook in one call, it sets core.hooksPath the view does not show yet.
    if (place.configFiles.includes(p))
      return {
        hit: `git reads ${p} as configuration of the repository ${place.gitDir}: it may set core.hooksPath or a key that runs a program`,
      };
    const hooksReal = view.realpath(place.hooks);
    if (isInside(p, place.hooks) || (hooksReal !== undefined && isInside(p, hooksReal)))
      return {
        hit: `${place.hooks} is where git takes its hooks from for the repository ${place.gitDir} (core.hooksPath, or its hooks folder): a file there runs at the next git commit, merge or push, or git status`,
      };
  }
  return undefined;
}

/**
 * The files git reads as the user's configuration that are not protected by name, and the template
 * folder it copies into every new repository (red team 24, RT24-B): what the system and global
 * files — and the project's repository's own, when the project is one — include (`include.path`,
 * `includeIf "…".path`, every condition taken as true; those that do not exist yet among them), and
 * `init.templateDir`. A write in `~` lands in no repository, so {@link ownRepositoryHooks} never
 * compares it with these; a key written there (`core.fsmonitor`, an `!` alias) runs at the next
 * `git status`, a template's hook at the first commit of the next clone. What the view cannot read
 * adds nothing here (the includes read so far are kept by git's reading order, not guessed).
 */
export function gitUserConfigPlaces(
  ctx: { fs: EvaluationContext['fs']; environment: EvaluationContext['environment']; projectDir: string | undefined },
  home: string,
  git?: GitReads,
): ReadPlace[] {
  const view = ctx.fs;
  if (view?.readText === undefined) return [];
  const reads = git ?? gitReads(view);
  const variable = (name: string) => environmentValue(ctx.environment, name);
  const found = ctx.projectDir === undefined ? undefined : reads.discover(ctx.projectDir);
  const repo = found !== undefined && 'found' in found ? found.found : undefined;
  const config = reads.config(configFiles(repo, home, configPlaces(variable)), home);
  if ('unknown' in config) return [];
  const said = (f: string) => (f.startsWith(`${home}/`) ? `~${f.slice(home.length)}` : f);
  // And the files the environment's include.path names (GIT_CONFIG_KEY_n, GIT_CONFIG_PARAMETERS), with theirs.
  const environment = environmentConfig(variable, { reads, home });
  const includes = 'unknown' in environment ? config.includes : [...config.includes, ...environment.includes];
  const out: ReadPlace[] = includes.map(({ from, path }) => ({
    path,
    why: `${said(from)} includes ${said(path)}: git reads it as configuration, which runs programs (core.fsmonitor, core.pager, an alias)`,
  }));
  let template: { file: string; value: string } | undefined;
  for (const e of config.entries)
    if (e.key === 'init.templatedir' && e.value !== null && e.value !== '') template = { file: e.file, value: e.value };
  const dir =
    template === undefined
      ? undefined
      : template.value.startsWith('~/')
        ? `${home === '/' ? '' : home}/${template.value.slice(2)}`
        : template.value.startsWith('/')
          ? template.value
          : undefined;
  if (template !== undefined && dir !== undefined)
    out.push({
      path: dir,
      folder: true,
      why: `${said(template.file)} sets init.templateDir = ${template.value}: git copies that folder into every repository git init or git clone makes, and a hook in it runs at the next git commit there`,
    });
  return out;
}
