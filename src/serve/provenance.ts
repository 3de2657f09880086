import type { PermissionMode, RuleRef, Step } from '../core/types.js';
import { decisionRule, decisionShadow, emitDecision, sourceOfDecision } from '../provenance/event.js';
import type { ShadowOutcome } from '../shadow/index.js';
import type { DecisionEvent, DecisionListener, DecisionSource } from '../provenance/types.js';
import { redactString, type AskRecord, type AuditEntry } from '../store/index.js';

/**
 * What an audit entry's decision event needs beyond the entry: the deciding rule with its layer,
 * the trace, the mode, the tool-use id, the ask. Kept under a symbol, so it travels with the entry
 * through spreads (`{ ...entry, behavior: 'deny' }`) but is never stored or serialised.
 */
export interface EntryProvenance {
  rule?: RuleRef;
  trace?: readonly Step[];
  mode?: PermissionMode;
  toolUseId?: string;
  agentType?: string;
  grantId?: string;
  /** The scope of the grant that answered the call. */
  grantScope?: DecisionEvent['answerScope'];
  ask?: AskRecord;
  /** `ctx.now()` when the request reached serve. */
  startedAt?: number;
  /** The shadow policy's outcome for the call, once evaluated (after the reply). */
  shadow?: Promise<ShadowOutcome>;
}

const PROVENANCE = Symbol('toolgate.provenance');

/** `entry` with its provenance attached (see {@link EntryProvenance}). */
export function withProvenance<E extends AuditEntry>(entry: E, p: EntryProvenance): E {
  return Object.assign(entry, { [PROVENANCE]: p });
}

const provenanceOf = (entry: AuditEntry): EntryProvenance => (entry as { [PROVENANCE]?: EntryProvenance })[PROVENANCE] ?? {};

/** The shadow outcome an entry's call waits for, when a shadow policy decides beside the live one. */
export const shadowOfEntry = (entry: AuditEntry): Promise<ShadowOutcome> | undefined => provenanceOf(entry).shadow;

/** Who settled a call, from the `decidedBy` serve records. */
function sourceOf(entry: AuditEntry, p: EntryProvenance): DecisionSource {
  switch (entry.decidedBy) {
    case 'rules':
      if (entry.behavior === undefined || entry.reasonKind === undefined) return 'rules';
      return sourceOfDecision({
        behavior: entry.behavior,
        reason: { kind: entry.reasonKind, message: '' },
        ...(p.rule !== undefined ? { rule: p.rule } : {}),
        trace: [...(p.trace ?? [])],
      });
    case 'grant':
      return 'grant';
    case 'answer':
      return 'person';
    case 'preToolUseHook':
    case 'permissionRequestHook':
      return 'hook';
    case 'classifier':
      return 'classifier';
    case 'allowedPrompt':
      return 'plan';
    case 'canUseTool':
    case 'promptTool':
      return 'host';
    default:
      // serveSelf, unshowable, store, serve, timeout, gate: toolgate itself.
      return entry.reasonKind === 'mode' ? 'mode' : 'toolgate';
  }
}

/**
 * Whether an audit entry is a decision serve reports: a call decided (`PreToolUse`,
 * `PermissionRequest`, `decision`, a held call released after its answer included), an ask given
 * up (`expired`), and the answer to an ask made through the JSON API (no held request is released
 * after it, so the answer is the decision). The answer to a held hook request is reported once,
 * by the release that carries the call's final outcome.
 */
function isDecision(entry: AuditEntry, p: EntryProvenance): boolean {
  if (entry.behavior === undefined) return false;
  switch (entry.event) {
    case 'PreToolUse':
    case 'PermissionRequest':
    case 'decision':
    case 'expired':
      return true;
    case 'answer':
      return p.ask?.origin === 'api';
    default:
      return false;
  }
}

/** The decision event of an audit entry serve recorded, or `undefined` when the entry is not a decision. */
export function entryEvent(entry: AuditEntry, at: number): DecisionEvent | undefined {
  const p = provenanceOf(entry);
  if (!isDecision(entry, p) || entry.behavior === undefined) return undefined;
  const rule = p.rule !== undefined && p.rule.text === entry.ruleText ? decisionRule(p.rule) : undefined;
  const waited =
    p.ask !== undefined &&
    entry.askId !== undefined &&
    (entry.event === 'expired' || entry.decidedBy === 'answer' || entry.event === 'answer');
  const agentId = entry.agent;
  return {
    version: 1,
    frontEnd: 'serve',
    at,
    behavior: entry.behavior,
    tool: entry.tool ?? '',
    ...(p.toolUseId !== undefined && p.toolUseId !== '' ? { toolUseId: p.toolUseId } : {}),
    input: entry.inputRedacted ?? null,
    ...(entry.inputSha256 !== undefined ? { inputSha256: entry.inputSha256 } : { inputSha256: '' }),
    ...(entry.reasonKind !== undefined ? { reason: { kind: entry.reasonKind, message: entry.reason ?? '' } } : {}),
    ...(rule !== undefined
      ? { rule }
      : entry.ruleText !== undefined
        ? {
            rule: {
              text: entry.ruleText,
              list: entry.behavior === 'ask' ? 'ask' : entry.behavior,
              layer: 'inline' as const,
              ...(entry.ruleSource?.startsWith('/') ? { file: entry.ruleSource } : {}),
            },
          }
        : {}),
    ...(entry.askKind !== undefined ? { askKind: entry.askKind } : {}),
    ...(entry.askId !== undefined ? { askId: entry.askId } : {}),
    ...(p.mode !== undefined ? { mode: p.mode } : {}),
    ...(entry.sessionId !== undefined ? { sessionId: entry.sessionId } : {}),
    ...(agentId !== undefined ? { agent: { id: agentId, ...(p.agentType !== undefined ? { type: p.agentType } : {}) } } : {}),
    decidedBy: sourceOf(entry, p),
    ...(entry.answerer !== undefined ? { answerer: entry.answerer } : {}),
    ...(p.grantId !== undefined ? { grantId: p.grantId } : {}),
    ...(p.grantScope !== undefined
      ? { answerScope: p.grantScope }
      : p.ask?.answer !== undefined && entry.answerer !== undefined
        ? { answerScope: p.ask.answer.scope }
        : {}),
    durations: {
      totalMs: p.startedAt !== undefined ? Math.max(0, at - p.startedAt) : 0,
      ...(waited && p.ask !== undefined ? { waitMs: Math.max(0, at - p.ask.createdAt) } : {}),
    },
    ...(entry.policyDigest !== undefined ? { policyDigest: entry.policyDigest } : {}),
    trace: (p.trace ?? []).map((step) => ({ ...step, detail: redactString(step.detail) })),
  };
}

/**
 * Report a recorded audit entry to serve's `onDecision` listener, when it is a decision. A call
 * with a shadow policy is reported once its shadow is decided (after the reply), with it.
 */
export function reportEntry(listener: DecisionListener | undefined, entry: AuditEntry, at: number): void {
  if (listener === undefined) return;
  let event: DecisionEvent | undefined;
  try {
    event = entryEvent(entry, at);
  } catch {
    return;
  }
  if (event === undefined) return;
  const shadow = provenanceOf(entry).shadow;
  if (shadow === undefined) {
    emitDecision(listener, () => event);
    return;
  }
  void shadow.then((o) => emitDecision(listener, () => ({ ...event, shadow: decisionShadow(o) })));
}
