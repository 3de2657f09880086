import { answeredBy } from './answerers.js';
import type { Step, ToolCall } from '../core/types.js';
import type { GateResult } from '../gate/index.js';
import {
  inputSha256,
  redactInput,
  redactString,
  type AskRecord,
  type AuditEntry,
  type AuditEvent,
  type GrantRecord,
} from '../store/index.js';
import type { Settled } from './decide.js';
import { modeFor } from '../evaluate/index.js';
import { withProvenance } from './provenance.js';
import { unkeptMessage } from '../grants/unkept.js';
import type { ShadowOutcome } from '../shadow/index.js';

/** The rule that decided, and where it came from: a grant's rule (added as a session rule) is named as that grant. */
const ruleFields = (r: GateResult, grant?: GrantRecord) => {
  const rule = r.decision?.rule;
  if (rule === undefined) return {};
  const fromGrant = grant !== undefined && rule.source.kind === 'session' && rule.text === grant.rule;
  return { ruleText: rule.text, ruleSource: fromGrant ? `grant ${grant.id} (${grant.scope})` : (rule.source.file ?? rule.source.kind) };
};

/** A trace as the audit log keeps it: each step's detail redacted (details quote commands and paths). */
const redactTrace = (trace: readonly Step[]): Step[] => trace.map((s) => ({ ...s, detail: redactString(s.detail) }));

const reasonOf = (r: GateResult) => (r.behavior === 'allow' || r.behavior === 'deny' ? r.reason : r.decision?.reason);

/** The audit entry of a decided call. */
export function decisionEntry(event: AuditEvent, call: ToolCall, s: Settled, at: number, askId?: string): AuditEntry {
  const r = s.result;
  const agent = s.context.agent;
  const rule = r.behavior === 'ask' ? r.pending.rule : r.decision?.rule;
  const mode = r.behavior === 'ask' ? r.pending.mode : modeFor(s.context.mode, { policy: s.project.policy });
  const toolUseId = r.toolUseId !== '' ? r.toolUseId : (call.id ?? '');
  const fields: AuditEntry = {
    ...decisionFields(event, call, s, at, askId),
    ...(toolUseId !== '' ? { toolUseId } : {}),
    mode,
    trace: redactTrace(r.trace),
  };
  return withProvenance(fields, {
    ...(rule !== undefined ? { rule } : {}),
    trace: r.trace,
    mode,
    toolUseId,
    ...(agent?.type !== undefined ? { agentType: agent.type } : {}),
    ...(s.grant !== undefined ? { grantId: s.grant.id, grantScope: s.grant.scope } : {}),
    ...(s.startedAt !== undefined ? { startedAt: s.startedAt } : {}),
    ...(s.shadow !== undefined ? { shadow: s.shadow } : {}),
  });
}

/**
 * The audit entry of a shadow outcome, written after the decision entry of the same call: the
 * call as that entry names it, and in `shadow` the would-be decision beside the live one — the
 * live policy's own (a call a grant answered was an ask of the policy).
 */
export function shadowEntry(decision: AuditEntry, o: ShadowOutcome, at: number): AuditEntry {
  const live =
    decision.decidedBy === 'grant'
      ? { behavior: 'ask' as const, decidedBy: 'grant' }
      : {
          behavior: decision.behavior ?? 'deny',
          ...(decision.ruleText !== undefined ? { ruleText: decision.ruleText } : {}),
          ...(decision.ruleSource !== undefined ? { ruleSource: decision.ruleSource } : {}),
          ...(decision.decidedBy !== undefined ? { decidedBy: decision.decidedBy } : {}),
        };
  return {
    at,
    event: 'shadow',
    ...(decision.sessionId !== undefined ? { sessionId: decision.sessionId } : {}),
    ...(decision.agent !== undefined ? { agent: decision.agent } : {}),
    ...(decision.projectDir !== undefined ? { projectDir: decision.projectDir } : {}),
    ...(decision.tool !== undefined ? { tool: decision.tool } : {}),
    ...(decision.inputSha256 !== undefined ? { inputSha256: decision.inputSha256 } : {}),
    ...(decision.inputRedacted !== undefined ? { inputRedacted: decision.inputRedacted } : {}),
    ...(decision.askId !== undefined ? { askId: decision.askId } : {}),
    ...(decision.toolUseId !== undefined ? { toolUseId: decision.toolUseId } : {}),
    ...(decision.policyDigest !== undefined ? { policyDigest: decision.policyDigest } : {}),
    shadow: {
      behavior: o.behavior,
      ...(o.askKind !== undefined ? { askKind: o.askKind } : {}),
      ...(o.reason !== undefined ? { reasonKind: o.reason.kind, reason: redactString(o.reason.message) } : {}),
      ...(o.rule !== undefined ? { ruleText: o.rule.text, ruleSource: o.rule.source.file ?? o.rule.source.kind } : {}),
      ...(o.mode !== undefined ? { mode: o.mode } : {}),
      ...(o.policyDigest !== undefined ? { policyDigest: o.policyDigest } : {}),
      live,
      durationMs: o.durationMs,
    },
  };
}

