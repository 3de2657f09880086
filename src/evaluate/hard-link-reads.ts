import type { ReadonlyFsView } from '../core/ports.js';
import type { PathEffect } from '../shell/types.js';
import { expandGlob, type Budget } from './fs-reach.js';
import { braceAlternatives, hasGlob } from './glob-overlap.js';

/**
 * Why reading `path` may read a file a Read deny rule covers under another name: the view shows a
 * regular file with more than one name (a hard link). Its other names cannot be traced from here,
 * so no path rule can settle the read; `undefined` when the file has one name or the view cannot
 * tell.
 */
export function hardLinkedFile(view: ReadonlyFsView | undefined, path: string, what = `the command reads ${path}`): string | undefined {
  const n = view?.linkCount?.(path);
  if (n === undefined || n <= 1) return undefined;
  return `${what}, a file with ${n} names (hard links) toolgate cannot trace; one may be a path the rule covers`;
}

/**
 * The same for a shell read of explicit file operands: each literal name, and each name a pattern
 * matches in the view. Recursive reads (`grep -r`, `cp -r`) and words of programs toolgate does not
 * model are left to the directory checks.
 */
export function hardLinkedRead(view: ReadonlyFsView | undefined, e: PathEffect, budget: Budget): string | undefined {
  if (view?.linkCount === undefined || e.op !== 'read' || e.tree !== undefined || e.assumed !== undefined) return undefined;
  if (e.literal) return hardLinkedFile(view, e.path);
  for (const alt of braceAlternatives(e.path)) {
    if (!hasGlob(alt)) {
      const why = hardLinkedFile(view, alt);
      if (why !== undefined) return why;
      continue;
    }
    const named = expandGlob(view, alt, budget);
    if (!('paths' in named)) continue;
    for (const p of named.paths) {
      const why = hardLinkedFile(view, p, `the command reads ${p} (named by the pattern ${e.raw})`);
      if (why !== undefined) return why;
    }
  }
  return undefined;
}
