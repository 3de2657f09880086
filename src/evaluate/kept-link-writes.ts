/**
 * Where a link copied or moved as a link leads, judged as written when another command of the line
 * writes (decision 0162). `cp -d`, `-P`, `--no-dereference`, `-a`, `cp -r` (for the links inside
 * a folder it copies) and `mv` carry a symbolic link over as a link (`PathEffect.keepsLinks`): the
 * new name leads where the old one does, so `cp -d docs/rc x && echo … >> x` appends to what
 * `docs/rc` leads to (`~/.bashrc`; red team 32, real). Which name the later write names is not
 * matched against the new one: a write anywhere on the line counts, as a made link's does (ln -s
 * is judged as writing its target). What the view cannot tell (an unlistable folder, a bound hit)
 * may be written anywhere (fail closed).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { whereLinkLeads } from '../paths/real.js';
import type { PathEffect } from '../shell/types.js';
import { newBudget, realOfName, walkTree, type ListingView } from './fs-reach.js';

/**
 * The writes the links `effects` carry over make possible, where another command of the line
 * writes: one for each link's target, as the view shows it.
 */
export function keptLinkWrites(effects: readonly PathEffect[], view: ReadonlyFsView): PathEffect[] {
  const kept = effects.filter((e) => e.keepsLinks === true && e.op === 'read' && e.throughKeptLink !== true);
  if (kept.length === 0) return [];
  const writers = new Set(effects.filter((e) => e.op !== 'read' || e.assumed !== undefined).map((e) => e.command));
  const out: PathEffect[] = [];
  const budget = newBudget();
  for (const e of kept) {
    if (![...writers].some((c) => c !== e.command)) continue;
    const { keepsLinks: _k, linkItself: _l, walksLinks: _w, walksLinksWith: _ww, tree: _t, names: _n, contentFrom: _c, ...rest } = e;
    const write = (path: string, why: string, extra: Partial<PathEffect> = {}): void =>
      void out.push({ ...rest, op: 'write', path, viaSymlink: true, possible: why, ...extra });
    const given = linkTarget(view, e.path);
    if (given !== undefined) {
      write(given, `${e.raw} is carried over as a link to it, and another command of the line writes`, folder(view, given));
      continue;
    }
    if (e.tree === undefined || view.isDirectory?.(e.path) !== true) continue;
    if (view.list === undefined || view.isSymlink === undefined) {
      write(e.path, `the links inside ${e.raw} are carried over as links`, {
        tree: 'some',
        unsettled: 'the file-system view cannot list directories',
      });
      continue;
    }
    const found: { link: string; target: string }[] = [];
    const reach = walkTree<never>(view as ListingView, e.path, budget, (p) => {
      if (view.isSymlink!(p)) {
        const target = view.realpath(p) ?? whereLinkLeads(p, view);
        if (target !== undefined && target !== p) found.push({ link: p, target });
        return undefined;
      }
      return view.isDirectory!(p) === true ? { descend: p } : undefined;
    });
    if (reach.kind === 'unknown')
      write(e.path, `the links inside ${e.raw} are carried over as links`, { tree: 'some', unsettled: reach.why });
    for (const { link, target } of found)
      write(target, `${e.raw} is carried over with the link ${link}, and another command of the line writes`, folder(view, target));
  }
  return out;
}

/** Where `path` leads when its own last name is a symbolic link the view shows; else `undefined`. */
function linkTarget(view: ReadonlyFsView, path: string): string | undefined {
  const own = view.isSymlink?.(path);
  if (own === false) return undefined;
  const real = view.realpath(path);
  const name = realOfName(view, path);
  if (own !== true && (real === undefined || name === undefined || real === name)) return undefined;
  const target = real ?? whereLinkLeads(path, view);
  return target === undefined || target === path ? undefined : target;
}

function folder(view: ReadonlyFsView, path: string): Partial<PathEffect> {
  return view.isDirectory?.(path) === true ? { tree: 'some' } : {};
}