function decisionFields(event: AuditEvent, call: ToolCall, s: Settled, at: number, askId?: string): AuditEntry {
  const r = s.result;
  const reason = r.behavior === 'ask' ? r.pending.reason : reasonOf(r);
  const agent = s.context.agent;
  return {
    at,
    event,
    ...(s.context.sessionId !== undefined ? { sessionId: s.context.sessionId } : {}),
    ...(agent !== undefined ? { agent: agent.id !== '' ? agent.id : (agent.type ?? '') } : {}),
    projectDir: s.project.projectDir,
    tool: call.tool,
    inputSha256: inputSha256(call.input),
    inputRedacted: redactInput(call.input),
    behavior: r.behavior,
    ...(r.behavior === 'ask' ? { askKind: r.pending.askKind } : r.decision?.askKind !== undefined ? { askKind: r.decision.askKind } : {}),
    ...(reason !== undefined ? { reasonKind: reason.kind, reason: redactString(reason.message) } : {}),
    ...ruleFields(r, s.grant),
    policyDigest: s.project.digest,
    decidedBy: s.decidedBy,
    ...(askId !== undefined ? { askId } : {}),
    ...(s.grant !== undefined
      ? { detail: `grant ${s.grant.id} (${s.grant.scope}): ${s.grant.rule}` }
      : s.grantsUnreadable
        ? { detail: 'grants could not be read' }
        : {}),
  };
}

/** What every entry about a parked ask carries for its decision event. */
const askProvenance = (ask: AskRecord) => ({
  ask,
  mode: ask.pending.mode,
  toolUseId: ask.pending.toolUseId,
  startedAt: ask.createdAt,
  ...(ask.pending.agent?.type !== undefined ? { agentType: ask.pending.agent.type } : {}),
});

function askBase(ask: AskRecord, at: number, input: Record<string, unknown>): AuditEntry {
  return {
    at,
    event: 'answer',
    ...(ask.pending.toolUseId !== '' ? { toolUseId: ask.pending.toolUseId } : {}),
    mode: ask.pending.mode,
    ...(ask.sessionId !== undefined ? { sessionId: ask.sessionId } : {}),
    ...(ask.agent !== undefined ? { agent: ask.agent } : {}),
    projectDir: ask.projectDir,
    tool: ask.tool,
    inputSha256: inputSha256(input),
    inputRedacted: redactInput(input),
    askKind: ask.pending.askKind,
    policyDigest: ask.policyDigest,
    askId: ask.id,
  };
}

/**
 * The audit entry of a recorded answer, written once by whoever records it (the API or the
 * CLI): what the person said, who, with what scope; an edited input is what is hashed.
 */
export function answerEntry(ask: AskRecord, at: number): AuditEntry {
  const w = ask.answer;
  if (w === undefined) throw new Error(`ask ${ask.id} has no answer`);
  const a = w.answer;
  const input = a.behavior === 'allow' && a.updatedInput !== undefined ? a.updatedInput : ask.pending.call.input;
  return withProvenance(
    {
      ...askBase(ask, at, input),
      behavior: a.behavior,
      reasonKind: 'resolver',
      reason:
        a.behavior === 'deny'
          ? (a.message ?? `refused by ${answeredBy(w.answerer)}`)
          : a.updatedInput !== undefined
            ? `approved with an edited input by ${answeredBy(w.answerer)}`
            : `approved by ${answeredBy(w.answerer)}`,
      answerer: w.answerer,
      decidedBy: 'answer',
      detail: `scope ${w.scope}${a.behavior === 'allow' && a.remember === true ? ', remember' : ''}${a.behavior === 'allow' && unkeptMessage(a.updatedPermissions) !== undefined ? `; ${unkeptMessage(a.updatedPermissions)}` : ''}`,
    },
    { ...askProvenance(ask), trace: ask.pending.trace },
  );
}

/** The audit entry of an answer refused for its answer code (wrong, spent, locked, none): who tried, and how often. */
export function refusedAnswerEntry(ask: AskRecord, at: number, answerer: string, reason: string, tries: number): AuditEntry {
  return {
    ...askBase(ask, at, ask.pending.call.input),
    event: 'answerRefused',
    reasonKind: 'resolver',
    reason,
    answerer,
    decidedBy: 'serve',
    detail: `answer code tries: ${tries}`,
  };
}

/** The audit entry of a held hook request's release: the final result after an answer, or a deny when no answer came. */
export function releaseEntry(
  event: AuditEvent,
  ask: AskRecord,
  at: number,
  end: { result: GateResult; grant?: GrantRecord } | { expired: string },
): AuditEntry {
  if (!('result' in end)) {
    const expired: AuditEntry = {
      ...askBase(ask, at, ask.pending.call.input),
      event: 'expired',
      behavior: 'deny',
      reasonKind: 'resolver',
      reason: end.expired,
      decidedBy: 'timeout',
    };
    return withProvenance(expired, { ...askProvenance(ask), trace: ask.pending.trace });
  }
  const r = end.result;
  // The rule a remembering answer saved is named as the grant it is (its rule was added as a session rule).
  const g = end.grant;
  const reason = reasonOf(r);
  const rule = r.decision?.rule;
  return withProvenance(
    {
      ...askBase(ask, at, r.call.input),
      event,
      behavior: r.behavior === 'allow' ? 'allow' : r.behavior === 'deny' ? 'deny' : 'ask',
      ...(reason !== undefined ? { reasonKind: reason.kind, reason: reason.message } : {}),
      ...ruleFields(r, g),
      ...(ask.answer !== undefined ? { answerer: ask.answer.answerer } : {}),
      decidedBy: r.behavior === 'allow' || r.behavior === 'deny' ? r.decidedBy : 'answer',
      ...(g !== undefined ? { detail: `grant ${g.id} (${g.scope}): ${g.rule}` } : {}),
      trace: redactTrace(r.trace),
    },
    {
      ...askProvenance(ask),
      trace: r.trace,
      ...(rule !== undefined ? { rule } : {}),
      ...(g !== undefined ? { grantId: g.id, grantScope: g.scope } : {}),
    },
  );
}
