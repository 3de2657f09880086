import { normalizeMode, type Behavior, type Decision, type RuleRef, type ToolCall } from '../core/types.js';
import { agentModeFor, evaluate, type EvaluationContext } from '../evaluate/index.js';

/** Where a call of the diff's body came from. @public */
export type DiffCallOrigin = 'corpus' | 'generated' | 'given';

/** A call of the body, with where it came from. @public */
export interface DiffCall {
  call: ToolCall;
  origin: DiffCallOrigin;
}

/**
 * How an outcome moved: `widen` when the new policy is looser (ask → allow, deny → ask or
 * allow), `narrow` when it is stricter. @public
 */
export type DiffDirection = 'widen' | 'narrow';

/** One decision, as much of it as a diff shows. @public */
export interface DiffSide {
  behavior: Behavior;
  /** The rule that decided, when one did. */
  rule?: RuleRef;
  reason: Decision['reason'];
}

/** A call whose outcome differs between the two policies. @public */
export interface DiffChange {
  call: ToolCall;
  origin: DiffCallOrigin;
  direction: DiffDirection;
  old: DiffSide;
  new: DiffSide;
}

/** The changes one rule (or, where no rule decided, one reason) is responsible for. @public */
export interface DiffGroup {
  /** What is responsible, in plain words: `allow rule "Bash(git *)" in FILE (added or now deciding)`. */
  responsible: string;
  /** The rule responsible, when a rule is, and the policy whose file it was read from. */
  rule?: RuleRef & { policy: 'old' | 'new' };
  /** Whether any of its changes widens. */
  widens: boolean;
  /** Its changes, widenings first. */
  changes: DiffChange[];
}

/** What {@link diffPolicies} found. @public */
export interface PolicyDiff {
  /** How many calls were decided under both policies, by origin. */
  checked: Record<DiffCallOrigin, number>;
  /** Groups, those with a widening first. */
  groups: DiffGroup[];
  /** Whether any call decides looser under the new policy. */
  widened: boolean;
  /** The number of changed calls, by direction. */
  counts: Record<DiffDirection, number>;
}

const RANK: Record<Behavior, number> = { allow: 0, ask: 1, deny: 2 };

function sideOf(d: Decision): DiffSide {
  return { behavior: d.behavior, ...(d.rule !== undefined ? { rule: d.rule } : {}), reason: d.reason };
}

function where(rule: RuleRef): string {
  const file = rule.source.file !== undefined ? `${rule.source.file} (${rule.source.kind})` : rule.source.kind;
  return rule.agent !== undefined ? `$toolgate.agents.${rule.agent} of ${file}` : file;
}

function sameRule(a: RuleRef | undefined, b: RuleRef | undefined): boolean {
  return a !== undefined && b !== undefined && a.text === b.text && a.list === b.list && a.source.kind === b.source.kind && a.agent === b.agent;
}

/** A rule's identity across the two policies: its list, text, layer and sub-agent type (a file may be read at a revision). */
function ruleKey(r: { list: string; text: string; kind: string; agent?: string | undefined }): string {
  return `${r.list}\u0000${r.kind}\u0000${r.agent ?? ''}\u0000${r.text}`;
}

function keysOf(ctx: EvaluationContext): Set<string> {
  const keys = new Set(ctx.policy.rules.map((r) => ruleKey({ list: r.list, text: r.rule.text, kind: r.source.kind })));
  for (const a of Object.values(ctx.policy.agents ?? {})) for (const r of a.rules) keys.add(ruleKey({ list: r.list, text: r.rule.text, kind: r.source.kind, agent: r.agent }));
  return keys;
}

/**
 * The sides a call is decided on: the main agent, then a sub-agent of each type either policy's
 * `$toolgate.agents` names (`*`: any other type), under a parent in the side's mode, in the mode
 * its type is given (never more than the parent's). A widening of a sub-agent's rules or mode is
 * a widening.
 */
function sidesOf(oldCtx: EvaluationContext, newCtx: EvaluationContext): { agent?: string; old: EvaluationContext; new: EvaluationContext }[] {
  const types = [...new Set([...Object.keys(oldCtx.policy.agents ?? {}), ...Object.keys(newCtx.policy.agents ?? {})])].sort();
  const asAgent = (ctx: EvaluationContext, type: string): EvaluationContext => {
    const parent = normalizeMode(ctx.mode) ?? 'default';
    return { ...ctx, mode: agentModeFor(parent, parent, ctx.policy, type), agent: { type, parentMode: parent } };
  };
  return [{ old: oldCtx, new: newCtx }, ...types.map((type) => ({ agent: type, old: asAgent(oldCtx, type), new: asAgent(newCtx, type) }))];
}

