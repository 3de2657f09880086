import type { PermissionMode } from '../../src/core/types.js';
import { createGate, type GateOptions } from '../../src/gate/index.js';
import type { HookCallback } from '../../src/hooks/index.js';

export const CWD = '/home/user/project';
export const HOME = '/home/user';

/** A PreToolUse callback answering with a fixed decision (and optional rewrite). */
export function preToolUse(
  decision?: 'allow' | 'deny' | 'ask' | 'defer',
  extra: { updatedInput?: Record<string, unknown>; reason?: string } = {},
): HookCallback {
  return async () => ({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      ...(decision !== undefined ? { permissionDecision: decision } : {}),
      ...(extra.reason !== undefined ? { permissionDecisionReason: extra.reason } : {}),
      ...(extra.updatedInput !== undefined ? { updatedInput: extra.updatedInput } : {}),
    },
  });
}

export interface GateSpec extends Partial<Omit<GateOptions, 'policy' | 'mode'>> {
  settings?: Record<string, unknown>;
  mode?: PermissionMode;
  pre?: HookCallback[];
  permissionRequest?: HookCallback[];
  permissionDenied?: HookCallback[];
}

/** A gate over one project settings object, with callback hooks. */
export function gateFor(spec: GateSpec = {}) {
  const { settings, mode, pre, permissionRequest, permissionDenied, ...rest } = spec;
  const hookCallbacks: NonNullable<GateOptions['hookCallbacks']> = {};
  if (pre) hookCallbacks['PreToolUse'] = [{ hooks: pre }];
  if (permissionRequest) hookCallbacks['PermissionRequest'] = [{ hooks: permissionRequest }];
  if (permissionDenied) hookCallbacks['PermissionDenied'] = [{ hooks: permissionDenied }];
  return createGate({
    policy: [{ kind: 'projectSettings', settings: settings ?? {}, file: `${CWD}/.claude/settings.json` }],
    cwd: CWD,
    home: HOME,
    ...(mode !== undefined ? { mode } : {}),
    hookCallbacks,
    ...rest,
  });
}

export const bash = (command: string) => ({ tool: 'Bash', input: { command } });
export const edit = (file_path: string) => ({ tool: 'Edit', input: { file_path, old_string: 'a', new_string: 'b' } });
