/**
 * A directory becomes a git repository when it holds `HEAD`, `objects/` and `refs/` (or `HEAD`
 * and `commondir`; gitrepository-layout(5)): git run there, or below it, reads its `config`,
 * `hooks/` and `info/attributes` — programs the writer chose. So a write that completes such a
 * layout, or writes into a directory that is one, is as sensitive as a write into `.git`.
 */
import type { ReadonlyFsView } from '../../../core/ports.js';

/** The parts of a repository directory a write can land in (the first path component below it). */
const PARTS = new Set(['HEAD', 'config', 'config.worktree', 'commondir', 'objects', 'refs', 'hooks', 'info', 'packed-refs', 'gitdir']);

/**
 * The repository directory a write makes or changes, or undefined: `path` is below a directory
 * `D` through one of a repository's parts, and `D` — counting what the same command writes
 * (`written`, absolute paths) and what the view shows — holds `HEAD` and `objects` and `refs`
 * (or `HEAD` and `commondir`).
 * @internal
 */
export function repositoryWrittenInto(path: string, written: readonly string[], view: ReadonlyFsView | undefined): string | undefined {
  const parts = path.split('/');
  for (let k = parts.length - 1; k >= 1; k--) {
    if (!PARTS.has(parts[k]!)) continue;
    const dir = parts.slice(0, k).join('/') || '/';
    const has = (name: string) => {
      const p = dir === '/' ? `/${name}` : `${dir}/${name}`;
      return (
        written.some((w) => w === p || w.startsWith(`${p}/`)) || (view !== undefined && (view.exists(p) || view.isDirectory?.(p) === true))
      );
    };
    if (has('HEAD') && (has('commondir') || (has('objects') && has('refs')))) return dir;
  }
  return undefined;
}

/** A shell glob's last name as a pattern of names (`*`, `?`, `[…]`); other characters literal. */
function namePattern(glob: string): RegExp {
  let out = '';
  for (const c of glob) out += c === '*' ? '.*' : c === '?' ? '.' : c === '[' || c === ']' ? c : c.replace(/[\\^$.|+(){}]/g, '\\$&');
  try {
    return new RegExp(`^${out}$`, 's');
  } catch {
    return /^/;
  }
}

/**
 * The names a recursive copy or move into a directory may put there from `sources` (absolute,
 * as the write's names say): a glob's matches (`mv t/* u/`), a directory's entries (`cp -r t/. u/`,
 * read as `t`) and the source's own name (`cp -r t/objects u/`), as the view lists them;
 * `'any'` where the view cannot list a source (no view, a glob in a folder's name).
 */
function landingNames(sources: readonly string[], view: ReadonlyFsView | undefined): Set<string> | 'any' {
  const out = new Set<string>();
  if (view?.list === undefined) return 'any';
  for (const s of sources) {
    const slash = s.lastIndexOf('/');
    const parent = s.slice(0, slash) || '/';
    const last = s.slice(slash + 1);
    if (/[*?[]/.test(parent)) return 'any';
    if (/[*?[]/.test(last)) {
      const match = namePattern(last);
      for (const n of view.list(parent) ?? []) if (match.test(n)) out.add(n);
      continue;
    }
    out.add(last);
    if (view.isDirectory?.(s) === true) for (const n of view.list(s) ?? []) out.add(n);
  }
  return out;
}

/**
 * The repository a copy or move of names toolgate does not list into `dir` (`cp -r t/. u/`,
 * `mv t/* u/`, `cp -rn .git/. u/`) may make or change: where the names its `sources` may put
 * there hold a repository's part and `dir` — counting them, what the same command writes and what
 * the view shows — then holds `HEAD` and `objects` and `refs` (or `HEAD` and `commondir`). A
 * `config` written into `dir` while it was a plain folder is then a repository's configuration
 * (red team 20 R20-1: `mv t/* u/` after `u/config` and `u/HEAD` were written made u a repository
 * whose alias ran rm). Without a view the names are unknown, and nothing is said: as
 * {@link repositoryWrittenInto}, which needs the view to know a folder's parts.
 * @internal
 */
export function repositoryFilledInto(
  dir: string,
  sources: readonly string[],
  written: readonly string[],
  view: ReadonlyFsView | undefined,
): string | undefined {
  if (view === undefined) return undefined;
  const landing = landingNames(sources, view);
  if (landing !== 'any' && ![...landing].some((n) => PARTS.has(n))) return undefined;
  const has = (name: string) => {
    const p = dir === '/' ? `/${name}` : `${dir}/${name}`;
    return (
      landing === 'any' ||
      landing.has(name) ||
      written.some((w) => w === p || w.startsWith(`${p}/`)) ||
      view.exists(p) ||
      view.isDirectory?.(p) === true
    );
  };
  return has('HEAD') && (has('commondir') || (has('objects') && has('refs'))) ? dir : undefined;
}
