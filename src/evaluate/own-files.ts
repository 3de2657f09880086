/**
 * toolgate's own files that decide later calls: `toolgate hook`'s cache directory holds the
 * compiled policy it decides with (trusted while the settings files' fingerprints match), the
 * main agent's mode per session (a sub-agent's ceiling) and the hook bundle's code cache. The
 * agent runs as the same user, so the directory's ownership does not keep it out: a write there
 * could lift every deny rule for later sessions. Every write into it, or to it or a folder
 * holding it below the home directory, is a protected path (asked in every mode).
 */
import { isInside } from '../paths/index.js';
import type { EnvironmentFacts } from './types.js';
import { environmentValue } from './shell-world.js';

/**
 * The directory `toolgate hook` keeps its cache in: `$TOOLGATE_CACHE_DIR`, else
 * `$XDG_CACHE_HOME/toolgate`, else `~/.cache/toolgate` — `get` answers a variable's value, or
 * `undefined` when unset. The hook uses this to find its cache; the evaluator to protect it.
 */
export function toolgateCacheDir(get: (name: string) => string | undefined, home: string): string {
  const own = get('TOOLGATE_CACHE_DIR');
  if (own !== undefined && own !== '') return own;
  const xdg = get('XDG_CACHE_HOME');
  return `${xdg !== undefined && xdg !== '' ? xdg.replace(/\/+$/, '') : `${home === '/' ? '' : home}/.cache`}/toolgate`;
}

/**
 * Every directory the hook's cache may be in, as the environment facts tell: the one they name
 * when the variables are known, else each the variables could choose among the usual ones
 * (`~/.cache/toolgate` and those the known values name). A value given relative is ignored.
 */
export function toolgateCacheDirs(environment: EnvironmentFacts | undefined, home: string): string[] {
  const own = environmentValue(environment, 'TOOLGATE_CACHE_DIR');
  const xdg = environmentValue(environment, 'XDG_CACHE_HOME');
  const dirs = new Set<string>();
  const add = (d: string) => {
    if (d.startsWith('/')) dirs.add(d.replace(/\/+$/, '') || '/');
  };
  const value = (v: string | null | undefined) => (typeof v === 'string' && v !== '' ? v : undefined);
  if (value(own) !== undefined) add(value(own)!);
  if (own === undefined || value(own) === undefined) {
    add(toolgateCacheDir((n) => (n === 'XDG_CACHE_HOME' ? value(xdg) : undefined), home));
    // Unknown variables: the default as well as what a known value names.
    if (xdg === undefined) add(toolgateCacheDir(() => undefined, home));
  }
  return [...dirs];
}

/**
 * Why a write to `written` changes what `toolgate hook` decides later, or `undefined`: it is in
 * one of `dirs`, or it is such a directory or a folder holding one below the home directory (a
 * move or link put there replaces the cache).
 */
export function toolgateCacheWrite(written: string, dirs: readonly string[], home: string): string | undefined {
  for (const dir of dirs) {
    const inside = isInside(written, dir);
    const holds = !inside && isInside(dir, written) && written !== home && isInside(written, home);
    if (inside || holds) {
      return `${dir} is toolgate hook's cache: the compiled policy it decides with, the main agent's mode per session and its code cache; a file written there changes later decisions`;
    }
  }
  return undefined;
}
