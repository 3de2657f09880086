import { combineBlocking, type BlockAnswer } from './block.js';
import {
  combinePermissionDenied,
  combinePostToolUse,
  combinePreCompact,
  combineSessionStart,
  combineUserPromptSubmit,
  type PermissionDeniedAnswer,
  type PostToolUseAnswer,
  type PreCompactAnswer,
  type SessionStartAnswer,
  type UserPromptSubmitAnswer,
} from './events.js';
import { combinePermissionRequest, type PermissionRequestAnswer } from './permission-request.js';
import { combinePreToolUse, type PreToolUseAnswer } from './pre-tool-use.js';
import { combineStop, type StopAnswer } from './stop.js';
import type { CombinableResult } from './types.js';

export * from './block.js';
export * from './common.js';
export * from './events.js';
export * from './permission-request.js';
export * from './pre-tool-use.js';
export * from './stop.js';
export * from './types.js';

/** Any event's combined answer, discriminated by `event`. @public */
export type HookAnswer =
  | PreToolUseAnswer
  | PermissionRequestAnswer
  | StopAnswer
  | UserPromptSubmitAnswer
  | PostToolUseAnswer
  | SessionStartAnswer
  | PreCompactAnswer
  | PermissionDeniedAnswer
  | BlockAnswer;

/** The combined answer type for event `E`. @public */
export type HookAnswerFor<E extends string> = E extends 'PreToolUse'
  ? PreToolUseAnswer
  : E extends 'PermissionRequest'
    ? PermissionRequestAnswer
    : E extends 'Stop' | 'SubagentStop'
      ? StopAnswer
      : E extends 'UserPromptSubmit'
        ? UserPromptSubmitAnswer
        : E extends 'PostToolUse' | 'PostToolUseFailure'
          ? PostToolUseAnswer
          : E extends 'SessionStart'
            ? SessionStartAnswer
            : E extends 'PreCompact'
              ? PreCompactAnswer
              : E extends 'PermissionDenied'
                ? PermissionDeniedAnswer
                : HookAnswer;

/** Options of {@link combineHookResults}. @public */
export interface CombineOptions {
  /** Stop / SubagentStop: consecutive continuations already made (for the cap of 8). */
  consecutiveContinuations?: number;
}

/** Combine results with the event's own combiner. @public */
export function combineHookResults<E extends string>(
  event: E,
  results: readonly CombinableResult[],
  options: CombineOptions = {},
): HookAnswerFor<E> {
  return combineAny(event, results, options) as HookAnswerFor<E>;
}

function combineAny(event: string, results: readonly CombinableResult[], options: CombineOptions): HookAnswer {
  switch (event) {
    case 'PreToolUse':
      return combinePreToolUse(results);
    case 'PermissionRequest':
      return combinePermissionRequest(results);
    case 'Stop':
    case 'SubagentStop':
      return combineStop(event, results, options);
    case 'UserPromptSubmit':
      return combineUserPromptSubmit(results);
    case 'PostToolUse':
    case 'PostToolUseFailure':
      return combinePostToolUse(event, results);
    case 'SessionStart':
      return combineSessionStart(results);
    case 'PreCompact':
      return combinePreCompact(results);
    case 'PermissionDenied':
      return combinePermissionDenied(results);
    default:
      return combineBlocking(event, results);
  }
}
