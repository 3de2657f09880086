/**
 * Reads and writes of a denied path by its link's target (red team 24, RT24-N). A path rule judges
 * names; when the denied name is a symbolic link (`.env -> secrets/dev.env` under `Read(./.env)`,
 * `~/.ssh -> dot/ssh` or `~/.ssh/id_rsa -> ../keys/id_rsa` under `Read(~/.ssh/**)`,
 * `.github -> ci/github` under `Edit(.github/**)`), the target's own name reads or writes the same
 * file (decision 0030: a link is an alias). For each user Read/Edit deny rule whose pattern has a
 * literal root (the part before the first glob character), the view resolves the root and, for a
 * folder, the links directly inside it (one listing); a path inside a target is then matched as
 * the link's name. Patterns with no literal root (`**\/.env`) are not resolved: finding their
 * links is a walk with no bound. Worked out lazily, once per call, never kept between calls (the
 * file system changes).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import type { ToolCall } from '../core/types.js';
import type { CompiledRule } from '../settings/types.js';
import { isInside } from '../paths/index.js';
import { segmentMatches } from '../paths/glob.js';
import type { PathEffect } from '../shell/types.js';
import type { CallFacts } from './facts.js';
import { isBuiltInRule } from './opaque-code.js';
import { entryUnder, newBudget, type Budget } from './fs-reach.js';
import { namesRead } from './hard-link-reads.js';
import { rulePathMatches, type MatchEnv } from './rule-match.js';
import { takenOf, walksThroughLinks, type TakeLook } from './tree-takes.js';

/** A denied name that is (or lies in) a link, and where the view resolves it. */
export interface DeniedLink {
  cr: CompiledRule;
  name: string;
  target: string;
}

/** The user's Read and Edit deny rules with a literal root among `rules`. */
export function rootedDenyRules(rules: readonly CompiledRule[]): CompiledRule[] {
  return rules.filter(
    (cr) =>
      cr.rule.family === 'path' &&
      (cr.rule.tool === 'Read' || cr.rule.tool === 'Edit') &&
      cr.rule.ignored !== true &&
      cr.rule.specifier !== undefined &&
      literalRoot(cr.rule.specifier) !== '' &&
      !isBuiltInRule(cr),
  );
}

/** The part of a pattern before its first glob character, cut back to a whole name: `~/.ssh` of `~/.ssh/**`; '' for `**\/.env`. */
export function literalRoot(spec: string): string {
  return splitRoot(spec).root;
}

