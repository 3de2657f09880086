import type { Severity } from '../core/types.js';

/**
 * Every diagnostic code `toolgate lint` reports, with its default severity and meaning. Codes are
 * stable; messages may change. Some codes carry the code of the finding below them in `related`
 * (a `TG_RULE_*` or `TG_SETTINGS_*` code).
 * @public
 */
export const LINT_CODES = {
  TG_LINT_JSON: {
    severity: 'error',
    meaning:
      'The file is not strict JSON (a comment or a trailing comma counts, as in Claude Code), or not a JSON object: only the deny and ask rules still readable in it apply, and while it is in force no call is allowed without a person.',
  },
  TG_LINT_READ: {
    severity: 'error',
    meaning:
      'The file exists but cannot be read (a directory, no permission, not UTF-8): while it is in force no call is allowed without a person.',
  },
  TG_LINT_SCHEMA: {
    severity: 'error',
    meaning: "A value does not fit toolgate's settings schema (an unknown key inside `permissions` or a hook is a warning).",
  },
  TG_LINT_SCHEMA_PUBLIC: {
    severity: 'warning',
    meaning:
      'The public Claude Code settings JSON Schema rejects a value. That schema lags Claude Code (it rejects some tool names and lacks `onFailure`, `once`), so this is a warning.',
  },
  TG_LINT_SETTINGS: {
    severity: 'warning',
    meaning: 'Another settings finding of the loader (a managed-only key in another file, a mode ignored here, ...); `related` names it.',
  },
  TG_LINT_RULE_UNPARSEABLE: {
    severity: 'error',
    meaning: 'A rule does not parse and is dropped; a dropped deny or ask rule protects nothing.',
  },
  TG_LINT_HIDDEN_CHAR: {
    severity: 'error',
    meaning:
      'A rule, hook matcher or hook `if` holds a character that does not show: a zero-width character, a bidirectional control (which can reorder what is displayed) or a space other than U+0020 such as NBSP. The rule compares it as written, so it does not match what it appears to say (a deny rule refuses nothing). The message names the code point and its position.',
  },
  TG_LINT_CONFUSABLE_CHAR: {
    severity: 'error',
    meaning:
      'A rule, hook matcher or hook `if` holds a letter that looks like an ASCII letter but is not one: a fullwidth or other compatibility form (`Ｂａｓｈ`), or a Cyrillic, Greek or Armenian look-alike in a tool name or in a word with ASCII letters (`сurl`). The message names the code point and its position.',
  },
  TG_LINT_UNKNOWN_TOOL: {
    severity: 'error',
    meaning:
      'A rule names a tool that neither Claude Code nor toolgate has, and that `lint --tools` (`LintOptions.tools`) does not declare; it never matches. An error in a deny or ask rule (it protects nothing), a warning in an allow rule. `mcp__*` names are checked against the MCP servers instead.',
  },
  TG_LINT_TOOL_NEAR_MISS: {
    severity: 'error',
    meaning:
      'A rule names a tool that is a near miss of a built-in one — another case (`bash`) or at most two edits away (`Raed`) — so it never matches; the message says which tool was probably meant. An error in a deny or ask rule, a warning in an allow rule.',
  },
  TG_LINT_SPACE_IN_PARENS: {
    severity: 'error',
    meaning:
      'A rule has a space just inside its parentheses (`Read(./.env )`). Where the space is part of the pattern (path, content and parameter rules) the rule does not match what it appears to say: an error in a deny or ask rule, a warning in an allow rule. Where toolgate ignores it (command and domain rules) a warning: write the rule without it.',
  },
  TG_LINT_LEGACY_SYNTAX: {
    severity: 'warning',
    meaning: 'Legacy spelling: the `:*` suffix (write ` *`) or an old tool name (`Task` is `Agent`).',
  },
  TG_LINT_PATH_RULE_IGNORED: {
    severity: 'warning',
    meaning: 'A path rule on a tool whose path rules are never consulted (`Write(...)`, `Glob(...)`); use `Edit(...)` or `Read(...)`.',
  },
  TG_LINT_PATH_RULE_ENFORCED_AS_EDIT: {
    severity: 'error',
    meaning:
      'A deny or ask path rule written on Write, MultiEdit or NotebookEdit: Claude Code never consults it (the path stays unprotected there), toolgate enforces it as `Edit(...)`. Write `Edit(...)` so both agree.',
  },
  TG_LINT_PARAM_PRIMARY: {
    severity: 'warning',
    meaning: 'A parameter rule on a primary field (`Bash(command:...)`) is ignored; write `Bash(...)`.',
  },
  TG_LINT_RULE_INERT: {
    severity: 'warning',
    meaning:
      'A rule that parses but is never consulted in its list (a specifier on a tool that takes none, a parameter rule in allow, an allow glob).',
  },
  TG_LINT_RULE_STYLE: {
    severity: 'info',
    meaning: 'A rule that works but is written oddly (whitespace, `Tool()`, an ambiguous `Bash(name:*)`).',
  },
  TG_LINT_NEVER_MATCHES: {
    severity: 'warning',
    meaning: 'A rule that can never match (a URL instead of a host in `WebFetch(domain:...)`).',
  },
  TG_LINT_MCP_UNKNOWN_SERVER: {
    severity: 'warning',
    meaning: 'An `mcp__<server>` rule names a server no configuration seen defines (info when no MCP configuration was available).',
  },
  TG_LINT_PATH_ANCHOR: {
    severity: 'warning',
    meaning:
      'A path rule whose anchor cannot be what was meant on this platform (`/home/...` is project-relative; a drive letter; `//c/` off Windows).',
  },
  TG_LINT_SHADOWED_ALLOW: {
    severity: 'warning',
    meaning: 'Every call an allow rule covers is already denied or asked about by another rule: the allow never takes effect.',
  },
  TG_LINT_DUPLICATE: {
    severity: 'info',
    meaning: 'The same rule is written more than once in the same list (in one file or across layers).',
  },
  TG_LINT_BROAD_ALLOW: {
    severity: 'warning',
    meaning:
      'An allow rule that lets a whole class of calls through (bare `Bash`, `Bash(*)`, interpreters, package-manager runners, network tools); the message lists probes it lets through.',
  },
  TG_LINT_DENY_BYPASS: {
    severity: 'warning',
    meaning: 'A deny rule that an equivalent command gets past (a deny on `curl` but not `wget`, a path to the binary, ...).',
  },
  TG_LINT_DENY_WRAPPER: {
    severity: 'info',
    meaning:
      'Prefix deny rules that `bash -c`, `env` or `command` hide from a text match: toolgate looks through them, but Claude Code versions and other tools that match the command text may not.',
  },
  TG_LINT_BYPASS_MODE: {
    severity: 'warning',
    meaning:
      '`defaultMode: "bypassPermissions"` in a project file, which is ignored (as by Claude Code since 2.1.257): the session starts in the default mode.',
  },
  TG_LINT_SANDBOX_AUTO_ALLOW: {
    severity: 'warning',
    meaning:
      '`sandbox.autoAllowBashIfSandboxed` (true, or left at its default with `sandbox.enabled`): Claude Code runs sandboxed Bash commands without asking; toolgate does so only where a sandbox runs them (`toolgate hook`/`serve` behind Claude Code with `sandbox.enabled`, or a host that sets `context.sandboxed`), and not at all when `sandbox.enabled` is not true.',
  },
  TG_LINT_HOOK_EVENT: { severity: 'warning', meaning: 'A hook event that does not exist (names are case-sensitive); its hooks never run.' },
  TG_LINT_HOOK_MATCHER_INVALID: { severity: 'error', meaning: 'A hook matcher that is not a valid regular expression.' },
  TG_LINT_HOOK_MATCHER_CASE: {
    severity: 'warning',
    meaning:
      'A tool-event hook matcher names a tool in the wrong case (`bash` for `Bash`): matchers are case-sensitive, so the hook never runs for that tool.',
  },
  TG_LINT_HOOK_MATCHER_BACKTRACK: {
    severity: 'warning',
    meaning:
      'A hook matcher with nested quantifiers that can backtrack catastrophically in a backtracking regex engine (JavaScript); toolgate runs matchers on RE2.',
  },
  TG_LINT_HOOK_IF: { severity: 'error', meaning: 'A hook `if` that is not a permission rule that parses.' },
  TG_LINT_HOOK_IF_ANCHORED: {
    severity: 'warning',
    meaning:
      'A hook `if` path rule naming one relative folder (`Edit(src/**)`): since Claude Code 2.1.214 it matches that folder in the working directory only, not one nested deeper; `Edit(**/src/**)` covers both.',
  },
  TG_LINT_HOOK_SCRIPT_MISSING: { severity: 'warning', meaning: 'A command hook whose script does not exist.' },
  TG_LINT_HOOK_SCRIPT_NOT_EXECUTABLE: {
    severity: 'warning',
    meaning: 'A command hook that runs a script directly, but the script has no execute bit.',
  },
  TG_LINT_HOOK_ENV_VAR: {
    severity: 'warning',
    meaning: 'An http hook uses `$VAR` in a header or URL that is not listed in `allowedEnvVars`; it becomes the empty string.',
  },
  TG_LINT_HOOK_TIMEOUT_MS: { severity: 'warning', meaning: 'A hook timeout that looks like milliseconds; hook timeouts are in seconds.' },
  TG_LINT_EXAMPLE: { severity: 'error', meaning: 'An inline rule example in `$toolgate.examples` fails (or is malformed).' },
  TG_LINT_GRANT_BROADER: {
    severity: 'warning',
    meaning:
      '`lint --store`: a saved grant reaches past the call it was saved with (a prefix or whole-tool rule where the call was one command, or a rule that was never among those proposed for it), or allows more than one command while the store holds no call it was saved with (gone, or a row written straight into the store); the message says what it allows and the narrowest rule for that call.',
  },
  TG_LINT_GRANT_SHADOWS_ASK: {
    severity: 'warning',
    meaning:
      '`lint --store`: a saved grant covers calls an ask rule of its project names. Those calls still ask (an ask rule outranks a grant), but the grant answers every other call it covers.',
  },
  TG_LINT_GRANT_NO_CALL: {
    severity: 'info',
    meaning:
      '`lint --store`: an exact-command grant whose call is not in the store (gone, or never there), so how it came to be saved cannot be judged.',
  },
} as const satisfies Record<string, { severity: Severity; meaning: string }>;

/** A lint diagnostic code. @public */
export type LintCode = keyof typeof LINT_CODES;
