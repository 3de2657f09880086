import type { Diagnostic, PermissionMode, RuleList, SettingsSource } from '../core/types.js';
import type { Rule } from '../rules/types.js';

/** A rule with where it came from: which file, which list, which position. @public */
export interface CompiledRule {
  rule: Rule;
  list: RuleList;
  source: SettingsSource;
  /** Position in its list in its file (0-based). */
  index: number;
  /**
   * The sub-agent type the rule applies to only: a rule of `$toolgate.agents.<type>` (`*`: every
   * sub-agent). Absent for the rules of `permissions`, which apply to every agent.
   */
  agent?: string;
}

/**
 * What one settings file says for one kind of sub-agent (`$toolgate.agents.<agent type>`): rules
 * and a mode that apply only to calls that sub-agent makes, and never let it do more than its
 * parent would (toolgate docs, "Sub-agent ceilings"). @public
 */
export interface AgentSettings {
  /** Valid rules of its `allow`, `ask`, `deny`, in that order, each with its list index and `agent` set. */
  rules: CompiledRule[];
  /** Its `mode` (`manual` read as `default`). */
  mode?: PermissionMode;
}

/**
 * What one settings file says in `$toolgate.shadow`: rules (and a mode) of a policy evaluated
 * beside the live one on every call and never enforced (toolgate docs, "Shadow policies"). @public
 */
export interface ShadowSettings {
  /** Valid rules of its `allow`, `ask`, `deny`, in that order, each with its list index. */
  rules: CompiledRule[];
  /** Its `mode` (`manual` read as `default`): the mode the shadow decides in. */
  mode?: PermissionMode;
}

/**
 * `$toolgate.shadow` of every file, merged (toolgate docs, "Shadow policies"): rules add up,
 * highest-precedence source first; the mode comes from the highest-precedence file that sets it.
 * An untrusted project's files give only deny and ask rules.
 * @public
 */
export interface ShadowRules {
  rules: CompiledRule[];
  mode?: Sourced<PermissionMode>;
}

/**
 * The merged settings for one kind of sub-agent, from every file (toolgate docs, "Sub-agent
 * ceilings"): rules add up, highest-precedence source first; the mode comes from the
 * highest-precedence file that sets it. An untrusted project's files give only deny and ask rules.
 * @public
 */
export interface AgentPolicy {
  rules: CompiledRule[];
  mode?: Sourced<PermissionMode>;
}

/**
 * What toolgate reads of `sandbox` (Claude Code docs, "Sandboxing"). It applies only where a
 * sandbox runs the commands (`EvaluationContext.sandboxed`). @public
 */
export interface SandboxSettings {
  /** `sandbox.enabled`. */
  enabled?: boolean;
  /** `sandbox.autoAllowBashIfSandboxed` (Claude Code's default: true). */
  autoAllowBashIfSandboxed?: boolean;
  /**
   * `sandbox.credentials.files` entries of mode `deny`, as Read deny rules (`~/p` → `Read(~/p)`,
   * `/p` → `Read(//p)`, else `Read(./p)`; a directory's contents too, `…/**`).
   */
  credentialRules: CompiledRule[];
  /** `sandbox.credentials.envVars` names of mode `deny`. */
  credentialVariables: string[];
}

/** A value with the settings source that set it. @public */
export interface Sourced<T> {
  value: T;
  source: SettingsSource;
}

/**
 * A command a settings key names that Claude Code runs with no tool call (`statusLine.command`,
 * `apiKeyHelper`, …: `SETTINGS_COMMAND_KEYS`), with its source.
 * @public
 */
export interface SettingsCommand {
  /** The settings key, e.g. `statusLine`, `apiKeyHelper`; `hooks` for a hook's command of an untrusted project (kept as code to protect, decision 0128). */
  key: string;
  /** The command as written. */
  command: string;
  source: SettingsSource;
}

/** A hook matcher group as configured, with its source (hooks section of a settings file). @public */
export interface HookGroupConfig {
  event: string;
  matcher?: string;
  /**
   * The group's handlers that can run (`{ type: 'command', command, ... }`, ...), as written.
   * A handler with an unknown type or without a required field is left out (with a diagnostic);
   * an optional field with a wrong value is removed from the handler (with a diagnostic).
   */
  hooks: Record<string, unknown>[];
  source: SettingsSource;
  /** Position of the group in `hooks.<event>` in its file (0-based). */
  index?: number;
}

/**
 * Claude Code's `autoMode` object: prose guidance for the auto-mode classifier (Claude Code docs,
 * "Configure auto mode"). `"$defaults"` in a list stands for the built-in entries.
 * @public
 */
