/**
 * Core types shared by every layer of toolgate.
 *
 * Names follow Claude Code and the Claude Agent SDK (Claude Code docs, "Configure permissions";
 * Agent SDK reference, `PermissionResult` / `PermissionUpdate`).
 * @packageDocumentation
 */

/** A tool call the agent wants to make. `input` is the tool's input object, as the model produced it. @public */
export interface ToolCall {
  /** Canonical tool name, e.g. `Bash`, `Edit`, `mcp__github__get_issue`. */
  tool: string;
  /** The tool's input object (e.g. `{ command }` for Bash, `{ file_path }` for Edit). */
  input: Record<string, unknown>;
  /** The tool-use id the model gave the call, when there is one. */
  id?: string;
  /**
   * What the tool declares about itself, as an MCP server does in a tool's `_meta` (the MCP
   * adapter fills it from `listTools`). toolgate reads one key: `anthropic/requiresUserInteraction`
   * set to `true` makes every call of the tool a firm ask in every mode, denied in dontAsk
   * (Claude Code docs, "Permission modes" and "Configure permissions › MCP").
   */
  meta?: Readonly<Record<string, unknown>>;
}

/** What happens to a call: it runs, it needs a person, or it is refused. @public */
export type Behavior = 'allow' | 'ask' | 'deny';

/** Rule lists of a settings file. @public */
export type RuleList = 'allow' | 'ask' | 'deny';

/**
 * Permission modes (Claude Code docs, "Permission modes"). `manual` is accepted as an alias of
 * `default` wherever a mode is read, and normalised to `default`.
 * @public
 */
export type PermissionMode = 'default' | 'acceptEdits' | 'plan' | 'auto' | 'dontAsk' | 'bypassPermissions';

/** Every permission mode, in Claude Code's documentation order. @public */
export const PERMISSION_MODES: readonly PermissionMode[] = [
  'default',
  'acceptEdits',
  'plan',
  'auto',
  'dontAsk',
  'bypassPermissions',
] as const;

/**
 * Normalise a mode name: `manual` becomes `default`; an unknown name gives `undefined`.
 * @public
 */
export function normalizeMode(mode: string): PermissionMode | undefined {
  if (mode === 'manual') return 'default';
  return (PERMISSION_MODES as readonly string[]).includes(mode) ? (mode as PermissionMode) : undefined;
}

/**
 * Kinds of ask (toolgate docs, "Kinds of ask"):
 * - `firm`: an ask rule, a hook's ask, a critical-path removal, or a shell command with unknown
 *   parts; no mode and no hook `allow` answers it.
 * - `protected`: a write to a protected path; modes do not answer it, a PreToolUse hook's allow does.
 * - `guardedRead`: a read that may reach a Read-denied path, which the file-system view cannot
 *   settle (no view, a bound hit, a reader's skip rules it cannot see); a person or an allow rule
 *   (or grant) for the exact command answers it — no prefix rule, mode or hook `allow` does.
 * - `planBlock`: an edit or other write in plan mode; no hook `allow` (PreToolUse or
 *   PermissionRequest), classifier or mode answers it — leaving plan mode does, or a person.
 * - `plain`: everything else; the mode, a hook's allow or a resolver may answer it.
 * @public
 */
export type AskKind = 'firm' | 'protected' | 'guardedRead' | 'planBlock' | 'plain';

/**
 * Whether a mode, a PreToolUse hook's `allow` or a classifier may answer an ask of this kind:
 * only `plain` and `protected` asks (a protected one not by every mode; see {@link AskKind}).
 * @public
 */
export function hookMayAnswer(kind: AskKind): boolean {
  return kind === 'plain' || kind === 'protected';
}

/**
 * Why a decision came out as it did. A closed set; each kind is documented in the README
 * (`brokenSettings`: a settings file in force cannot be read, so what would have been allowed asks
 * a person; `userInteraction`: the tool declares that it needs a person, `ToolCall.meta`;
 * `projectUnknown`: the session's project could not be established, so what would have been
 * allowed asks a person; `homeUnknown`: the call names a path under the agent's home directory,
 * which could not be established, so what would have been allowed asks a person; `gitAfterCd`:
 * the command changes directory and runs git, which reads the configuration and hooks of the
 * repository it lands in, so no allow rule for the parts approves it).
 * @public
 */
export type ReasonKind =
  | 'rule'
  | 'toolRemoved'
  | 'mode'
  | 'readOnly'
  | 'workingDirectory'
  | 'outsideWorkingDirectory'
  | 'protectedPath'
  | 'criticalRemoval'
  | 'shellUnknown'
  | 'sessionGrant'
  | 'planApproval'
  | 'hook'
  | 'classifier'
  | 'checkFailed'
  | 'toolDefault'
  | 'invalidInput'
  | 'resolver'
  | 'brokenSettings'
  | 'userInteraction'
  | 'opaqueCode'
  | 'guardedRead'
  | 'projectUnknown'
  | 'homeUnknown'
  | 'gitAfterCd';

