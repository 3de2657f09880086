import type { Diagnostic, RuleList } from '../core/types.js';
import { diag } from './diagnostics.js';
import { BASH_RULE_TOOLS, EDIT_RULE_TOOLS, isMcpName, READ_DENY_ALSO_COVERS, READ_RULE_TOOLS, toolInfo } from './tools.js';
import type { Rule } from './types.js';
import { matchParts, wildcardParts } from './wildcard.js';

/**
 * May a tool-name glob be used in an allow list? Only after a literal `mcp__<server>__` prefix
 * whose server segment holds no `*` (Claude Code docs, "Tool-name globs").
 */
function allowGlobUsable(tool: string): boolean {
  if (!tool.startsWith('mcp__')) return false;
  const end = tool.indexOf('__', 5);
  if (end <= 5) return false;
  return !tool.slice(5, end).includes('*');
}

/** Does a rule's tool-name glob match the whole tool name? (`*` matches any run, `_` included.) */
export function toolGlobMatches(glob: string, tool: string): boolean {
  return matchParts(wildcardParts(glob, false), tool);
}

/**
 * Does the rule's tool part apply to `tool` in list `list`? False as well when the rule is inert
 * in that list (an `ignored` rule; a parameter rule in allow; an allow glob without a literal
 * `mcp__<server>__` prefix), so a false here means "skip this rule".
 *
 * - Bare names and tool names compare exactly (bare `Edit` covers Edit only).
 * - `mcp__server` and `mcp__server__*` cover every `mcp__server__*` tool.
 * - A tool-name glob must match the whole name (`*`, `mcp__*`, `mcp__github__get_*`).
 * - `Read(...)` rules cover Read, Grep, Glob, LSP, NotebookRead; in deny/ask lists also Edit,
 *   Write and MultiEdit (Claude Code blocks edits of a read-denied path; not NotebookEdit).
 * - `Edit(...)` rules cover Edit, Write, MultiEdit, NotebookEdit; in allow lists also the Read
 *   family (an Edit allow grants reading that path).
 * - `Bash(...)` rules cover Bash and Monitor.
 * @public
 */
export function ruleCoversTool(rule: Rule, tool: string, list: RuleList): boolean {
  if (rule.ignored === true) return false;
  if (rule.family === 'param' && list === 'allow') return false;
  if (rule.toolIsGlob) {
    if (list === 'allow' && !allowGlobUsable(rule.tool)) return false;
    return toolGlobMatches(rule.tool, tool);
  }
  if (rule.tool === tool) return true;
  if (isMcpName(rule.tool) && rule.tool.indexOf('__', 5) === -1) return tool.startsWith(`${rule.tool}__`);
  if (rule.family === 'path') {
    if (rule.tool === 'Read') return READ_RULE_TOOLS.includes(tool) || (list !== 'allow' && READ_DENY_ALSO_COVERS.includes(tool));
    if (rule.tool === 'Edit') return EDIT_RULE_TOOLS.includes(tool) || (list === 'allow' && READ_RULE_TOOLS.includes(tool));
  }
  if (rule.family === 'bash' && rule.tool === 'Bash') return BASH_RULE_TOOLS.includes(tool);
  return false;
}

/**
 * Warnings that depend on the list a rule is in: an allow glob that is ignored
 * (`TG_RULE_ALLOW_GLOB_IGNORED`), a parameter rule in allow (`TG_RULE_PARAM_IN_ALLOW`), a deny/ask
 * rule on a tool toolgate does not know (`TG_RULE_UNKNOWN_TOOL`, info; names with `_` or `*` are
 * exempt, as in Claude Code). Ranges index into `rule.text`.
 * @public
 */
export function ruleWarningsForList(rule: Rule, list: RuleList): Diagnostic[] {
  const out: Diagnostic[] = [];
  const start = rule.text.length - rule.text.trimStart().length;
  const open = rule.text.indexOf('(', start);
  const toolEnd = open === -1 ? rule.text.trimEnd().length : open;
  if (list === 'allow' && rule.toolIsGlob && !allowGlobUsable(rule.tool)) {
    out.push(
      diag(
        'TG_RULE_ALLOW_GLOB_IGNORED',
        `"${rule.tool}" is ignored in allow: globs count only after a literal "mcp__<server>__" prefix.`,
        start,
        toolEnd,
      ),
    );
  }
  if (list === 'allow' && rule.family === 'param') {
    out.push(
      diag(
        'TG_RULE_PARAM_IN_ALLOW',
        'Parameter rules work in deny and ask lists only; this allow rule is ignored.',
        start,
        rule.text.length,
      ),
    );
  }
  if (list !== 'allow' && toolInfo(rule.tool) === undefined && !rule.tool.includes('_') && !rule.tool.includes('*')) {
    out.push(diag('TG_RULE_UNKNOWN_TOOL', `"${rule.tool}" is not a tool toolgate knows; check the spelling.`, start, toolEnd));
  }
  return out;
}
