import {
  normalizeMode,
  type Behavior,
  type Decision,
  type PermissionMode,
  type RuleRef,
  type SettingsSource,
  type ToolCall,
} from '../core/types.js';
import { agentModeSetting, laxerMode } from '../evaluate/agent-ceiling.js';
import { evaluateSharingRuns, type SharedRuns } from '../evaluate/evaluate.js';
import { agentModeFor, type EvaluationContext } from '../evaluate/index.js';

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

function fileOf(source: SettingsSource): string {
  return source.file !== undefined ? `${source.file} (${source.kind})` : source.kind;
}

function where(rule: RuleRef): string {
  const file = fileOf(rule.source);
  return rule.agent !== undefined ? `$toolgate.agents.${rule.agent} of ${file}` : file;
}

/** The `$toolgate.agents` mode setting a sub-agent type is given on one side, if any. */
type ModeSetting = ReturnType<typeof agentModeSetting>;

/** A change of a sub-agent type's mode setting in plain words: `$toolgate.agents.Plan.mode plan → acceptEdits in FILE`. */
function modeSettingChange(o: ModeSetting, n: ModeSetting): string {
  const text = (s: ModeSetting) =>
    s === undefined
      ? "no $toolgate.agents mode (the mode it asks for, capped at its parent's)"
      : `$toolgate.agents.${s.key}.mode ${s.mode.value} in ${fileOf(s.mode.source)}`;
  if (o !== undefined && n !== undefined && o.key === n.key && fileOf(o.mode.source) === fileOf(n.mode.source)) {
    return `$toolgate.agents.${n.key}.mode ${o.mode.value} → ${n.mode.value} in ${fileOf(n.mode.source)}`;
  }
  return `${text(o)} → ${text(n)}`;
}

function sameRule(a: RuleRef | undefined, b: RuleRef | undefined): boolean {
  return (
    a !== undefined && b !== undefined && a.text === b.text && a.list === b.list && a.source.kind === b.source.kind && a.agent === b.agent
  );
}

/** A rule's identity across the two policies: its list, text, layer and sub-agent type (a file may be read at a revision). */
function ruleKey(r: { list: string; text: string; kind: string; agent?: string | undefined }): string {
  return `${r.list}\u0000${r.kind}\u0000${r.agent ?? ''}\u0000${r.text}`;
}

function keysOf(ctx: EvaluationContext): Set<string> {
  const keys = new Set(ctx.policy.rules.map((r) => ruleKey({ list: r.list, text: r.rule.text, kind: r.source.kind })));
  for (const a of Object.values(ctx.policy.agents ?? {}))
    for (const r of a.rules) keys.add(ruleKey({ list: r.list, text: r.rule.text, kind: r.source.kind, agent: r.agent }));
  return keys;
}

/** One way a call is decided under both policies: as the main agent, or as a sub-agent of a type under a parent. */
interface Side {
  /** The sub-agent type, for a sub-agent's side. */
  agent?: string;
  /** The parent's mode, when a side puts the sub-agent under a parent in a mode other than the policies' own. */
  parentMode?: PermissionMode;
  /** The type's `$toolgate.agents` mode setting on each side, when they differ. */
  modeSettings?: { old: ModeSetting; new: ModeSetting };
  old: EvaluationContext;
  new: EvaluationContext;
}

/**
 * The sides a call is decided on: the main agent, then a sub-agent of each type either policy's
 * `$toolgate.agents` names (`*`: any other type), under a parent in the side's mode, in the mode
 * its type is given (never more than the parent's). A widening of a sub-agent's rules or mode is
 * a widening.
 *
 * A sub-agent's mode is capped at its parent's, so a changed mode setting above the side's own
 * mode (`Plan.mode` from `default` to `acceptEdits` under a `default` parent) would not show:
 * where a type's mode setting differs, the sub-agent is also decided under a parent (the same on
 * both sides) at the top — at or above the laxer of the two settings the sub-agent's modes are
 * the settings themselves, and the laxest parent (`bypassPermissions`) caps least; when the laxer
 * setting is the new side's, a parent in it caps the new side not at all and the old no less, so
 * it shows the same and names the mode one would expect — and in each mode below the laxer
 * setting in which the two sides' sub-agent modes differ: modes are not ordered call by call
 * (`acceptEdits` lets `rm -rf src` run where `auto` without a classifier asks), so a change from
 * `plan` to `auto` shows only under an `acceptEdits` parent. At most five more sides for a type
 * whose mode setting changed (one for `plan` → `acceptEdits`), none when nothing did.
 */
