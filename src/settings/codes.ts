/**
 * Stable diagnostic codes of settings loading. Each code names one kind of problem; messages may
 * change, codes do not. Rule problems keep the rule parser's own `TG_RULE_*` codes.
 * @public
 */
export const SETTINGS_CODES = {
  /**
   * The text is not strict JSON — a syntax error, a comment, a trailing comma, an empty file (error;
   * the file is broken: nothing but its deny and ask rules is read, and no call is allowed without a
   * person while it stands). Carries line and column.
   */
  json: 'TG_SETTINGS_JSON',
  /** A value has the wrong type or an invalid value (error; only that value is dropped). */
  type: 'TG_SETTINGS_TYPE',
  /** A hook handler lacks a field it cannot run without (error; the handler is dropped). */
  required: 'TG_SETTINGS_REQUIRED',
  /** A key toolgate does not know inside `permissions`, a hook group, a handler or `autoMode` (warning). */
  unknownKey: 'TG_SETTINGS_UNKNOWN_KEY',
  /** `defaultMode` is not a permission mode (error), or an undocumented one such as `delegate` (warning). */
  mode: 'TG_SETTINGS_MODE',
  /** `defaultMode` `"auto"` (info) or `"bypassPermissions"` (warning) from a project or local file is ignored. */
  modeIgnored: 'TG_SETTINGS_MODE_IGNORED',
  /** A hook event name Claude Code does not have (warning; the groups under it never run). */
  hookEvent: 'TG_SETTINGS_HOOK_EVENT',
  /** A hook handler `type` that is not command, http, mcp_tool, prompt or agent (error; handler dropped). */
  hookType: 'TG_SETTINGS_HOOK_TYPE',
  /** A managed-only key in a file that is not managed settings (warning; ignored). */
  managedOnly: 'TG_SETTINGS_MANAGED_ONLY',
  /** A key read only from some sources (e.g. `autoMode` from a project file) is ignored here (info). */
  scope: 'TG_SETTINGS_SCOPE',
  /** Settings of an untrusted project were partly ignored (info). */
  untrusted: 'TG_SETTINGS_UNTRUSTED',
  /** Rules or hooks were left out because managed settings allow only their own (info). */
  managedPolicy: 'TG_SETTINGS_MANAGED_POLICY',
  /** Hooks were turned off by `disableAllHooks` (info). */
  hooksDisabled: 'TG_SETTINGS_HOOKS_DISABLED',
  /** A settings file exists but cannot be read: a directory, no permission, a dangling link (error; the file is broken). */
  read: 'TG_SETTINGS_READ',
  /** A settings file is not UTF-8 (UTF-16, invalid bytes) (error; the file is broken). Carries line and column. */
  encoding: 'TG_SETTINGS_ENCODING',
  /** A settings file was not written: it cannot be parsed, a value on the way is not what it should be, or the lock or the write failed (the file is unchanged). */
  write: 'TG_SETTINGS_WRITE',
  /**
   * A value in toolgate's own settings block (`$toolgate`, which Claude Code ignores) is not what it
   * should be: a wrong type, an unknown key (warning), a mode that is not one (error); only that
   * value is dropped. Rules inside it that do not parse keep the rule parser's `TG_RULE_*` codes.
   */
  toolgateBlock: 'TG_SETTINGS_TOOLGATE',
  /** A file name Claude Code does not load as settings (warning). */
  fileName: 'TG_SETTINGS_FILE_NAME',
} as const;

/** A settings diagnostic code. @public */
export type SettingsCode = (typeof SETTINGS_CODES)[keyof typeof SETTINGS_CODES];
