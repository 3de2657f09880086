import type { Decision, RuleRef, ToolCall } from '../core/types.js';

/** Where a rule came from, for people: `deny rule "Bash(rm *)" in /p/.claude/settings.json (projectSettings)`. */
export function describeRule(rule: RuleRef): string {
  const where = rule.source.file !== undefined ? `${rule.source.file} (${rule.source.kind})` : rule.source.kind;
  return `${rule.list} rule "${rule.text}" in ${where}`;
}

/** One call, short: `Bash(git status)`. */
export function describeCall(call: ToolCall): string {
  const main = ['command', 'file_path', 'notebook_path', 'url', 'pattern', 'path', 'subagent_type', 'skill', 'query']
    .map((k) => call.input[k])
    .find((v) => typeof v === 'string');
  const text = typeof main === 'string' ? main : JSON.stringify(call.input);
  return `${call.tool}(${text.length > 100 ? `${text.slice(0, 97)}...` : text})`;
}

/** The decision as a few readable lines. */
export function formatDecision(call: ToolCall, d: Decision, nativeWords?: Readonly<Record<string, string>>): string {
  const native = nativeWords?.[d.behavior];
  const lines = [`${d.behavior.toUpperCase()}${native !== undefined && native !== d.behavior ? ` [${native}]` : ''}${d.askKind ? ` (${d.askKind} ask)` : ''}  ${describeCall(call)}`];
  lines.push(`  reason: ${d.reason.message} [${d.reason.kind}]`);
  if (d.rule) lines.push(`  rule:   ${describeRule(d.rule)}`);
  for (const s of d.suggestions ?? []) {
    if (s.type === 'addRules') lines.push(`  don't ask again would add: ${s.rules.map((r) => (r.ruleContent !== undefined ? `${r.toolName}(${r.ruleContent})` : r.toolName)).join(', ')}`);
    else if (s.type === 'setMode') lines.push(`  don't ask again would switch to ${s.mode} for the session`);
    else if (s.type === 'addDirectories') lines.push(`  don't ask again would add the directory ${s.directories.join(', ')}`);
  }
  return lines.join('\n');
}

/** The trace as numbered steps. */
export function formatTrace(call: ToolCall, d: Decision): string {
  const lines = [`${describeCall(call)}`];
  d.trace.forEach((s, i) => {
    lines.push(`  ${String(i + 1).padStart(2)}. ${s.step.padEnd(26)} ${s.outcome.padEnd(5)} ${s.detail}`);
    if (s.rule) lines.push(`      ${' '.repeat(26)}       ${describeRule(s.rule)}`);
  });
  lines.push(`  => ${d.behavior}${d.askKind ? ` (${d.askKind} ask)` : ''}: ${d.reason.message}`);
  return lines.join('\n');
}
