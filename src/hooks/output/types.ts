import type { PermissionUpdate } from '../../core/types.js';

/** A PreToolUse decision (Claude Code docs, "PreToolUse decision control"). @public */
export type HookPermissionDecision = 'allow' | 'deny' | 'ask' | 'defer';

/** The PermissionRequest `decision` object. @public */
export type PermissionRequestDecision =
  | { behavior: 'allow'; updatedInput?: Record<string, unknown>; updatedPermissions?: PermissionUpdate[] }
  | { behavior: 'deny'; message?: string; interrupt?: boolean };

/** `hookSpecificOutput`, loosely typed by the fields toolgate reads. @public */
export interface HookSpecificOutput {
  hookEventName: string;
  permissionDecision?: HookPermissionDecision;
  permissionDecisionReason?: string;
  updatedInput?: Record<string, unknown>;
  additionalContext?: string;
  decision?: PermissionRequestDecision;
  updatedToolOutput?: unknown;
  retry?: boolean;
  sessionTitle?: string;
  initialUserMessage?: string;
  watchPaths?: string[];
  [key: string]: unknown;
}

/** A validated JSON answer (Agent SDK `SyncHookJSONOutput`). @public */
export interface HookJSONOutput {
  continue?: boolean;
  suppressOutput?: boolean;
  stopReason?: string;
  decision?: 'approve' | 'block';
  systemMessage?: string;
  terminalSequence?: string;
  reason?: string;
  hookSpecificOutput?: HookSpecificOutput;
  [key: string]: unknown;
}

/**
 * How one handler ended, before combination:
 * - `success`: exit 0 / 2xx / a returned value; `output` (JSON) or `text` (plain stdout).
 * - `blocked`: exit 2 — a blocking error; `message` is the JSON reason or stderr.
 * - `error`: any other exit, a signal, a start failure, a thrown callback, a non-2xx response.
 * - `malformed`: output that looked like JSON but did not parse or failed the schema.
 * - `timedOut`: the handler's timeout passed. `cancelled`: the caller aborted.
 * - `async`: running in the background (result through `onAsyncResult`).
 * @public
 */
export type HandlerStatus = 'success' | 'blocked' | 'error' | 'malformed' | 'timedOut' | 'cancelled' | 'async';

/** What one handler's reply means. @public */
export interface HandlerVerdict {
  status: HandlerStatus;
  output?: HookJSONOutput;
  /** Plain (non-JSON) stdout / body / tool text. */
  text?: string;
  /** Blocking reason (for `blocked`) or error summary. */
  message?: string;
  /** Everything found wrong (schema errors, stray keys, dropped bytes). */
  problems: string[];
  /** `onFailure: "block"` applies: this failure blocks what the event guards. */
  failClosed: boolean;
  /** For async callbacks: the `asyncTimeout` they asked for, in **milliseconds**. */
  asyncTimeoutMs?: number;
}
