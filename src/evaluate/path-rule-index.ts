/**
 * A deny or ask list's path rules looked up by their needle (decision 0027): the literal every
 * path a pattern matches holds (`.pem` for `**‍/*.pem`, `page-5.md` for `/docs/page-5.md`;
 * `matchPathMatcher` rejects a path without it before anything else). A path — a Read or Edit
 * call's, or one a shell command touches — meets only the rules whose needle it holds, those whose
 * base it does not go past, and the rules that have no needle; the others are the ones a scan of
 * the whole list rules out one by one ({@link outsideNeedle}), so the answer is the scan's.
 */
import { patternStems } from '../paths/reach.js';
import type { CompiledRule } from '../settings/types.js';
import type { PathEffect } from '../shell/types.js';
import type { CallFacts } from './facts.js';
import { effectProbes, pathProbe } from './path-probe.js';
import { mergedPositions } from './positions.js';
import { pathRuleMatcher, type MatchEnv } from './rule-match.js';

/**
 * A node of the needle trie (a radix tree: a run of characters no other needle branches off is
 * one edge), and the rules whose needle ends here. A node per character took ≈ 2 kB per rule
 * (a Map each): 45 MB for the 20,000 path rules of a 100,000-rule lint, all copied by the
 * collector while it ran.
 */
interface Node {
  /** The edges out of this node, by the first character of their text. */
  next: Map<number, Edge> | undefined;
  at: number[] | undefined;
}

/** An edge of the trie: the characters it stands for (at least one), and the node after them. */
interface Edge {
  text: string;
  node: Node;
}

/** The indexed rules of one tool (`Read` or `Edit`: a shell command's reads meet the one, its writes the other). */
interface ToolPart {
  /** Positions of these rules, ascending. */
  all: number[];
  /** Every needle, as a trie of character codes. */
  trie: Node;
  /** Positions with the length of their pattern's base, longest base first: a path no longer than a base is not ruled out. */
  byBase: { len: number; at: number }[];
  /**
   * For a bare word a program toolgate does not model may read as a path: the rules one of whose
   * stems (`patternStems`) is inside it, by the word's path — each stem filed under itself and
   * each directory above it.
   */
  stems: Map<string, number[]>;
}

/** The index of one list (as `rulesForTool` gives it) for one matching environment. */
export interface PathRuleIndex {
  env: MatchEnv;
  /** Positions of the rules never ruled out here (other families, no needle), ascending. */
  unindexed: number[];
  /** Those of them that are path rules (the ones a shell call meets through its paths). */
  pathsUnindexed: number[];
  /** Positions of every path rule, ascending. */
  paths: number[];
  read: ToolPart;
  edit: ToolPart;
  /** Path rules of other tools (`Write(...)`, `Grep(...)`): a Read or Edit call may meet them, a shell call never does. */
  other: ToolPart;
  /** Whether any rule is indexed at all. */
  any: boolean;
}

const indexes = new WeakMap<readonly CompiledRule[], PathRuleIndex>();

function newNode(): Node {
  return { next: undefined, at: undefined };
}

function newPart(): ToolPart {
  return { all: [], trie: newNode(), byBase: [], stems: new Map() };
}

function file(map: Map<string, number[]>, key: string, i: number): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [i]);
  else if (list[list.length - 1] !== i) list.push(i);
}

function add(part: ToolPart, cr: CompiledRule, i: number, needle: string, base: string, stems: readonly string[]): void {
  part.all.push(i);
  (nodeOf(part.trie, needle).at ??= []).push(i);
  part.byBase.push({ len: base.length, at: i });
  // `isInside(stem, word)` for a word path with no trailing slash (a probe's): the stem itself, or
  // the stem's text up to one of its slashes.
  for (const stem of stems) {
    file(part.stems, stem, i);
    for (let k = stem.indexOf('/', 1); k !== -1; k = stem.indexOf('/', k + 1)) file(part.stems, stem.slice(0, k), i);
  }
}

