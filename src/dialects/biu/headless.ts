/**
 * biu's headless permission policies (biu docs, "Permissions in headless / SDK scenarios"):
 * `deny` (the default: fail rather than hang), `allow`, `stdin` (ask in the terminal) and
 * `stdin-json` (a `PERMISSION_ASK` event out, a JSON decision in).
 * @packageDocumentation
 */
import type { ToolCall } from '../../core/types.js';

/** A headless permission policy. @public */
export type BiuPermissionPolicy = 'deny' | 'allow' | 'stdin' | 'stdin-json';

/** What a headless policy does with an ask: answer it, or hand it to a person on a channel. @public */
export type BiuHeadlessAction = { kind: 'answer'; behavior: 'allow' | 'deny' } | { kind: 'prompt'; channel: 'terminal' | 'json' };

/** What a policy does with an ask. An unknown policy name denies. @public */
export function biuHeadlessAction(policy: string | undefined): BiuHeadlessAction {
  switch (policy ?? 'deny') {
    case 'allow':
      return { kind: 'answer', behavior: 'allow' };
    case 'stdin':
      return { kind: 'prompt', channel: 'terminal' };
    case 'stdin-json':
      return { kind: 'prompt', channel: 'json' };
    default:
      return { kind: 'answer', behavior: 'deny' };
  }
}

/** The `PERMISSION_ASK` event written for `stdin-json`. @public */
export function biuPermissionAskEvent(
  call: ToolCall,
  reason: string,
): { type: 'PERMISSION_ASK'; tool: string; input: Record<string, unknown>; reason: string; decisions: string[] } {
  return { type: 'PERMISSION_ASK', tool: call.tool, input: call.input, reason, decisions: ['allow', 'deny', 'always'] };
}

/**
 * Read a `stdin-json` answer line: `{ "decision": "allow" | "deny" | "always" }`. Anything else
 * (not JSON, another word) is `deny`.
 * @public
 */
export function biuReadJsonDecision(line: string): 'allow' | 'deny' | 'always' {
  try {
    const o = JSON.parse(line) as unknown;
    const d = o !== null && typeof o === 'object' ? (o as Record<string, unknown>)['decision'] : undefined;
    return d === 'allow' || d === 'always' ? d : 'deny';
  } catch {
    return 'deny';
  }
}
