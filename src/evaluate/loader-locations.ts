/**
 * Writes into the places the user's exported environment names for programs to load code or
 * configuration from (`programs/loader-variables.ts`): a protected ask, as a write into a `PATH`
 * directory is (`path-lookup.ts`). Only a value the environment facts give is looked at: an
 * unknown variable names nothing toolgate could protect without asking for every write.
 */
import { isInside, isInsideAny, normalizePath, resolveProcAlias } from '../paths/index.js';
import type { ReadonlyFsView } from '../core/ports.js';
import { loadedBelow, pythonNamesOf, pythonSiteFolders } from '../shell/programs/loader-names.js';
import { LOADER_VARIABLES, shapedLoaderPlaces, type LoaderVariable, type ShapedPlace } from '../shell/programs/loader-variables.js';
import type { PathWorld } from './path-lookup.js';
import { environmentValue } from './shell-world.js';
import type { EnvironmentFacts } from './types.js';
import type { Sourced } from '../settings/types.js';

/**
 * One exported place: the variable, the place (absolute) and what loads from it — with the place's
 * own filter where it has one (`loads`, `what`: `ShapedPlace`, gcc's tool folder).
 */
export interface LoaderPlace extends Omit<ShapedPlace, 'path'> {
  name: string;
  place: string;
  variable: LoaderVariable;
  /** Who names it, when not the exported environment (`~/.bashrc sets EDITOR, which`: `sourced-files.ts`). */
  by?: string;
}

/** Every place the environment facts name through a loader variable (a relative value is taken from the working directory). */
export function loaderLocations(
  environment: EnvironmentFacts | undefined,
  world: Pick<PathWorld, 'cwd' | 'home' | 'platform'>,
  /** The settings' `env`, whose names the reason says are set there (its values are in `environment`: `sessionEnvironment`). */
  settingsEnv?: Readonly<Record<string, Sourced<string>>>,
): LoaderPlace[] {
  if (environment === undefined) return [];
  const out: LoaderPlace[] = [];
  const norm = { cwd: world.cwd, home: world.home, platform: world.platform };
  for (const [name, v] of LOADER_VARIABLES) {
    // A program that reads the name in any case (npm's `npm_config_userconfig`): each spelling set.
    const names = v.anyCase === true ? Object.keys(environment.values).filter((n) => n.toUpperCase() === name) : [name];
    for (const spelled of names) {
      const value = environmentValue(environment, spelled);
      if (typeof value !== 'string') continue;
      // `/proc/self/cwd/x.sh` is x.sh in the working directory, as the absolute path is (RP23-V8 × V6).
      const set = settingsEnv?.[spelled];
      const by = set?.value === value ? { by: `the env of ${set.source.file ?? `the ${set.source.kind} settings`} sets ${spelled}, which` } : {};
      for (const { path: p, ...own } of shapedLoaderPlaces(v.shape, value))
        out.push({ name: spelled, place: resolveProcAlias(normalizePath(p, norm), world.cwd, p).path, variable: v, ...own, ...by });
    }
  }
  return out;
}

/**
 * The top-level names of the Python packages the view shows installed (`pythonSiteFolders`), read
 * once per view and home; without a listing view none (the fixed names of `loader-names.ts` stand).
 */
const installedCache = new WeakMap<ReadonlyFsView, Map<string, ReadonlySet<string>>>();
export function installedPythonNames(view: ReadonlyFsView | undefined, home: string): (name: string) => boolean {
  const list = view?.list?.bind(view);
  if (view === undefined || list === undefined) return () => false;
  return (name) => {
    let byHome = installedCache.get(view);
    if (byHome === undefined) installedCache.set(view, (byHome = new Map()));
    let names = byHome.get(home);
    if (names === undefined) {
      const found = new Set<string>();
      for (const dir of pythonSiteFolders(home, list)) for (const n of pythonNamesOf(list(dir) ?? [])) found.add(n);
      byHome.set(home, (names = found));
    }
    return names.has(name);
  };
}

/**
 * Why a write to `written` changes what a later program loads, or `undefined`: it is a place an
 * exported variable names or inside one — for a search path only a name a program not of the
 * project loads from there (`loader-names.ts`) — or a folder holding one below the home directory
 * and outside the working directories (a move there replaces it; the project and home are not
 * cited for every write into them). A search path's folder itself counts only when names toolgate
 * cannot see go into it (`tar -C src -x`, `mv d src`): `mkdir -p src` or the folder operand of
 * `cp README.md src/` adds no name a program loads (the names written are judged apart).
 */
export function loaderLocationWrite(
  written: string,
  places: readonly LoaderPlace[],
  world: Pick<PathWorld, 'home' | 'workingDirectories'>,
  write: {
    /** Whether a top-level name is an installed Python package's. */
    installed?: (name: string) => boolean;
    /** Names toolgate cannot see are written under the path. */
    unseenNames?: boolean;
  } = {},
): string | undefined {
  const installed = write.installed ?? (() => false);
  for (const p of places) {
    const rel = written
      .slice(p.place.length)
      .split('/')
      .filter((x) => x !== '');
    const loads = p.loads ?? p.variable.loads;
    const inside =
      isInside(written, p.place) &&
      (rel.length > 0 || loads === undefined || write.unseenNames === true) &&
      loadedBelow(loads, rel, installed);
    const holds =
      !inside &&
      isInside(p.place, written) &&
      written !== world.home &&
      isInside(written, world.home) &&
      !isInsideAny(written, world.workingDirectories);
    if (inside || holds)
      return `${p.by ?? `the exported ${p.name}`} names ${p.place}, ${p.what ?? p.variable.what}: writing there changes what a later program runs${shadowed(p.variable, rel, inside)}`;
  }
  return undefined;
}

/** For a search path, which name the write gives programs not of the project (` (re is a name …)`). */
function shadowed(v: LoaderVariable, rel: readonly string[], inside: boolean): string {
  if (!inside || v.loads !== 'python-modules' || rel.length === 0) return '';
  const top = (rel[0] === '__pycache__' && rel.length === 2 ? rel[1]! : rel[0]!).replace(/\..*$/, '');
  return ` (${top} is a module name Python or programs outside the project import)`;
}
