import { canonicalJson } from '../core/canonical-json.js';
import type { Decision, ReasonKind, RuleRef, Step, ToolCall } from '../core/types.js';
import { redactInput, redactString } from '../store/redact.js';
import { sha256Hex } from './digest.js';
import type { ShadowOutcome } from '../shadow/outcome.js';
import type { DecisionEvent, DecisionHookOutcome, DecisionListener, DecisionRule, DecisionShadow, DecisionSource } from './types.js';

/** A rule reference as an event carries it. */
export function decisionRule(rule: RuleRef): DecisionRule {
  return {
    text: rule.text,
    list: rule.list,
    layer: rule.source.kind,
    ...(rule.source.file !== undefined ? { file: rule.source.file } : {}),
    ...(rule.index !== undefined ? { index: rule.index } : {}),
  };
}

/**
 * Who settled a call `evaluate` decided: the mode (its reason is the mode, or the mode step
 * allowed or refused what no rule decided: bypassPermissions, dontAsk), toolgate (a check that
 * failed), else the policy — its rules and the judgements it stands for (read-only commands, the
 * working directories, protected paths).
 */
export function sourceOfDecision(d: Pick<Decision, 'behavior' | 'reason' | 'rule' | 'trace'> | undefined): DecisionSource {
  if (d === undefined) return 'rules';
  if (d.reason.kind === 'checkFailed') return 'toolgate';
  if (d.reason.kind === 'mode') return 'mode';
  if (d.rule === undefined && d.behavior !== 'ask' && d.trace.at(-1)?.step === 'mode') return 'mode';
  return 'rules';
}

/** What an event needs besides the call and the outcome. */
export interface EventFacts {
  frontEnd: DecisionEvent['frontEnd'];
  at: number;
  totalMs: number;
  waitMs?: number;
  policyDigest?: string;
  decidedBy: DecisionSource;
  mode?: DecisionEvent['mode'];
  sessionId?: string;
  agent?: { id: string; type?: string };
  toolUseId?: string;
  askId?: string;
  answerer?: string;
  grantId?: string;
  hooks?: readonly DecisionHookOutcome[];
}

/** What was decided: the behavior, its reason and rule, the trace. */
export interface Outcome {
  behavior: DecisionEvent['behavior'];
  reason?: { kind: ReasonKind; message: string } | undefined;
  rule?: RuleRef | undefined;
  askKind?: DecisionEvent['askKind'] | undefined;
  trace: readonly Step[];
}

const redactStep = (s: Step): Step => ({ ...s, detail: redactString(s.detail) });

/**
 * The event of one decision: the call's input and the reason and trace redacted as the audit log
 * redacts them; the input's digest of the unredacted input, as the audit log keeps it.
 */
export function decisionEvent(call: ToolCall, outcome: Outcome, facts: EventFacts): DecisionEvent {
  const input = call?.input;
  return {
    version: 1,
    frontEnd: facts.frontEnd,
    at: facts.at,
    behavior: outcome.behavior,
    tool: typeof call?.tool === 'string' ? call.tool : '',
    ...(facts.toolUseId !== undefined ? { toolUseId: facts.toolUseId } : typeof call?.id === 'string' ? { toolUseId: call.id } : {}),
    input: redactInput(input ?? null),
    inputSha256: sha256Hex(canonicalJson(input ?? null)),
    ...(outcome.reason !== undefined ? { reason: { kind: outcome.reason.kind, message: redactString(outcome.reason.message) } } : {}),
    ...(outcome.rule !== undefined ? { rule: decisionRule(outcome.rule) } : {}),
    ...(outcome.askKind !== undefined ? { askKind: outcome.askKind } : {}),
    ...(facts.askId !== undefined ? { askId: facts.askId } : {}),
    ...(facts.mode !== undefined ? { mode: facts.mode } : {}),
    ...(facts.sessionId !== undefined ? { sessionId: facts.sessionId } : {}),
    ...(facts.agent !== undefined
      ? { agent: facts.agent.type !== undefined ? { id: facts.agent.id, type: facts.agent.type } : { id: facts.agent.id } }
      : {}),
    ...(facts.hooks !== undefined && facts.hooks.length > 0 ? { hooks: [...facts.hooks] } : {}),
    decidedBy: facts.decidedBy,
    ...(facts.answerer !== undefined ? { answerer: facts.answerer } : {}),
    ...(facts.grantId !== undefined ? { grantId: facts.grantId } : {}),
    durations: { totalMs: facts.totalMs, ...(facts.waitMs !== undefined ? { waitMs: facts.waitMs } : {}) },
    ...(facts.policyDigest !== undefined ? { policyDigest: facts.policyDigest } : {}),
    trace: outcome.trace.map(redactStep),
  };
}

/** A shadow outcome as an event carries it: the reason redacted, the rule with its layer. */
export function decisionShadow(o: ShadowOutcome): DecisionShadow {
  return {
    behavior: o.behavior,
    ...(o.reason !== undefined ? { reason: { kind: o.reason.kind, message: redactString(o.reason.message) } } : {}),
    ...(o.rule !== undefined ? { rule: decisionRule(o.rule) } : {}),
    ...(o.askKind !== undefined ? { askKind: o.askKind } : {}),
    ...(o.mode !== undefined ? { mode: o.mode } : {}),
    ...(o.policyDigest !== undefined ? { policyDigest: o.policyDigest } : {}),
  };
}

/** The outcome of an `evaluate` decision. */
export function outcomeOf(d: Decision): Outcome {
  return { behavior: d.behavior, reason: d.reason, rule: d.rule, askKind: d.askKind, trace: d.trace };
}

/** Hand an event to a listener; what the listener throws is swallowed: a listener never changes a decision. */
export function emitDecision(listener: DecisionListener, build: () => DecisionEvent): void {
  try {
    listener(build());
  } catch {
    // A listener's failure is its own: the decision stands as made.
  }
}

/** Milliseconds on a monotonic clock where there is one. */
export const monotonicMs = (): number => (typeof performance !== 'undefined' ? performance.now() : Date.now());
