/**
 * Which files of a tree ripgrep leaves out when it walks it (`PathEffect.skipsHidden`): hidden
 * names (a leading `.`) and names its ignore files ignore. ripgrep 13 decides per entry below the
 * paths it is given (the `ignore` crate): an override glob, a type, or a negation (`!name`) in any
 * ignore file it reads whitelists an entry, hidden or ignored; otherwise a hidden entry is skipped,
 * and so is one an ignore file matches — `.rgignore` and `.ignore` in any folder above, `.gitignore`
 * from the repository's top down (only inside a repository), `.git/info/exclude` and the global
 * excludes file. A skipped folder is not entered.
 *
 * Settled only through the file-system view and only when nothing it cannot show may whitelist
 * the entry: the caller has seen no option that changes the walk, the configuration file
 * (`RIPGREP_CONFIG_PATH`) and `XDG_CONFIG_HOME` are known unset, the git configuration in the home
 * names no excludes file, every ignore file on the way is readable, and none holds a negation that
 * could match the entry or a folder above it, under either case rule; a positive line counts
 * only as written (ripgrep matches by case).
 */
import type { ReadonlyFsView } from '../../core/ports.js';
import { compileGitignorePattern, gitignoreIgnores, isMatchablePath } from '../../paths/gitignore-match.js';

/** Variables that would change what rg skips: its configuration file (which may say `--hidden`) and where git's global excludes live. */
export const RG_SKIP_VARIABLES: readonly string[] = ['RIPGREP_CONFIG_PATH', 'XDG_CONFIG_HOME'];

/** The ignore files ripgrep reads in every folder, whatever the repository. */
const DOT_IGNORES = ['.rgignore', '.ignore'];

const join = (dir: string, name: string) => (dir === '/' ? `/${name}` : `${dir}/${name}`);
const parentOf = (p: string) => p.slice(0, p.lastIndexOf('/')) || '/';

/** An ignore file as read: `undefined` when it exists but cannot be read. */
type Read = { positive: string; negations: string } | null | undefined;

/**
 * A test of whether rg surely leaves a path below the tree `tree` out (`true`), or `undefined`
 * when the view cannot settle anything for this tree. `home`: the user's home (git's global
 * excludes); `hidden`: rg was given `--hidden` and these exclusion globs (Claude Code's Grep:
 * hidden names are searched, version-control folders are not); `maySet(name)`: whether the
 * environment may set the variable; `configOff`: rg was
 * given `--no-config`.
 */
export function rgSkipsIn(
  view: ReadonlyFsView,
  tree: string,
  home: string,
  maySet: (name: string) => boolean,
  configOff: boolean,
  hidden?: { except: readonly string[] },
): ((path: string) => boolean) | undefined {
  if (view.readText === undefined) return undefined;
  if (maySet('XDG_CONFIG_HOME') || (!configOff && maySet('RIPGREP_CONFIG_PATH'))) return undefined;
  const real = view.realpath(tree);
  if (real !== undefined && real !== tree) return undefined;
  const cache = new Map<string, Read>();
  const read = (file: string): Read => {
    if (cache.has(file)) return cache.get(file);
    let r: Read = null;
    if (view.exists(file)) {
      const text = view.readText?.(file);
      if (text === undefined) r = undefined;
      else {
        const lines = text.split(/\r?\n/);
        // A negation, without its `!`, names what it may take back.
        r = {
          positive: lines.filter((l) => !/^\s*!/.test(l)).join('\n'),
          negations: lines
            .filter((l) => /^\s*!/.test(l))
            .map((l) => l.replace(/^\s*!/, ''))
            .join('\n'),
        };
      }
    }
    cache.set(file, r);
    return r;
  };
  // git's global excludes: the default file, unless a configuration in the home names another
  // (or includes a file that might).
  const globals: string[] = [];
  for (const config of [join(home, '.gitconfig'), join(home, '.config/git/config')]) {
    if (!view.exists(config)) continue;
    const text = view.readText(config);
    if (text === undefined || /excludesfile|\[\s*include/i.test(text)) return undefined;
  }
  globals.push(join(home, '.config/git/ignore'));
  // ripgrep matches ignore lines by case (the `ignore` crate's default, on every platform; only
  // `--ignore-file-case-insensitive`, which leaves this reading out, folds): a line `Credentials.json`
  // or `.ENV` does not skip `credentials.json` or `.env` — rg 13 opened both (check29's rows). A
  // negation is matched under either rule: what it may take back is read, whichever it is.
  const matches = (g: string, rel: string, isDir: boolean, either: boolean) =>
    rel !== '' &&
    isMatchablePath(rel) &&
    (gitignoreIgnores(compileGitignorePattern(g, false), isDir ? `${rel}/` : rel) ||
      (either && gitignoreIgnores(compileGitignorePattern(g, true), isDir ? `${rel}/` : rel)));
  const relTo = (dir: string, path: string) => (dir === '/' ? path.slice(1) : path.slice(dir.length + 1));
  return (path) => {
    if (!path.startsWith(tree === '/' ? '/' : `${tree}/`)) return false;
    // The folders from / down to the path's own: each one's ignore files may bear on it.
    const dirs: string[] = [];
    for (let d = parentOf(path); ; d = parentOf(d)) {
      dirs.unshift(d);
      if (d === '/') break;
    }
    // The repository: the deepest folder above the path holding `.git` (a folder; a `.git` file
    // points elsewhere and is not followed here).
    let top: string | undefined;
    for (const d of dirs) {
      const git = join(d, '.git');
      if (!view.exists(git)) continue;
      if (view.isDirectory?.(git) !== true) return false;
      top = d;
    }
    const files: { dir: string; file: string; git: boolean }[] = [];
    for (const d of dirs) {
      for (const n of DOT_IGNORES) files.push({ dir: d, file: join(d, n), git: false });
      if (top !== undefined && (d === top || d.startsWith(`${top}/`))) files.push({ dir: d, file: join(d, '.gitignore'), git: true });
    }
    if (top !== undefined) files.push({ dir: top, file: join(top, '.git/info/exclude'), git: true });
    for (const g of globals) files.push({ dir: top ?? '/', file: g, git: top !== undefined });
    const isDir = view.isDirectory?.(path);
    if (isDir === undefined && view.exists(path)) return false;
    // Nothing may take the path or a folder above it back.
    const contents: { dir: string; positive: string; git: boolean }[] = [];
    for (const f of files) {
      const r = read(f.file);
      if (r === undefined) return false;
      if (r === null) continue;
      if (r.negations.trim() !== '' && matches(r.negations, relTo(f.dir, path), isDir === true, true)) return false;
      contents.push({ dir: f.dir, positive: r.positive, git: f.git });
    }
    // A hidden entry below the tree: skipped, the path with it.
    const below = relTo(tree, path).split('/');
    if (hidden !== undefined ? below.some((s) => hidden.except.includes(s)) : below.some((s) => s.startsWith('.'))) return true;
    // An ignore file ignores an entry below the tree (not the tree itself, which rg enters as given).
    for (const c of contents) {
      if (c.git && top === undefined) continue;
      const rel = relTo(c.dir, path);
      if (!matches(c.positive, rel, isDir === true, false)) continue;
      const treeRel = c.dir === tree || !tree.startsWith(c.dir === '/' ? '/' : `${c.dir}/`) ? '' : relTo(c.dir, tree);
      if (treeRel === '' || !matches(c.positive, treeRel, true, true)) return true;
    }
    return false;
  };
}
