import type { Platform } from '../core/types.js';
import { globMatchesPath } from './glob.js';
import { isInside, normalizePath, parentsOf } from './normalize.js';

/** What a removal target is judged against. @public */
export interface CriticalRemovalContext {
  /** Absolute original working directory. */
  cwd: string;
  /** Absolute home directory. */
  home: string;
  /** The working directories (cwd and additional directories). */
  workingDirectories: readonly string[];
  platform: Platform;
}

const GLOB = /[*?[]/;

/**
 * Is removing `absPath` a critical-path removal (Claude Code docs, "Permission modes ›
 * Critical-path removals")? Returns why, or `undefined`.
 *
 * Critical: `/`; every top-level directory (`/usr`, `/etc`, ...); the home directory and its
 * parents; on Windows a drive root (`/c`) and its top-level directories (`/c/Users`); the cwd and
 * every parent of it; a working directory and its parents. A path ending in a glob that takes
 * everything (`<dir>/*`, `<dir>/.*`, as in `rm -rf ~/*`) is judged by the directory it empties; any
 * other glob is critical when it could name one of those directories (`/u*`, `~/../us*`, a glob
 * right under `/` or a drive root).
 *
 * Lexical only (no symlink resolution). Comparisons ignore case on Windows and macOS.
 *
 * @param absPath - The path a command removes; relative paths resolve against `ctx.cwd`.
 * @public
 */
export function isCriticalRemovalTarget(absPath: string, ctx: CriticalRemovalContext): string | undefined {
  const opts = { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform };
  const target = normalizePath(absPath, opts);
  if (!GLOB.test(target)) return judge(target, ctx);
  const fold = ctx.platform !== 'linux';
  const segments = target.split('/').filter((s) => s !== '');
  const at = segments.findIndex((s) => GLOB.test(s));
  const prefix = `/${segments.slice(0, at).join('/')}`;
  const glob = segments[at]!;
  // `<dir>/*` (or `.*`, `?*`): everything in <dir> goes, which wipes <dir> itself.
  if (at === segments.length - 1 && WIPE.test(glob)) {
    const why = judge(prefix, ctx);
    if (why !== undefined) return why;
  }
  // Otherwise: could the glob name a critical directory (`/u*` → `/usr`, `~/../us*`)?
  const isDriveRoot = ctx.platform === 'windows' && /^\/[a-z]$/i.test(prefix);
  if (at === segments.length - 1 && (prefix === '/' || isDriveRoot)) return 'a glob over top-level directories';
  const candidates = new Set<string>();
  for (const dir of [ctx.home, ctx.cwd, ...ctx.workingDirectories]) {
    const d = normalizePath(dir, opts);
    candidates.add(d);
    for (const parent of parentsOf(d)) candidates.add(parent);
  }
  const pattern = segments.join('/');
  for (const candidate of candidates) {
    if (candidate === '/') continue;
    if (globMatchesPath(pattern, candidate.slice(1), fold)) return `a glob matching ${judge(candidate, ctx) ?? candidate}`;
  }
  return undefined;
}

const WIPE = /^[*?.]*[*?][*?.]*$/;

/** Why removing this literal, normalised path is critical, if it is. */
function judge(target: string, ctx: CriticalRemovalContext): string | undefined {
  const opts = { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform };
  const fold = ctx.platform !== 'linux';
  const same = (a: string, b: string): boolean => (fold ? a.toLowerCase() === b.toLowerCase() : a === b);
  const parentOf = (dir: string): boolean => isInside(dir, target, { caseInsensitive: fold }) && !same(dir, target);

  if (target === '/') return 'the filesystem root';
  const segments = target.split('/').filter((s) => s !== '');
  if (segments.length === 1) {
    if (ctx.platform === 'windows' && /^[a-z]$/i.test(segments[0]!)) return `the drive root ${segments[0]!.toUpperCase()}:`;
    return 'a top-level directory';
  }
  if (ctx.platform === 'windows' && segments.length === 2 && /^[a-z]$/i.test(segments[0]!)) {
    return 'a top-level directory of a drive';
  }
  const home = normalizePath(ctx.home, opts);
  if (same(target, home)) return 'the home directory';
  if (parentOf(home)) return 'a parent of the home directory';
  const cwd = normalizePath(ctx.cwd, opts);
  if (same(target, cwd)) return 'the working directory';
  if (parentOf(cwd)) return 'a parent of the working directory';
  for (const dir of ctx.workingDirectories) {
    const d = normalizePath(dir, opts);
    if (same(target, d)) return 'a working directory';
    if (parentOf(d)) return 'a parent of a working directory';
  }
  return undefined;
}
