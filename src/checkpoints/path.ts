/**
 * Lexical path handling for checkpoints: one spelling per file, and containment in the working
 * directories. No I/O; symlinked parents are checked separately against real paths.
 * @packageDocumentation
 */

/** Path conventions: `windows` takes `\` as a separator and compares case-insensitively. @public */
export type PathStyle = 'posix' | 'windows';

const DRIVE = /^[A-Za-z]:(?:[\\/]|$)/;

/** The style a working directory is written in: a drive letter or a `\\` UNC prefix means Windows. @public */
export function pathStyleOf(path: string): PathStyle {
  return DRIVE.test(path) || path.startsWith('\\\\') ? 'windows' : 'posix';
}

/**
 * Normalise a path: forward slashes (Windows style), `.` and `..` resolved lexically, no
 * repeated or trailing slash, drive letter in upper case. A relative path is taken against
 * `base`. Returns `undefined` for an empty path or a relative one without a base.
 * @public
 */
export function normalizePath(path: string, style: PathStyle, base?: string): string | undefined {
  if (path.length === 0 || path.includes('\0')) return undefined;
  let p = style === 'windows' ? path.replace(/\\/g, '/') : path;
  if (!isAbsolute(p, style)) {
    if (base === undefined) return undefined;
    const b = normalizePath(base, style);
    if (b === undefined || !isAbsolute(b, style)) return undefined;
    p = `${b}/${p}`;
  }
  let prefix = '';
  let rest = p;
  if (style === 'windows' && /^[A-Za-z]:/.test(p)) {
    prefix = `${p.charAt(0).toUpperCase()}:`;
    rest = p.slice(2);
  } else if (style === 'windows' && p.startsWith('//')) {
    prefix = '/';
    rest = p.slice(1);
  }
  const out: string[] = [];
  for (const seg of rest.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return `${prefix}/${out.join('/')}`;
}

function isAbsolute(p: string, style: PathStyle): boolean {
  return style === 'windows' ? /^[A-Za-z]:\//.test(p) || p.startsWith('//') : p.startsWith('/');
}

/**
 * Whether `path` is strictly inside `dir` (both already normalised). Windows compares without
 * regard to case.
 * @public
 */
export function isInside(path: string, dir: string, style: PathStyle): boolean {
  const a = style === 'windows' ? path.toLowerCase() : path;
  const d = style === 'windows' ? dir.toLowerCase() : dir;
  if (d === '/' || /^[a-z]:\/$/i.test(d)) return a !== d && a.startsWith(d);
  return a.startsWith(`${d}/`);
}

/** Whether `path` is `dir` itself or inside it. @public */
export function isInsideOrSame(path: string, dir: string, style: PathStyle): boolean {
  const same = style === 'windows' ? path.toLowerCase() === dir.toLowerCase() : path === dir;
  return same || isInside(path, dir, style);
}

/** The key a path is recorded under: its normalised form, lower-cased on Windows. @public */
export function pathKey(path: string, style: PathStyle): string {
  return style === 'windows' ? path.toLowerCase() : path;
}

/** The parent directory of a normalised absolute path (the root is its own parent). @public */
export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  if (i <= 0) return '/';
  const parent = path.slice(0, i);
  return /^[A-Za-z]:$/.test(parent) ? `${parent}/` : parent;
}

/** The last segment of a normalised path. @public */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