/**
 * The rule responsible for a change: a rule that decides under the new policy and is not in the
 * old one (added or broadened), else a rule that decided under the old policy and is not in the
 * new one (removed or narrowed), else a rule in both that now decides or no longer does (the
 * rules around it, the layers or the mode changed), else the reason (a mode, a setting).
 */
function responsibleFor(
  o: Decision,
  n: Decision,
  known: { old: Set<string>; new: Set<string> },
  modes: { old: string; new: string },
): { text: string; rule?: RuleRef & { policy: 'old' | 'new' } } {
  const has = (keys: Set<string>, r: RuleRef) => keys.has(ruleKey({ list: r.list, text: r.text, kind: r.source.kind, agent: r.agent }));
  const blame = (r: RuleRef, policy: 'old' | 'new', why: string) => ({ text: `${r.list} rule "${r.text}" in ${where(r)} (${why})`, rule: { ...r, policy } });
  if (n.rule !== undefined && !has(known.old, n.rule)) return blame(n.rule, 'new', 'counts only in the new policy: added, broadened or no longer dropped');
  if (o.rule !== undefined && !has(known.new, o.rule)) return blame(o.rule, 'old', 'counts only in the old policy: removed, narrowed or now dropped');
  if (n.rule !== undefined && !sameRule(o.rule, n.rule)) return blame(n.rule, 'new', 'in both policies: now decides');
  if (o.rule !== undefined && !sameRule(o.rule, n.rule)) return blame(o.rule, 'old', 'in both policies: no longer decides');
  const mode = modes.old !== modes.new ? `; mode ${modes.old} → ${modes.new}` : '';
  return { text: `${n.reason.kind === o.reason.kind ? n.reason.kind : `${o.reason.kind} → ${n.reason.kind}`}${mode} (no rule decides)` };
}

/**
 * Decide every call under the old and the new policy — as the main agent and as a sub-agent of
 * each type `$toolgate.agents` names in either — and list each call whose outcome
 * (allow, ask, deny) changes, grouped by the rule responsible, groups with a widening first.
 * Both contexts should describe the same place (cwd, home, project, file system) so that only the
 * policy and its mode differ. Pure but for what the contexts' file system reads.
 * @public
 */
export function diffPolicies(oldCtx: EvaluationContext, newCtx: EvaluationContext, calls: readonly DiffCall[]): PolicyDiff {
  const checked: Record<DiffCallOrigin, number> = { corpus: 0, generated: 0, given: 0 };
  const counts: Record<DiffDirection, number> = { widen: 0, narrow: 0 };
  const byResponsible = new Map<string, DiffGroup>();
  const modes = { old: oldCtx.mode, new: newCtx.mode };
  const known = { old: keysOf(oldCtx), new: keysOf(newCtx) };
  const sides = sidesOf(oldCtx, newCtx);
  for (const { call, origin } of calls) {
    checked[origin] += 1;
    for (const side of sides) {
      const o = evaluate(call, side.old);
      const n = evaluate(call, side.new);
      if (o.behavior === n.behavior) continue;
      const direction: DiffDirection = RANK[n.behavior] < RANK[o.behavior] ? 'widen' : 'narrow';
      counts[direction] += 1;
      const blamed = responsibleFor(o, n, known, side.agent !== undefined ? { old: side.old.mode, new: side.new.mode } : modes);
      const responsible = side.agent !== undefined ? { ...blamed, text: `${blamed.text} — for a sub-agent of type ${side.agent}` } : blamed;
      let group = byResponsible.get(responsible.text);
      if (group === undefined) {
        group = { responsible: responsible.text, ...(responsible.rule !== undefined ? { rule: responsible.rule } : {}), widens: false, changes: [] };
        byResponsible.set(responsible.text, group);
      }
      group.widens ||= direction === 'widen';
      group.changes.push({ call, origin, direction, old: sideOf(o), new: sideOf(n) });
    }
  }
  const groups = [...byResponsible.values()];
  for (const g of groups) g.changes.sort((a, b) => Number(a.direction === 'narrow') - Number(b.direction === 'narrow'));
  groups.sort((a, b) => Number(!a.widens) - Number(!b.widens));
  return { checked, groups, widened: counts.widen > 0, counts };
}
