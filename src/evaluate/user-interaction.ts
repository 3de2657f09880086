import type { ToolCall } from '../core/types.js';
import { fixedPass, holdAsk, passFixed } from './state.js';
import type { PipelineStep } from './types.js';

/**
 * The `_meta` key with which an MCP tool says it needs a person on every call (Claude Code docs,
 * "Configure permissions › MCP").
 * @public
 */
export const REQUIRES_USER_INTERACTION = 'anthropic/requiresUserInteraction';

/**
 * Does the call's tool declare that it needs a person? `meta["anthropic/requiresUserInteraction"]`
 * set to `true` — or to anything but `false`: a value toolgate does not understand is read as the
 * declaration (fail closed).
 * @public
 */
export function requiresUserInteraction(call: ToolCall): boolean {
  const meta = call.meta;
  if (meta === null || typeof meta !== 'object') return false;
  const v = meta[REQUIRES_USER_INTERACTION];
  return v !== undefined && v !== false;
}

const NOT_DECLARED = fixedPass('userInteraction', 'the tool does not declare that it needs a person');

/**
 * A tool that declares it needs a person is a firm ask in every mode — bypassPermissions included,
 * whatever the allow rules or a hook's `allow` say — and is denied in dontAsk (Claude Code docs,
 * "Permission modes": actions no mode auto-approves). Deny rules have already denied.
 */
export const userInteraction: PipelineStep = {
  name: 'userInteraction',
  run(state) {
    if (!requiresUserInteraction(state.call)) return passFixed(state, NOT_DECLARED);
    return holdAsk(state, 'userInteraction', {
      kind: 'firm',
      reason: 'userInteraction',
      message: `${state.call.tool} declares that it needs a person on every call (${REQUIRES_USER_INTERACTION})`,
    });
  },
};
