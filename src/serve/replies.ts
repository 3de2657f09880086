import { escapeHidden } from '../core/text.js';
import { stableJson } from '../hooks/index.js';
import type { GateResult } from '../gate/index.js';
import type { ToolCall } from '../core/types.js';
import type { GrantRecord } from '../store/index.js';

/** The hook events whose reply carries a decision. */
export type DecisionEvent = 'PreToolUse' | 'PermissionRequest';

/** The reason Claude Code shows a person: characters that do not show as themselves (bidi, zero-width, controls) written as <U+XXXX>. */
const why = (text: string) => `toolgate: ${escapeHidden(text)}`;

/** A deny in the shape of `event`'s reply (Claude Code docs, "Hooks reference"). */
export function denyReply(event: DecisionEvent, message: string, interrupt = false): Record<string, unknown> {
  return event === 'PermissionRequest'
    ? {
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          decision: { behavior: 'deny', message: why(message), ...(interrupt ? { interrupt: true } : {}) },
        },
      }
    : { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: why(message) } };
}

/** An allow; `updatedInput` when the input that must run is not the one the model sent. */
export function allowReply(event: DecisionEvent, message: string, original: ToolCall, result: GateResult): Record<string, unknown> {
  const changed = result.call.input !== original.input && stableJson(result.call.input) !== stableJson(original.input);
  if (event === 'PermissionRequest') {
    return {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'allow', ...(changed ? { updatedInput: result.call.input } : {}) },
      },
    };
  }
  return {
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'allow',
      permissionDecisionReason: why(message),
      ...(changed ? { updatedInput: result.call.input } : {}),
    },
  };
}

/** `--ask-via prompt`: Claude Code's own prompt decides (PreToolUse `ask`; a PermissionRequest gets no decision, so its dialog shows). */
export function promptReply(event: DecisionEvent, message: string): Record<string, unknown> {
  if (event === 'PermissionRequest') return {};
  return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask', permissionDecisionReason: why(message) } };
}

/**
 * The reply for a final gate result (allow or deny). `grant`: the grant an answer saved, whose
 * rule (added as a session rule) the result names — the note says it is that grant.
 */
export function resultReply(
  event: DecisionEvent,
  original: ToolCall,
  r: GateResult,
  grant?: Pick<GrantRecord, 'rule' | 'scope'>,
): Record<string, unknown> {
  if (r.behavior === 'allow') return allowReply(event, ruleNote(r.reason.message, r, grant), original, r);
  if (r.behavior === 'deny') return denyReply(event, ruleNote(r.message, r, grant), r.interrupt === true);
  return denyReply(event, 'the call was neither allowed nor refused');
}

function ruleNote(message: string, r: GateResult, grant?: Pick<GrantRecord, 'rule' | 'scope'>): string {
  const rule = r.decision?.rule;
  if (rule === undefined || r.decision?.behavior !== r.behavior) return message;
  const granted = grant !== undefined && rule.source.kind === 'session' && rule.text === grant.rule;
  return `${message} (${rule.list} rule ${rule.text}${granted ? `, remembered for the ${grant.scope}` : ''})`;
}
