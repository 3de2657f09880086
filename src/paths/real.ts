import type { Platform } from '../core/types.js';
import type { ReadonlyFsView } from '../core/ports.js';
import { normalizePath, parentsOf, resolveLexically } from './normalize.js';

/**
 * The real path of a normalised `path` as the operating system reaches it: the real path of its
 * nearest existing parent (links resolved by `realpath`) plus the names below it, which do not
 * exist yet — a file about to be written lands in the folder its parent really is
 * (`vendor/keys/new` with `vendor/keys -> ~/.ssh` is `~/.ssh/new`). `undefined` when it is the
 * path itself, or when no parent resolves (`realpath` gives nothing or throws).
 */
export function realPathOf(
  path: string,
  realpath: (path: string) => string | undefined,
  ctx: { home: string; platform: Platform },
): string | undefined {
  try {
    let probe = path;
    let rest = '';
    for (let guard = 0; guard < 64; guard++) {
      const real = realpath(probe);
      if (real !== undefined) {
        const full = normalizePath(`${real}${rest}`, { cwd: '/', home: ctx.home, platform: ctx.platform });
        return full !== path ? full : undefined;
      }
      const parent = parentsOf(probe)[0];
      if (parent === undefined || parent === probe) return undefined;
      rest = `${probe.slice(parent === '/' ? 0 : parent.length)}${rest}`;
      probe = parent;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * The names a write to `written` reaches: the path as given and, when a link makes it another, the
 * path it resolves to (`real`, from the view). Each check of a written place looks at both.
 */
export function writtenNames(written: string, real: string | undefined): readonly string[] {
  return real === undefined || real === written ? [written] : [written, real];
}

/** Where the kernel takes a path: {@link resolveAsKernel}. */
export interface KernelPath {
  /** The path reached: links followed, `..` taken after the link before it; missing names appended as written. */
  path: string;
  /** Each symbolic link met on the way, by the name the kernel met it (`/p/.git/hooks/pre-commit`, `/p/scripts`): replacing one changes where the path leads. */
  via: string[];
  /** The first name on the way that does not exist (`/p/conf` of `.claude -> conf/claude`): making it makes the path lead into what is made. */
  missing?: string;
}

/** The most links followed in one resolution: Linux's limit (`ELOOP` after 40). */
const MAX_LINKS = 40;

/**
 * `path` (absolute; `.` and `..` may still be in it, and `text` of a link is read relative to the
 * link's folder) resolved as the kernel resolves it: name by name from `/`, a symbolic link's text
 * put in place of its name, `..` taken from the folder really reached (`x/y/../hook` with
 * `x/y -> ../sub` is `./hook`, not `x/hook`). A link whose target does not exist is followed all
 * the same (creating the target writes through it); from the first missing name on, the rest is
 * taken as written. Without the view's `isSymlink` and `readlink`, the real path of the nearest
 * existing parent and the rest lexically ({@link realPathOf}). `undefined` when links loop.
 */
export function resolveAsKernel(path: string, view: ReadonlyFsView): KernelPath | undefined {
  if (view.isSymlink === undefined || view.readlink === undefined) {
    const lexical = resolveLexically('/', path);
    return { path: realPathOf(lexical, view.realpath, { home: '/', platform: 'linux' }) ?? lexical, via: [] };
  }
  let missing: string | undefined;
  const reached = followLinks(path, (next) => {
    if (missing !== undefined) return undefined;
    if (view.isSymlink!(next)) {
      const text = view.readlink!(next);
      return text === undefined || text === '' ? null : text;
    }
    if (!view.exists(next) && view.isDirectory?.(next) !== true) missing = next;
    return undefined;
  });
  return reached === undefined ? undefined : { ...reached, ...(missing !== undefined ? { missing } : {}) };
}

/**
 * The walk {@link resolveAsKernel} and the cases' file-system view share: `path` split into names,
 * each met as `spell` writes it (the view's own spelling of a listed name), `linkAt` saying what a
 * name is — a link's text, `undefined` for no link, `null` for a link that cannot be read — the
 * text put in place of the name (from `/` when absolute), `..` taken from the folder really
 * reached. `undefined` when a link cannot be read or more than {@link MAX_LINKS} are followed.
 * @internal
 */
export function followLinks(
  path: string,
  linkAt: (name: string) => string | null | undefined,
  spell: (name: string) => string = (name) => name,
): { path: string; via: string[] } | undefined {
  const via: string[] = [];
  let at = '';
  let todo = path.split('/');
  let links = 0;
  for (let k = 0; k < todo.length; k++) {
    const c = todo[k]!;
    if (c === '' || c === '.') continue;
    if (c === '..') {
      at = at.slice(0, Math.max(at.lastIndexOf('/'), 0));
      continue;
    }
    const next = spell(`${at}/${c}`);
    const text = linkAt(next);
    if (text === undefined) {
      at = next;
      continue;
    }
    if (text === null || ++links > MAX_LINKS) return undefined;
    via.push(next);
    todo = [...text.split('/'), ...todo.slice(k + 1)];
    k = -1;
    if (text.startsWith('/')) at = '';
  }
  return { path: at === '' ? '/' : at, via };
}

/**
 * Where `name` leads: its real path, or — a link whose target does not exist (yet) — the path
 * creating the target would make, from the link's text read from its (real) folder, as the kernel
 * reads it (`.git/hooks/pre-commit -> ../../scripts/pre-commit`, `~/.bashrc -> dotfiles/bashrc`
 * before the dotfiles are cloned; `..` after a link in the text is taken from where that link
 * leads: {@link resolveAsKernel}). `undefined` when the view cannot tell (no `readlink`, no link).
 */
export function whereLinkLeads(name: string, view: ReadonlyFsView): string | undefined {
  const real = view.realpath(name);
  if (real !== undefined || view.readlink === undefined) return real;
  return view.isSymlink?.(name) === true ? resolveAsKernel(name, view)?.path : undefined;
}
