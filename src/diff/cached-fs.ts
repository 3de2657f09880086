import type { ReadonlyFsView } from '../core/ports.js';

/**
 * A file system view that asks `view` once per method and path and then answers from memory.
 * A diff decides every call twice and many calls look at the same directories: both policies
 * then see the same world, and each path is looked at once.
 */
export function cachedFsView(view: ReadonlyFsView): ReadonlyFsView {
  const memo = <A extends string, R>(f: ((path: A) => R) | undefined): ((path: A) => R) | undefined => {
    if (f === undefined) return undefined;
    const seen = new Map<string, R>();
    return (path: A) => {
      if (seen.has(path)) return seen.get(path) as R;
      const r = f.call(view, path);
      seen.set(path, r);
      return r;
    };
  };
  const out: ReadonlyFsView = { realpath: memo(view.realpath)!, exists: memo(view.exists)! };
  const isDirectory = memo(view.isDirectory);
  const identity = memo(view.identity);
  const linkCount = memo(view.linkCount);
  const list = memo(view.list);
  const isSymlink = memo(view.isSymlink);
  const readlink = memo(view.readlink);
  const readText = memo(view.readText);
  const readBytes = memo(view.readBytes);
  return {
    ...out,
    ...(isDirectory !== undefined ? { isDirectory } : {}),
    ...(identity !== undefined ? { identity } : {}),
    ...(linkCount !== undefined ? { linkCount } : {}),
    ...(list !== undefined ? { list } : {}),
    ...(isSymlink !== undefined ? { isSymlink } : {}),
    ...(readlink !== undefined ? { readlink } : {}),
    ...(readText !== undefined ? { readText } : {}),
    ...(readBytes !== undefined ? { readBytes } : {}),
  };
}
