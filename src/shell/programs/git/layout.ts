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
