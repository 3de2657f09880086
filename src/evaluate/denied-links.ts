/**
 * Reads and writes of a denied path by its link's target (red team 24, RT24-N). A path rule judges
 * names; when the denied name is a symbolic link (`.env -> secrets/dev.env` under `Read(./.env)`,
 * `~/.ssh -> dot/ssh` or `~/.ssh/id_rsa -> ../keys/id_rsa` under `Read(~/.ssh/**)`,
 * `.github -> ci/github` under `Edit(.github/**)`), the target's own name reads or writes the same
 * file (decision 0030: a link is an alias). For each user Read/Edit deny rule whose pattern has a
 * literal root (the part before the first glob character), the view resolves the root and, for a
 * folder, the links directly inside it (one listing); a path inside a target is then matched as
 * the link's name. Links deeper in a denied folder, and those a pattern with no literal root
 * (`**\/.env`) names in the working directories, are found by a bounded walk (decision 0132,
 * {@link deepDeniedLinks}). Worked out lazily, once per call, never kept between calls (the file
 * system changes).
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
  /**
   * The pattern names paths below the root's own entries (`./secrets/**`, `~/.ssh/**`) or has no
   * literal root at all (`**\/.env`, root ''): the links it names are found by a bounded walk
   * ({@link deepDeniedLinks}), made only when the call reads a path that exists.
   */
  deep?: true;
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
    const { root, next, deep } = splitRoot(cr.rule.specifier);
    if (root === '') {
      if (cr.rule.tool === 'Read') out.push({ cr, root, deep: true });
      continue;
    }
    const r: RootedRule = next === '' || next === '**' ? { cr, root } : { cr, root, mayMatch: (c) => segmentMatches(next, c, true) };
    out.push(deep ? { ...r, deep: true } : r);
  }
  return out;
}

/** The part of a pattern before its first glob character, cut back to a whole name: `~/.ssh` of `~/.ssh/**`; '' for `**\/.env`. */
export function literalRoot(spec: string): string {
  return splitRoot(spec).root;
}

