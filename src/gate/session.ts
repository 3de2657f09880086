import type { Behavior, PermissionRuleValue, RuleList, SettingsSource } from '../core/types.js';
import { escapeRuleContent, parseRule, ruleForList } from '../rules/index.js';
import type { CompiledRule } from '../settings/index.js';
import type { AllowedPrompt } from './types.js';
import { createCircuitBreaker, type CircuitBreaker } from './auto-mode.js';

/**
 * Mutable state a gate keeps for its session and shares with its sub-agents: rules and directories
 * added at run time, a plan's approved prompts, the auto-mode circuit breaker. Quarantined here so
 * every change goes through one place.
 * @public
 */
export interface GateSession {
  rules: CompiledRule[];
  directories: string[];
  allowedPrompts: AllowedPrompt[];
  breaker: CircuitBreaker;
}

/** A new, empty session store. @public */
export function createGateSession(): GateSession {
  return { rules: [], directories: [], allowedPrompts: [], breaker: createCircuitBreaker() };
}

/** `{ toolName, ruleContent }` → `Tool(content)` (Agent SDK `PermissionRuleValue`). @public */
export function ruleValueText(v: PermissionRuleValue): string {
  return v.ruleContent === undefined ? v.toolName : `${v.toolName}(${escapeRuleContent(v.ruleContent)})`;
}

/** Compile rule values into session rules; values that do not parse are returned apart. */
export function compileRuleValues(
  values: readonly PermissionRuleValue[],
  behavior: Behavior,
  source: SettingsSource,
): { rules: CompiledRule[]; bad: string[] } {
  const rules: CompiledRule[] = [];
  const bad: string[] = [];
  values.forEach((v, index) => {
    const text = ruleValueText(v);
    const parsed = parseRule(text);
    if (parsed.ok) rules.push({ rule: ruleForList(parsed, behavior as RuleList).rule, list: behavior as RuleList, source, index });
    else bad.push(text);
  });
  return { rules, bad };
}
