import type { AskKind, Decision, ReasonKind, Step, ToolCall } from '../core/types.js';
import type { EnvironmentFacts } from '../evaluate/index.js';
import type { HookRunResult } from '../hooks/index.js';
import type { DecidedBy, GateAllow, GateDeferred, GateDeny } from './types.js';

/** What one gating run has gathered so far (shared by the rewrite loop and the resolvers). */
export interface RunState {
  call: ToolCall;
  /** The call as the model made it. */
  original: ToolCall;
  promptId?: string;
  /** Where the agent's shell is for this call (`CheckOptions.cwd`); default the gate's cwd. */
  cwd?: string;
  /** What is known of the call's environment (`CheckOptions.environment`); default the gate's. */
  environment?: EnvironmentFacts;
  toolUseId: string;
  rewrites: number;
  trace: Step[];
  additionalContext: string[];
  systemMessages: string[];
  decision?: Decision;
  /**
   * An approval carried into the next pass after a rewrite: from the PreToolUse hook that rewrote
   * the call (answers plain and protected asks) or from a resolver or person who approved the
   * rewritten input (answers any ask). Deny rules and hook denies still win.
   */
  carried?: { by: DecidedBy; answersFirm: boolean; message: string; ask?: boolean };
  /** The parked ask being answered (`Gate.answer`), for its decision event. */
  answering?: { id: string; askKind: AskKind };
  /** The hook runs made for the call, for its decision event. */
  hookRuns?: HookRunResult[];
}

/** Most rewrites a call may go through; a 4th is denied (toolgate spec, "How a call is decided"). */
export const MAX_REWRITES = 3;

function base(st: RunState) {
  return {
    call: st.call,
    toolUseId: st.toolUseId,
    trace: st.trace,
    rewrites: st.rewrites,
    ...(st.decision !== undefined ? { decision: st.decision } : {}),
    ...(st.additionalContext.length > 0 ? { additionalContext: st.additionalContext } : {}),
    ...(st.systemMessages.length > 0 ? { systemMessages: st.systemMessages } : {}),
  };
}

export function allowResult(st: RunState, by: DecidedBy, kind: ReasonKind, message: string): GateAllow {
  return { behavior: 'allow', ...base(st), decidedBy: by, reason: { kind, message } };
}

export function denyResult(
  st: RunState,
  by: DecidedBy,
  kind: ReasonKind,
  message: string,
  extra: { interrupt?: boolean; retry?: boolean; stop?: { reason?: string }; step?: string } = {},
): GateDeny {
  st.trace.push({ step: extra.step ?? by, outcome: 'deny', detail: message });
  return {
    behavior: 'deny',
    ...base(st),
    decidedBy: by,
    reason: { kind, message },
    message,
    ...(extra.interrupt === true ? { interrupt: true } : {}),
    ...(extra.retry === true ? { retry: true } : {}),
    ...(extra.stop !== undefined ? { stop: extra.stop } : {}),
  };
}

/** "permission check failed: …": a check that threw is a deny. */
export function failedResult(st: RunState, what: string, error: unknown): GateDeny {
  const why = error instanceof Error ? error.message : String(error);
  return denyResult(st, 'gate', 'checkFailed', `permission check failed: ${what}: ${why}`, { step: 'checkFailed' });
}

export function deferredResult(st: RunState, reason: string | undefined): GateDeferred {
  return { behavior: 'deferred', ...base(st), ...(reason !== undefined ? { reason } : {}) };
}

let counter = 0;
/** A unique id without node:crypto (Web Crypto where present). */
export function newId(prefix: string): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return `${prefix}_${c.randomUUID()}`;
  counter++;
  return `${prefix}_${Date.now().toString(36)}${counter.toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}
