import type { Platform } from '../core/types.js';
import type { ReadonlyFsView } from '../core/ports.js';
import { normalizePath } from '../paths/index.js';
import { followLinks } from '../paths/real.js';

/**
 * A read-only FS view built from a conformance case's `fs` object. Values understood:
 * `"symlink -> TARGET"`, `"8.3 alias of TARGET"` (both resolve to TARGET, children too),
 * `"absent"`, `"directory"`, `"unlistable directory"` (one whose entries cannot be read),
 * `"directory of N files"` (a directory holding the files `file-1` … `file-N`, for trees too large
 * to spell out), `"hard link of TARGET"` (a file that shares its content with TARGET: both
 * have two names, one identity), `"text: CONTENT"` (a file whose text is CONTENT; `readText` returns it),
 * `"base64: DATA"` (a file whose bytes are DATA, such as a git index; `readBytes` returns them), anything
 * else (a file that exists, whose text is not known: `readText` gives `undefined`). The key `case_insensitive_volume: true` makes
 * lookups ignore case and return the stored spelling.
 * @public
 */
export function caseFsView(spec: Record<string, unknown>, ctx: { cwd: string; home: string; platform: Platform }): ReadonlyFsView {
  const norm = (p: string) => normalizePath(p, ctx);
  const tilde = (t: string) => (t === '~' || t.startsWith('~/') ? norm(t) : t);
  const insensitive = spec['case_insensitive_volume'] === true;
  const links = new Map<string, string>();
  const present = new Set<string>();
  const absent = new Set<string>();
  const directories = new Set<string>();
  const unlistable = new Set<string>();
  const names = new Map<string, number>();
  /** A hard link's other name: the two are one file. */
  const sameAs = new Map<string, string>();
  const texts = new Map<string, string>();
  const contents = new Map<string, Uint8Array>();
  for (const [key, value] of Object.entries(spec)) {
    if (key === 'case_insensitive_volume') continue;
    const path = norm(key);
    const text = typeof value === 'string' ? value : '';
    const link = /^(?:symlink ->|8\.3 alias of)\s*(.+)$/.exec(text);
    const hard = /^hard link of\s*(.+)$/.exec(text);
    // A link's relative target is read from the folder holding the link, as the kernel reads it
    // (`.git/hooks/pre-commit -> ../../scripts/pre-commit`, `/usr/bin/gcc -> gcc-12`).
    // The text is kept as written (`~` read as the home folder, for the cases' convenience) and
    // resolved name by name (realpath below): `..` after a link in it is taken where that link leads.
    // (An 8.3 alias, and a link on Windows, is kept as before: its text is a Windows path.)
    if (link?.[1] !== undefined)
      links.set(
        path,
        text.startsWith('symlink') && ctx.platform !== 'windows'
          ? tilde(link[1].trim())
          : normalizePath(link[1].trim(), { ...ctx, cwd: path.slice(0, path.lastIndexOf('/')) || '/' }),
      );
    else if (hard?.[1] !== undefined) {
      const other = norm(hard[1].trim());
      present.add(path);
      present.add(other);
      names.set(path, (names.get(path) ?? 1) + 1);
      names.set(other, (names.get(other) ?? 1) + 1);
      sameAs.set(path, other);
    } else if (text === 'absent') absent.add(path);
    else if (text.startsWith('base64:')) {
      present.add(path);
      contents.set(
        path,
        Uint8Array.from(atob(text.slice('base64:'.length).trim()), (c) => c.charCodeAt(0)),
      );
    } else if (text.startsWith('text:')) {
      present.add(path);
      texts.set(path, text.slice('text:'.length).replace(/^ /, ''));
    } else if (text === 'directory' || text === 'unlistable directory') {
      present.add(path);
      directories.add(path);
      if (text === 'unlistable directory') unlistable.add(path);
    } else if (/^directory of \d+ files$/.test(text)) {
      present.add(path);
      directories.add(path);
      for (let i = 1, n = Number(/\d+/.exec(text)![0]); i <= n; i++) present.add(`${path}/file-${i}`);
    } else present.add(path);
  }
  const bytesKnown = contents.size > 0 || absent.size > 0;
  const fold = (p: string) => (insensitive ? p.toLowerCase() : p);
  const canonical = (p: string): string => {
    if (!insensitive) return p;
    for (const known of [...present, ...links.keys()]) if (fold(known) === fold(p)) return known;
    return p;
  };
  // As the kernel resolves a path: name by name, a link's text put in place of its name (relative
  // to the link's folder), `..` taken from the folder really reached. A path that does not exist
  // resolves all the same (the case lists what it needs; a missing name is taken as written).
  const realpath = (input: string): string | undefined =>
    followLinks(canonical(norm(input)), (name) => links.get(name), canonical)?.path;
  // Which paths hold something listed under them, and their entries: worked out once (a tree of
  // thousands of listed files is walked entry by entry).
  let built: { holders: Set<string>; children: Map<string, Set<string>> } | undefined;
  const tree = () => {
    if (built !== undefined) return built;
    const holders = new Set<string>();
    const children = new Map<string, Set<string>>();
    for (const known of [...present, ...links.keys()]) {
      for (let at = known.lastIndexOf('/'), child = known; at >= 0; at = known.lastIndexOf('/', at - 1)) {
        const dir = at === 0 ? '/' : known.slice(0, at);
        holders.add(dir);
        if (!absent.has(known)) {
          const set = children.get(dir) ?? new Set<string>();
          set.add(child.slice(at + 1));
          children.set(dir, set);
        }
        child = dir;
        if (at === 0) break;
      }
    }
    return (built = { holders, children });
  };
  return {
    realpath,
    exists: (p) => {
      const n = canonical(norm(p));
      if (absent.has(n)) return false;
      if (present.has(n) || links.has(n)) return true;
      // A path through a link exists where the link leads (`vendor/keys/id_rsa` with `vendor/keys -> ~/.ssh`).
      const real = realpath(p);
      return real !== undefined && real !== n && !absent.has(real) && (present.has(real) || links.has(real));
    },
    isDirectory: (p) => {
      const real = realpath(p);
      if (real === undefined || absent.has(real)) return undefined;
      if (directories.has(real)) return true;
      // A path with something listed under it is a directory; a listed file is not.
      if (tree().holders.has(real)) return true;
      return present.has(real) ? false : undefined;
    },
    linkCount: (p) => {
      const real = realpath(p);
      if (real === undefined || absent.has(real) || !present.has(real) || directories.has(real)) return undefined;
      return names.get(real) ?? 1;
    },
    // One file, whatever the name: symlinks followed, a hard link its other name's.
    identity: (p) => {
      const real = realpath(p);
      if (real === undefined || absent.has(real) || !present.has(real) || directories.has(real)) return undefined;
      return sameAs.get(real) ?? real;
    },
    // The case's tree is what it lists: a directory holds the entries listed under it.
    list: (p) => {
      const real = realpath(p);
      if (real === undefined || absent.has(real) || unlistable.has(real)) return undefined;
      const entries = tree().children.get(real) ?? new Set<string>();
      if (entries.size === 0 && !directories.has(real)) return undefined;
      return [...entries].sort();
    },
    isSymlink: (p) => links.has(canonical(norm(p))),
    readlink: (p) => links.get(canonical(norm(p))),
    readText: (p) => {
      const real = realpath(p);
      return real === undefined || absent.has(real) ? undefined : texts.get(real);
    },
    // The bytes of a file whose content the case gives (`text:`, `base64:`), offered only by a case
    // that gives some file's bytes or marks some path absent: only such a case says which files
    // are missing (git's index: none means nothing is tracked), where another lists only the
    // paths its row is about and leaves the rest unknown.
    ...(bytesKnown ? { readBytes } : {}),
  };
  function readBytes(p: string): Uint8Array | undefined {
    const real = realpath(p);
    if (real === undefined || absent.has(real)) return undefined;
    const bytes = contents.get(real);
    if (bytes !== undefined) return new Uint8Array(bytes);
    const text = texts.get(real);
    return text === undefined ? undefined : new TextEncoder().encode(text);
  }
}
