import type { Gate } from '../../gate/index.js';
import { ruleCoversTool } from '../../rules/cover.js';
import type { CompiledRule } from '../../settings/index.js';

/**
 * The bare deny rules in force for a gate (its policy's and its session's): Claude Code takes the
 * tools they name away from the model (Claude Code docs, "Configure permissions › Tool-specific
 * permission rules"; `--disallowedTools`).
 */
export function bareDenyRules(gate: Gate): CompiledRule[] {
  return [...gate.policy.rules, ...gate.session.rules].filter(
    (cr) => cr.list === 'deny' && cr.rule.family === 'bare' && cr.rule.ignored !== true,
  );
}

/** The bare deny rule that removes a tool (by its toolgate name), if one does. */
export function removingRule(gate: Gate, tool: string): CompiledRule | undefined {
  return bareDenyRules(gate).find((cr) => ruleCoversTool(cr.rule, tool, 'deny'));
}
