/**
 * Where a read inside the working directories really leads, asked of the file-system view: a path
 * resolves its links (a `..` after a link was applied where the path was resolved), a glob names
 * what it matches in the real tree under every shell option, and a reader of a whole tree follows
 * the links inside it that it follows (`PathEffect.walksLinks`). What the view cannot settle
 * counts as leading outside. Without a view, paths are judged as written (toolgate docs).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import type { PathEffect } from '../shell/types.js';
import { expandGlob, linkOutOf, realOfEffectName, type Budget } from './fs-reach.js';
import { walksThroughLinks } from './tree-takes.js';

/**
 * Where the read `e` leads outside (`inside` says what is inside), and why; `undefined` when it
 * stays inside. `maySet(name)`: whether the environment variable may be set (a reader's
 * configuration may make it follow links: `PathEffect.walksLinksWith`).
 */
export function outsideThroughLinks(
  view: ReadonlyFsView,
  e: PathEffect,
  inside: (p: string) => boolean,
  budget: Budget,
  maySet: (name: string) => boolean = () => true,
): { path: string; why: string } | undefined {
  const follows = walksThroughLinks(e, { view, maySet });
  let paths = [e.path];
  if (e.glob) {
    const named = expandGlob(view, e.path, budget);
    if ('unknown' in named)
      return { path: e.path, why: `the pattern ${e.raw} may name paths the file-system view cannot settle: ${named.unknown}` };
    paths = named.paths;
  }
  for (const p of paths) {
    // A program that takes the name itself (`mv`, `cp -r`) does not follow its last part.
    const real = realOfEffectName(view, p, e.linkItself);
    // The name itself was judged by the caller; only where a link takes it is new here.
    if (real !== undefined && real !== p && !inside(real)) return { path: real, why: `${p} leads there through a symbolic link` };
    if (e.linkItself === true && view.isSymlink?.(p) === true) continue;
    // A read of a tree (all of it, or some files: `grep -r --include=…`), or a lister that walks
    // the tree through its links (`ls -LR`, `find -L`).
    if (e.tree === undefined && e.walksLinks !== true) continue;
    const reach = linkOutOf(view, real ?? p, inside, budget, follows, e.tree === undefined);
    const how = e.tree !== undefined ? 'reads' : 'lists';
    if (reach.kind === 'leads') {
      const may =
        e.walksLinks !== false
          ? `follows the link ${reach.link} there`
          : e.walksLinksWith !== undefined
            ? `may follow the link ${reach.link} there (${e.walksLinksWith} may name a configuration that says so)`
            : `may read a path its index tracks below the link ${reach.link}`;
      return { path: reach.path, why: `the command ${how} ${p} whole and ${may}` };
    }
    if (reach.kind === 'unknown')
      return { path: p, why: `the command ${how} it whole, and where the links inside lead cannot be settled: ${reach.why}` };
  }
  return undefined;
}
