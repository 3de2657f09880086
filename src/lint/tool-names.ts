/**
 * Which built-in tool a rule's unknown tool name was probably meant to be (`Raed` → `Read`,
 * `bash` → `Bash`), for `lint`'s "did you mean".
 */
import { LEGACY_TOOL_NAMES, TOOL_INFO } from '../rules/index.js';

const BUILT_IN: readonly string[] = [...Object.keys(TOOL_INFO), ...Object.keys(LEGACY_TOOL_NAMES)];

/**
 * Edit distance with adjacent transpositions (optimal string alignment): `Raed` is one step from
 * `Read`, as a typist sees it, where plain Levenshtein counts two.
 */
export function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The built-in tool names `name` is a near miss of: the same name in another case, or at most two
 * edits away (ignoring case) — but never more edits than half the tool name's length, so a short
 * name such as `Cd` is not "meant" by every two-letter word. The closest names, in table order;
 * empty when none is near.
 */
export function nearToolNames(name: string): string[] {
  const lower = name.toLowerCase();
  let best = Infinity;
  let found: string[] = [];
  for (const tool of BUILT_IN) {
    if (tool === name) return [];
    const distance = editDistance(lower, tool.toLowerCase());
    if (distance > 2 || (distance > 0 && distance > Math.floor(tool.length / 2))) continue;
    // A legacy name is suggested as what it is now called (`Tsak` → `Agent`).
    const meant = LEGACY_TOOL_NAMES[tool] ?? tool;
    if (distance < best) [best, found] = [distance, [meant]];
    else if (distance === best && !found.includes(meant)) found.push(meant);
  }
  return found;
}
