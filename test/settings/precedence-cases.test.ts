/**
 * The `settings-precedence` field reports (copied to test/fixtures/corpus/settings-precedence-cases.jsonl),
 * checked at the merge level: what the merged policy must contain for the expected decision to follow.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { SettingsSourceKind } from '../../src/core/types.js';
import { policyFromObjects } from '../../src/settings/index.js';

interface Case {
  id: string;
  kind: string;
  case: { settings?: unknown; layers?: Record<string, unknown>; project_trusted?: boolean };
  expected: { result: string };
}

const cases: Case[] = readFileSync(fileURLToPath(new URL('../fixtures/corpus/settings-precedence-cases.jsonl', import.meta.url)), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as Case);

const LAYER: Record<string, SettingsSourceKind> = {
  user: 'userSettings',
  project: 'projectSettings',
  local: 'localSettings',
  managed: 'managed',
};

function policyOf(c: Case) {
  const objects = Object.entries(c.case.layers ?? {}).map(([layer, settings]) => ({ kind: LAYER[layer] ?? 'inline', settings }));
  if (c.case.settings !== undefined) objects.push({ kind: 'projectSettings', settings: c.case.settings });
  return policyFromObjects(objects, { projectTrusted: c.case.project_trusted !== false });
}

const byId = (id: string) => cases.find((c) => c.id === id) as Case;
const cited = (p: ReturnType<typeof policyOf>) => p.rules.map((r) => `${r.source.kind}:${r.list}:${r.rule.text}`);

describe('settings-precedence field reports, at the merge level', () => {
  it('has the four cases', () => {
    expect(cases.map((c) => c.id)).toEqual(['BUG-088', 'BUG-090', 'BUG-093', 'BUG-094']);
    for (const c of cases) expect(c.kind).toBe('settings-precedence');
  });

  it('BUG-088: a user deny and a local allow both reach the policy, each with its source', () => {
    const p = policyOf(byId('BUG-088'));
    expect(cited(p)).toEqual(['localSettings:allow:Read(internal/**)', 'userSettings:deny:Read(**/token)']);
    expect(p.diagnostics).toEqual([]);
  });

  it('BUG-090: the ask rule is kept beside the broader allow rule of the same file', () => {
    const p = policyOf(byId('BUG-090'));
    expect(cited(p)).toEqual(['projectSettings:allow:Bash(git:*)', 'projectSettings:ask:Bash(git push:*)']);
  });

  it('BUG-093: autoMode from the project file never reaches the policy; the user entry does', () => {
    const p = policyOf(byId('BUG-093'));
    expect(p.autoMode?.allow ?? []).not.toContain('Pushing to any remote');
    expect(p.autoMode?.soft_deny).toEqual(['$defaults']);
    expect(p.diagnostics).toContainEqual(expect.objectContaining({ code: 'TG_SETTINGS_SCOPE', path: ['autoMode'] }));
  });

  it('BUG-094: an additionalDirectories "*" is kept as written (a path, not a glob)', () => {
    const p = policyOf(byId('BUG-094'));
    expect(p.additionalDirectories).toEqual([{ value: '*', source: { kind: 'projectSettings' } }]);
  });
});