/** {@link literalRoot}, the first name of the rest (`.env.*` of `./.env.*`; '' when nothing follows) and whether the rest names deeper paths (`**`, or more than one name). */
function splitRoot(spec: string): { root: string; next: string; deep: boolean } {
  const at = spec.search(/[*?[{]/);
  if (at < 0) return { root: spec.replace(/\/+$/, ''), next: '', deep: false };
  const cut = Math.max(spec.slice(0, at).lastIndexOf('/'), 0);
  const rest = spec.slice(cut).replace(/^\/+/, '').split('/').filter((n) => n !== '');
  const root = spec.slice(0, cut).replace(/\/+$/, '');
  return { root: root === '/' ? '' : root, next: rest[0] ?? '', deep: rest.length > 1 || rest[0]?.includes('**') === true };
}

/** Where a root may be as an absolute path; the rule itself then says whether a name there is its path. */
function rootCandidates(root: string, cr: CompiledRule, env: MatchEnv): string[] {
  const j = (dir: string, rest: string) => `${dir.replace(/\/+$/, '')}/${rest}`.replace(/\/+$/, '') || '/';
  if (root === '~') return [env.home];
  if (root.startsWith('~/')) return [j(env.home, root.slice(2))];
  if (root.startsWith('//')) return [root.slice(1)];
  if (root.startsWith('/')) return [...new Set([j(env.slashAnchorOf(cr), root.slice(1)), root])];
  const rest = root.replace(/^(\.\/)+/, '');
  const base = env.ruleCwd ?? env.cwd;
  return [rest === '.' || rest === '' ? base : j(base, rest)];
}

/**
 * The denied links of `rules` (each {@link rootedDenyRules}) in the view: each root that resolves
 * elsewhere, and the links directly inside a root folder. Through `look` each root is resolved
 * and each folder listed once; the shortest roots first, so that a folder's listing (the project's,
 * for `./.env.*`) says which of the names in it do not exist without asking the view again.
 */
export function deniedLinks(rules: readonly RootedRule[], env: MatchEnv, look: LinkLook): DeniedLink[] {
  const at = rules.map((r) => (r.root === '' ? [] : rootCandidates(r.root, r.cr, env)));
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

/** How many entries the walks for links below denied folders (and in the working directories, for a pattern with no literal root) visit in one call. */
export const LINK_WALK_BOUND = 5_000;

/** Folders a walk for a user's links does not enter: a package manager's and git's own, whose links the tools make and name. */
const NOT_WALKED = new Set(['node_modules', '.git']);

/** The links {@link deepDeniedLinks} found, and the rule whose folder it could not finish. */
export interface DeepLinks {
  links: DeniedLink[];
  /** A Read deny rule whose folder (or the working directory, with no literal root) the walk left unfinished, and why. */
  unsettled?: { cr: CompiledRule; why: string };
}

/**
 * The denied links below the first level (RP25-D1: `secrets/prod/key -> ../../public/key` under
 * `Read(./secrets/**)`) and, for patterns with no literal root (RT24-N: `**\/*.pem`, `**\/.env`),
 * in the working directories: each root walked once, breadth first, links not followed, neither
 * `node_modules` nor `.git` entered (decision 0132); every link the rule names by its own name
 * that leads out of a rooted folder (anywhere else, without a root) is a denied link. Bounded by
 * {@link LINK_WALK_BOUND} entries in all: a walk left unfinished is said in `unsettled`.
 */
export function deepDeniedLinks(rules: readonly RootedRule[], env: MatchEnv, look: LinkLook, workingDirs: readonly string[]): DeepLinks {
  const roots = new Map<string, { as: string; rules: RootedRule[] }[]>();
  for (const r of rules) {
    if (r.deep !== true) continue;
    for (const as of r.root === '' ? workingDirs : rootCandidates(r.root, r.cr, env)) {
      const real = look.realpath(as);
      if (real === undefined || look.isDirectory(real) !== true) continue;
      const at = roots.get(real) ?? [];
      const same = at.find((x) => x.as === as);
      if (same !== undefined) same.rules.push(r);
      else at.push({ as, rules: [r] });
      roots.set(real, at);
    }
  }
  const out: DeniedLink[] = [];
  let left = LINK_WALK_BOUND;
  for (const [real, named] of roots) {
    const queue = [real];
    for (let q = 0; q < queue.length; q++) {
      const folder = queue[q]!;
      const entries = look.list(folder);
      if (entries === undefined) continue;
      if ((left -= entries.length) < 0) {
        const cr = named.find((n) => n.rules.some((r) => r.cr.rule.tool === 'Read'))?.rules.find((r) => r.cr.rule.tool === 'Read')?.cr;
        if (cr === undefined) break;
        return { links: out, unsettled: { cr, why: `${named[0]!.as} holds more than ${LINK_WALK_BOUND.toLocaleString('en')} entries, and toolgate did not look at all of them for links to what a deny rule names` } };
      }
      for (const link of look.linksIn(folder)) {
        for (const { as, rules: rs } of named) {
          const name = `${as}${link.name.slice(real.length)}`;
          for (const r of rs)
            if ((r.root === '' || !isInside(link.target, real)) && rulePathMatches(r.cr, name, env)) out.push({ cr: r.cr, name, target: link.target });
        }
      }
      for (const e of entries) {
        const p = `${folder === '/' ? '' : folder}/${e}`;
        if (!NOT_WALKED.has(e) && look.isDirectory(p) === true && look.realpath(p) === p) queue.push(p);
      }
    }
  }
  return { links: out };
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
  if (facts.kind === 'shell' || facts.kind === 'powershell')
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

/**
 * Why the call reads or writes a denied link's target by its own name, with the rule; `undefined`
 * when it does not. `deep` gives the links a walk finds ({@link deepDeniedLinks}), asked for once,
 * when the call first reads or writes a path that exists (a missing file holds no one's content).
 * A read the walk could not settle is `guarded`: it may read what a deny rule names.
 */
export function deniedLinkUse(
  call: ToolCall,
  facts: CallFacts,
  shallow: readonly DeniedLink[],
  env: MatchEnv,
  look: TakeLook,
  deep?: () => DeepLinks,
): { cr: CompiledRule; detail: string; guarded?: true } | undefined {
  const view = look.view;
  if (shallow.length === 0 && deep === undefined) return undefined;
  let found: DeepLinks | undefined;
  let links = shallow;
  let unsettled: DeepLinks['unsettled'];
  /** The links for a use of `p`: the walk's too once `p` exists. */
  const forPath = (p: string): readonly DeniedLink[] => {
    if (found === undefined && deep !== undefined && view?.exists(p) === true) {
      found = deep();
      links = found.links.length > 0 ? [...shallow, ...found.links] : shallow;
      unsettled = found.unsettled;
    }
    return links;
  };
  const guard = (p: string) => (unsettled !== undefined ? { cr: unsettled.cr, detail: `reads ${p}; ${unsettled.why}`, guarded: true as const } : undefined);
  if (facts.kind === 'read' || facts.kind === 'edit') {
    const write = facts.kind === 'edit';
    for (const p of [facts.path, ...(facts.realPath !== undefined ? [facts.realPath] : [])]) {
      const ls = forPath(p);
      if (ls.length === 0) continue;
      const h = linkHit(p, write ? TOOL_WRITES : READS, ls, env);
      if (h !== undefined) return { cr: h.l.cr, detail: said(h, p, `${call.tool} ${write ? 'writes' : 'reads'}`) };
      // A folder searched whole (Grep) holds a target inside it.
      if (!write && call.tool === 'Grep') {
        const inner = ls.find((l) => l.cr.rule.tool === 'Read' && isInside(l.target, p) && l.target !== p);
        if (inner !== undefined) return { cr: inner.cr, detail: `${inner.name} is a link to ${inner.target}: Grep reads ${p} whole, and with it ${inner.target}` };
      }
    }
    return write ? undefined : guard(facts.path);
  }
  // A shell's and PowerShell's paths alike (one door: `Get-Content x` reads what `cat x` reads).
  if ((facts.kind !== 'shell' && facts.kind !== 'powershell') || view === undefined) return undefined;
  const budget = newBudget();
  let readExisting: string | undefined;
  for (const e of facts.effects) {
    if (e.assumed !== undefined) continue;
    const write = e.op !== 'read';
    const names = write ? { paths: [{ path: e.path, named: '' }] } : namesRead(view, e, budget);
    if ('unknown' in names) continue;
    for (const { path } of names.paths) {
      const ls = forPath(path);
      if (!write && readExisting === undefined && found !== undefined && view.exists(path)) readExisting = path;
      if (ls.length === 0) continue;
      const h = linkHit(path, write ? WRITES : READS, ls, env);
      if (h !== undefined) return { cr: h.l.cr, detail: said(h, path, `the command ${write ? 'writes' : 'reads'}`) };
      if (!write && e.tree !== undefined) {
        const hit = treeHolds(view, path, e, ls, env, look, budget);
        if (hit !== undefined) return hit;
      }
    }
  }
  return readExisting !== undefined ? guard(readExisting) : undefined;
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
