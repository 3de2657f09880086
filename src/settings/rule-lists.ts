import type { Diagnostic, RuleList } from '../core/types.js';
import { parseRule, ruleForList } from '../rules/index.js';
import type { Rule } from '../rules/types.js';
import { SETTINGS_CODES as C } from './codes.js';
import { describeValue, formatJsonPath, trimStop, type JsonPath, type Reader } from './reader.js';
import { permissionsShape } from './schema.js';
import type { CompiledRule } from './types.js';

/** What dropping a rule means, said plainly: a dropped deny or ask rule no longer protects anything. */
function droppedRule(list: RuleList): string {
  if (list === 'allow') return 'this rule is dropped';
  return `this ${list} rule is dropped, so calls it was meant to ${list === 'deny' ? 'refuse are not refused by it' : 'ask about are not asked about because of it'}`;
}

/** A rule as a list holds it (`ruleForList`), with the warnings its text gives. */
interface ListedRule {
  readonly rule: Rule;
  readonly warnings: readonly Diagnostic[];
}

/**
 * Rules read before, by list and text: a process that loads the same settings again (`toolgate
 * serve` on each change, the policy of each project it serves) reuses the parsed rule instead of
 * parsing it again, and allocates nothing for it but its place in the list. Nothing changes a
 * rule after it is parsed, so one object serves every policy that holds the same text in the same
 * list. Bounded: emptied when full. A rule that does not parse is not kept (its report needs it
 * parsed again, and it is rare).
 */
const listed: Record<RuleList, Map<string, ListedRule>> = { allow: new Map(), ask: new Map(), deny: new Map() };
const LISTED_LIMIT = 8192;

/** {@link ListedRule} of `text` in `list`, or the parse's issues when it does not parse. */
function listedRule(text: string, list: RuleList): ListedRule | { issues: readonly Diagnostic[] } {
  const kept = listed[list];
  const hit = kept.get(text);
  if (hit !== undefined) return hit;
  const parsed = parseRule(text);
  if (!parsed.ok) return { issues: parsed.issues };
  const made = ruleForList(parsed, list);
  if (kept.size >= LISTED_LIMIT) kept.clear();
  kept.set(text, made);
  return made;
}

/** Where a rule list sits and what its rules are for. */
export interface RuleListSite {
  /** The JSON path of the object holding the list (`['permissions']`, `['$toolgate', 'agents', 'Explore']`). */
  base: JsonPath;
  /** The code of a value of the wrong type (default `TG_SETTINGS_TYPE`). */
  typeCode?: string;
  /** The sub-agent type the rules apply to only (`$toolgate.agents.<type>`). */
  agent?: string;
}

/**
 * Read one rule list (`allow`, `ask` or `deny`) at `site`: each valid rule is compiled into `out`
 * with its index; a value that is not a rule string, or a rule that does not parse, is reported
 * (file, JSON path, what was expected) and drops only itself.
 */
export function readRules(r: Reader, list: RuleList, value: unknown, out: CompiledRule[], site: RuleListSite | JsonPath): void {
  const { base, typeCode = C.type, agent } = Array.isArray(site) ? { base: site } : site;
  if (!Array.isArray(value)) {
    const path = [...base, list];
    if (typeCode === C.type) r.check(permissionsShape[list], value, path, `no ${list} rules are read from this file`);
    else
      r.report({
        code: typeCode,
        severity: 'error',
        path,
        expected: 'an array of rule strings',
        message: `${formatJsonPath(path)}: expected an array of rule strings, got ${describeValue(value, [])}; no ${list} rules are read from it`,
      });
    return;
  }
  // A plain loop with the JSON path built only for a diagnostic: a load parses every rule.
  for (let index = 0; index < value.length; index++) {
    const item: unknown = value[index];
    if (typeof item !== 'string' || item.length === 0) {
      const itemPath = [...base, list, index];
      r.report({
        code: typeCode,
        severity: 'error',
        path: itemPath,
        expected: 'a rule string such as "Bash(npm run *)"',
        message: `${formatJsonPath(itemPath)}: expected a rule string such as "Bash(npm run *)", got ${describeValue(item, [])}; ${droppedRule(list)}`,
      });
      continue;
    }
    const parsed = listedRule(item, list);
    if ('issues' in parsed) {
      for (const issue of parsed.issues) {
        const itemPath = [...base, list, index];
        r.report({
          ...issue,
          path: itemPath,
          message: `${formatJsonPath(itemPath)}: ${JSON.stringify(item)}: ${trimStop(issue.message)}; ${droppedRule(list)}`,
        });
      }
      continue;
    }
    const { rule, warnings } = parsed;
    for (let w = 0; w < warnings.length; w++) {
      const warning = warnings[w]!;
      const itemPath = [...base, list, index];
      r.report({
        ...warning,
        path: itemPath,
        message: `${formatJsonPath(itemPath)}: ${JSON.stringify(item)}: ${trimStop(warning.message)}`,
      });
    }
    out.push(agent !== undefined ? { rule, list, source: r.source, index, agent } : { rule, list, source: r.source, index });
  }
}