export interface AutoModeConfig {
  allow: string[];
  soft_deny: string[];
  hard_deny: string[];
  environment: string[];
  classifyAllShell?: boolean;
}

/**
 * The merged, compiled policy evaluate() works from (Claude Code docs, "Settings precedence"):
 * rule lists and additionalDirectories add up across sources; scalar keys come from the highest
 * source that sets them.
 * @public
 */
export interface Policy {
  /**
   * Every rule, highest-precedence source first (managed, cli, local, project, user), then in
   * file order (allow, ask, deny lists; each rule keeps its index in its list).
   */
  rules: CompiledRule[];
  /** As written (`~/p`, `//abs`, `../rel`, `/abs`), not resolved; highest-precedence source first. */
  additionalDirectories: Sourced<string>[];
  defaultMode?: Sourced<PermissionMode>;
  /** `permissions.disableBypassPermissionsMode: "disable"` from any source. */
  disableBypassPermissionsMode: boolean;
  /** `disableAutoMode: "disable"` (top level or in `permissions`) from any source. */
  disableAutoMode: boolean;
  /**
   * `permissions.blockReadsOutsideWorkingDirectories: true` from any source (it only restricts, so
   * an untrusted project file counts and no file turns it back off): reads outside every working
   * directory are denied in every mode (Claude Code docs, "Settings › permissions").
   */
  blockReadsOutsideWorkingDirectories?: boolean;
  /**
   * `permissions.blockWritesOutsideWorkingDirectories: true` from any source (it only restricts):
   * writes outside every working directory are denied in every mode — file tools as in Claude Code,
   * shell writes too (stricter on purpose).
   */
  blockWritesOutsideWorkingDirectories?: boolean;
  /**
   * The merged `sandbox` keys: `enabled` and `autoAllowBashIfSandboxed` from the highest-precedence
   * file that sets them (not from an untrusted project's files); credential rules and variables
   * from every file (they only restrict). Absent when no file has a `sandbox` object.
   */
  sandbox?: SandboxSettings;
  /**
   * `permissions.denyInsteadOfPrompting: true` from any source (it only restricts): what would ask
   * a person is denied with the reason it would have asked; a hook or resolver may answer first.
   */
  denyInsteadOfPrompting?: boolean;
  /** Managed `allowManagedPermissionRulesOnly: true`: only managed rules were kept. */
  allowManagedPermissionRulesOnly: boolean;
  /** `autoMode` lists (user, managed, CLI/inline sources only). */
  autoMode?: AutoModeConfig;
  /** `useAutoModeDuringPlan`, default true; `false` from any file but the shared project file turns it off. */
  useAutoModeDuringPlan: boolean;
  /** Hook groups that are in force (after `disableAllHooks`, `allowManagedHooksOnly` and trust). */
  hooks: HookGroupConfig[];
  /**
   * The commands settings keys name that Claude Code runs with no tool call (`statusLine`,
   * `apiKeyHelper`, …), of every file whatever its source or trust: the files they name are
   * protected as a hook's script is, and protecting one that may not run only asks. Absent: none.
   */
  commands?: SettingsCommand[];
  /**
   * The settings' `env`, merged key by key (each name from the highest-precedence file that sets
   * it, whatever the trust): the variables Claude Code sets for every command and hook of the
   * session, over the environment it inherited. Absent: no file sets any.
   */
  env?: Readonly<Record<string, Sourced<string>>>;
  /** The `disableAllHooks` value that won (highest-precedence file that sets it), when one did. */
  disableAllHooks?: Sourced<boolean>;
  /** Managed `allowManagedHooksOnly: true`: only managed hooks were kept. */
  allowManagedHooksOnly?: boolean;
  /** Everything found wrong while loading; nothing found wrong stops the rest from loading. */
  diagnostics: Diagnostic[];
  /**
   * Settings files that exist but could not be read (not JSON, not UTF-8, a directory, no
   * permission), of every source, trusted or not. While any is listed, `evaluate` turns every
   * final allow into a firm ask naming the file and every ask into a firm one (toolgate docs,
   * "Which answer for what cannot be seen"); deny rules still deny. Absent or empty: none.
   */
  brokenFiles?: BrokenSettingsFile[];
  /**
   * `$toolgate.agents`, merged: rules and a mode per sub-agent type (`*`: every sub-agent). Absent
   * when no file has any. A sub-agent's call is decided with the policy's rules plus its type's and
   * `*`'s, and is never more permissive than its parent's would be (toolgate docs, "Sub-agent ceilings").
   */
  agents?: Readonly<Record<string, AgentPolicy>>;
  /**
   * `$toolgate.shadow`, merged: rules and a mode of a shadow policy — the live policy with these
   * rules added and, when given, this mode — decided beside the live one and never enforced
   * (`shadowPolicyOf`). Absent when no file has any.
   */
  shadow?: ShadowRules;
}

