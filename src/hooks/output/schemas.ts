/**
 * JSON Schemas (draft-07) for what a hook may answer. The same schemas ship as files in the
 * package's `schemas/hooks/` folder; these constants are the source (a test keeps both equal).
 * Shapes follow the Agent SDK's `SyncHookJSONOutput` / `*HookSpecificOutput` types and Claude Code
 * docs, "Hooks reference › JSON output". Unknown properties are allowed (newer Claude Code
 * versions add fields); toolgate reports misplaced decision keys separately.
 * @packageDocumentation
 */

const BASE = 'https://toolgate.dev/schemas/hooks/';
const str = { type: 'string' } as const;
const bool = { type: 'boolean' } as const;
const obj = { type: 'object' } as const;

/** `PermissionUpdate` (Agent SDK). @public */
export const permissionUpdateSchema = {
  $id: `${BASE}permission-update.json`,
  type: 'object',
  required: ['type'],
  properties: {
    type: { enum: ['addRules', 'replaceRules', 'removeRules', 'setMode', 'addDirectories', 'removeDirectories'] },
    rules: {
      type: 'array',
      items: { type: 'object', required: ['toolName'], properties: { toolName: str, ruleContent: str } },
    },
    behavior: { enum: ['allow', 'deny', 'ask'] },
    mode: { enum: ['default', 'manual', 'acceptEdits', 'plan', 'auto', 'dontAsk', 'bypassPermissions'] },
    directories: { type: 'array', items: str },
    destination: { enum: ['userSettings', 'projectSettings', 'localSettings', 'session', 'cliArg'] },
  },
} as const;

function specific(event: string, properties: Record<string, unknown>) {
  return {
    type: 'object',
    required: ['hookEventName'],
    properties: { hookEventName: { const: event }, ...properties },
  } as const;
}

const ctx = { additionalContext: str };

/** `hookSpecificOutput` per event. @public */
export const hookSpecificOutputSchemas: Readonly<Record<string, object>> = {
  PreToolUse: specific('PreToolUse', {
    permissionDecision: { enum: ['allow', 'deny', 'ask', 'defer'] },
    permissionDecisionReason: str,
    updatedInput: obj,
    ...ctx,
  }),
  PermissionRequest: specific('PermissionRequest', {
    decision: {
      type: 'object',
      required: ['behavior'],
      properties: {
        behavior: { enum: ['allow', 'deny'] },
        updatedInput: obj,
        updatedPermissions: { type: 'array', items: { $ref: `${BASE}permission-update.json` } },
        message: str,
        interrupt: bool,
      },
    },
  }),
  PermissionDenied: specific('PermissionDenied', { retry: bool }),
  PostToolUse: specific('PostToolUse', { ...ctx, updatedToolOutput: {}, updatedMCPToolOutput: {} }),
  PostToolUseFailure: specific('PostToolUseFailure', ctx),
  PostToolBatch: specific('PostToolBatch', ctx),
  UserPromptSubmit: specific('UserPromptSubmit', { ...ctx, sessionTitle: str, suppressOriginalPrompt: bool }),
  UserPromptExpansion: specific('UserPromptExpansion', ctx),
  SessionStart: specific('SessionStart', {
    ...ctx,
    initialUserMessage: str,
    sessionTitle: str,
    watchPaths: { type: 'array', items: str },
    reloadSkills: bool,
  }),
  Stop: specific('Stop', ctx),
  SubagentStop: specific('SubagentStop', ctx),
  SubagentStart: specific('SubagentStart', ctx),
  PreModelSwitch: specific('PreModelSwitch', { permissionDecision: { enum: ['allow', 'deny', 'ask'] }, permissionDecisionReason: str }),
  PostModelSwitch: specific('PostModelSwitch', ctx),
  Elicitation: specific('Elicitation', { action: { enum: ['accept', 'decline', 'cancel'] }, content: obj }),
  ElicitationResult: specific('ElicitationResult', { action: { enum: ['accept', 'decline', 'cancel'] }, content: obj }),
  MessageDisplay: specific('MessageDisplay', { displayContent: str }),
  WorktreeCreate: specific('WorktreeCreate', { worktreePath: str }),
  CwdChanged: specific('CwdChanged', { watchPaths: { type: 'array', items: str } }),
  FileChanged: specific('FileChanged', { watchPaths: { type: 'array', items: str } }),
};

/** `SyncHookJSONOutput`: the fields every event accepts. @public */
export const syncHookOutputSchema = {
  $id: `${BASE}sync-output.json`,
  type: 'object',
  properties: {
    continue: bool,
    suppressOutput: bool,
    stopReason: str,
    decision: { enum: ['approve', 'block'] },
    systemMessage: str,
    terminalSequence: str,
    reason: str,
    hookSpecificOutput: { type: 'object', required: ['hookEventName'], properties: { hookEventName: str } },
  },
} as const;

/** `AsyncHookJSONOutput`: `asyncTimeout` is in **milliseconds** (Agent SDK). @public */
export const asyncHookOutputSchema = {
  $id: `${BASE}async-output.json`,
  type: 'object',
  required: ['async'],
  properties: { async: { const: true }, asyncTimeout: { type: 'number', minimum: 0 } },
} as const;

/** What a `prompt` / `agent` hook's model answers: `{ ok, reason?, impossible? }`. @public */
export const modelVerdictSchema = {
  $id: `${BASE}model-verdict.json`,
  type: 'object',
  required: ['ok'],
  properties: { ok: bool, reason: str, impossible: bool },
} as const;

/** Every shipped schema, by file name under `schemas/hooks/`. @public */
export const HOOK_SCHEMA_FILES: Readonly<Record<string, object>> = {
  'sync-output.json': syncHookOutputSchema,
  'async-output.json': asyncHookOutputSchema,
  'permission-update.json': permissionUpdateSchema,
  'model-verdict.json': modelVerdictSchema,
  ...Object.fromEntries(
    Object.entries(hookSpecificOutputSchemas).map(([event, s]) => [
      `hook-specific-output/${event}.json`,
      { $id: `${BASE}hook-specific-output/${event}.json`, ...s },
    ]),
  ),
};
