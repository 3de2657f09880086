import type { ToolCall } from '../../core/types.js';

/** A sub-agent a call is made for (hook input `agent_id` / `agent_type`). @public */
export interface EventAgent {
  id: string;
  type?: string;
}

/**
 * A tool call as a front end receives it, before any settings are read: the call itself and
 * what the event says about where it is made. Every front end (`toolgate hook`, `serve`, the
 * adapters) reads its input into this one shape with {@link readToolEvent}.
 * @public
 */
export interface ToolEvent {
  /** `PreToolUse`, `PermissionRequest`, or `call` for a call made through an API (no hook event). */
  kind: 'PreToolUse' | 'PermissionRequest' | 'call';
  call: ToolCall;
  /** The directory the agent's shell is in (the event's `cwd`): it anchors relative paths. */
  cwd?: string;
  sessionId?: string;
  /** Where Claude Code keeps the session's transcript: its folder names the project. */
  transcriptPath?: string;
  /** The permission mode as sent (`permission_mode`); read with the dialect's names. */
  mode?: string;
  agent?: EventAgent;
  promptId?: string;
}

/** What {@link readToolEvent} gives: the event, or why it cannot be read. @public */
export type ToolEventResult = { ok: true; event: ToolEvent } | { ok: false; message: string };

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * Read a Claude Code hook event (`PreToolUse`, `PermissionRequest`; Claude Code docs, "Hooks
 * reference › Hook input") or an Agent SDK hook input of the same shape. A missing
 * `hook_event_name` is read as `PreToolUse` (a guard that cannot tell must not open). An event
 * without a `tool_name` or with a `tool_input` that is not an object cannot be read. Fields of the
 * wrong type are left out, never guessed.
 * @public
 */
export function readToolEvent(body: unknown): ToolEventResult {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return { ok: false, message: 'the event is not a JSON object' };
  const o = body as Record<string, unknown>;
  const name = o['hook_event_name'];
  if (name !== undefined && name !== 'PreToolUse' && name !== 'PermissionRequest')
    return { ok: false, message: `the event ${String(name)} is not a tool call` };
  const tool = o['tool_name'];
  const input = o['tool_input'];
  if (typeof tool !== 'string' || tool === '' || input === null || typeof input !== 'object' || Array.isArray(input)) {
    return { ok: false, message: 'the event has no tool_name / tool_input' };
  }
  const id = text(o['tool_use_id']);
  const agentId = text(o['agent_id']);
  const agentType = text(o['agent_type']);
  const fields = {
    cwd: text(o['cwd']),
    sessionId: text(o['session_id']),
    transcriptPath: text(o['transcript_path']),
    mode: text(o['permission_mode']),
    promptId: text(o['prompt_id']),
  };
  const event: ToolEvent = {
    kind: name === 'PermissionRequest' ? 'PermissionRequest' : 'PreToolUse',
    call: { tool, input: input as Record<string, unknown>, ...(id !== undefined ? { id } : {}) },
    ...(Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<ToolEvent>),
    ...(agentId !== undefined || agentType !== undefined
      ? { agent: { id: agentId ?? '', ...(agentType !== undefined ? { type: agentType } : {}) } }
      : {}),
  };
  return { ok: true, event };
}
