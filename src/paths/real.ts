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

/**
 * Where `name` leads: its real path, or — a link whose target does not exist (yet) — the path
 * creating the target would make, from the link's text read from its (real) folder, as the kernel
 * reads it (`.git/hooks/pre-commit -> ../../scripts/pre-commit`, `~/.bashrc -> dotfiles/bashrc`
 * before the dotfiles are cloned); a chain of such links is followed a few hops. `undefined` when
 * the view cannot tell (no `readlink`, no link).
 */
export function whereLinkLeads(name: string, view: ReadonlyFsView): string | undefined {
  const real = view.realpath(name);
  if (real !== undefined || view.readlink === undefined) return real;
  let at = name;
  for (let hop = 0; hop < 8; hop++) {
    const text = view.readlink(at);
    if (text === undefined || text === '') return undefined;
    const folder = parentsOf(at)[0] ?? '/';
    const joined = resolveLexically(view.realpath(folder) ?? folder, text);
    const landed = realPathOf(joined, view.realpath, { home: '/', platform: 'linux' }) ?? joined;
    if (view.isSymlink?.(landed) !== true || view.realpath(landed) !== undefined) return landed;
    at = landed;
  }
  return undefined;
}
