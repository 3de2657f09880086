/**
 * Reads of a file with several names (hard links) while a user's Read deny rule is in force: a
 * path rule judges names, and the other names of a file whose link count is above one cannot be
 * traced from here, so no Read deny rule can settle such a read — a guarded read. Worked out once
 * per call, whatever the number of Read deny rules: which files the call reads does not depend on
 * the rule.
 */
import type { ReadonlyFsView } from '../core/ports.js';
import type { ToolCall } from '../core/types.js';
import type { PathEffect } from '../shell/types.js';
import type { CallFacts } from './facts.js';
import { entryUnder, expandGlob, newBudget, type Budget } from './fs-reach.js';
import { braceAlternatives, hasGlob } from './glob-overlap.js';
import { grepToolTreeRead } from './grep-tool.js';
import { looksAtNameOnly } from './name-looks.js';
import { takenOf, walksThroughLinks, type TakeLook } from './tree-takes.js';

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
 * Why the call may read a file with several names, or `undefined`: the Read tool's file; the
 * folder the Grep tool searches, walked as rg walks it (its file alike); a shell
 * command's explicit file operands (each literal name, and each name a pattern matches in the
 * view); and under each tree a recursive reader reads whole (`grep -r`, `rg`, `tar c`, `cp -r`,
 * `zip -r`) every regular file, walked as the reader walks it — the links inside followed only by
 * a reader that follows them, the files it surely skips (rg's hidden and ignored files, git's
 * untracked ones, `--include`) left out, and the folders it does not enter not walked. A tree the
 * view cannot settle (a bound hit, an unlistable folder) may hold a file with several names: the
 * read is not settled either (decision 0078). Words of programs toolgate does not model are left
 * to the directory checks.
 */
export function hardLinkedReadOf(call: ToolCall, facts: CallFacts, look: TakeLook): string | undefined {
  const view = look.view;
  if (view?.linkCount === undefined) return undefined;
  if (facts.kind === 'read') {
    const path = facts.realPath ?? facts.path;
    // Grep searches a folder whole, as rg walks it; Glob prints names and reads no file.
    if (call.tool === 'Grep' && view.isDirectory?.(path) === true) {
      const e = grepToolTreeRead(call, path, facts.raw);
      return hardLinkedUnder(view, path, e, look, newBudget(), `Grep reads ${facts.path} whole`);
    }
    return facts.glob === undefined || call.tool === 'Grep' ? hardLinkedFile(view, path, `${call.tool} reads ${facts.path}`) : undefined;
  }
  if (facts.kind !== 'shell') return undefined;
  // One budget for the whole call: its patterns and trees together stay bounded.
  const budget = newBudget();
  for (const e of facts.effects) {
    if (e.op !== 'read' || e.assumed !== undefined || looksAtNameOnly(e, view)) continue;
    const names = namesRead(view, e, budget);
    // A pattern the view cannot expand may name a file with several names.
    if ('unknown' in names)
      return `the command reads what ${e.raw} names, and toolgate cannot tell which files those are (${names.unknown}); one may be another name (a hard link) of a path the rule covers`;
    for (const { path, named } of names.paths) {
      // A link taken as itself (`mv vendor/* x` moves the link): what it leads to is not read.
      if (e.linkItself === true && view.isSymlink?.(path) === true) continue;
      const what = `the command reads ${path}${named}`;
      const why = hardLinkedFile(view, path, what) ?? (e.tree !== undefined ? hardLinkedUnder(view, path, e, look, budget) : undefined);
      if (why !== undefined) return why;
    }
  }
  return undefined;
}

/** The names a read effect reads: its literal path, or each name its pattern matches in the view; why not, where the view cannot tell. */
export function namesRead(
  view: ReadonlyFsView,
  e: PathEffect,
  budget: Budget,
): { paths: { path: string; named: string }[] } | { unknown: string } {
  if (e.literal) return { paths: [{ path: e.path, named: '' }] };
  const out: { path: string; named: string }[] = [];
  for (const alt of braceAlternatives(e.path)) {
    if (!hasGlob(alt)) {
      out.push({ path: alt, named: '' });
      continue;
    }
    const matched = expandGlob(view, alt, budget);
    if ('unknown' in matched) return matched;
    for (const p of matched.paths) out.push({ path: p, named: ` (named by the pattern ${e.raw})` });
  }
  return { paths: out };
}

/** The first file with several names in the tree a recursive reader reads at `dir`, as it walks it. */
function hardLinkedUnder(
  view: ReadonlyFsView,
  dir: string,
  e: PathEffect,
  look: TakeLook,
  budget: Budget,
  reads = `the command reads ${dir} whole`,
): string | undefined {
  const follows = walksThroughLinks(e, { ...look, view });
  const taken = takenOf(e, (p) => (view.linkCount?.(p) ?? 1) > 1, look);
  const found = entryUnder(view, dir, taken.covered, follows, budget, taken.skipsFolder);
  if (found.kind === 'nothing') return undefined;
  // A tree the view cannot look through may hold a second name of any file: the rule cannot settle the read.
  if (found.kind === 'unknown')
    return `${reads}, and toolgate cannot look through it (${found.why}); a file there may be another name (a hard link) of a path the rule covers`;
  return hardLinkedFile(view, found.path, `${reads}, and with it ${found.path}`);
}
