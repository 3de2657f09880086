import type { Platform } from '../core/types.js';

/** Where relative paths and `~` resolve, and which path conventions apply. @public */
export interface NormalizeOptions {
  /** Absolute working directory that relative paths resolve against. */
  cwd: string;
  /** Absolute home directory that `~` and `~/…` expand to. */
  home: string;
  platform: Platform;
}

const DRIVE = /^([A-Za-z]):(?:\/|$)/;
const SLASH = 47;
const DOT = 46;

/**
 * Bring a Windows path into toolgate's POSIX form: `\` becomes `/`, a drive `C:\a` becomes `/c/a`
 * (drive letter lower-cased, as in Claude Code's `//c/...` rule form), a long-path prefix
 * `\\?\` is dropped before a drive (`\\?\UNC\server\share` is the UNC path `\\server\share`; other
 * device paths stay `//?/…`), and a UNC path `\\server\share\x` becomes `//server/share/x`.
 */
function windowsToPosix(path: string): string {
  let p = path.replace(/\\/g, '/');
  if (p.startsWith('//?/') || p.startsWith('//./')) {
    const rest = p.slice(4);
    // `\\?\UNC\server\share` is the UNC path `\\server\share`; `\\?\C:\` a drive; anything else stays a device path.
    if (/^unc\//i.test(rest)) p = `//${rest.slice(4)}`;
    else if (/^[A-Za-z]:(\/|$)/.test(rest)) p = rest;
  }
  const drive = DRIVE.exec(p);
  if (drive !== null) return `/${drive[1]!.toLowerCase()}${p.slice(2)}`;
  // `C:foo` (drive-relative): best effort, taken from the drive root.
  const driveRelative = /^([A-Za-z]):/.exec(p);
  if (driveRelative !== null) return `/${driveRelative[1]!.toLowerCase()}/${p.slice(2)}`;
  return p;
}

/**
 * A path segment as Windows resolves it: a stream suffix names the file itself (`file::$DATA`,
 * `file:$DATA` and `file:name:$DATA` are `file`, or a stream of it), and trailing dots and
 * spaces are dropped (`.env.` and `.env ` are `.env`). `.` and `..` (also written `.. `) keep
 * their meaning; a segment of nothing but dots and spaces (`...`) is taken as `.`.
 */
function windowsSegment(segment: string): string {
  const colon = segment.indexOf(':');
  let s = colon === -1 ? segment : segment.slice(0, colon);
  let end = s.length;
  while (end > 0 && s.charCodeAt(end - 1) === 32) end--;
  s = s.slice(0, end);
  if (s === '.' || s === '..') return s;
  while (end > 0 && (s.charCodeAt(end - 1) === 32 || s.charCodeAt(end - 1) === DOT)) end--;
  return s.slice(0, end);
}

/**
 * Collapse `.`, `..`, repeated and trailing slashes of an absolute POSIX path. `..` never climbs
 * above the root. With `windows`, a UNC root `//server` is kept and each segment is read as
 * Windows reads it (see {@link windowsSegment}).
 */
function collapse(path: string, windows: boolean): string {
  const unc = windows && path.startsWith('//') && !path.startsWith('///');
  const out: string[] = [];
  // Windows never climbs above a drive's root (`C:\..\x` is `C:\x`) or a share (`\\srv\share\..` is the share).
  let floor = 0;
  for (const raw of path.split('/')) {
    const segment = windows ? windowsSegment(raw) : raw;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length > floor) out.pop();
      continue;
    }
    out.push(segment);
    if (windows && out.length === 1) floor = unc ? 2 : /^[A-Za-z]$/.test(segment) ? 1 : 0;
  }
  return (unc ? '//' : '/') + out.join('/');
}

/**
 * Is `path` already what {@link collapse} would return for it (without a UNC root)? Absolute, no
 * empty, `.` or `..` segment, no trailing slash (except `/` itself).
 */
function isCanonicalPosix(path: string): boolean {
  const n = path.length;
  if (n === 0 || path.charCodeAt(0) !== SLASH) return false;
  if (n === 1) return true;
  if (path.charCodeAt(n - 1) === SLASH) return false;
  let start = 1;
  for (let i = 1; i <= n; i++) {
    if (i < n && path.charCodeAt(i) !== SLASH) continue;
    const len = i - start;
    if (len === 0) return false;
    if (path.charCodeAt(start) === DOT && (len === 1 || (len === 2 && path.charCodeAt(start + 1) === DOT))) return false;
    start = i + 1;
  }
  return true;
}

function absolute(path: string, platform: Platform): string {
  const p = platform === 'windows' ? windowsToPosix(path) : path;
  return collapse(p.startsWith('/') ? p : `/${p}`, platform === 'windows');
}

