import type { Diagnostic, Platform, RuleList } from '../core/types.js';

/**
 * How a rule's specifier is read (Claude Code docs, "Configure permissions › Tool-specific rules").
 * - `bare`: no specifier, `Tool()`, `Tool(*)`: every call of the tool (or tools, for a name glob).
 * - `bash`: a command pattern for Bash / Monitor (exact, ` *` / `:*` prefix, `*` anywhere).
 * - `path`: a gitignore-style path pattern for Read(...) / Edit(...) (and tools whose path rules are ignored).
 * - `domain`: `WebFetch(domain:host)`.
 * - `param`: `Tool(param:value)` on a top-level, non-primary input field (deny/ask only).
 * - `content`: any other tool's specifier, matched with `*` wildcards against the tool's primary field
 *   (`Agent(type)`, `Skill(name)`, `PowerShell(...)`, unknown tools).
 * @public
 */
export type RuleFamily = 'bare' | 'bash' | 'path' | 'domain' | 'param' | 'content';

/** A parsed rule. Keeps the user's text so decisions can cite it. @public */
export interface Rule {
  /** The rule exactly as written. */
  text: string;
  /** Tool name; may hold `*` for a tool-name glob (`mcp__github__get_*`, `*`). */
  tool: string;
  /** True when `tool` contains `*`. */
  toolIsGlob: boolean;
  family: RuleFamily;
  /** The specifier after unescaping `\(` `\)`; absent for `bare`. */
  specifier?: string;
  /** For `param` rules: the input field name and the value pattern. */
  param?: { name: string; value: string };
  /** For `domain` rules: the host pattern, lower-cased, trailing dot removed. */
  domain?: string;
  /**
   * Set when the rule parses but is never consulted (Claude Code docs: path rules written as
   * `Write(...)`, `Glob(...)`, ...; parameter rules on a tool's primary field such as
   * `Bash(command:rm *)`; a specifier on a tool that takes none). Such a rule matches nothing,
   * and `parseRule` reports why in its warnings.
   */
  ignored?: boolean;
  /**
   * Set when toolgate enforces the rule under another tool than the one written: a deny or ask
   * `Write(...)`, `MultiEdit(...)` or `NotebookEdit(...)` path rule is enforced as `Edit(...)`
   * (`tool` is then `Edit`, this field the tool as written; see `ruleForList`).
   */
  writtenAs?: string;
}

/** Result of parsing a rule: a value, never an exception. @public */
export type ParseRuleResult = { ok: true; rule: Rule; warnings: Diagnostic[] } | { ok: false; issues: [Diagnostic, ...Diagnostic[]] };

/** What a path rule is matched against, and how its anchors resolve. @public */
export interface PathMatchContext {
  /** Absolute original working directory: anchors `p` and `./p`. */
  cwd: string;
  /** Absolute home directory: anchors `~/p`. */
  home: string;
  /**
   * Absolute directory that `/p` anchors to. Seed 000: the project root. With Claude Code's
   * documented anchoring it is the settings file's own root (caller decides).
   */
  slashAnchor: string;
  platform: Platform;
  /**
   * The list the rule is in. A single-segment relative directory pattern (`src/**`) matches
   * only `<cwd>/src/**` in allow, but at any depth under cwd in deny/ask (Claude Code docs,
   * "Read and Edit" table).
   */
  list: RuleList;
}