/** The node `needle` (not empty) ends at under `root`, made (and an edge split there) when there is none. */
function nodeOf(root: Node, needle: string): Node {
  let node = root;
  let k = 0;
  while (k < needle.length) {
    node.next ??= new Map();
    const edge = node.next.get(needle.charCodeAt(k));
    if (edge === undefined) {
      const leaf = newNode();
      node.next.set(needle.charCodeAt(k), { text: needle.slice(k), node: leaf });
      return leaf;
    }
    const text = edge.text;
    let m = 1;
    while (m < text.length && k + m < needle.length && text.charCodeAt(m) === needle.charCodeAt(k + m)) m++;
    if (m < text.length) {
      // The needle ends or turns off inside the edge: a node where it does.
      const mid: Node = { next: new Map([[text.charCodeAt(m), { text: text.slice(m), node: edge.node }]]), at: undefined };
      edge.text = text.slice(0, m);
      edge.node = mid;
    }
    node = edge.node;
    k += m;
  }
  return node;
}

/** Lists shorter than this are scanned: the lookups would cost more. */
const MIN_RULES = 16;
/** Lists met once and not indexed yet. */
const seen = new WeakSet<readonly CompiledRule[]>();

/**
 * The index of `rules` (a deny or ask list) for `env`, made on the list's second use (a list made
 * for one call only — a policy with session rules gets new lists per call — is scanned rather than
 * indexed for nothing) and kept per list and environment; `undefined` for a short list or one
 * without a needle (a scan is as good), and on first use.
 */
export function pathRuleIndex(rules: readonly CompiledRule[], env: MatchEnv): PathRuleIndex | undefined {
  if (rules.length < MIN_RULES) return undefined;
  let index = indexes.get(rules);
  if (index === undefined || index.env !== env) {
    if (!seen.has(rules)) {
      seen.add(rules);
      return undefined;
    }
    index = build(rules, env);
    indexes.set(rules, index);
  }
  return index.any ? index : undefined;
}

function build(rules: readonly CompiledRule[], env: MatchEnv): PathRuleIndex {
  const index: PathRuleIndex = {
    env,
    unindexed: [],
    pathsUnindexed: [],
    paths: [],
    read: newPart(),
    edit: newPart(),
    other: newPart(),
    any: false,
  };
  rules.forEach((cr, i) => {
    const path = cr.rule.family === 'path';
    if (path) index.paths.push(i);
    const m = pathRuleMatcher(cr, env);
    const needle = m === undefined ? '' : m.gitignore.needle;
    const tool = cr.rule.tool;
    // A pattern that folds case is compared case-insensitively with the word's path (its stems).
    if (m === undefined || needle === '' || m.compiled.fold) {
      index.unindexed.push(i);
      if (path) index.pathsUnindexed.push(i);
      return;
    }
    const part = tool === 'Read' ? index.read : tool === 'Edit' ? index.edit : index.other;
    add(part, cr, i, needle, m.compiled.base, part === index.other ? [] : patternStems(m.compiled));
    index.any = true;
  });
  for (const part of [index.read, index.edit, index.other]) part.byBase.sort((a, b) => b.len - a.len || a.at - b.at);
  return index;
}

/**
 * Add to `out` the positions of `part` whose rule a path with this probe (`pathProbe`) is not
 * ruled out for: its needle is in the probe, or the probe is no longer than its base plus `/x`.
 */
function hits(part: ToolPart, probe: string, out: number[]): void {
  for (const b of part.byBase) {
    if (probe.length - 2 > b.len) break;
    out.push(b.at);
  }
  const root = part.trie;
  if (root.next === undefined) return;
  for (let s = 0; s < probe.length; s++) {
    // Every needle that starts at `s`: each node on the probe's path from the root.
    let node: Node = root;
    let k = s;
    while (k < probe.length && node.next !== undefined) {
      const edge = node.next.get(probe.charCodeAt(k));
      if (edge === undefined || !probe.startsWith(edge.text, k)) break;
      node = edge.node;
      k += edge.text.length;
      if (node.at !== undefined) for (const i of node.at) out.push(i);
    }
  }
}

