/**
 * Build a policy whose rules are read the dialect's way. Claude Code's rule parser rejects some
 * rules other systems accept (biu's `tool:detail`, robota's URL patterns); the dialect's own
 * parser decides which rules are valid, everything else in the settings merges as usual.
 * @packageDocumentation
 */
import type { Diagnostic, RuleList, SettingsSource } from '../../core/types.js';
import { parseRule } from '../../rules/index.js';
import type { Rule } from '../../rules/types.js';
import { policyFromObjects, SOURCE_PRECEDENCE, type SettingsObject } from '../../settings/index.js';
import type { CompiledRule, MergeOptions, Policy } from '../../settings/types.js';

/** A dialect's rule check: `undefined` when the rule is valid in that list, else why not. */
export type DialectRuleCheck = (text: string, list: RuleList) => string | undefined;

const LISTS: readonly RuleList[] = ['allow', 'ask', 'deny'];

/**
 * The rule object kept beside the text. Where Claude Code's parser accepts the text the parsed
 * rule is kept; otherwise a rule that matches nothing in the default dialect (a parameter rule
 * on a field no call has), so a dialect policy handed to the wrong dialect never allows more.
 */
function placeholder(text: string): Rule {
  const r = parseRule(text);
  if (r.ok) return r.rule;
  return { text, tool: '\u0000dialect', toolIsGlob: false, family: 'param', param: { name: '\u0000dialect', value: text }, ignored: true };
}

/**
 * Merge settings objects like `policyFromObjects`, but check each rule with the dialect's parser.
 * From an untrusted project's own files only deny and ask rules are kept (toolgate docs, "Trust").
 * A rule of a list in `keepInvalid` that the dialect's parser rejects is reported and still kept
 * (as a rule that matches nothing in the default dialect): the dialect's steps treat it as a
 * pattern they cannot evaluate (robota: every call of its tool asks).
 * @public
 */
export function dialectPolicy(
  objects: readonly SettingsObject[],
  check: DialectRuleCheck,
  options: MergeOptions = {},
  keepInvalid: readonly RuleList[] = [],
): Policy {
  const stripped = objects.map((o) => ({ ...o, settings: withoutRules(o.settings) }));
  const base = policyFromObjects(stripped, options);
  const rules: CompiledRule[] = [];
  const diagnostics: Diagnostic[] = [];
  const ordered = [...objects].sort((a, b) => (SOURCE_PRECEDENCE[b.kind] ?? 0) - (SOURCE_PRECEDENCE[a.kind] ?? 0));
  for (const o of ordered) {
    const perms = permissionsOf(o.settings);
    if (!perms) continue;
    const source: SettingsSource = o.file !== undefined ? { kind: o.kind, file: o.file } : { kind: o.kind };
    const untrusted = options.projectTrusted === false && (o.kind === 'projectSettings' || o.kind === 'localSettings');
    for (const list of LISTS) {
      const values = perms[list];
      if (!Array.isArray(values)) continue;
      values.forEach((text: unknown, index) => {
        if (typeof text !== 'string') {
          diagnostics.push({
            code: 'TG_DIALECT_RULE',
            severity: 'error',
            message: `permissions.${list}[${index}] is not a string; it is dropped`,
            path: ['permissions', list, index],
            ...(o.file !== undefined ? { file: o.file } : {}),
          });
          return;
        }
        if (untrusted && list === 'allow') return;
        const why = check(text, list);
        if (why !== undefined) {
          const kept = keepInvalid.includes(list);
          const consequence = kept ? 'it cannot be evaluated, so every call of its tool asks' : 'this rule is dropped';
          diagnostics.push({
            code: 'TG_DIALECT_RULE',
            severity: 'error',
            message: `"${text}": ${why}; ${consequence}`,
            path: ['permissions', list, index],
            ...(o.file !== undefined ? { file: o.file } : {}),
          });
          if (!kept) return;
        }
        rules.push({ rule: placeholder(text), list, source, index });
      });
    }
  }
  const extra: CompiledRule[] = [];
  for (const [list, names] of [
    ['allow', options.allowedTools],
    ['deny', options.disallowedTools],
  ] as const) {
    (names ?? []).forEach((text, index) => {
      if (check(text, list) === undefined) extra.push({ rule: placeholder(text), list, source: { kind: 'cli' }, index });
    });
  }
  return { ...base, rules: [...extra, ...rules], diagnostics: [...base.diagnostics, ...diagnostics] };
}

function permissionsOf(settings: unknown): Record<string, unknown> | undefined {
  if (settings === null || typeof settings !== 'object') return undefined;
  const p = (settings as Record<string, unknown>)['permissions'];
  return p !== null && typeof p === 'object' && !Array.isArray(p) ? (p as Record<string, unknown>) : undefined;
}

function withoutRules(settings: unknown): unknown {
  const perms = permissionsOf(settings);
  if (!perms) return settings;
  const { allow: _a, ask: _k, deny: _d, ...rest } = perms;
  return { ...(settings as Record<string, unknown>), permissions: rest };
}