/** {@link literalRoot} and the first name of the rest (`.env.*` of `./.env.*`; '' when nothing follows). */
function splitRoot(spec: string): { root: string; next: string } {
  const at = spec.search(/[*?[{]/);
  if (at < 0) return { root: spec.replace(/\/+$/, ''), next: '' };
  const cut = Math.max(spec.slice(0, at).lastIndexOf('/'), 0);
  return { root: spec.slice(0, cut).replace(/\/+$/, ''), next: spec.slice(cut).replace(/^\/+/, '').split('/')[0]! };
}

/** Where a root may be as an absolute path; the rule itself then says whether a name there is its path. */
function rootCandidates(root: string, cr: CompiledRule, env: MatchEnv): string[] {
  const j = (dir: string, rest: string) => `${dir.replace(/\/+$/, '')}/${rest}`.replace(/\/+$/, '') || '/';
  if (root === '~') return [env.home];
  if (root.startsWith('~/')) return [j(env.home, root.slice(2))];
  if (root.startsWith('//')) return [root.slice(1)];
  if (root.startsWith('/')) return [...new Set([j(env.slashAnchorOf(cr), root.slice(1)), root])];
  const rest = root.replace(/^(\.\/)+/, '');
  return [rest === '.' || rest === '' ? env.cwd : j(env.cwd, rest)];
}

/** The denied links of `rules` (each {@link rootedDenyRules}) in the view: each root that resolves elsewhere, and the links directly inside a root folder. */
export function deniedLinks(rules: readonly CompiledRule[], env: MatchEnv, view: ReadonlyFsView): DeniedLink[] {
  const out: DeniedLink[] = [];
  const listed = new Map<string, readonly string[]>();
  for (const cr of rules) {
    const { root: lit, next } = splitRoot(cr.rule.specifier!);
    // Only the entries the rule's next name can match are asked whether they are links (`.env.*` of `./.env.*`).
    const mayMatch = next === '' || next === '**' ? () => true : (c: string) => segmentMatches(next, c, true);
    for (const root of rootCandidates(lit, cr, env)) {
      const real = view.realpath(root);
      if (real === undefined) continue;
      if (real !== root) out.push({ cr, name: root, target: real });
      if (view.isDirectory?.(real) !== true) continue;
      const children = listed.get(real) ?? view.list?.(real) ?? [];
      listed.set(real, children);
      for (const child of children) {
        if (!mayMatch(child)) continue;
        const name = `${root}/${child}`;
        if (view.isSymlink !== undefined && view.isSymlink(`${real}/${child}`) !== true) continue;
        const target = view.realpath(`${real}/${child}`);
        if (target !== undefined && target !== `${real}/${child}` && !isInside(target, real)) out.push({ cr, name, target });
      }
    }
  }
  return out;
}

/** Which deny rules a use meets: a Read rule a read (and the edit tools' writes); an Edit rule a write. */
type Applies = (cr: CompiledRule) => boolean;
const READS: Applies = (cr) => cr.rule.tool === 'Read';
const WRITES: Applies = (cr) => cr.rule.tool === 'Edit';
const TOOL_WRITES: Applies = () => true;

/** The denied link whose rule meets `p` as the link's name; and that name. */
function linkHit(p: string, applies: Applies, links: readonly DeniedLink[], env: MatchEnv): { l: DeniedLink; as: string } | undefined {
  for (const l of links) {
    if (!applies(l.cr) || !isInside(p, l.target)) continue;
    const as = l.name + p.slice(l.target.length);
    if (rulePathMatches(l.cr, as, env)) return { l, as };
  }
  return undefined;
}

const said = (h: { l: DeniedLink; as: string }, p: string, what: string) =>
  `${h.l.name} is a link to ${h.l.target}: ${what} ${p}${p === h.as ? '' : `, which is ${h.as}`}`;

/** Why the call reads or writes a denied link's target by its own name, with the rule; `undefined` when it does not. */
export function deniedLinkUse(
  call: ToolCall,
  facts: CallFacts,
  links: readonly DeniedLink[],
  env: MatchEnv,
  look: TakeLook,
): { cr: CompiledRule; detail: string } | undefined {
  if (links.length === 0) return undefined;
  const view = look.view;
  if (facts.kind === 'read' || facts.kind === 'edit') {
    const write = facts.kind === 'edit';
    for (const p of [facts.path, ...(facts.realPath !== undefined ? [facts.realPath] : [])]) {
      const h = linkHit(p, write ? TOOL_WRITES : READS, links, env);
      if (h !== undefined) return { cr: h.l.cr, detail: said(h, p, `${call.tool} ${write ? 'writes' : 'reads'}`) };
      // A folder searched whole (Grep) holds a target inside it.
      if (!write && call.tool === 'Grep') {
        const inner = links.find((l) => l.cr.rule.tool === 'Read' && isInside(l.target, p) && l.target !== p);
        if (inner !== undefined) return { cr: inner.cr, detail: `${inner.name} is a link to ${inner.target}: Grep reads ${p} whole, and with it ${inner.target}` };
      }
    }
    return undefined;
  }
  if (facts.kind !== 'shell' || view === undefined) return undefined;
  const budget = newBudget();
  for (const e of facts.effects) {
    if (e.assumed !== undefined) continue;
    const write = e.op !== 'read';
    const names = write ? { paths: [{ path: e.path, named: '' }] } : namesRead(view, e, budget);
    if ('unknown' in names) continue;
    for (const { path } of names.paths) {
      const h = linkHit(path, write ? WRITES : READS, links, env);
      if (h !== undefined) return { cr: h.l.cr, detail: said(h, path, `the command ${write ? 'writes' : 'reads'}`) };
      if (!write && e.tree !== undefined) {
        const found = treeHolds(view, path, e, links, env, look, budget);
        if (found !== undefined) return found;
      }
    }
  }
  return undefined;
}

/** A denied link's target inside the tree a recursive reader reads at `dir`, as it walks it. */
function treeHolds(
  view: ReadonlyFsView,
  dir: string,
  e: PathEffect,
  links: readonly DeniedLink[],
  env: MatchEnv,
  look: TakeLook,
  budget: Budget,
): { cr: CompiledRule; detail: string } | undefined {
  const inside = links.filter((l) => l.cr.rule.tool === 'Read' && isInside(l.target, dir) && l.target !== dir);
  if (inside.length === 0) return undefined;
  const covered = (p: string) => linkHit(p, READS, inside, env) !== undefined;
  const taken = takenOf(e, covered, look);
  const found = entryUnder(view, dir, taken.covered, walksThroughLinks(e, { ...look, view }), budget, taken.skipsFolder);
  if (found.kind !== 'holds') return undefined;
  const h = linkHit(found.path, READS, inside, env)!;
  return { cr: h.l.cr, detail: said(h, found.path, `the command reads ${dir} whole, and with it`) };
}