/** `positions` sorted and without repeats. */
function sorted(positions: number[]): number[] {
  if (positions.length < 2) return positions;
  positions.sort((a, b) => a - b);
  let w = 1;
  for (let r = 1; r < positions.length; r++) if (positions[r] !== positions[w - 1]) positions[w++] = positions[r]!;
  positions.length = w;
  return positions;
}

/**
 * Positions in the list of the rules a Read or Edit call whose paths have these probes
 * (`pathProbe` of the path, its real path and its aliases) is not ruled out for, ascending: the
 * unindexed rules and each indexed one whose needle a probe holds or whose base it does not pass.
 */
export function pathCallPositions(index: PathRuleIndex, probes: readonly string[]): number[] {
  const found: number[] = [];
  for (const p of probes) {
    hits(index.read, p, found);
    hits(index.edit, p, found);
    hits(index.other, p, found);
  }
  return mergedPositions(index.unindexed, sorted(found));
}

/**
 * Positions of the path rules a shell call may bear on (`shellPathMatch` answers `none` for every
 * other one, and for every path rule of a tool other than `Read` and `Edit`), ascending;
 * `undefined` when every path rule may. A rule is left out only when each
 * path effect it looks at (reads for `Read`, writes and removals for `Edit`) has a probe
 * (`effectProbes`: a literal path or a bare word, normalised) that lacks its needle and, for a bare
 * word, holds none of its stems — so `effectOutOfReach` passes over every effect — and the call
 * has no part it could not read, no state change and nothing unresolved (those make every path
 * rule `hidden`). A read of a file with several names (a hard link) bears on no rule here: the
 * deny step asks the view about it once per call, apart from the rules.
 */
export function shellPathPositions(
  index: PathRuleIndex,
  facts: Extract<CallFacts, { kind: 'shell' }>,
  env: MatchEnv,
): readonly number[] | undefined {
  if (facts.analysis.unknown.length > 0 || facts.analysis.stateChanges.length > 0 || facts.unresolved.length > 0) return undefined;
  const effects = facts.effects;
  if (effects.length === 0) return index.pathsUnindexed;
  const probes = effectProbes(effects, env);
  const found: number[] = [];
  let readAll = false;
  let editAll = false;
  for (let i = 0; i < effects.length; i++) {
    const e = effects[i]!;
    const probe = probes[i];
    const reads = e.op === 'read' || e.assumed !== undefined;
    const writes = e.op !== 'read';
    if (probe === undefined) {
      if (reads) readAll = true;
      if (writes) editAll = true;
      continue;
    }
    if (reads && !readAll) effectHits(index.read, e, probe, found);
    if (writes && !editAll) effectHits(index.edit, e, probe, found);
  }
  if (readAll && editAll) return undefined;
  let out = mergedPositions(index.pathsUnindexed, sorted(found));
  if (readAll) out = mergedPositions(out, index.read.all);
  if (editAll) out = mergedPositions(out, index.edit.all);
  return out;
}

function effectHits(part: ToolPart, e: PathEffect, probe: string, out: number[]): void {
  if (part.all.length === 0) return;
  hits(part, probe, out);
  if (e.assumed === 'word') {
    const under = part.stems.get(e.path);
    if (under !== undefined) for (const i of under) out.push(i);
  }
}

/** `pathProbe` of each path, or `undefined` when one has none (it must not be ruled out). */
export function probesOfPaths(paths: readonly string[], env: MatchEnv): string[] | undefined {
  const out: string[] = [];
  for (const p of paths) {
    const probe = pathProbe(p, env);
    if (probe === undefined) return undefined;
    out.push(probe);
  }
  return out;
}
