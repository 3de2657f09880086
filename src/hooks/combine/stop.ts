import { collectContext, combineCommon } from './common.js';
import type { CombinableResult, CommonAnswer } from './types.js';

/** Consecutive Stop / SubagentStop continuations after which the turn ends anyway (Claude Code docs). @public */
export const MAX_STOP_CONTINUATIONS = 8;

/** The combined Stop / SubagentStop answer. `block: true`: the model goes on with `reason`. @public */
export interface StopAnswer extends CommonAnswer {
  event: 'Stop' | 'SubagentStop';
  block: boolean;
  /** Every blocking reason, joined by newlines: the model's next instruction. */
  reason?: string;
  decidedBy?: string;
  /** True when hooks blocked but the continuation cap was reached, so the turn ends. */
  capped: boolean;
  additionalContext: string[];
}

/**
 * Combine Stop / SubagentStop results (Claude Code docs, "Hooks reference › Stop decision
 * control"). Exit 2 (reason = stderr) or `decision: "block"` keeps the model working; timeouts,
 * failures and malformed output count as no decision (`onFailure` is ignored on these events).
 * `consecutiveContinuations` is how many times in a row hooks already made the model go on: at
 * {@link MAX_STOP_CONTINUATIONS} a block is reported `capped` and the turn ends.
 * @public
 */
export function combineStop(
  event: 'Stop' | 'SubagentStop',
  results: readonly CombinableResult[],
  options: { consecutiveContinuations?: number } = {},
): StopAnswer {
  const answer: StopAnswer = {
    event,
    ...combineCommon(event, results),
    block: false,
    capped: false,
    additionalContext: collectContext(results, false),
  };
  const reasons: string[] = [];
  for (const r of results) {
    let reason: string | undefined;
    if (r.status === 'blocked') reason = r.message ?? 'blocked by hook';
    else if (r.status === 'success' && r.output?.decision === 'block') reason = r.output.reason ?? `${event} hook blocked`;
    else if (r.status !== 'success' && r.status !== 'async') answer.notes.push(`${r.id ?? 'hook'}: ${r.message ?? r.status} (no decision)`);
    if (reason === undefined) continue;
    reasons.push(reason);
    if (answer.decidedBy === undefined && r.id !== undefined) answer.decidedBy = r.id;
  }
  if (reasons.length === 0) return answer;
  answer.reason = reasons.join('\n');
  if ((options.consecutiveContinuations ?? 0) >= MAX_STOP_CONTINUATIONS) {
    answer.capped = true;
    answer.notes.push(`${MAX_STOP_CONTINUATIONS} consecutive continuations reached; the turn ends`);
  } else answer.block = true;
  return answer;
}
