/**
 * Writes into the places the user's exported environment names for programs to load code or
 * configuration from (`programs/loader-variables.ts`): a protected ask, as a write into a `PATH`
 * directory is (`path-lookup.ts`). Only a value the environment facts give is looked at: an
 * unknown variable names nothing toolgate could protect without asking for every write.
 */
import { isInside, isInsideAny, normalizePath } from '../paths/index.js';
import { LOADER_VARIABLES, loadedBelow, loaderPlaces, type LoaderVariable } from '../shell/programs/loader-variables.js';
import type { PathWorld } from './path-lookup.js';
import { environmentValue } from './shell-world.js';
import type { EnvironmentFacts } from './types.js';

/** One exported place: the variable, the place (absolute) and what loads from it. */
interface LoaderPlace {
  name: string;
  place: string;
  variable: LoaderVariable;
}

/** Every place the environment facts name through a loader variable (a relative value is taken from the working directory). */
export function loaderLocations(
  environment: EnvironmentFacts | undefined,
  world: Pick<PathWorld, 'cwd' | 'home' | 'platform'>,
): LoaderPlace[] {
  if (environment === undefined) return [];
  const out: LoaderPlace[] = [];
  const norm = { cwd: world.cwd, home: world.home, platform: world.platform };
  for (const [name, v] of LOADER_VARIABLES) {
    const value = environmentValue(environment, name);
    if (typeof value !== 'string') continue;
    for (const p of loaderPlaces(v.shape, value)) out.push({ name, place: normalizePath(p, norm), variable: v });
  }
  return out;
}

/**
 * Why a write to `written` changes what a later program loads, or `undefined`: it is a place an
 * exported variable names or inside one, or a folder holding one below the home directory and
 * outside the working directories (a move there replaces it; the project and home are not cited
 * for every write into them).
 */
export function loaderLocationWrite(
  written: string,
  places: readonly LoaderPlace[],
  world: Pick<PathWorld, 'home' | 'workingDirectories'>,
): string | undefined {
  for (const p of places) {
    const inside =
      isInside(written, p.place) &&
      loadedBelow(
        p.variable,
        written
          .slice(p.place.length)
          .split('/')
          .filter((x) => x !== ''),
      );
    const holds =
      !inside &&
      isInside(p.place, written) &&
      written !== world.home &&
      isInside(written, world.home) &&
      !isInsideAny(written, world.workingDirectories);
    if (inside || holds)
      return `the exported ${p.name} names ${p.place}, ${p.variable.what}: writing there changes what a later program runs`;
  }
  return undefined;
}