/**
 * A settings file that exists but cannot be read as a JSON object. Its deny and ask rules that an
 * error-tolerant parse could still recover stay in force; nothing else is read from it.
 * @public
 */
export interface BrokenSettingsFile {
  /** Which file, of which source. */
  source: SettingsSource;
  /** `TG_SETTINGS_JSON`, `TG_SETTINGS_ENCODING`, `TG_SETTINGS_READ` or `TG_SETTINGS_TYPE` (not an object). */
  code: string;
  /** What is wrong, e.g. `not valid JSON at line 3, column 5: a trailing comma: …` (the diagnostic says what it means). */
  message: string;
  /** 1-based line of the problem, where known. */
  line?: number;
  /** 1-based column of the problem, where known. */
  column?: number;
}

/**
 * A diagnostic about a settings file. Besides the file and the JSON path it may say what was
 * expected and, for text that is not JSON, the 1-based line and column.
 * @public
 */
export interface SettingsDiagnostic extends Diagnostic {
  /** What the value should have been, e.g. `array of rule strings`, `"disable"`. */
  expected?: string;
  /** 1-based line of a JSON syntax error. */
  line?: number;
  /** 1-based column of a JSON syntax error. */
  column?: number;
}

/**
 * What toolgate read from one settings source, before merging. Only values that passed their
 * checks are here; everything that failed is in the diagnostics beside it.
 * @public
 */
export interface SettingsFile {
  source: SettingsSource;
  /** The whole JSON object as written (unknown keys included); `{}` when the text was not JSON. */
  json: Record<string, unknown>;
  /** Valid rules of `permissions.allow`, `ask`, `deny`, in that order, each with its list index. */
  rules: CompiledRule[];
  additionalDirectories: string[];
  /** `permissions.defaultMode`, with `manual` read as `default`. */
  defaultMode?: PermissionMode;
  disableBypassPermissionsMode?: boolean;
  disableAutoMode?: boolean;
  /** `permissions.blockReadsOutsideWorkingDirectories: true`. */
  blockReadsOutsideWorkingDirectories?: boolean;
  /** `permissions.blockWritesOutsideWorkingDirectories: true`. */
  blockWritesOutsideWorkingDirectories?: boolean;
  /** `permissions.denyInsteadOfPrompting: true`. */
  denyInsteadOfPrompting?: boolean;
  /** The `sandbox` keys toolgate reads, when the file has a `sandbox` object. */
  sandbox?: SandboxSettings;
  disableAllHooks?: boolean;
  useAutoModeDuringPlan?: boolean;
  autoMode?: Partial<AutoModeConfig>;
  hooks: HookGroupConfig[];
  /** The commands of the keys Claude Code runs by itself (`statusLine.command`, `apiKeyHelper`, …), when the file has any. */
  commands?: SettingsCommand[];
  allowManagedPermissionRulesOnly?: boolean;
  allowManagedHooksOnly?: boolean;
  allowManagedMcpServersOnly?: boolean;
  /**
   * `strictPluginOnlyCustomization`: `true` (every surface) or the surfaces it locks (`hooks`,
   * `skills`, …); honoured from managed settings only.
   */
  strictPluginOnlyCustomization?: boolean | string[];
  /** Set when the file exists but cannot be read as a JSON object (see {@link BrokenSettingsFile}). */
  broken?: BrokenSettingsFile;
  /** `$toolgate.agents`: what the file says per sub-agent type, when it has any. */
  agents?: Record<string, AgentSettings>;
  /** `$toolgate.shadow`: the file's shadow rules and mode, when it has any. */
  shadow?: ShadowSettings;
}

/** A settings source read and checked: what it says, and what is wrong with it. @public */
export interface ParsedSettingsFile {
  settings: SettingsFile;
  diagnostics: SettingsDiagnostic[];
}

/** Options of {@link mergePolicy}. @public */
export interface MergeOptions {
  /**
   * Whether the project is trusted (default `true`). From an untrusted project's own files
   * (`projectSettings`, `localSettings`) only deny and ask rules are kept (toolgate docs, "Trust").
   */
  projectTrusted?: boolean;
  /** `--allowedTools`: extra allow rules, source kind `cli`. */
  allowedTools?: string[];
  /** `--disallowedTools`: extra deny rules, source kind `cli`. */
  disallowedTools?: string[];
}
