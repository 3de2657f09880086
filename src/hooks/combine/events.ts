import { combineBlocking, type BlockAnswer } from './block.js';
import { stableJson } from './common.js';
import type { CombinableResult } from './types.js';

/** Combined UserPromptSubmit answer. @public */
export interface UserPromptSubmitAnswer extends BlockAnswer {
  event: 'UserPromptSubmit';
  sessionTitle?: string;
}

/**
 * Combine UserPromptSubmit results (Claude Code docs, "UserPromptSubmit decision control"): exit 2
 * or `decision: "block"` blocks the prompt (the reason is shown to the user, not the model); a
 * timeout also blocks (toolgate fails closed, as the Agent SDK does for callbacks); plain stdout and
 * `additionalContext` become context. The last `sessionTitle` wins.
 * @public
 */
export function combineUserPromptSubmit(results: readonly CombinableResult[]): UserPromptSubmitAnswer {
  const base = combineBlocking('UserPromptSubmit', results, { timeoutBlocks: true });
  const answer: UserPromptSubmitAnswer = { ...base, event: 'UserPromptSubmit' };
  for (const r of results) {
    const t = r.status === 'success' ? r.output?.hookSpecificOutput?.sessionTitle : undefined;
    if (typeof t === 'string') answer.sessionTitle = t;
  }
  return answer;
}

/** Combined PostToolUse / PostToolUseFailure answer. @public */
export interface PostToolUseAnswer extends BlockAnswer {
  event: 'PostToolUse' | 'PostToolUseFailure';
  /** Text for the model next to the tool result: exit-2 stderr and `decision: "block"` reasons. */
  feedback: string[];
  /** Replacement for the tool's output, when exactly one distinct replacement was returned. */
  updatedToolOutput?: { value: unknown; by?: string };
}

/**
 * Combine PostToolUse / PostToolUseFailure results (Claude Code docs, "PostToolUse decision
 * control"). The tool already ran, so nothing blocks it: exit 2's stderr and a `decision: "block"`
 * reason are fed back to the model (`feedback`); `additionalContext` from every hook is delivered.
 * `updatedToolOutput`: one distinct value replaces the output; different values conflict and none
 * is applied (the original output is kept).
 * @public
 */
export function combinePostToolUse(event: 'PostToolUse' | 'PostToolUseFailure', results: readonly CombinableResult[]): PostToolUseAnswer {
  const base = combineBlocking(event, results);
  const answer: PostToolUseAnswer = { ...base, event, feedback: [] };
  const outputs = new Map<string, { value: unknown; by?: string }>();
  for (const r of results) {
    if (r.status === 'blocked') answer.feedback.push(r.message ?? 'blocked by hook');
    if (r.status !== 'success') continue;
    if (r.output?.decision === 'block') answer.feedback.push(r.output.reason ?? `${event} hook blocked`);
    const hso = r.output?.hookSpecificOutput;
    if (hso !== undefined && 'updatedToolOutput' in hso)
      outputs.set(stableJson(hso.updatedToolOutput), { value: hso.updatedToolOutput, ...(r.id !== undefined ? { by: r.id } : {}) });
  }
  if (outputs.size === 1) answer.updatedToolOutput = [...outputs.values()][0]!;
  else if (outputs.size > 1) answer.notes.push(`${outputs.size} conflicting updatedToolOutput values; the original output is kept`);
  return answer;
}

/** Combined SessionStart answer. @public */
export interface SessionStartAnswer extends BlockAnswer {
  event: 'SessionStart';
  initialUserMessage?: string;
  sessionTitle?: string;
  watchPaths: string[];
}

/**
 * Combine SessionStart results (Claude Code docs, "SessionStart decision control"): plain stdout and
 * `additionalContext` are context for the model; the first `initialUserMessage`, the last
 * `sessionTitle` and the union of `watchPaths` are kept. SessionStart cannot block.
 * @public
 */
export function combineSessionStart(results: readonly CombinableResult[]): SessionStartAnswer {
  const answer: SessionStartAnswer = { ...combineBlocking('SessionStart', results), event: 'SessionStart', watchPaths: [] };
  for (const r of results) {
    const hso = r.status === 'success' ? r.output?.hookSpecificOutput : undefined;
    if (hso === undefined) continue;
    if (typeof hso.initialUserMessage === 'string' && answer.initialUserMessage === undefined)
      answer.initialUserMessage = hso.initialUserMessage;
    if (typeof hso.sessionTitle === 'string') answer.sessionTitle = hso.sessionTitle;
    for (const p of hso.watchPaths ?? []) if (!answer.watchPaths.includes(p)) answer.watchPaths.push(p);
  }
  return answer;
}

/** Combined PreCompact answer. `block`: skip the compaction. @public */
export interface PreCompactAnswer extends BlockAnswer {
  event: 'PreCompact';
  /** Extra summary instructions: each successful handler's plain stdout. */
  instructions: string[];
}

/**
 * Combine PreCompact results (toolgate spec, "Events": add summary instructions, or skip the
 * compaction): exit 2 or `decision: "block"` skips it; plain stdout adds instructions.
 * @public
 */
export function combinePreCompact(results: readonly CombinableResult[]): PreCompactAnswer {
  const base = combineBlocking('PreCompact', results);
  return { ...base, event: 'PreCompact', instructions: base.text };
}

/** Combined PermissionDenied answer. @public */
export interface PermissionDeniedAnswer extends BlockAnswer {
  event: 'PermissionDenied';
  /** True when any hook answered `retry: true`: the model is told it may try again. */
  retry: boolean;
}

/** Combine PermissionDenied results (Claude Code docs, "PermissionDenied"): `retry` if any hook says so. @public */
export function combinePermissionDenied(results: readonly CombinableResult[]): PermissionDeniedAnswer {
  const base = combineBlocking('PermissionDenied', results);
  const retry = results.some((r) => r.status === 'success' && r.output?.hookSpecificOutput?.retry === true);
  return { ...base, event: 'PermissionDenied', retry };
}
