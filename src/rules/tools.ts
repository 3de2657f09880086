/**
 * What toolgate knows about Claude Code's built-in tools, as data (Claude Code docs, "Tools
 * reference" and "Configure permissions").
 * @packageDocumentation
 */

/**
 * What a tool does, for the "what the call touches" step:
 * - `read`: only reads files (Read, Glob, Grep, LSP, NotebookRead, MCP resource tools).
 * - `edit`: writes files (Edit, Write, MultiEdit, NotebookEdit).
 * - `shell`: runs commands (Bash, Monitor, PowerShell).
 * - `web`: reaches the network (WebFetch, WebSearch).
 * - `mcp`: a tool of an MCP server (`mcp__server__tool`).
 * - `interaction`: talks to the user or only organises the agent's own work; needs no permission
 *   (AskUserQuestion, TodoWrite, Task*, ToolSearch, Cron*, Enter/ExitWorktree, EnterPlanMode,
 *   ListAgents, SendMessage, EndConversation, Agent, Skill).
 * - `other`: anything else (ExitPlanMode, Artifact, Workflow, unknown tools): asks by default.
 * @public
 */
export type ToolFamily = 'read' | 'edit' | 'shell' | 'web' | 'mcp' | 'interaction' | 'other';

/**
 * How a tool's rule specifier is read:
 * `bash` a command pattern; `path` a Read/Edit path pattern; `pathIgnored` a path rule Claude
 * Code accepts but never consults; `domain` `domain:host`; `content` a `*` pattern on the primary
 * field; `none` the tool takes no specifier (the rule is ignored).
 * @public
 */
export type SpecifierKind = 'bash' | 'path' | 'pathIgnored' | 'domain' | 'content' | 'none';

/** One tool's entry in {@link TOOL_INFO}. @public */
export interface ToolInfo {
  family: ToolFamily;
  /** The input field a `Tool(content)` rule is matched against, if any. */
  primaryField?: string;
  specifier: SpecifierKind;
  /** Other top-level input fields: `Tool(param:value)` rules may name these. */
  params: readonly string[];
  /** Claude Code docs, "Configure permissions › Tools that need no permission": false for those. */
  needsPermission: boolean;
}

const t = (
  family: ToolFamily,
  specifier: SpecifierKind,
  primaryField: string | undefined,
  params: readonly string[],
  needsPermission: boolean,
): ToolInfo =>
  primaryField === undefined
    ? { family, specifier, params, needsPermission }
    : { family, specifier, primaryField, params, needsPermission };

const NO: readonly string[] = [];

/**
 * Built-in tools by canonical name. Input fields follow the Agent SDK's tool input types.
 * Glob and Grep take `path` as their primary field (the directory they read; absent means the
 * cwd) — `pattern` is then a parameter. Skill's input is `{ skill, args? }`.
 * Agent and Skill are `interaction` (Agent needs no permission in Claude Code; Skill and
 * EnterWorktree are allowed without asking in the toolgate spec).
 * @public
 */
export const TOOL_INFO: Readonly<Record<string, ToolInfo>> = Object.freeze({
  Bash: t('shell', 'bash', 'command', ['timeout', 'description', 'run_in_background', 'dangerouslyDisableSandbox'], true),
  Monitor: t('shell', 'bash', 'command', ['description', 'timeout', 'timeout_ms', 'persistent'], true),
  PowerShell: t('shell', 'content', 'command', ['timeout', 'description', 'run_in_background'], true),
  Read: t('read', 'path', 'file_path', ['offset', 'limit', 'pages'], false),
  Glob: t('read', 'pathIgnored', 'path', ['pattern'], false),
  Grep: t(
    'read',
    'pathIgnored',
    'path',
    ['pattern', 'glob', 'output_mode', '-i', '-n', '-A', '-B', '-C', 'context', 'multiline', 'type', 'head_limit', 'offset'],
    false,
  ),
  LSP: t('read', 'pathIgnored', 'filePath', ['operation', 'line', 'character'], false),
  NotebookRead: t('read', 'pathIgnored', 'notebook_path', ['cell_id'], false),
  ListMcpResourcesTool: t('read', 'none', undefined, ['server'], false),
  ReadMcpResourceTool: t('read', 'none', undefined, ['server', 'uri'], false),
  Edit: t('edit', 'path', 'file_path', ['old_string', 'new_string', 'replace_all'], true),
  Write: t('edit', 'pathIgnored', 'file_path', ['content'], true),
  MultiEdit: t('edit', 'pathIgnored', 'file_path', NO, true),
  NotebookEdit: t('edit', 'pathIgnored', 'notebook_path', ['cell_id', 'new_source', 'cell_type', 'edit_mode'], true),
  WebFetch: t('web', 'domain', 'url', ['prompt'], true),
  WebSearch: t('web', 'none', undefined, ['query'], true),
  Agent: t(
    'interaction',
    'content',
    'subagent_type',
    ['description', 'prompt', 'model', 'run_in_background', 'name', 'team_name', 'mode', 'isolation', 'cwd'],
    false,
  ),
  Skill: t('interaction', 'content', 'skill', ['args'], false),
  AskUserQuestion: t('interaction', 'none', undefined, NO, false),
  TodoWrite: t('interaction', 'none', undefined, NO, false),
  TaskCreate: t('interaction', 'none', undefined, ['subject', 'description', 'activeForm'], false),
  TaskGet: t('interaction', 'none', undefined, ['taskId'], false),
  TaskList: t('interaction', 'none', undefined, NO, false),
  TaskUpdate: t('interaction', 'none', undefined, ['taskId', 'status', 'subject', 'description', 'activeForm', 'owner'], false),
  TaskOutput: t('interaction', 'none', undefined, ['task_id', 'block', 'timeout'], false),
  TaskStop: t('interaction', 'none', undefined, ['task_id'], false),
  ToolSearch: t('interaction', 'none', undefined, ['query', 'max_results'], false),
  CronCreate: t('interaction', 'none', undefined, ['cron', 'prompt', 'recurring'], false),
  CronDelete: t('interaction', 'none', undefined, ['id'], false),
  CronList: t('interaction', 'none', undefined, NO, false),
  EnterPlanMode: t('interaction', 'none', undefined, NO, false),
  EnterWorktree: t('interaction', 'none', undefined, ['name'], false),
  ExitWorktree: t('interaction', 'none', undefined, ['action', 'discard_changes'], false),
  ListAgents: t('interaction', 'none', undefined, NO, false),
  SendMessage: t('interaction', 'none', undefined, ['to', 'message', 'summary'], false),
  EndConversation: t('interaction', 'none', undefined, NO, false),
  ExitPlanMode: t('other', 'none', undefined, ['plan', 'planFilePath'], true),
  Artifact: t('other', 'none', undefined, NO, true),
  Workflow: t('other', 'none', undefined, NO, true),
  ShareOnboardingGuide: t('other', 'none', undefined, NO, true),
  TeamCreate: t('other', 'none', undefined, ['team_name', 'description'], true),
  TeamDelete: t('other', 'none', undefined, NO, true),
  // The user's `/cd` command (not model-callable): `Cd(...)` rules are path rules (`decideCd`).
  Cd: t('other', 'path', 'path', NO, true),
});

