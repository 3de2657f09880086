import { escapeBidi } from '../core/text.js';
import { normalizeMode, type AskKind, type Behavior, type Decision, type PermissionMode } from '../core/types.js';
import type { CompiledRule, Policy, Sourced } from '../settings/types.js';
import type { AgentCeiling } from './types.js';

/**
 * Sub-agent ceilings (toolgate docs, "Sub-agent ceilings"; decision 0062): a call a sub-agent
 * makes is decided with the policy's rules plus the rules of `$toolgate.agents.<its type>` and
 * `$toolgate.agents["*"]`, in its own mode, and the outcome is
 * never more permissive than its parent's would be for the same call (allow < ask < deny). Pure.
 */

/** The key of `$toolgate.agents` whose rules and mode apply to every sub-agent. @public */
export const ANY_AGENT = '*';

/**
 * How much a mode lets through without a person, for capping a sub-agent's mode at its parent's:
 * dontAsk < plan < default < acceptEdits < auto < bypassPermissions. Only a cap: the decision
 * itself is capped exactly by {@link capDecision}.
 */
const MODE_RANK: Readonly<Record<PermissionMode, number>> = {
  dontAsk: 0,
  plan: 1,
  default: 2,
  acceptEdits: 3,
  auto: 4,
  bypassPermissions: 5,
};

/**
 * A parent's mode as sent (a dialect's name, `manual`, anything): a mode toolgate does not know,
 * and none at all, count as `default`.
 * @public
 */
export function parentModeOf(mode: string | undefined, aliases: Readonly<Record<string, PermissionMode>> = {}): PermissionMode {
  if (mode === undefined) return 'default';
  return aliases[mode] ?? normalizeMode(mode) ?? 'default';
}

/**
 * What a session remembers of its main agent's mode, for its sub-agents' ceilings: the last mode
 * seen and the least permissive one seen in the session (plan mode counted as `default`).
 * @public
 */
export interface SessionModeRecord {
  /** The mode of the main agent's latest call, as sent. */
  last: string;
  /** The least permissive mode the main agent was seen in, plan mode counted as `default`. */
  lowest: string;
}

/**
 * The record after the main agent is seen in `seen`. A mode is learnt from whoever sends an event
 * of the session — a hook token or a loopback caller may send one that names
 * `bypassPermissions` — so a record never rises above the least permissive mode seen: a forged
 * event can lower a sub-agent's ceiling, never lift it (decision 0062). A person who raises the
 * mode mid-session gets sub-agents capped at the earlier mode: stricter, never looser.
 * @public
 */
export function nextSessionMode(
  prev: SessionModeRecord | undefined,
  seen: string,
  aliases: Readonly<Record<string, PermissionMode>> = {},
): SessionModeRecord {
  const floor = parentModeOf(seen, aliases) === 'plan' ? 'default' : seen;
  if (prev === undefined) return { last: seen, lowest: floor };
  const lower = MODE_RANK[parentModeOf(floor, aliases)] < MODE_RANK[parentModeOf(prev.lowest, aliases)];
  return { last: seen, lowest: lower ? floor : prev.lowest };
}

/**
 * The parent mode a session's record gives a sub-agent: plan mode while the main agent is in it,
 * else the least permissive mode seen in the session.
 * @public
 */
export function sessionCeilingMode(record: SessionModeRecord, aliases: Readonly<Record<string, PermissionMode>> = {}): string {
  const last = parentModeOf(record.last, aliases);
  if (last === 'plan') return record.last;
  return MODE_RANK[last] < MODE_RANK[parentModeOf(record.lowest, aliases)] ? record.last : record.lowest;
}

/**
 * The mode a sub-agent's call is decided in: the mode its settings give its type
 * (`$toolgate.agents.<type>.mode`, else `$toolgate.agents["*"].mode`), else the one it asks for;
 * either way never one that lets more through than its parent's (then the parent's). Deliberately
 * stricter than Claude Code, where an agent definition's mode may exceed a `default` parent's.
 * @public
 */
export function agentModeFor(
  requested: PermissionMode,
  parentMode: PermissionMode,
  policy: Pick<Policy, 'agents'>,
  type: string | undefined,
): PermissionMode {
  const configured = agentSettingsMode(policy, type);
  const wanted = configured ?? requested;
  return MODE_RANK[wanted] > MODE_RANK[parentMode] ? parentMode : wanted;
}

function agentSettingsMode(policy: Pick<Policy, 'agents'>, type: string | undefined): PermissionMode | undefined {
  return agentModeSetting(policy, type)?.mode.value;
}

/**
 * The `$toolgate.agents` mode setting a sub-agent of `type` is given, with the key it is read
 * under: its type's `mode`, else `*`'s; undefined when neither sets one (the sub-agent then
 * takes the mode it asks for, capped at its parent's).
 */
export function agentModeSetting(
  policy: Pick<Policy, 'agents'>,
  type: string | undefined,
): { key: string; mode: Sourced<PermissionMode> } | undefined {
  const agents = policy.agents;
  if (agents === undefined) return undefined;
  if (type !== undefined && Object.hasOwn(agents, type)) {
    const mode = agents[type]?.mode;
    if (mode !== undefined) return { key: type, mode };
  }
  const any = Object.hasOwn(agents, ANY_AGENT) ? agents[ANY_AGENT]?.mode : undefined;
  return any !== undefined ? { key: ANY_AGENT, mode: any } : undefined;
}