/** Where a setting or rule came from. @public */
export type SettingsSourceKind = 'managed' | 'cli' | 'localSettings' | 'projectSettings' | 'userSettings' | 'session' | 'inline';

/** A settings source: its kind and, for files, the path it was read from. @public */
export interface SettingsSource {
  kind: SettingsSourceKind;
  /** Absolute path of the file, when the source is a file. */
  file?: string;
  /**
   * Rules a host adds to protect itself (`toolgate serve`'s own token and store files), not the
   * user's: they deny what they match like any rule, but code toolgate cannot see (`node x.js`) is
   * not held against them as a hidden match — they do not count as "a deny rule exists" in the
   * opaque-code table (DESIGN). Set on `inline` sources given as `builtIn` to `loadSettings`.
   */
  builtIn?: true;
}

/** The rule that decided a call, with where it came from. @public */
export interface RuleRef {
  /** The rule as the user wrote it, e.g. `Bash(git push *)`. */
  text: string;
  list: RuleList;
  source: SettingsSource;
  /** Index of the rule in its list in its file (0-based). */
  index?: number;
  /** The sub-agent type the rule is for (`$toolgate.agents.<type>`; `*`: every sub-agent). Absent: a `permissions` rule. */
  agent?: string;
}

/** One step of the decision pipeline, as recorded in a decision's trace. @public */
export interface Step {
  /** The pipeline step's name, e.g. `denyRules`, `askRules`, `workingDirectories`, `mode`. */
  step: string;
  /** What the step concluded: a behavior, or `pass` when it did not decide. */
  outcome: Behavior | 'pass';
  /** A human-readable line saying what the step saw. */
  detail: string;
  /** The rule the step matched, if any. */
  rule?: RuleRef;
}

/** A permission update, as in the Agent SDK (`PermissionUpdate`). @public */
export type PermissionUpdateDestination = 'userSettings' | 'projectSettings' | 'localSettings' | 'session' | 'cliArg';

/** A permission rule value as the Agent SDK spells it: `{ toolName, ruleContent? }`. @public */
export interface PermissionRuleValue {
  toolName: string;
  ruleContent?: string;
}

/** The Agent SDK's `PermissionUpdate` union. @public */
export type PermissionUpdate =
  | { type: 'addRules'; rules: PermissionRuleValue[]; behavior: Behavior; destination: PermissionUpdateDestination }
  | { type: 'replaceRules'; rules: PermissionRuleValue[]; behavior: Behavior; destination: PermissionUpdateDestination }
  | { type: 'removeRules'; rules: PermissionRuleValue[]; behavior: Behavior; destination: PermissionUpdateDestination }
  | { type: 'setMode'; mode: PermissionMode; destination: PermissionUpdateDestination }
  | { type: 'addDirectories'; directories: string[]; destination: PermissionUpdateDestination }
  | { type: 'removeDirectories'; directories: string[]; destination: PermissionUpdateDestination };

/**
 * The answer for one tool call. Never thrown: every outcome, including bad input, is a Decision.
 * @public
 */
export interface Decision {
  behavior: Behavior;
  /** Set when `behavior` is `ask`. */
  askKind?: AskKind;
  reason: { kind: ReasonKind; message: string };
  /** The rule that decided the call, when one did. */
  rule?: RuleRef;
  /** What "Yes, and don't ask again" would add (only on asks). */
  suggestions?: PermissionUpdate[];
  /** For path-based decisions: the path that was judged. */
  blockedPath?: string;
  /** Every step consulted, in order. */
  trace: Step[];
}

/** Diagnostic severity. @public */
export type Severity = 'error' | 'warning' | 'info';

/**
 * A problem found in user input (a settings file, a rule), with a stable code.
 * @public
 */
export interface Diagnostic {
  /** Stable code, e.g. `TG_RULE_UNBALANCED_PAREN`, `TG_SETTINGS_TYPE`. */
  code: string;
  severity: Severity;
  message: string;
  /** The file the problem is in, when there is one. */
  file?: string;
  /** JSON path inside the file, e.g. `["permissions","allow",3]`. */
  path?: (string | number)[];
  /** Character range inside the rule or value (0-based, end exclusive). */
  range?: { start: number; end: number };
}

/** Platforms whose path conventions toolgate knows. @public */
export type Platform = 'linux' | 'macos' | 'windows';
