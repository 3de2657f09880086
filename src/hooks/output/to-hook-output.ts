import type { Decision } from '../../core/types.js';
import type { HookJSONOutput } from './types.js';

/**
 * Turn a toolgate decision into the JSON a Claude Code PreToolUse command hook prints
 * (Claude Code docs, "PreToolUse decision control"): `permissionDecision` allow / ask / deny with
 * the decision's reason. For `PermissionRequest` the decision object is used instead: allow or deny,
 * and an ask gives `{}` (no decision: the prompt is shown).
 * @public
 */
export function toHookOutput(
  decision: Pick<Decision, 'behavior' | 'reason'>,
  event: 'PreToolUse' | 'PermissionRequest' = 'PreToolUse',
): HookJSONOutput {
  const reason = decision.reason.message;
  if (event === 'PermissionRequest') {
    if (decision.behavior === 'ask') return {};
    return {
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: decision.behavior === 'allow' ? { behavior: 'allow' } : { behavior: 'deny', message: reason },
      },
    };
  }
  return {
    hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: decision.behavior, permissionDecisionReason: reason },
  };
}