/**
 * Older tool names rules may still use, mapped to the canonical name (Claude Code renamed the
 * sub-agent tool `Task` to `Agent`).
 * @public
 */
export const LEGACY_TOOL_NAMES: Readonly<Record<string, string>> = Object.freeze({ Task: 'Agent' });

// Maps of the two frozen tables: a rule's tool name is a fresh string, and a Map finds it faster
// than an own-property check on an object (every rule of a settings load looks up both).
const TOOL_INFO_BY_NAME: ReadonlyMap<string, ToolInfo> = new Map(Object.entries(TOOL_INFO));
const LEGACY_BY_NAME: ReadonlyMap<string, string> = new Map(Object.entries(LEGACY_TOOL_NAMES));

/**
 * Input field names that are a tool's primary field in Claude Code: a parameter rule on one of
 * them (`Bash(command:rm *)`) is ignored with a warning (Claude Code docs, "Parameter rules").
 * @public
 */
export const PRIMARY_FIELD_NAMES: readonly string[] = ['command', 'file_path', 'path', 'notebook_path', 'url', 'filePath'];

/** Tools that `Read(...)` path rules cover (Claude Code docs, "Read and Edit"). @public */
export const READ_RULE_TOOLS: readonly string[] = ['Read', 'Grep', 'Glob', 'LSP', 'NotebookRead'];
/** Tools that `Edit(...)` path rules cover. @public */
export const EDIT_RULE_TOOLS: readonly string[] = ['Edit', 'Write', 'MultiEdit', 'NotebookEdit'];
/**
 * Tools a `Read(...)` deny (and, in toolgate, ask) rule also covers: Claude Code blocks Edit and
 * Write (creating included) on a read-denied path, but not NotebookEdit.
 * @public
 */
export const READ_DENY_ALSO_COVERS: readonly string[] = ['Edit', 'Write', 'MultiEdit'];
/** Tools that `Bash(...)` rules cover. @public */
export const BASH_RULE_TOOLS: readonly string[] = ['Bash', 'Monitor'];

/** The {@link TOOL_INFO} entry of a tool (own keys only, so `toString` is not a tool). @public */
export function toolInfo(tool: string): ToolInfo | undefined {
  return TOOL_INFO_BY_NAME.get(tool);
}

/** The canonical name for a legacy tool name, if it is one. */
export function legacyToolName(tool: string): string | undefined {
  return LEGACY_BY_NAME.get(tool);
}

/** Is this an MCP tool name (`mcp__server__tool`) or server rule (`mcp__server`)? @public */
export function isMcpName(tool: string): boolean {
  return tool.startsWith('mcp__');
}

/**
 * The family of a tool (see {@link ToolFamily}); `mcp` for `mcp__*` names, `other` for tools
 * toolgate does not know.
 * @public
 */
export function toolFamily(tool: string): ToolFamily {
  if (isMcpName(tool)) return 'mcp';
  return toolInfo(tool)?.family ?? 'other';
}

/**
 * The input field a `Tool(content)` rule of this tool is matched against: Bash/Monitor/PowerShell
 * `command`; Read/Edit/Write/MultiEdit `file_path`; NotebookEdit/NotebookRead `notebook_path`;
 * Glob/Grep `path`; LSP `filePath`; WebFetch `url`; Agent `subagent_type`; Skill `skill`.
 * `undefined` for tools without one (and unknown tools).
 * @public
 */
export function primaryField(tool: string): string | undefined {
  return toolInfo(tool)?.primaryField;
}
