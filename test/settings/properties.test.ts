import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SettingsSourceKind } from '../../src/core/types.js';
import { parseRule } from '../../src/rules/index.js';
import { trimStop } from '../../src/settings/parse.js';
import { mergePolicy, parseSettingsFile, parseSettingsObject, SETTINGS_CODES } from '../../src/settings/index.js';
import { propertyRuns } from '../support/property-runs.js';

const KINDS: SettingsSourceKind[] = ['managed', 'cli', 'inline', 'localSettings', 'projectSettings', 'userSettings'];
const ruleText = fc.oneof(
  fc.constantFrom('Bash', 'Read', 'Bash(npm run test:*)', 'Edit(src/**)', 'WebFetch(domain:x.com)', 'mcp__s__t', 'Bash(', 'Bash(x)*', ''),
  fc.string(),
);
const settingsLike = fc.record(
  {
    permissions: fc.oneof(
      fc.record(
        {
          allow: fc.oneof(fc.array(ruleText), fc.jsonValue()),
          ask: fc.array(ruleText),
          deny: fc.array(ruleText),
          additionalDirectories: fc.oneof(fc.array(fc.string()), fc.jsonValue()),
          defaultMode: fc.oneof(fc.constantFrom('default', 'auto', 'manual', 'plan', 'bypassPermissions', 'nope'), fc.jsonValue()),
          disableBypassPermissionsMode: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    ),
    hooks: fc.oneof(
      fc.dictionary(
        fc.constantFrom('PreToolUse', 'Stop', 'bogus'),
        fc.array(
          fc.record(
            {
              matcher: fc.oneof(fc.string(), fc.jsonValue()),
              hooks: fc.array(
                fc.oneof(
                  fc.record(
                    { type: fc.constantFrom('command', 'http', 'x'), command: fc.jsonValue(), timeout: fc.jsonValue() },
                    { requiredKeys: ['type'] },
                  ),
                  fc.jsonValue(),
                ),
              ),
            },
            { requiredKeys: [] },
          ),
        ),
      ),
      fc.jsonValue(),
    ),
    autoMode: fc.jsonValue(),
    disableAllHooks: fc.jsonValue(),
    allowManagedPermissionRulesOnly: fc.oneof(fc.boolean(), fc.jsonValue()),
  },
  { requiredKeys: [] },
);

const documented = new Set<string>(Object.values(SETTINGS_CODES));

describe('settings properties', () => {
  it('parsing never throws on any text, and every diagnostic is well-formed', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.json()), (text) => {
        const r = parseSettingsFile(text, { kind: 'userSettings', file: '/f.json' });
        for (const d of r.diagnostics) {
          expect(documented.has(d.code) || d.code.startsWith('TG_RULE_')).toBe(true);
          expect(d.file).toBe('/f.json');
          expect(d.message.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('merging never throws, and every rule in the policy is one the files wrote', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(...KINDS), settingsLike), { maxLength: 5 }), fc.boolean(), (files, trusted) => {
        const policy = mergePolicy(
          files.map(([kind, json]) => parseSettingsObject(json, { kind })),
          { projectTrusted: trusted },
        );
        for (const r of policy.rules) {
          const json = files.find(([kind]) => kind === r.source.kind)?.[1] as { permissions?: Record<string, unknown> } | undefined;
          expect(json).toBeDefined();
          if (!trusted && (r.source.kind === 'projectSettings' || r.source.kind === 'localSettings')) expect(r.list).not.toBe('allow');
        }
      }),
    );
  });

  it('adding a file never removes a deny rule of another file (without allowManagedPermissionRulesOnly)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...KINDS), settingsLike), { maxLength: 4 }),
        fc.constantFrom(...KINDS),
        settingsLike,
        (files, kind, extra) => {
          const strip = (j: unknown) =>
            typeof j === 'object' && j !== null && !Array.isArray(j) ? { ...j, allowManagedPermissionRulesOnly: undefined } : j;
          const parsed = files.map(([k, j]) => parseSettingsObject(strip(j), { kind: k }));
          const before = mergePolicy(parsed).rules.filter((r) => r.list === 'deny');
          const after = mergePolicy([...parsed, parseSettingsObject(strip(extra), { kind })]).rules.filter((r) => r.list === 'deny');
          for (const rule of before) expect(after).toContain(rule);
        },
      ),
    );
  });

  it("a file's rules come in list order allow, ask, deny, each in index order, whatever the key order", () => {
    const lists = ['allow', 'ask', 'deny'] as const;
    fc.assert(
      fc.property(
        fc.shuffledSubarray([...lists]),
        fc.record({ allow: fc.array(ruleText), ask: fc.array(ruleText), deny: fc.array(ruleText) }),
        (order, rules) => {
          const permissions: Record<string, unknown> = {};
          for (const list of order) permissions[list] = rules[list];
          const { settings } = parseSettingsObject({ permissions }, { kind: 'userSettings' });
          const expected = lists.flatMap((list) =>
            order.includes(list)
              ? rules[list].flatMap((text, index) => (typeof text === 'string' && parseRule(text).ok ? [{ list, index, text }] : []))
              : [],
          );
          expect(settings.rules.map((r) => ({ list: r.list, index: r.index, text: r.rule.text }))).toEqual(expected);
        },
      ),
    );
  });

  it('trimStop removes a final full stop as the regex /\\.\\s*$/ does', () => {
    const text = fc.string({ unit: fc.constantFrom('.', ' ', '\t', '\n', '\u00a0', '\u2028', '\ufeff', '\u3000', 'a', 'é', '😀', '。') });
    fc.assert(
      fc.property(text, (m) => trimStop(m) === m.replace(/\.\s*$/, '')),
      { numRuns: propertyRuns(2000) },
    );
  });
});
