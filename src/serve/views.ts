import type { GateResult } from '../gate/index.js';
import { redactInput, redactString, type AskRecord } from '../store/index.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A decision as the JSON API returns it. @public */
export interface DecisionView {
  behavior: 'allow' | 'ask' | 'deny';
  askKind?: 'firm' | 'protected' | 'plain';
  reason: { kind: string; message: string };
  rule?: { text: string; list: string; source: { kind: string; file?: string } };
  /** What "Yes, and don't ask again" would add (asks only). */
  suggestions?: unknown[];
  blockedPath?: string;
  /** Who settled the call (`rules`, `grant`, `answer`, ...). */
  decidedBy: string;
  /** The input that must run, when it is not the one sent (an answer edited it). */
  updatedInput?: Record<string, unknown>;
  /** A deny's message for the model. */
  message?: string;
  interrupt?: boolean;
}

/** The API view of a gate result. */
export function decisionView(r: GateResult, decidedBy: string, original?: Record<string, unknown>): DecisionView {
  if (r.behavior === 'ask') {
    const p = r.pending;
    return {
      behavior: 'ask',
      askKind: p.askKind,
      reason: p.reason,
      ...(p.rule !== undefined ? { rule: p.rule } : {}),
      suggestions: p.suggestions,
      ...(p.blockedPath !== undefined ? { blockedPath: p.blockedPath } : {}),
      decidedBy,
    };
  }
  const d = r.decision;
  const reason = r.behavior === 'allow' || r.behavior === 'deny' ? r.reason : (d?.reason ?? { kind: 'checkFailed', message: 'deferred' });
  return {
    behavior: r.behavior === 'allow' ? 'allow' : 'deny',
    reason,
    ...(d?.rule !== undefined && d.behavior === r.behavior ? { rule: d.rule } : {}),
    ...(d?.blockedPath !== undefined ? { blockedPath: d.blockedPath } : {}),
    decidedBy,
    ...(r.behavior === 'allow' && original !== undefined && JSON.stringify(r.call.input) !== JSON.stringify(original) ? { updatedInput: r.call.input } : {}),
    ...(r.behavior === 'deny' ? { message: r.message, ...(r.interrupt === true ? { interrupt: true } : {}) } : {}),
  };
}

/** A parked ask as the JSON API (and the approval page) show it: the input redacted. @public */
export interface AskView {
  id: string;
  state: 'pending' | 'answered' | 'expired';
  origin: string;
  sessionId?: string;
  agent?: string;
  projectDir: string;
  cwd: string;
  tool: string;
  /** The call's input with secrets replaced. */
  input: unknown;
  inputSha256: string;
  askKind: string;
  reason: { kind: string; message: string };
  rule?: { text: string; list: string; source: { kind: string; file?: string } };
  suggestions: unknown[];
  createdAt: string;
  expiresAt?: string;
  answer?: { behavior: 'allow' | 'deny'; scope: string; answerer: string; answeredAt: string; message?: string; updatedInput?: unknown; remember?: boolean };
  /** The final decision, once answered. */
  decision?: DecisionView;
}

export function askView(a: AskRecord, decision?: DecisionView): AskView {
  const p = a.pending;
  const w = a.answer;
  return {
    id: a.id,
    state: a.state,
    origin: a.origin,
    ...(a.sessionId !== undefined ? { sessionId: a.sessionId } : {}),
    ...(a.agent !== undefined ? { agent: a.agent } : {}),
    projectDir: a.projectDir,
    cwd: a.cwd,
    tool: a.tool,
    input: a.inputRedacted,
    inputSha256: a.inputSha256,
    askKind: p.askKind,
    // The reason quotes the command: it holds what the input's redaction hid.
    reason: { kind: p.reason.kind, message: redactString(p.reason.message) },
    ...(p.rule !== undefined ? { rule: p.rule } : {}),
    suggestions: p.suggestions,
    createdAt: iso(a.createdAt),
    ...(a.expiresAt !== undefined ? { expiresAt: iso(a.expiresAt) } : {}),
    ...(w !== undefined
      ? {
          answer: {
            behavior: w.answer.behavior,
            scope: w.scope,
            answerer: w.answerer,
            answeredAt: iso(w.answeredAt),
            ...(w.answer.behavior === 'deny' && w.answer.message !== undefined ? { message: w.answer.message } : {}),
            ...(w.answer.behavior === 'allow' && w.answer.updatedInput !== undefined ? { updatedInput: redactInput(w.answer.updatedInput) } : {}),
            ...(w.answer.behavior === 'allow' && w.answer.remember === true ? { remember: true } : {}),
          },
        }
      : {}),
    ...(decision !== undefined ? { decision } : {}),
  };
}
