import { describe, expect, it } from 'vitest';
import type { SettingsSource, SettingsSourceKind } from '../../src/core/types.js';
import { evaluate, evaluationContextFor } from '../../src/evaluate/index.js';
import {
  mergePolicy,
  parseSettingsObject,
  policyDigest,
  SETTINGS_CODES,
  shadowPolicyOf,
  type MergeOptions,
  type Policy,
} from '../../src/index.js';

const FILES: Partial<Record<SettingsSourceKind, string>> = {
  managed: '/etc/claude-code/managed-settings.json',
  projectSettings: '/p/.claude/settings.json',
  userSettings: '/h/.claude/settings.json',
};
const src = (kind: SettingsSourceKind): SettingsSource => (FILES[kind] !== undefined ? { kind, file: FILES[kind] } : { kind });
const parse = (json: unknown, kind: SettingsSourceKind = 'projectSettings') => parseSettingsObject(json, src(kind));
const merge = (files: [SettingsSourceKind, unknown][], options?: MergeOptions) =>
  mergePolicy(
    files.map(([k, j]) => parse(j, k)),
    options,
  );
const shadow = (block: unknown, permissions: unknown = {}) => ({ permissions, $toolgate: { shadow: block } });

const decide = (policy: Policy, command: string, mode: 'default' | 'acceptEdits' = 'default') =>
  evaluate(
    { tool: 'Bash', input: { command } },
    evaluationContextFor({ cwd: '/p', mode }, { policy, home: '/h', project: { known: true, dir: '/p', via: 'declared' } }),
  ).behavior;

describe('$toolgate.shadow: reading and merging', () => {
  it('reads rules per list with their index and the mode; they are not rules of the live policy', () => {
    const { settings, diagnostics } = parse(shadow({ deny: ['Bash(git push *)'], allow: ['Bash(npm test)'], mode: 'manual' }));
    expect(diagnostics).toEqual([]);
    expect(settings.shadow?.mode).toBe('default');
    expect(settings.shadow?.rules.map((r) => [r.list, r.rule.text, r.index])).toEqual([
      ['allow', 'Bash(npm test)', 0],
      ['deny', 'Bash(git push *)', 0],
    ]);
    expect(settings.rules).toEqual([]);
  });

  it('reports wrong values with the JSON path and drops only them', () => {
    const { settings, diagnostics } = parse(shadow({ deny: ['Bash(rm *)', 7], mode: 'yolo', Allow: ['Read'] }));
    const by = (path: (string | number)[]) => diagnostics.find((d) => JSON.stringify(d.path) === JSON.stringify(path));
    expect(by(['$toolgate', 'shadow', 'deny', 1])).toMatchObject({
      code: SETTINGS_CODES.toolgateBlock,
      severity: 'error',
      file: FILES.projectSettings,
    });
    expect(by(['$toolgate', 'shadow', 'mode'])?.message).toContain('the shadow decides in the live mode');
    expect(by(['$toolgate', 'shadow', 'Allow'])?.message).toContain('Did you mean "allow"?');
    expect(settings.shadow?.rules.map((r) => r.rule.text)).toEqual(['Bash(rm *)']);
    expect(parse({ $toolgate: { shadow: [] } }).diagnostics[0]).toMatchObject({ path: ['$toolgate', 'shadow'], severity: 'error' });
  });

  it('an untrusted project keeps only the deny and ask rules of its shadow, and no shadow mode', () => {
    const p = merge([['projectSettings', shadow({ allow: ['Bash(npm test)'], deny: ['Bash(git push *)'], mode: 'acceptEdits' })]], {
      projectTrusted: false,
    });
    expect(p.shadow?.rules.map((r) => r.rule.text)).toEqual(['Bash(git push *)']);
    expect(p.shadow?.mode).toBeUndefined();
    expect(
      p.diagnostics.some((d) => d.code === SETTINGS_CODES.untrusted && d.message.includes('1 shadow allow rule ($toolgate.shadow)')),
    ).toBe(true);
  });

  it('the shadow is the live policy plus its rules, in its mode; the live policy and its digest are unchanged', () => {
    const liveOnly = merge([['projectSettings', { permissions: { allow: ['Bash(npm test)'] } }]]);
    const p = merge([
      ['userSettings', shadow({ deny: ['Bash(npm test)'] })],
      ['projectSettings', shadow({ allow: ['Bash(git status)'], mode: 'acceptEdits' }, { allow: ['Bash(npm test)'] })],
    ]);
    expect(policyDigest(p)).toBe(policyDigest(liveOnly));
    const s = shadowPolicyOf(p);
    expect(s?.mode).toBe('acceptEdits');
    expect(s?.policy.shadow).toBeUndefined();
    // Highest precedence first: the project's rules (live, then shadow), then the user's.
    expect(s?.policy.rules.map((r) => [r.source.kind, r.rule.text])).toEqual([
      ['projectSettings', 'Bash(npm test)'],
      ['projectSettings', 'Bash(git status)'],
      ['userSettings', 'Bash(npm test)'],
    ]);
    expect(decide(p, 'npm test')).toBe('allow');
    expect(decide(s!.policy, 'npm test')).toBe('deny');
    expect(decide(p, 'git push origin main')).toBe('ask');
    expect(shadowPolicyOf(liveOnly)).toBeUndefined();
  });
});
