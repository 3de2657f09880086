import type { PermissionMode, PermissionUpdate } from '../../core/types.js';

/**
 * Fields every hook input carries (Claude Code docs, "Hooks reference › Common input fields";
 * Agent SDK `BaseHookInput`).
 * @public
 */
export interface BaseHookInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  /** Never `manual` (normalised to `default`). */
  permission_mode?: PermissionMode;
  hook_event_name: string;
  prompt_id?: string;
  agent_id?: string;
  agent_type?: string;
  effort?: { level: string };
}

/** The MCP server a tool belongs to. @public */
export interface McpServerRef {
  name: string;
  source: string;
}

/** Event-specific input fields, by event (Agent SDK `*HookInput` types). @public */
export interface HookInputFieldsMap {
  PreToolUse: { tool_name: string; tool_input: Record<string, unknown>; tool_use_id: string; mcp_server?: McpServerRef };
  PermissionRequest: {
    tool_name: string;
    tool_input: Record<string, unknown>;
    permission_suggestions?: PermissionUpdate[];
    mcp_server?: McpServerRef;
  };
  PermissionDenied: { tool_name: string; tool_input: Record<string, unknown>; tool_use_id: string; reason: string };
  PostToolUse: {
    tool_name: string;
    tool_input: Record<string, unknown>;
    tool_response: unknown;
    tool_use_id: string;
    duration_ms?: number;
    mcp_server?: McpServerRef;
  };
  PostToolUseFailure: {
    tool_name: string;
    tool_input: Record<string, unknown>;
    tool_use_id: string;
    error: string;
    is_interrupt?: boolean;
    duration_ms?: number;
  };
  PostToolBatch: {
    tool_calls: { tool_name: string; tool_input: Record<string, unknown>; tool_use_id: string; tool_response?: unknown }[];
  };
  UserPromptSubmit: { prompt: string; source?: string; session_title?: string };
  UserPromptExpansion: { command_name: string; [k: string]: unknown };
  SessionStart: { source: 'startup' | 'resume' | 'clear' | 'compact' | 'fork' | (string & {}); model?: string; session_title?: string };
  SessionEnd: { reason: string };
  Stop: { stop_hook_active: boolean; last_assistant_message?: string };
  SubagentStart: { agent_id: string; agent_type: string };
  SubagentStop: {
    stop_hook_active: boolean;
    agent_id: string;
    agent_type: string;
    agent_transcript_path: string;
    last_assistant_message?: string;
  };
  PreCompact: { trigger: 'manual' | 'auto'; custom_instructions: string | null };
  PostCompact: { trigger: 'manual' | 'auto'; compact_summary: string };
  Notification: { message: string; title?: string; notification_type: string };
  StopFailure: { error: string; error_details?: unknown; last_assistant_message?: string };
  PreModelSwitch: { model: string; [k: string]: unknown };
  PostModelSwitch: { model: string; [k: string]: unknown };
}

/** Events with typed input fields. @public */
export type TypedHookEvent = keyof HookInputFieldsMap;

/** Input fields the caller gives for `event` (typed for known events, free-form otherwise). @public */
export type HookInputFields<E extends string> = E extends TypedHookEvent ? HookInputFieldsMap[E] : Record<string, unknown>;

/** A complete hook input for `event`. @public */
export type HookInput<E extends string = string> = BaseHookInput & { hook_event_name: E } & HookInputFields<E>;
