import type { HookPermissionDecision } from '../output/types.js';
import { collectContext, combineCommon, stableJson } from './common.js';
import type { CombinableResult, CommonAnswer } from './types.js';

/** The combined PreToolUse answer. `decision` undefined: no hook decided; the rules decide. @public */
export interface PreToolUseAnswer extends CommonAnswer {
  event: 'PreToolUse';
  decision?: HookPermissionDecision;
  /** A hook's ask is always firm (toolgate docs, "Kinds of ask"). */
  askKind?: 'firm';
  reason?: string;
  /** Id of the handler whose answer decided. */
  decidedBy?: string;
  /** The rewritten input, to be gated again; absent with deny or defer or when rewrites conflict. */
  updatedInput?: Record<string, unknown>;
  additionalContext: string[];
}

const RANK: Record<HookPermissionDecision, number> = { allow: 1, ask: 2, defer: 3, deny: 4 };

/**
 * Combine PreToolUse results (Claude Code docs, "Hooks reference › PreToolUse decision control";
 * toolgate spec, "Deny wins"). Handlers run in parallel; the most restrictive answer wins:
 * deny > defer > ask > allow, and the first deny (in configuration order) gives the reason.
 * Each result counts as:
 * - exit 2 → deny (reason = JSON reason or stderr); `continue: false` → deny (the agent stops);
 * - timeout or cancellation → **deny** (toolgate fails closed; Claude Code's command hooks fail open);
 * - other failure → nothing (reported), or deny with `onFailure: "block"`;
 * - malformed output → firm ask (never allow), or deny with `onFailure: "block"`;
 * - JSON → `hookSpecificOutput.permissionDecision`, else legacy `decision` (`approve` → allow,
 *   `block` → deny); an allow from a handler that ran only because its matcher was broken is ignored.
 *
 * `updatedInput`: ignored with deny and defer; identical rewrites count once; **different rewrites
 * are a conflict**: none is applied and the answer is at least a firm ask naming the conflict.
 * @public
 */
export function combinePreToolUse(results: readonly CombinableResult[]): PreToolUseAnswer {
  const common = combineCommon('PreToolUse', results);
  const answer: PreToolUseAnswer = { event: 'PreToolUse', ...common, additionalContext: collectContext(results, false) };
  let best: Offer | undefined;
  let rewrites: Map<string, Record<string, unknown>> | undefined;

  for (const r of results) {
    const name = r.id ?? 'hook';
    switch (r.status) {
      case 'blocked':
        best = offer(best, 'deny', r.message, r);
        continue;
      case 'timedOut':
      case 'cancelled':
        best = offer(best, 'deny', `${name}: ${r.message ?? r.status}; the call is blocked`, r);
        continue;
      case 'error':
        if (r.failClosed) best = offer(best, 'deny', `${name}: ${r.message ?? 'failed'} (onFailure: block)`, r);
        else answer.notes.push(`${name}: ${r.message ?? 'failed'} (ignored)`);
        continue;
      case 'malformed':
        if (r.failClosed) best = offer(best, 'deny', `${name}: ${r.message ?? 'malformed output'} (onFailure: block)`, r);
        else best = offer(best, 'ask', `${name}: ${r.message ?? 'malformed output'}`, r);
        continue;
      case 'async':
        continue;
      case 'success':
        break;
    }
    const out = r.output;
    if (out === undefined) continue;
    if (out.continue === false) {
      best = offer(best, 'deny', out.stopReason ?? `${name} stopped the agent (continue: false)`, r);
      continue;
    }
    const hso = out.hookSpecificOutput;
    let decision = hso?.permissionDecision;
    if (decision === undefined && out.decision !== undefined) decision = out.decision === 'approve' ? 'allow' : 'deny';
    const reason = hso?.permissionDecisionReason ?? out.reason;
    if (decision === 'allow' && r.fallback === true) {
      answer.notes.push(`${name}: allow ignored (the handler ran only because its matcher is invalid)`);
      decision = undefined;
    }
    if (decision !== undefined) best = offer(best, decision, reason, r);
    if (hso?.updatedInput !== undefined && decision !== 'deny' && decision !== 'defer' && !(r.fallback === true))
      (rewrites ??= new Map()).set(stableJson(hso.updatedInput), hso.updatedInput);
  }

  const rewriteCount = rewrites?.size ?? 0;
  if (rewriteCount > 1 && (best === undefined || RANK[best.decision] < RANK.ask)) {
    best = { decision: 'ask', reason: `hooks returned ${rewriteCount} different rewrites of the input; none is applied` };
  }
  if (rewriteCount > 1) answer.notes.push(`${rewriteCount} conflicting updatedInput rewrites; none applied`);
  if (best !== undefined) {
    answer.decision = best.decision;
    if (best.reason !== undefined) answer.reason = best.reason;
    if (best.by !== undefined) answer.decidedBy = best.by;
    if (best.decision === 'ask') answer.askKind = 'firm';
  }
  const only = rewriteCount === 1 ? rewrites?.values().next().value : undefined;
  if (only !== undefined && answer.decision !== 'deny' && answer.decision !== 'defer') answer.updatedInput = only;
  return answer;
}

interface Offer {
  decision: HookPermissionDecision;
  reason?: string;
  by?: string;
}

/** The stronger of `best` and a new decision (the earlier one wins a tie). */
function offer(best: Offer | undefined, decision: HookPermissionDecision, reason: string | undefined, r: CombinableResult): Offer {
  if (best === undefined || RANK[decision] > RANK[best.decision])
    return { decision, ...(reason !== undefined ? { reason } : {}), ...(r.id !== undefined ? { by: r.id } : {}) };
  return best;
}