/**
 * Normalise a path to toolgate's canonical absolute POSIX form.
 *
 * - `~` and `~/p` expand to `opts.home`; `~user/p` is not expanded (it is taken as a relative path).
 * - Relative paths resolve against `opts.cwd`; `.`, `..` (never above `/`), repeated and
 *   trailing slashes collapse.
 * - On `windows`, `\` becomes `/` and a drive path `C:\Users\x` becomes `/c/Users/x` (drive letter
 *   lower-cased), the form Claude Code's path rules use (`//c/**\/.env`); a UNC path
 *   `\\server\share\x` becomes `//server/share/x`. `cwd` and `home` may be given in either form.
 *   Each segment is read as Windows reads it: trailing dots and spaces are dropped (`.env.`,
 *   `.env ` and `.git.` are `.env`, `.env`, `.git`), and an alternate data stream names its file
 *   (`.env::$DATA`, `.env:$DATA`, `.env:name:$DATA` are `.env`) — so a rule on `.env` covers them.
 *   8.3 short names (`SECRET~1.TXT`) cannot be resolved without the file system and are left as
 *   they are: pass the real (long) path as well when you have it. After a `\\?\` prefix Windows
 *   itself keeps trailing dots; toolgate still drops them (a file named `x.` is judged as `x`).
 * - A `cwd`/`home` that is not absolute is taken as relative to `/`.
 *
 * Purely lexical: symlinks are not resolved (pass real paths from a file-system view when you
 * have them). Never throws.
 *
 * @param path - Any path as a tool or a command gave it.
 * @returns An absolute path starting with `/` (or `//` for a Windows UNC path).
 * @public
 */
export function normalizePath(path: string, opts: NormalizeOptions): string {
  const platform = opts.platform;
  // Most paths arrive already canonical (absolute, no `.`/`..`/empty segments): return them as is.
  if (platform !== 'windows' && typeof path === 'string' && isCanonicalPosix(path)) return path;
  let p = typeof path === 'string' ? path : String(path);
  if (platform === 'windows') p = windowsToPosix(p);
  if (p === '~' || p.startsWith('~/')) {
    return collapse(`${absolute(opts.home, platform)}/${p.slice(1)}`, platform === 'windows');
  }
  if (p.startsWith('/')) return collapse(p, platform === 'windows');
  return collapse(`${absolute(opts.cwd, platform)}/${p}`, platform === 'windows');
}

/**
 * `path.resolve(base, p)` of node on POSIX, lexically: `p` taken from `base` unless it is absolute;
 * `.`, `..` (never above `/`), repeated and trailing slashes collapse. No `~`, no Windows forms, no
 * file system: for paths a program's configuration names relative to its own file (tsc,
 * api-extractor), which the program resolves the same way.
 * @internal
 */
export function resolveLexically(base: string, p: string): string {
  return collapse(p.startsWith('/') ? p : `${base}/${p}`, false);
}

/** Options for containment checks. @public */
export interface InsideOptions {
  /** Compare case-insensitively (Windows, case-insensitive macOS volumes). Default false. */
  caseInsensitive?: boolean;
}

/**
 * Is `child` the directory `parent` itself or inside it? Path-segment aware: `/a/bc` is not inside
 * `/a/b`. Both paths must already be normalised (see {@link normalizePath}), with the same
 * platform: on Windows that is what makes `C:\p\x.`, `C:\p.\x` and `C:\p\x::$DATA` inside
 * `C:\p` (all `/c/p/x`), while `C:\p.x` stays outside. Case is compared exactly unless
 * `opts.caseInsensitive` is set (pass it for Windows and case-insensitive macOS volumes).
 * @public
 */
export function isInside(child: string, parent: string, opts: InsideOptions = {}): boolean {
  const c = opts.caseInsensitive === true ? child.toLowerCase() : child;
  const p = opts.caseInsensitive === true ? parent.toLowerCase() : parent;
  // `p` without one trailing slash is the directory; compared in place, without building strings.
  const len = p.length > 1 && p.charCodeAt(p.length - 1) === SLASH ? p.length - 1 : p.length;
  if (len === 1 && p.charCodeAt(0) === SLASH) return c.charCodeAt(0) === SLASH;
  if (c.length === len) return p.startsWith(c);
  if (c.length < len) return false;
  // `c[len]` is a slash, so `p` with or without its trailing slash is a prefix alike.
  return c.charCodeAt(len) === SLASH && c.startsWith(p);
}

/**
 * Is `path` inside (or equal to) any of `dirs`? All paths normalised. See {@link isInside}.
 * @public
 */
export function isInsideAny(path: string, dirs: readonly string[], opts: InsideOptions = {}): boolean {
  for (const dir of dirs) if (isInside(path, dir, opts)) return true;
  return false;
}

/**
 * `path` relative to `base` (both normalised), or `undefined` when `path` is not inside `base`.
 * The base itself gives `''`.
 * @public
 */
export function relativeInside(path: string, base: string, opts: InsideOptions = {}): string | undefined {
  if (!isInside(path, base, opts)) return undefined;
  const len = base.length > 1 && base.charCodeAt(base.length - 1) === SLASH ? base.length - 1 : base.length;
  if (path.length === len) return '';
  return len === 1 && base.charCodeAt(0) === SLASH ? path.slice(1) : path.slice(len + 1);
}

/**
 * Every parent directory of a normalised path, nearest first, ending with `/`.
 * `parentsOf('/a/b/c')` is `['/a/b', '/a', '/']`.
 * @public
 */
export function parentsOf(path: string): string[] {
  const out: string[] = [];
  let p = path;
  while (p !== '/' && p !== '' && !/^\/\/[^/]*$/.test(p)) {
    const i = p.lastIndexOf('/');
    p = i <= 0 ? '/' : p.slice(0, i);
    out.push(p);
    if (p === '/') break;
  }
  return out;
}
