import { escapeBidi } from '../core/text.js';
import type { Decision, ToolCall } from '../core/types.js';
import { describeCall, describeRuleRef as describeRule } from '../policy-test/trace.js';

/** The decision as a few readable lines. */
export function formatDecision(call: ToolCall, d: Decision, nativeWords?: Readonly<Record<string, string>>): string {
  const native = nativeWords?.[d.behavior];
  const lines = [
    `${d.behavior.toUpperCase()}${native !== undefined && native !== d.behavior ? ` [${native}]` : ''}${d.askKind ? ` (${d.askKind} ask)` : ''}  ${describeCall(call)}`,
  ];
  lines.push(`  reason: ${d.reason.message} [${d.reason.kind}]`);
  if (d.rule) lines.push(`  rule:   ${describeRule(d.rule)}`);
  for (const s of d.suggestions ?? []) {
    if (s.type === 'addRules')
      lines.push(
        `  don't ask again would add: ${s.rules.map((r) => (r.ruleContent !== undefined ? `${r.toolName}(${r.ruleContent})` : r.toolName)).join(', ')}`,
      );
    else if (s.type === 'setMode') lines.push(`  don't ask again would switch to ${s.mode} for the session`);
    else if (s.type === 'addDirectories') lines.push(`  don't ask again would add the directory ${s.directories.join(', ')}`);
  }
  return escapeBidi(lines.join('\n'));
}

/** The trace as numbered steps. */
export function formatTrace(call: ToolCall, d: Decision): string {
  const lines = [`${describeCall(call)}`];
  d.trace.forEach((s, i) => {
    lines.push(`  ${String(i + 1).padStart(2)}. ${s.step.padEnd(26)} ${s.outcome.padEnd(5)} ${s.detail}`);
    if (s.rule) lines.push(`      ${' '.repeat(26)}       ${describeRule(s.rule)}`);
  });
  lines.push(`  => ${d.behavior}${d.askKind ? ` (${d.askKind} ask)` : ''}: ${d.reason.message}`);
  return escapeBidi(lines.join('\n'));
}