/**
 * Of two modes, the one that lets more through without a person (dontAsk < plan < default <
 * acceptEdits < auto < bypassPermissions): the parent mode under which a sub-agent capped at
 * either shows all of it.
 */
export function laxerMode(a: PermissionMode, b: PermissionMode): PermissionMode {
  return MODE_RANK[b] > MODE_RANK[a] ? b : a;
}

/** Whether `$toolgate.agents` names `type` itself with rules (not only through `*`). */
function hasOwnRules(policy: Policy, type: string | undefined): type is string {
  return ownRules(policy, type).length > 0;
}

function ownRules(policy: Policy, type: string | undefined): CompiledRule[] {
  const agents = policy.agents;
  if (agents === undefined || type === undefined || type === ANY_AGENT || !Object.hasOwn(agents, type)) return [];
  return agents[type]?.rules ?? [];
}

/** The rules of `$toolgate.agents` for a sub-agent of `type`: its type's, then `*`'s. */
function agentRules(policy: Policy, type: string | undefined): CompiledRule[] {
  const agents = policy.agents;
  if (agents === undefined) return [];
  const own = ownRules(policy, type);
  const any = Object.hasOwn(agents, ANY_AGENT) ? (agents[ANY_AGENT]?.rules ?? []) : [];
  return own.length === 0 ? any : any.length === 0 ? own : [...own, ...any];
}

// A policy is immutable once built: each sub-agent type's policy is built once per policy object
// (so its rule index is built once too). Held weakly by the policy, and keyed by the types the
// policy names (every other type shares `*`'s entry), so a caller's type strings never grow it.
const derived = new WeakMap<Policy, Map<string, Policy>>();

/**
 * The policy a sub-agent of `type` is decided with: the policy's rules with its type's and `*`'s
 * rules of `$toolgate.agents` first. The policy itself when there are none.
 * @public
 */
export function policyForAgent(policy: Policy, type: string | undefined): Policy {
  const extra = agentRules(policy, type);
  if (extra.length === 0) return policy;
  const key = hasOwnRules(policy, type) ? type : ANY_AGENT;
  let byType = derived.get(policy);
  if (byType === undefined) derived.set(policy, (byType = new Map()));
  let out = byType.get(key);
  if (out === undefined) byType.set(key, (out = { ...policy, rules: [...extra, ...policy.rules] }));
  return out;
}

/** Whether a sub-agent of `type` has rules of its own (its type's or `*`'s). */
export function hasAgentRules(policy: Policy, type: string | undefined): boolean {
  return agentRules(policy, type).length > 0;
}

const BEHAVIOR_RANK: Readonly<Record<Behavior, number>> = { allow: 0, ask: 1, deny: 2 };

/** Which of two asks lets less through: a firm one; else not a plain one; else (two other kinds) the parent's. */
function askCeiling(child: AskKind, parent: AskKind): 'child' | 'parent' {
  if (child === parent || child === 'firm' || parent === 'plain') return 'child';
  return 'parent';
}

/** What a capped decision names: the sub-agent and both modes. */
export interface CeilingInfo {
  /** `Explore`, `sub-agent a1b2`, … */
  agent: string;
  childMode: PermissionMode;
  parentMode: PermissionMode;
}

/** `the sub-agent Explore`, or its id when it has no type. */
export function agentName(ceiling: AgentCeiling): string {
  if (ceiling.type !== undefined && ceiling.type !== '') return ceiling.type;
  return ceiling.id !== undefined && ceiling.id !== '' ? `with id ${ceiling.id}` : '(unnamed)';
}

/**
 * The sub-agent's decision, capped at its parent's for the same call: the child's when it lets no
 * more through (allow < ask < deny; between two asks, a plain one lets more through than any
 * other kind, and a firm one less), else the parent's with a reason that says the ceiling applied.
 * Either way a trace step `agentCeiling` says what each would decide.
 * @public
 */
export function capDecision(child: Decision, parent: Decision, info: CeilingInfo): Decision {
  const rc = BEHAVIOR_RANK[child.behavior];
  const rp = BEHAVIOR_RANK[parent.behavior];
  const takeChild =
    rc > rp || (rc === rp && (child.behavior !== 'ask' || askCeiling(child.askKind ?? 'firm', parent.askKind ?? 'firm') === 'child'));
  const said = (d: Decision) => (d.behavior === 'ask' ? `ask (${d.askKind ?? 'firm'})` : d.behavior);
  const who = `sub-agent ${info.agent} (${info.childMode} mode)`;
  if (takeChild) {
    const detail = escapeBidi(
      `${who}: ${said(child)}; its parent (${info.parentMode} mode) would ${said(parent)}: no more than the parent`,
    );
    return { ...child, trace: [...child.trace, { step: 'agentCeiling', outcome: 'pass', detail }] };
  }
  const message = `${parent.reason.message} (as for its parent, in ${info.parentMode} mode: a sub-agent gets no more than its parent)`;
  const detail = escapeBidi(
    `${who} would ${said(child)}; its parent (${info.parentMode} mode) would ${said(parent)}: the parent's ${parent.behavior} applies`,
  );
  return {
    ...parent,
    reason: { ...parent.reason, message },
    trace: [...parent.trace, { step: 'agentCeiling', outcome: parent.behavior, detail }],
  };
}
