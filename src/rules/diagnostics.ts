import type { Diagnostic, Severity } from '../core/types.js';

/**
 * Every diagnostic code the rules module reports, with its severity and meaning. Codes are
 * stable; messages may change.
 * @public
 */
export const RULE_DIAGNOSTICS = {
  TG_RULE_EMPTY: { severity: 'error', meaning: 'The rule is empty or only whitespace.' },
  TG_RULE_EMPTY_TOOL: { severity: 'error', meaning: 'No tool name before `(`.' },
  TG_RULE_INVALID_TOOL_NAME: {
    severity: 'error',
    meaning: 'The tool name holds a character tool names never contain (space, `:`, `)`, ...).',
  },
  TG_RULE_UNBALANCED_PAREN: {
    severity: 'error',
    meaning: 'A `(` without a closing `)` at the end, or a `)` without a `(`; escape literal parentheses as `\\(` `\\)`.',
  },
  TG_RULE_TRAILING_TEXT: { severity: 'error', meaning: 'Text after the closing `)`, e.g. `Bash(rm -r /)*`.' },
  TG_RULE_GLOB_SPECIFIER: { severity: 'error', meaning: 'A tool-name glob (`mcp__*`, `*`) cannot take a specifier.' },
  TG_RULE_MCP_SPECIFIER: {
    severity: 'error',
    meaning: 'MCP tools take no specifier: write `mcp__server`, `mcp__server__*` or `mcp__server__tool`.',
  },
  TG_RULE_DOMAIN: { severity: 'error', meaning: 'A WebFetch specifier must be `domain:<host>` with a host name or host pattern.' },
  TG_RULE_EMPTY_PREFIX: { severity: 'error', meaning: '`:*` with nothing before it.' },
  TG_RULE_WHITESPACE: { severity: 'warning', meaning: 'Leading or trailing whitespace around the rule was removed.' },
  TG_RULE_EMPTY_PARENS: { severity: 'warning', meaning: '`Tool()` means the bare tool; write `Tool`.' },
  TG_RULE_LEGACY_PREFIX: { severity: 'info', meaning: 'Legacy `:*` suffix; it means the same as ` *` (write `Bash(npm run *)`).' },
  TG_RULE_LEGACY_TOOL_NAME: { severity: 'warning', meaning: 'An old tool name (`Task`) was read as its current name (`Agent`).' },
  TG_RULE_PATH_IGNORED: {
    severity: 'warning',
    meaning: 'Path rules on this tool are never consulted; use `Read(...)` or `Edit(...)`, which cover it.',
  },
  TG_RULE_PATH_ENFORCED_AS_EDIT: {
    severity: 'warning',
    meaning:
      'A deny or ask path rule on Write, MultiEdit or NotebookEdit, which Claude Code never consults; toolgate enforces it as the `Edit(...)` rule of the same pattern. Write `Edit(...)`.',
  },
  TG_RULE_SPECIFIER_IGNORED: {
    severity: 'warning',
    meaning: 'This tool takes no specifier; the rule is never consulted. Use the bare tool name.',
  },
  TG_RULE_PARAM_PRIMARY: {
    severity: 'warning',
    meaning: "A parameter rule on the tool's primary field (`Bash(command:...)`) is ignored; write `Bash(...)`.",
  },
  TG_RULE_PARAM_AMBIGUOUS: {
    severity: 'warning',
    meaning: '`Bash(<param>:*)` is read as a parameter rule; for the command of that name write `Bash(<name> *)`.',
  },
  TG_RULE_ALLOW_GLOB_IGNORED: {
    severity: 'warning',
    meaning: 'In allow lists a tool-name glob counts only after a literal `mcp__<server>__` prefix; this one is ignored.',
  },
  TG_RULE_PARAM_IN_ALLOW: {
    severity: 'warning',
    meaning: 'Parameter rules work in deny and ask lists only; this one is ignored in allow.',
  },
  TG_RULE_UNKNOWN_TOOL: {
    severity: 'info',
    meaning: 'A deny/ask rule names a tool toolgate does not know (names with `_` or `*` are not reported).',
  },
} as const satisfies Record<string, { severity: Severity; meaning: string }>;

/** A rule diagnostic code. @public */
export type RuleDiagnosticCode = keyof typeof RULE_DIAGNOSTICS;

export function diag(code: RuleDiagnosticCode, message: string, start: number, end: number): Diagnostic {
  return { code, severity: RULE_DIAGNOSTICS[code].severity, message, range: { start, end: Math.max(start, end) } };
}
