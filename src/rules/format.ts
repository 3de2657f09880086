import { escapeRuleContent } from './escape.js';
import type { Rule } from './types.js';

/**
 * Write a rule back as text: `Tool` for bare rules, else `Tool(specifier)` with `\` `(` `)`
 * escaped. Parameter rules come out as `Tool(name:value)`, domain rules as
 * `WebFetch(domain:host)`. `parseRule(formatRule(r))` gives back `r` (with this text).
 * @public
 */
export function formatRule(rule: Rule): string {
  if (rule.family === 'bare' || rule.specifier === undefined) return rule.tool;
  let specifier = rule.specifier;
  if (rule.family === 'param' && rule.param !== undefined) specifier = `${rule.param.name}:${rule.param.value}`;
  if (rule.family === 'domain' && rule.domain !== undefined) specifier = `domain:${rule.domain}`;
  return `${rule.tool}(${escapeRuleContent(specifier)})`;
}
