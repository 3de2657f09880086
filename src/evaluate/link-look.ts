/**
 * One call's look at where names lead in its file-system view. The checks for protected names
 * behind links (link-targets.ts) and denied names behind links (denied-links.ts) resolve the same
 * roots (the project, the home directory, the folders in them) and list the same folders; through
 * one look each path is resolved, each folder listed and each entry asked whether it is a link at
 * most once. It is made for one call and dropped with it: the file system changes between calls,
 * so nothing is kept longer.
 */
import type { ReadonlyFsView } from '../core/ports.js';

/** A link directly inside a folder and the other path it resolves to. */
export interface FolderLink {
  /** The entry's name in the folder (`.env.local`). */
  entry: string;
  /** The link's path (`/home/user/project/.env.local`). */
  name: string;
  /** Where it resolves (`/home/user/shared/env`), never `name` itself. */
  target: string;
}

/** The view's answers for one call, each asked once. */
export interface LinkLook {
  readonly view: ReadonlyFsView;
  /** The view's `realpath`, once per path. */
  realpath(path: string): string | undefined;
  /** The view's `isDirectory`, once per path. */
  isDirectory(path: string): boolean | undefined;
  /** The view's `list`, once per folder. */
  list(folder: string): readonly string[] | undefined;
  /**
   * The entries of `folder` that `want` accepts (all without it) which are links leading to another
   * path: where `lead` says (the real path without it).
   */
  linksIn(folder: string, want?: (entry: string) => boolean, lead?: (name: string) => string | undefined): FolderLink[];
}

/**
 * A name whose absence a listing of its folder shows: printable ASCII (compared in any letter
 * case, for a file system that folds it; no Unicode normalisation applies), not `.` or `..`, not
 * ending in a dot or a space (which Windows drops).
 */
const LISTED_NAME = /^[\x20-\x2e\x30-\x7e]*[\x21-\x2d\x30-\x7e]$/;

/** A {@link LinkLook} on `view`, for one call. */
export function linkLook(view: ReadonlyFsView): LinkLook {
  const real = new Map<string, string | undefined>();
  const dirs = new Map<string, boolean | undefined>();
  const lists = new Map<string, readonly string[] | undefined>();
  const links = new Map<string, boolean>();
  const join = (folder: string, entry: string) => `${folder === '/' ? '' : folder}/${entry}`;
  /** Whether a listing already read shows that `path` does not exist: its folder resolved and listed, no entry of its name in any letter case. */
  const listedAbsent = (path: string): boolean => {
    const cut = path.lastIndexOf('/');
    const base = path.slice(cut + 1);
    if (cut <= 0 || !LISTED_NAME.test(base)) return false;
    const folder = real.get(path.slice(0, cut));
    const entries = folder === undefined ? undefined : lists.get(folder);
    if (entries === undefined) return false;
    const lower = base.toLowerCase();
    for (const e of entries) if (e === base || e.toLowerCase() === lower) return false;
    return true;
  };
  const look: LinkLook = {
    view,
    realpath(path) {
      if (real.has(path)) return real.get(path);
      const r = listedAbsent(path) ? undefined : view.realpath(path);
      real.set(path, r);
      return r;
    },
    isDirectory(path) {
      if (dirs.has(path)) return dirs.get(path);
      const d = view.isDirectory?.(path);
      dirs.set(path, d);
      return d;
    },
    list(folder) {
      if (lists.has(folder)) return lists.get(folder);
      const l = view.list?.(folder);
      lists.set(folder, l);
      return l;
    },
    linksIn(folder, want, lead = look.realpath) {
      const out: FolderLink[] = [];
      for (const entry of look.list(folder) ?? []) {
        if (want !== undefined && !want(entry)) continue;
        const name = join(folder, entry);
        let link = links.get(name);
        if (link === undefined) links.set(name, (link = isLink(name)));
        if (!link) continue;
        const target = lead(name);
        if (target !== undefined && target !== name) out.push({ entry, name, target });
      }
      return out;
    },
  };
  // Without `isSymlink` an entry is a link when it resolves elsewhere.
  const isLink = (name: string): boolean => (view.isSymlink !== undefined ? view.isSymlink(name) : (look.realpath(name) ?? name) !== name);
  return look;
}
