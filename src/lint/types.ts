import type { FileSystem } from '../core/ports.js';
import type { Diagnostic, Platform, SettingsSourceKind } from '../core/types.js';
import type { LintCode } from './codes.js';

/** One lint finding: a {@link Diagnostic} with a `TG_LINT_*` code and, when known, where it is in the file's text. @public */
export interface LintDiagnostic extends Diagnostic {
  code: LintCode;
  /** 1-based line of the value in the file's text. */
  line?: number;
  /** 1-based column of the value in the file's text. */
  column?: number;
  /** The code of the underlying finding (`TG_RULE_*`, `TG_SETTINGS_*`), when there is one. */
  related?: string;
}

/** One settings file to lint: its text, its name and which layer it is. @public */
export interface LintInput {
  text: string;
  /** Path of the file (for messages and positions); absent for text without a file. */
  file?: string;
  /** Which settings layer the file is (default `projectSettings`). */
  kind?: SettingsSourceKind;
  /**
   * Set when the file exists but could not be read (see `readSettingsText`); `text` is then
   * ignored and the file is reported as `TG_LINT_READ`.
   */
  unreadable?: { code: string; message: string; line?: number; column?: number };
}

/** Options of {@link lintSettings}. Paths are absolute. @public */
export interface LintOptions {
  /** File system for hook script checks and MCP configuration; without it those checks are skipped. */
  fs?: FileSystem;
  /** Platform path rules are judged for. Default `linux`. */
  platform?: Platform;
  /** Default: the project directory. */
  cwd?: string;
  /** Default `/home/user`. */
  home?: string;
  /** Project root: anchors `/p` rules and `$CLAUDE_PROJECT_DIR` in hook commands. Default: derived from the file (`<dir>/.claude/settings.json` → `<dir>`). */
  projectDir?: string;
  /**
   * Names of the MCP servers configured (`.mcp.json`, `~/.claude.json`). Without it, only servers
   * named in the settings themselves are known and unknown servers are reported as info.
   */
  mcpServers?: readonly string[];
  /**
   * Check against the public Claude Code settings schema too (default true). The schema is read
   * from the package's `schemas/` folder on first use; without it the lint rejects with a message
   * saying so.
   */
  publicSchema?: boolean;
  /**
   * Tools the agent has besides Claude Code's built-in ones (an Agent SDK host's own tools): rules
   * naming them are not reported as naming an unknown tool. `mcp__*` names need no declaring.
   */
  tools?: readonly string[];
  /**
   * Read the rules as this dialect does (`toolgate lint --dialect`): each rule its `checkRule`
   * refuses is reported with file, JSON path and what was expected, in place of Claude Code's
   * rule, public-schema, merged-policy and example checks, which read Claude Code's syntax.
   * `lintProject` then reads the dialect's settings folder.
   */
  dialect?: {
    /** The dialect's name, for messages. */
    name: string;
    /** Its settings folder (`.robota`, `.biumind`). */
    configDirName: string;
    /** Why the dialect cannot read a rule in a list, or `undefined` (a `Dialect`'s `checkRule`). */
    checkRule?: (text: string, list: 'allow' | 'ask' | 'deny') => string | undefined;
  };
}

/** What linting gave. @public */
export interface LintReport {
  files: string[];
  diagnostics: LintDiagnostic[];
  /** Number of diagnostics per code. */
  counts: Partial<Record<LintCode, number>>;
  errors: number;
  warnings: number;
  infos: number;
}
