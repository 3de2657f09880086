import type { AskKind } from '../core/types.js';
import type { GateResult } from '../gate/index.js';
// The store's types alone: `toolgate asks show` reads the scopes without loading the stores.
import { ANSWER_SCOPES, type AnswerScope, type AskRecord } from '../store/types.js';
import { formatSpan, type GrantTtl } from '../grants/ttl.js';
import { rememberable } from '../grants/propose.js';
import { maskInput, maskText, type InputMask } from './display/index.js';

const iso = (ms: number) => new Date(ms).toISOString();

/** A decision as the JSON API returns it. @public */
export interface DecisionView {
  behavior: 'allow' | 'ask' | 'deny';
  askKind?: AskKind;
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
    ...(r.behavior === 'allow' && original !== undefined && JSON.stringify(r.call.input) !== JSON.stringify(original)
      ? { updatedInput: r.call.input }
      : {}),
    ...(r.behavior === 'deny' ? { message: r.message, ...(r.interrupt === true ? { interrupt: true } : {}) } : {}),
  };
}

/**
 * A parked ask as the JSON API (and the approval page) show it: the whole input, with only the
 * secrets of recognised shapes masked (see `SECRET_SHAPES`). The audit log keeps its own,
 * broader redaction.
 * @public
 */
export interface AskView {
  id: string;
  state: 'pending' | 'answered' | 'expired';
  origin: string;
  sessionId?: string;
  /** The sub-agent that made the call: its id (`agent_id`), else its type. Absent: the main agent. */
  agent?: string;
  /** The sub-agent's type (`agent_type`, e.g. `Explore`), when it was sent. */
  agentType?: string;
  projectDir: string;
  cwd: string;
  tool: string;
  /**
   * The call's whole input, each secret of a recognised shape (a token with a known prefix, a PEM
   * private key) masked as `prefix••••••••`; never a command word, an operator, a substitution or
   * a redirection. Nothing is cut: an input too large to show whole is never parked.
   */
  input: unknown;
  /** Where `input` has a masked secret (JSON pointer), and of which shape. */
  masks: InputMask[];
  /** Lowercase hex SHA-256 of the canonical JSON (RFC 8785) of the input as sent. */
  inputSha256: string;
  askKind: string;
  reason: { kind: string; message: string };
  rule?: { text: string; list: string; source: { kind: string; file?: string } };
  suggestions: unknown[];
  createdAt: string;
  expiresAt?: string;
  answer?: {
    behavior: 'allow' | 'deny';
    scope: string;
    answerer: string;
    answeredAt: string;
    message?: string;
    updatedInput?: unknown;
    remember?: boolean;
  };
  /**
   * Why it was given up, once expired: `holdTimeout`, `clientGone`, or `holderSilent` (the serve
   * process holding it stopped answering).
   */
  expiry?: { code: string; message: string };
  /** The final decision, once answered (a deny, once given up). */
  decision?: DecisionView;
  /**
   * While pending: the scopes an approval may choose and how long a grant of each would live
   * (`toolgate serve --grant-ttl`), so a person sees it where they choose. `session` only for an
   * ask of a session; only `once` for an ask of no project toolgate found (no other grant answers there)
   * and for an ask with no rule to remember (a firm ask, a protected path, a plan-mode block).
   */
  rememberFor?: RememberChoice[];
}

/** One scope an approval may choose, with the time-to-live its grant would get. @public */
export interface RememberChoice {
  scope: AnswerScope;
  /** The span (`12h`, `30d`), or `never` (until revoked). */
  ttl: string;
  /** The same in milliseconds; `null` for never. */
  ttlMs: number | null;
}

/**
 * The scopes an approval of `a` may choose. In an unknown project (recorded as "") no grant but the
 * approval once ever answers (src/grants/apply.ts), and an ask with no rule to remember (a firm
 * ask, a protected path, a plan-mode block) refuses every other scope: only once is offered. A
 * project or ask not given (`toolgate asks show`'s defaults) counts as remembering.
 */
export function rememberScopes(a: Pick<AskRecord, 'sessionId'> & Partial<Pick<AskRecord, 'projectDir' | 'pending'>>): AnswerScope[] {
  const remembers = a.projectDir !== '' && (a.pending === undefined || rememberable(a.pending));
  return ANSWER_SCOPES.filter((s) => s === 'once' || (remembers && (s !== 'session' || a.sessionId !== undefined)));
}

/** The scopes an approval of `a` may choose ({@link rememberScopes}), with their time-to-live. */
export function rememberChoices(a: Pick<AskRecord, 'sessionId' | 'projectDir' | 'pending'>, ttl: GrantTtl): RememberChoice[] {
  return rememberScopes(a).map((scope) => ({ scope, ttl: formatSpan(ttl[scope]), ttlMs: ttl[scope] ?? null }));
}

/** The API view of a parked ask (see {@link AskView}). */
export function askView(a: AskRecord, decision?: DecisionView, ttl?: GrantTtl): AskView {
  const p = a.pending;
  const w = a.answer;
  const shown = maskInput(p.call.tool, p.call.input);
  return {
    id: a.id,
    state: a.state,
    origin: a.origin,
    ...(a.sessionId !== undefined ? { sessionId: a.sessionId } : {}),
    ...(a.agent !== undefined ? { agent: a.agent } : {}),
    ...(p.agent?.type !== undefined ? { agentType: p.agent.type } : {}),
    projectDir: a.projectDir,
    cwd: a.cwd,
    tool: a.tool,
    input: shown.input,
    masks: shown.masks,
    inputSha256: a.inputSha256,
    askKind: p.askKind,
    // The reason may quote the command, secrets and all.
    reason: { kind: p.reason.kind, message: maskText(p.reason.message).text },
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
            ...(w.answer.behavior === 'allow' && w.answer.updatedInput !== undefined
              ? { updatedInput: maskInput(p.call.tool, w.answer.updatedInput).input }
              : {}),
            ...(w.answer.behavior === 'allow' && w.answer.remember === true ? { remember: true } : {}),
          },
        }
      : {}),
    ...(a.state === 'expired' && a.expiry !== undefined ? { expiry: { code: a.expiry.code, message: a.expiry.message } } : {}),
    ...(decision !== undefined ? { decision } : {}),
    ...(a.state === 'pending' && ttl !== undefined ? { rememberFor: rememberChoices(a, ttl) } : {}),
  };
}
