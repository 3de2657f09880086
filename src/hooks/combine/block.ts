import { hookEventInfo } from '../events.js';
import { collectContext, combineCommon } from './common.js';
import type { CombinableResult, CommonAnswer } from './types.js';

/** Events whose plain stdout is context for the model (Claude Code docs, "Exit code output"). */
const TEXT_IS_CONTEXT = new Set(['UserPromptSubmit', 'UserPromptExpansion', 'SessionStart']);

/**
 * The combined answer for events without a special shape (and the base of UserPromptSubmit,
 * PreCompact, ...): whether the event's action is blocked and the context to add.
 * @public
 */
export interface BlockAnswer extends CommonAnswer {
  event: string;
  /** Only ever true on events that can block. */
  block: boolean;
  reason?: string;
  decidedBy?: string;
  additionalContext: string[];
  /** Plain stdout of successful handlers on events where it is not context (e.g. PreCompact instructions). */
  text: string[];
}

/**
 * Combine results of an event by "does anything block": exit 2 or `decision: "block"` blocks (on
 * events that can block, see {@link HOOK_EVENT_INFO}); `onFailure: "block"` makes a failure block;
 * when `timeoutBlocks`, a timeout blocks too (toolgate does this for UserPromptSubmit, like the
 * Agent SDK's callbacks). The first blocking reason is reported.
 * @public
 */
export function combineBlocking(
  event: string,
  results: readonly CombinableResult[],
  options: { timeoutBlocks?: boolean } = {},
): BlockAnswer {
  const canBlock = hookEventInfo(event).canBlock;
  const textIsContext = TEXT_IS_CONTEXT.has(event);
  const answer: BlockAnswer = {
    event,
    ...combineCommon(event, results),
    block: false,
    additionalContext: collectContext(results, textIsContext),
    text: textIsContext
      ? []
      : results.flatMap((r) => (r.status === 'success' && r.text !== undefined && r.text.trim() !== '' ? [r.text] : [])),
  };
  for (const r of results) {
    const name = r.id ?? 'hook';
    let reason: string | undefined;
    if (r.status === 'blocked') reason = r.message ?? 'blocked by hook';
    else if (r.status === 'success' && r.output?.decision === 'block') reason = r.output.reason ?? `blocked by ${event} hook`;
    else if (r.status === 'timedOut' && options.timeoutBlocks === true) reason = `${name}: ${r.message ?? 'timed out'}`;
    else if (r.failClosed) reason = `${name}: ${r.message ?? r.status} (onFailure: block)`;
    else if (r.status !== 'success' && r.status !== 'async') answer.notes.push(`${name}: ${r.message ?? r.status} (ignored)`);
    if (reason === undefined) continue;
    if (!canBlock) {
      answer.notes.push(`${name}: ${event} cannot block (${reason})`);
      continue;
    }
    if (!answer.block) {
      answer.block = true;
      answer.reason = reason;
      if (r.id !== undefined) answer.decidedBy = r.id;
    }
  }
  return answer;
}
