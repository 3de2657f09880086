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
import type { LinkLook } from './link-look.js';

/** A denied name that is (or lies in) a link, and where the view resolves it. */
export interface DeniedLink {
  cr: CompiledRule;
  name: string;
  target: string;
}

/** A deny rule with a literal root, and what its pattern names after the root. */
export interface RootedRule {
  cr: CompiledRule;
  /** {@link literalRoot} of its pattern (`./secrets` of `./secrets/**`). */
  root: string;
  /** Which entries of the root folder its pattern can name (`.env.*` of `./.env.*`); absent: any. */
  mayMatch?: (entry: string) => boolean;
}

/** The user's Read and Edit deny rules with a literal root among `rules`. */
export function rootedDenyRules(rules: readonly CompiledRule[]): RootedRule[] {
  const out: RootedRule[] = [];
  for (const cr of rules) {
    if (
      cr.rule.family !== 'path' ||
      (cr.rule.tool !== 'Read' && cr.rule.tool !== 'Edit') ||
      cr.rule.ignored === true ||
      cr.rule.specifier === undefined ||
      isBuiltInRule(cr)
    )
      continue;
    const { root, next } = splitRoot(cr.rule.specifier);
    if (root === '') continue;
    out.push(next === '' || next === '**' ? { cr, root } : { cr, root, mayMatch: (c) => segmentMatches(next, c, true) });
  }
  return out;
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

/**
 * The denied links of `rules` (each {@link rootedDenyRules}) in the view: each root that resolves
 * elsewhere, and the links directly inside a root folder. Through `look` each root is resolved
 * and each folder listed once; the shortest roots first, so that a folder's listing (the project's,
 * for `./.env.*`) says which of the names in it do not exist without asking the view again.
 */
export function deniedLinks(rules: readonly RootedRule[], env: MatchEnv, look: LinkLook): DeniedLink[] {
  const at = rules.map((r) => rootCandidates(r.root, r.cr, env));
  for (const root of at.flat().sort((x, y) => x.length - y.length)) {
    const real = look.realpath(root);
    if (real !== undefined && look.isDirectory(real) === true) look.list(real);
  }
  const out: DeniedLink[] = [];
  rules.forEach(({ cr, mayMatch }, k) => {
    for (const root of at[k]!) {
      const real = look.realpath(root);
      if (real === undefined) continue;
      if (real !== root) out.push({ cr, name: root, target: real });
      if (look.isDirectory(real) !== true) continue;
      // Only the entries the rule's next name can match are asked whether they are links (`.env.*` of `./.env.*`).
      for (const { entry, target } of look.linksIn(real, mayMatch))
        if (!isInside(target, real)) out.push({ cr, name: `${root}/${entry}`, target });
    }
  });
  return out;
}

/** Which deny rules a use meets: a Read rule a read (and the edit tools' writes); an Edit rule a write. */
type Applies = (cr: CompiledRule) => boolean;
const READS: Applies = (cr) => cr.rule.tool === 'Read';
const WRITES: Applies = (cr) => cr.rule.tool === 'Edit';
const TOOL_WRITES: Applies = () => true;

/**
 * The rules among `rooted` that a use of the call can meet ({@link deniedLinkUse}): a Read or
 * Grep call's read meets the Read rules, an edit tool's write both kinds, a command's reads the
 * Read rules and its writes the Edit rules. The links of the others are not looked for.
 */
export function rulesMet(rooted: readonly RootedRule[], facts: CallFacts): readonly RootedRule[] {
  let reads = facts.kind === 'read' || facts.kind === 'edit';
  let writes = facts.kind === 'edit';
  if (facts.kind === 'shell')
    for (const e of facts.effects) {
      if (e.assumed !== undefined) continue;
      if (e.op === 'read') reads = true;
      else writes = true;
    }
  if (reads && writes) return rooted;
  if (!reads && !writes) return [];
  const met = reads ? READS : WRITES;
  return rooted.filter((r) => met(r.cr));
}

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
