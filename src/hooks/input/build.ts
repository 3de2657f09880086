import { normalizeMode } from '../../core/types.js';
import type { BaseHookInput, HookInput, HookInputFields } from './types.js';

/** Session facts every input carries. `permission_mode` may be `manual` here: it is normalised. @public */
export interface HookInputBase {
  session_id: string;
  cwd: string;
  /** Path of the transcript; empty string when the host keeps none. */
  transcript_path?: string;
  permission_mode?: string;
  prompt_id?: string;
  agent_id?: string;
  agent_type?: string;
  effort?: { level: string };
}

/**
 * Build the JSON object a hook receives (stdin, POST body, callback argument) with Claude Code's
 * field names (Claude Code docs, "Hooks reference › Hook input"). `permission_mode` is normalised
 * (`manual` → `default`; an unknown mode is left out rather than passed on). Event fields win over
 * nothing: the base fields cannot be overwritten by `fields`.
 * @public
 */
export function buildHookInput<E extends string>(event: E, fields: HookInputFields<E>, base: HookInputBase): HookInput<E> {
  const mode = base.permission_mode !== undefined ? normalizeMode(base.permission_mode) : undefined;
  const common: BaseHookInput = {
    session_id: base.session_id,
    transcript_path: base.transcript_path ?? '',
    cwd: base.cwd,
    hook_event_name: event,
    ...(mode !== undefined ? { permission_mode: mode } : {}),
    ...(base.prompt_id !== undefined ? { prompt_id: base.prompt_id } : {}),
    ...(base.agent_id !== undefined ? { agent_id: base.agent_id } : {}),
    ...(base.agent_type !== undefined ? { agent_type: base.agent_type } : {}),
    ...(base.effort !== undefined ? { effort: base.effort } : {}),
  };
  return { ...(fields as object), ...common } as HookInput<E>;
}
