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
  return withCommonFields(fields, hookInputCommon(event, base));
}

/**
 * The common fields of {@link buildHookInput} alone, so a caller that sends many events with the
 * same base can make them once per event and reuse them with {@link withCommonFields}.
 * @internal
 */
export function hookInputCommon(event: string, base: HookInputBase): BaseHookInput {
  const common: BaseHookInput = {
    session_id: base.session_id,
    transcript_path: base.transcript_path ?? '',
    cwd: base.cwd,
    hook_event_name: event,
  };
  if (base.permission_mode !== undefined) {
    const mode = normalizeMode(base.permission_mode);
    if (mode !== undefined) common.permission_mode = mode;
  }
  if (base.prompt_id !== undefined) common.prompt_id = base.prompt_id;
  if (base.agent_id !== undefined) common.agent_id = base.agent_id;
  if (base.agent_type !== undefined) common.agent_type = base.agent_type;
  if (base.effort !== undefined) common.effort = base.effort;
  return common;
}

/**
 * `fields` then `common` (which wins), as a new object: what `{ ...fields, ...common }` makes (own
 * enumerable keys in order, symbols too, an own `__proto__` key stays a key), built key by key
 * because V8 is slow to add keys to an object made by a spread.
 * @internal
 */
export function withCommonFields<E extends string>(fields: HookInputFields<E>, common: BaseHookInput): HookInput<E> {
  const from = fields as Record<PropertyKey, unknown>;
  const out: Record<PropertyKey, unknown> = {};
  for (const k in from) {
    if (!Object.hasOwn(from, k)) continue;
    if (k === '__proto__') Object.defineProperty(out, k, { value: from[k], writable: true, enumerable: true, configurable: true });
    else out[k] = from[k];
  }
  for (const s of Object.getOwnPropertySymbols(from)) if (Object.prototype.propertyIsEnumerable.call(from, s)) out[s] = from[s];
  out['session_id'] = common.session_id;
  out['transcript_path'] = common.transcript_path;
  out['cwd'] = common.cwd;
  out['hook_event_name'] = common.hook_event_name;
  if (common.permission_mode !== undefined) out['permission_mode'] = common.permission_mode;
  if (common.prompt_id !== undefined) out['prompt_id'] = common.prompt_id;
  if (common.agent_id !== undefined) out['agent_id'] = common.agent_id;
  if (common.agent_type !== undefined) out['agent_type'] = common.agent_type;
  if (common.effort !== undefined) out['effort'] = common.effort;
  return out as unknown as HookInput<E>;
}
