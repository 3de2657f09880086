import type { Diagnostic, RuleList } from '../core/types.js';
import { diag } from './diagnostics.js';
import type { ParseRuleResult, Rule } from './types.js';

/** Tools whose path rules Claude Code never consults, and the rule that covers them. */
const EDIT_FAMILY_IGNORED: ReadonlySet<string> = new Set(['Write', 'MultiEdit', 'NotebookEdit']);

/**
 * The rule as toolgate enforces it in `list`. A deny or ask path rule written on Write,
 * MultiEdit or NotebookEdit (`Write(.env)`) is one Claude Code never consults; toolgate enforces
 * it as the `Edit(...)` rule of the same pattern (which covers those tools and shell writes),
 * because a person who wrote "deny Write(.env)" meant to stop writes to `.env` — failing open on
 * a spelling is worse than being stricter than Claude Code here (decision record "Write rules
 * in deny and ask lists"). The rule keeps its text, so decisions cite it as written; its
 * `TG_RULE_PATH_IGNORED` warning becomes `TG_RULE_PATH_ENFORCED_AS_EDIT`. In allow lists, and
 * for every other rule, the parse result is returned as it is (an ignored allow rule grants
 * nothing, as in Claude Code).
 * @public
 */
export function ruleForList(parsed: Extract<ParseRuleResult, { ok: true }>, list: RuleList): { rule: Rule; warnings: Diagnostic[] } {
  const { rule, warnings } = parsed;
  if (
    list === 'allow' ||
    rule.ignored !== true ||
    rule.family !== 'path' ||
    rule.specifier === undefined ||
    !EDIT_FAMILY_IGNORED.has(rule.tool)
  ) {
    return { rule, warnings };
  }
  const enforced: Rule = {
    text: rule.text,
    tool: 'Edit',
    toolIsGlob: false,
    family: 'path',
    specifier: rule.specifier,
    writtenAs: rule.tool,
  };
  return {
    rule: enforced,
    warnings: warnings.map((w) => {
      if (w.code !== 'TG_RULE_PATH_IGNORED') return w;
      const range = w.range ?? { start: 0, end: rule.text.length };
      const pattern = rule.text.slice(range.start, range.end);
      return diag(
        'TG_RULE_PATH_ENFORCED_AS_EDIT',
        `Claude Code never consults ${rule.tool}(...) path rules; toolgate enforces this ${list} rule as "Edit(${pattern})" — write that, which Claude Code enforces too.`,
        range.start,
        range.end,
      );
    }),
  };
}
