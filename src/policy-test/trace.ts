import { escapeBidi } from '../core/text.js';
import type { Decision, RuleRef, ToolCall } from '../core/types.js';

const MAIN_FIELDS = ['command', 'file_path', 'notebook_path', 'url', 'pattern', 'path', 'subagent_type', 'skill', 'query'];

/** A call, short and readable: `Bash(git status)`, `Read(/p/.env)`. @public */
export function describeCall(call: ToolCall): string {
  const main = MAIN_FIELDS.map((k) => call.input?.[k]).find((v) => typeof v === 'string');
  const text = typeof main === 'string' ? main : JSON.stringify(call.input ?? {});
  return `${call.tool}(${text.length > 120 ? `${text.slice(0, 117)}...` : text})`;
}

/** `deny rule "Bash(rm *)" in /p/.claude/settings.json (projectSettings)`. @public */
export function describeRuleRef(rule: RuleRef): string {
  const where = rule.source.file !== undefined ? `${rule.source.file} (${rule.source.kind})` : rule.source.kind;
  return `${rule.list} rule "${rule.text}" in ${where}`;
}

/**
 * A decision with every step of its trace, as indented lines (what `toolgate explain` shows):
 * used in failure messages of `toolgate test` and `expectDecision`.
 * @public
 */
export function formatDecisionTrace(call: ToolCall, d: Decision, indent = '  '): string {
  const lines = [`${indent}call:   ${describeCall(call)}`];
  lines.push(`${indent}got:    ${d.behavior}${d.askKind ? ` (${d.askKind} ask)` : ''} — ${d.reason.message} [${d.reason.kind}]`);
  if (d.rule) lines.push(`${indent}rule:   ${describeRuleRef(d.rule)}`);
  lines.push(`${indent}trace:`);
  d.trace.forEach((s, i) => {
    lines.push(`${indent}  ${String(i + 1).padStart(2)}. ${s.step.padEnd(24)} ${s.outcome.padEnd(5)} ${s.detail}`);
    if (s.rule) lines.push(`${indent}      ${' '.repeat(24)}       ${describeRuleRef(s.rule)}`);
  });
  return escapeBidi(lines.join('\n'));
}
