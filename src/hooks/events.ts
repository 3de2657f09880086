/**
 * Hook events and what each one allows (Claude Code docs, "Hooks reference › Hook events";
 * Agent SDK `HOOK_EVENTS`).
 * @packageDocumentation
 */

export { HOOK_EVENTS, type HookEvent } from '../core/hook-events.js';
import { HOOK_EVENTS, type HookEvent } from '../core/hook-events.js';

/** Type guard: is `name` one of {@link HOOK_EVENTS}? @public */
export function isHookEvent(name: string): name is HookEvent {
  return (HOOK_EVENTS as readonly string[]).includes(name);
}

/**
 * What an event allows. `subject` is the input field a matcher is tested against (`undefined`:
 * the event takes no matcher and every group runs). `canBlock`: a hook can stop or refuse what the
 * event is about (exit 2 / `decision: "block"` / a deny). `toolCall`: the event is about one tool
 * call, so a handler's `if` rule is checked (Claude Code docs, "Hooks reference › if").
 * @public
 */
export interface HookEventInfo {
  subject?: string;
  canBlock: boolean;
  toolCall: boolean;
}

const tool = { subject: 'tool_name', toolCall: true } as const;

/** Per-event facts (Claude Code docs, "Hooks reference", event table). @public */
export const HOOK_EVENT_INFO: Readonly<Record<HookEvent, HookEventInfo>> = {
  PreToolUse: { ...tool, canBlock: true },
  // A PermissionRequest hook can refuse in the user's place (decision.behavior "deny").
  PermissionRequest: { ...tool, canBlock: true },
  PermissionDenied: { ...tool, canBlock: false },
  PostToolUse: { ...tool, canBlock: false },
  PostToolUseFailure: { ...tool, canBlock: false },
  PostToolBatch: { canBlock: true, toolCall: false },
  Notification: { subject: 'notification_type', canBlock: false, toolCall: false },
  UserPromptSubmit: { canBlock: true, toolCall: false },
  UserPromptExpansion: { subject: 'command_name', canBlock: true, toolCall: false },
  SessionStart: { subject: 'source', canBlock: false, toolCall: false },
  SessionEnd: { subject: 'reason', canBlock: false, toolCall: false },
  Stop: { canBlock: true, toolCall: false },
  StopFailure: { subject: 'error', canBlock: false, toolCall: false },
  SubagentStart: { subject: 'agent_type', canBlock: false, toolCall: false },
  SubagentStop: { subject: 'agent_type', canBlock: true, toolCall: false },
  PreCompact: { subject: 'trigger', canBlock: true, toolCall: false },
  PostCompact: { subject: 'trigger', canBlock: false, toolCall: false },
  PreModelSwitch: { subject: 'model', canBlock: true, toolCall: false },
  PostModelSwitch: { subject: 'model', canBlock: false, toolCall: false },
  Setup: { subject: 'trigger', canBlock: false, toolCall: false },
  TeammateIdle: { canBlock: true, toolCall: false },
  TaskCreated: { canBlock: true, toolCall: false },
  TaskCompleted: { canBlock: true, toolCall: false },
  Elicitation: { subject: 'mcp_server_name', canBlock: true, toolCall: false },
  ElicitationResult: { subject: 'mcp_server_name', canBlock: true, toolCall: false },
  ConfigChange: { subject: 'source', canBlock: true, toolCall: false },
  WorktreeCreate: { canBlock: true, toolCall: false },
  WorktreeRemove: { canBlock: false, toolCall: false },
  InstructionsLoaded: { subject: 'load_reason', canBlock: false, toolCall: false },
  CwdChanged: { canBlock: false, toolCall: false },
  FileChanged: { subject: 'file_path', canBlock: false, toolCall: false },
  DirectoryAdded: { subject: 'directory', canBlock: false, toolCall: false },
  MessageDisplay: { canBlock: false, toolCall: false },
};

/** Facts for any event name; an unknown event takes a matcher on nothing and cannot block. @public */
export function hookEventInfo(event: string): HookEventInfo {
  return isHookEvent(event) ? HOOK_EVENT_INFO[event] : { canBlock: false, toolCall: false };
}
