import type { DiffGroup, PolicyDiff } from './diff.js';
import { describeCall } from '../policy-test/trace.js';
import { sarifLog, sarifUri } from '../core/sarif.js';

/** Where a rule sits in its file: `list` and `index` in `permissions`, 1-based line and column. */
export type RuleLineOf = (file: string, list: string, index: number) => { line: number; column: number } | undefined;

const SHOWN = 5;

function message(g: DiffGroup): string {
  const calls = g.changes.slice(0, SHOWN).map((c) => `${describeCall(c.call)}: ${c.old.behavior} → ${c.new.behavior}`);
  const more = g.changes.length > SHOWN ? `; and ${g.changes.length - SHOWN} more` : '';
  return `${g.widens ? 'widens' : 'narrows'}: ${g.responsible} — ${calls.join('; ')}${more}`;
}

/**
 * A diff as SARIF 2.1.0 for pull-request annotations: one result per group, `TG_DIFF_WIDEN`
 * (level error) or `TG_DIFF_NARROW` (note), located at the responsible rule when it is in a
 * file of the new policy (`lineOf` finds its line), else at the file alone or nowhere.
 * `baseUri` makes file locations relative to it.
 * @public
 */
export function policyDiffToSarif(
  diff: PolicyDiff,
  options: { toolVersion?: string; baseUri?: string; lineOf?: RuleLineOf } = {},
): Record<string, unknown> {
  const ids = ['TG_DIFF_WIDEN', 'TG_DIFF_NARROW'];
  const rules = [
    {
      id: ids[0],
      shortDescription: { text: 'the new policy decides calls looser (ask → allow, deny → ask or allow)' },
      defaultConfiguration: { level: 'error' },
    },
    { id: ids[1], shortDescription: { text: 'the new policy decides calls stricter' }, defaultConfiguration: { level: 'note' } },
  ];
  return sarifLog(
    rules,
    diff.groups.map((g) => {
      const file = g.rule?.policy === 'new' ? g.rule.source.file : undefined;
      const at = file !== undefined && g.rule?.index !== undefined ? options.lineOf?.(file, g.rule.list, g.rule.index) : undefined;
      return {
        ruleId: g.widens ? ids[0] : ids[1],
        ruleIndex: g.widens ? 0 : 1,
        level: g.widens ? 'error' : 'note',
        message: { text: message(g) },
        ...(file !== undefined
          ? {
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: { uri: sarifUri(file, options.baseUri) },
                    ...(at !== undefined ? { region: { startLine: at.line, startColumn: at.column } } : {}),
                  },
                },
              ],
            }
          : {}),
      };
    }),
    options.toolVersion,
  );
}
