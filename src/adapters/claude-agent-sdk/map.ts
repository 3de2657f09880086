import type { PermissionResult, PermissionUpdate as SdkPermissionUpdate, SyncHookJSONOutput } from '@anthropic-ai/claude-agent-sdk';
import type { PermissionUpdate } from '../../core/types.js';
import type { AskAnswer, GateResult } from '../../gate/index.js';

/**
 * An Agent SDK `PermissionResult` (what `canUseTool` returns) as a toolgate {@link AskAnswer}:
 * `allow` keeps `updatedInput` and `updatedPermissions`; a `decisionClassification` of
 * `user_permanent` without updates becomes `remember: true` (apply the ask's suggestions);
 * `deny` keeps `message` and `interrupt`. Anything else — `null`, a malformed value — is a deny
 * (fail closed).
 * @public
 */
export function fromPermissionResult(result: PermissionResult | null | undefined): AskAnswer {
  if (result === null || typeof result !== 'object') return { behavior: 'deny', message: 'No answer was given for this call.' };
  if (result.behavior === 'allow') {
    const updates = Array.isArray(result.updatedPermissions) ? (result.updatedPermissions as PermissionUpdate[]) : undefined;
    return {
      behavior: 'allow',
      ...(isObject(result.updatedInput) ? { updatedInput: result.updatedInput } : {}),
      ...(updates !== undefined && updates.length > 0 ? { updatedPermissions: updates } : {}),
      ...(result.decisionClassification === 'user_permanent' && (updates === undefined || updates.length === 0) ? { remember: true } : {}),
    };
  }
  if (result.behavior === 'deny') {
    return {
      behavior: 'deny',
      message: typeof result.message === 'string' && result.message !== '' ? result.message : 'The user refused this call.',
      ...(result.interrupt === true ? { interrupt: true } : {}),
    };
  }
  return { behavior: 'deny', message: 'The answer was neither allow nor deny.' };
}

/**
 * A toolgate {@link GateResult} as an Agent SDK `PermissionResult`: `allow` carries the input that
 * must run (`updatedInput`, the call after any rewrite) and, when given, `updatedPermissions` for
 * the Claude Code process itself; `deny` carries the message for the model and `interrupt` (also
 * set when a hook answered `continue: false`). An `ask` or a deferral cannot be expressed by a
 * `PermissionResult`: both become a deny whose message says the call waits (fail closed).
 * @public
 */
export function toPermissionResult(result: GateResult, extra: { updatedPermissions?: readonly PermissionUpdate[] } = {}): PermissionResult {
  switch (result.behavior) {
    case 'allow':
      return {
        behavior: 'allow',
        updatedInput: result.call.input,
        ...(extra.updatedPermissions !== undefined && extra.updatedPermissions.length > 0
          ? { updatedPermissions: [...extra.updatedPermissions] as SdkPermissionUpdate[] }
          : {}),
        toolUseID: result.toolUseId,
      };
    case 'deny':
      return {
        behavior: 'deny',
        message: result.message,
        ...(result.interrupt === true || result.stop !== undefined ? { interrupt: true } : {}),
        toolUseID: result.toolUseId,
      };
    case 'ask':
      return {
        behavior: 'deny',
        message: `This call needs approval (${result.pending.reason.message}) and no answer was given.`,
        toolUseID: result.toolUseId,
      };
    case 'deferred':
      return {
        behavior: 'deny',
        message: `This call was deferred${result.reason ? `: ${result.reason}` : ''}.`,
        toolUseID: result.toolUseId,
      };
  }
}

/**
 * A toolgate {@link GateResult} as the output of an Agent SDK `PreToolUse` hook callback
 * (Claude Code docs, "Hooks reference › PreToolUse decision control"): `allow` → `permissionDecision:
 * "allow"` with `updatedInput` when the call was rewritten; `deny` → `"deny"` with the message as
 * `permissionDecisionReason` (and `continue: false` when the run must stop); `ask` → `"ask"` (the
 * Claude Code process then calls `canUseTool`); a deferral → `"defer"`. `additionalContext` and
 * `systemMessages` are passed on.
 * @public
 */
export function toPreToolUseOutput(result: GateResult, originalInput: Record<string, unknown>): SyncHookJSONOutput {
  const rewritten = JSON.stringify(result.call.input) !== JSON.stringify(originalInput);
  const common: SyncHookJSONOutput = {
    ...(result.systemMessages !== undefined && result.systemMessages.length > 0 ? { systemMessage: result.systemMessages.join('\n') } : {}),
  };
  const context =
    result.additionalContext !== undefined && result.additionalContext.length > 0
      ? { additionalContext: result.additionalContext.join('\n') }
      : {};
  switch (result.behavior) {
    case 'allow':
      return {
        ...common,
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'allow',
          permissionDecisionReason: result.reason.message,
          ...(rewritten ? { updatedInput: result.call.input } : {}),
          ...context,
        },
      };
    case 'deny': {
      const stop = result.interrupt === true || result.stop !== undefined;
      return {
        ...common,
        ...(stop ? { continue: false, stopReason: result.stop?.reason ?? result.message } : {}),
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: result.message,
          ...context,
        },
      };
    }
    case 'ask':
      return {
        ...common,
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'ask',
          permissionDecisionReason: result.pending.reason.message,
          ...(rewritten ? { updatedInput: result.call.input } : {}),
          ...context,
        },
      };
    case 'deferred':
      return {
        ...common,
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'defer',
          ...(result.reason !== undefined ? { permissionDecisionReason: result.reason } : {}),
          ...context,
        },
      };
  }
}

/** @internal */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