const PARENT_MODES: readonly PermissionMode[] = ['dontAsk', 'plan', 'default', 'acceptEdits', 'auto', 'bypassPermissions'];
function sidesOf(oldCtx: EvaluationContext, newCtx: EvaluationContext): Side[] {
  const types = [...new Set([...Object.keys(oldCtx.policy.agents ?? {}), ...Object.keys(newCtx.policy.agents ?? {})])].sort();
  const ownParent = (ctx: EvaluationContext): PermissionMode => normalizeMode(ctx.mode) ?? 'default';
  const asAgent = (ctx: EvaluationContext, type: string, parent: PermissionMode): EvaluationContext => ({
    ...ctx,
    mode: agentModeFor(parent, parent, ctx.policy, type),
    agent: { type, parentMode: parent },
  });
  const sides: Side[] = [{ old: oldCtx, new: newCtx }];
  for (const type of types) {
    const settings = { old: agentModeSetting(oldCtx.policy, type), new: agentModeSetting(newCtx.policy, type) };
    const changed = settings.old?.mode.value !== settings.new?.mode.value;
    const modeSettings = changed ? { modeSettings: settings } : {};
    sides.push({
      agent: type,
      ...modeSettings,
      old: asAgent(oldCtx, type, ownParent(oldCtx)),
      new: asAgent(newCtx, type, ownParent(newCtx)),
    });
    if (!changed) continue;
    const laxest = laxerMode(settings.old?.mode.value ?? 'bypassPermissions', settings.new?.mode.value ?? 'bypassPermissions');
    const top = settings.new?.mode.value === laxest ? laxest : 'bypassPermissions';
    for (const parent of PARENT_MODES) {
      if (parent === ownParent(oldCtx) && parent === ownParent(newCtx)) continue;
      const below = parent !== laxest && laxerMode(parent, laxest) === laxest;
      if (
        parent !== top &&
        !(below && agentModeFor(parent, parent, oldCtx.policy, type) !== agentModeFor(parent, parent, newCtx.policy, type))
      )
        continue;
      sides.push({
        agent: type,
        parentMode: parent,
        ...modeSettings,
        old: asAgent(oldCtx, type, parent),
        new: asAgent(newCtx, type, parent),
      });
    }
  }
  return sides;
}

/**
 * The rule responsible for a change: a rule that decides under the new policy and is not in the
 * old one (added or broadened), else a rule that decided under the old policy and is not in the
 * new one (removed or narrowed), else — for a sub-agent whose mode changed with its type's mode
 * setting — that setting, else a rule in both that now decides or no longer does (the rules
 * around it, the layers or the mode changed), else the reason (a mode, a setting).
 */
function responsibleFor(
  o: Decision,
  n: Decision,
  known: { old: Set<string>; new: Set<string> },
  modes: { old: string; new: string },
  modeSettings?: { old: ModeSetting; new: ModeSetting },
): { text: string; rule?: RuleRef & { policy: 'old' | 'new' } } {
  const has = (keys: Set<string>, r: RuleRef) => keys.has(ruleKey({ list: r.list, text: r.text, kind: r.source.kind, agent: r.agent }));
  const blame = (r: RuleRef, policy: 'old' | 'new', why: string) => ({
    text: `${r.list} rule "${r.text}" in ${where(r)} (${why})`,
    rule: { ...r, policy },
  });
  if (n.rule !== undefined && !has(known.old, n.rule))
    return blame(n.rule, 'new', 'counts only in the new policy: added, broadened or no longer dropped');
  if (o.rule !== undefined && !has(known.new, o.rule))
    return blame(o.rule, 'old', 'counts only in the old policy: removed, narrowed or now dropped');
  if (modeSettings !== undefined && modes.old !== modes.new)
    return { text: `${modeSettingChange(modeSettings.old, modeSettings.new)} (the sub-agent's mode ${modes.old} → ${modes.new})` };
  if (n.rule !== undefined && !sameRule(o.rule, n.rule)) return blame(n.rule, 'new', 'in both policies: now decides');
  if (o.rule !== undefined && !sameRule(o.rule, n.rule)) return blame(o.rule, 'old', 'in both policies: no longer decides');
  const mode = modes.old !== modes.new ? `; mode ${modes.old} → ${modes.new}` : '';
  return { text: `${n.reason.kind === o.reason.kind ? n.reason.kind : `${o.reason.kind} → ${n.reason.kind}`}${mode} (no rule decides)` };
}

/**
 * Decide every call under the old and the new policy — as the main agent and as a sub-agent of
 * each type `$toolgate.agents` names in either (where a type's mode setting changed, also under
 * a parent in a mode that lets the change show) — and list each call whose outcome
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
    // A call that widens for a sub-agent type is listed once, under the first parent it does in:
    // the sides added for a changed mode setting skip it (and the cost of deciding it again).
    const widenedFor = new Set<string>();
    // Every side's old context is the old one with another mode and sub-agent (the new likewise), so
    // a sub-agent's parent is decided as the main agent is: each such decision is made once per call.
    const runs: { old: SharedRuns; new: SharedRuns } = { old: new Map(), new: new Map() };
    for (const side of sides) {
      if (side.parentMode !== undefined && widenedFor.has(side.agent ?? '')) continue;
      const o = evaluateSharingRuns(call, side.old, runs.old);
      const n = evaluateSharingRuns(call, side.new, runs.new);
      if (o.behavior === n.behavior) continue;
      const direction: DiffDirection = RANK[n.behavior] < RANK[o.behavior] ? 'widen' : 'narrow';
      counts[direction] += 1;
      if (direction === 'widen' && side.agent !== undefined) widenedFor.add(side.agent);
      const blamed = responsibleFor(
        o,
        n,
        known,
        side.agent !== undefined ? { old: side.old.mode, new: side.new.mode } : modes,
        side.modeSettings,
      );
      const under = side.parentMode !== undefined ? ` under a parent in ${side.parentMode} mode` : '';
      const responsible =
        side.agent !== undefined ? { ...blamed, text: `${blamed.text} — for a sub-agent of type ${side.agent}${under}` } : blamed;
      let group = byResponsible.get(responsible.text);
      if (group === undefined) {
        group = {
          responsible: responsible.text,
          ...(responsible.rule !== undefined ? { rule: responsible.rule } : {}),
          widens: false,
          changes: [],
        };
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
