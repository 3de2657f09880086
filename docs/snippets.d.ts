// The names the TypeScript blocks of README.md and docs/*.md use without declaring them, declared
// once for `npm run typecheck:docs` (scripts/typecheck-docs.mjs). Not part of the package: a
// snippet that needs a new free name adds it here, with the type a reader would have. This file
// is a script (no top-level import or export), so everything in it is global.

/** A settings file's content as written (`.claude/settings.json`). */
type SettingsJson = {
  permissions?: { allow?: string[]; ask?: string[]; deny?: string[]; defaultMode?: string; additionalDirectories?: string[] };
  hooks?: Record<string, unknown>;
};

// Where the agent runs.
declare const cwd: string;
declare const home: string;
declare const projectDir: string;
declare const sessionId: string;

// Policy and gate.
declare const policy: import('toolgate').Policy;
declare const settings: SettingsJson;
declare const mySettings: SettingsJson;
declare const gate: import('toolgate/gate').Gate;
declare const auditHook: import('toolgate/hooks').HookCallback;
/** Ask the person through your UI; answers in the gate's `canUseTool` shape. */
declare function askMyUser(
  tool: string,
  input: Record<string, unknown>,
  suggestions: import('toolgate').PermissionUpdate[] | undefined,
): Promise<import('toolgate/gate').PermissionResult>;
/** A yes/no question to the person. */
declare function confirm(question: string): Promise<boolean>;

// Claude Agent SDK.
declare const prompt: string;
/** Your approval UI, in the Agent SDK's own `canUseTool` shape. */
declare const askThePerson: import('@anthropic-ai/claude-agent-sdk').CanUseTool;
declare const hooks: Partial<Record<import('@anthropic-ai/claude-agent-sdk').HookEvent, import('@anthropic-ai/claude-agent-sdk').HookCallbackMatcher[]>>;
declare const canUseTool: import('@anthropic-ai/claude-agent-sdk').CanUseTool;
declare const permissionMode: import('@anthropic-ai/claude-agent-sdk').PermissionMode;

// Vercel AI SDK.
declare const model: import('ai').LanguageModel;
declare const messages: import('ai').ModelMessage[];
declare const bash: import('ai').Tool<{ command: string }, string>;
declare const readFile: import('ai').Tool<{ file_path: string }, string>;

// OpenAI Agents SDK.
declare const runShell: import('@openai/agents').FunctionTool;
declare const editFile: import('@openai/agents').FunctionTool;
declare const input: string;

// MCP.
declare const client: import('@modelcontextprotocol/sdk/client/index.js').Client;
declare const title: string;

// Tool inputs.
declare const file_path: string;
declare const old_string: string;
declare const new_string: string;

/** A settings file a snippet imports (`import settings from './.claude/settings.json' with { type: 'json' }`). */
declare module '*/settings.json' {
  const settings: SettingsJson;
  export default settings;
}
