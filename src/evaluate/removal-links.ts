/**
 * A removal that follows the links inside what it removes (`find -L dir -delete`,
 * `PathEffect.walksLinks` on a removal) removes the entries of the directories those links lead
 * to, at their real paths: GNU find 4.9 emptied the target of `dir/link -> ../../outside` and
 * failed only on the link itself. The file-system view lists the tree and resolves its links; each
 * directory a link leads to becomes a removal of its own (judged by deny rules, protected paths and
 * the critical-path check where it really is). What the view cannot settle (no view, an unlistable
 * directory, the bound) is an unresolved reason, and with a view a removal of names toolgate cannot
 * work out.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import type { PathEffect } from '../shell/index.js';
import { newBudget, walkTree, type ListingView as DirView } from './fs-reach.js';

/** A view that lists directories and tells links apart. */
type ListingView = DirView & Required<Pick<ReadonlyFsView, 'isSymlink'>>;

/** The removals through links that the line's link-following removals add, and why some cannot be told. */
export function removalsThroughLinks(
  effects: readonly PathEffect[],
  view: ReadonlyFsView | undefined,
): { effects: PathEffect[]; unresolved: string[] } {
  const out: { effects: PathEffect[]; unresolved: string[] } = { effects: [], unresolved: [] };
  for (const e of effects) {
    if (e.op !== 'remove' || e.walksLinks !== true || e.viaSymlink === true) continue;
    // Where the links lead is what the view cannot settle: the removal may reach any path, a
    // protected one included — a removal whose names toolgate cannot work out (decision 0092), and
    // a reason deny rules meet.
    const why = (what: string, asRemoval = true): void => {
      const reason = `the removal of ${e.path} follows the links inside it, and ${what}`;
      out.unresolved.push(reason);
      if (asRemoval)
        out.effects.push({
          op: 'remove',
          path: e.path,
          raw: reason,
          literal: e.literal,
          command: e.command,
          glob: false,
          tree: 'some',
          names: { kind: 'unseen', what: 'program' },
        });
    };
    if (view === undefined) {
      // Without a view the removal is judged by the path it names, as `rm -r` is (decision 0088).
      why('toolgate has no view of where they lead', false);
      continue;
    }
    if (view.list === undefined || view.isDirectory === undefined || view.isSymlink === undefined) {
      why('the file-system view cannot list directories');
      continue;
    }
    const targets = linkedDirectories(view as ListingView, e.path);
    if ('unknown' in targets) {
      why(targets.unknown);
      continue;
    }
    for (const { target, link } of targets.found)
      out.effects.push({
        op: 'remove',
        path: target,
        raw: `${target} (through the link ${link})`,
        literal: e.literal,
        command: e.command,
        glob: false,
        viaSymlink: true,
        ...(e.tree !== undefined ? { tree: e.tree } : {}),
        names: { kind: 'entries', of: [target] },
      });
  }
  return out;
}

/** The directories the links under `dir` (and `dir` itself) lead to, followed as find -L follows them. */
function linkedDirectories(view: ListingView, dir: string): { found: { target: string; link: string }[] } | { unknown: string } {
  const found: { target: string; link: string }[] = [];
  const visit = (p: string): { descend: string } | undefined => {
    if (view.isSymlink(p)) {
      const target = view.realpath(p);
      // A dangling link, or one to a file: only the link itself is removed.
      if (target === undefined || view.isDirectory(target) !== true) return undefined;
      if (!found.some((f) => f.target === target)) found.push({ target, link: p });
      return { descend: target };
    }
    return view.isDirectory(p) === true ? { descend: p } : undefined;
  };
  const first = visit(dir);
  if (first === undefined) return { found };
  const budget = newBudget();
  const walked = walkTree<never>(view, first.descend, budget, visit);
  if (walked.kind !== 'unknown') return { found };
  return { unknown: budget.left < 0 ? 'there are too many entries to look through' : walked.why };
}
