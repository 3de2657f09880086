import { describe, expect, it } from 'vitest';
import type { SettingsSource, SettingsSourceKind } from '../../src/core/types.js';
import { mergePolicy, parseSettingsFile, parseSettingsObject, SETTINGS_CODES, type MergeOptions } from '../../src/settings/index.js';

const FILES: Partial<Record<SettingsSourceKind, string>> = {
  managed: '/etc/claude-code/managed-settings.json',
  localSettings: '/p/.claude/settings.local.json',
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
const agents = (block: unknown) => ({ $toolgate: { agents: block } });

describe('$toolgate.agents: reading', () => {
  it('reads rules per list with their index and agent type, and the mode (manual as default)', () => {
    const { settings, diagnostics } = parse(
      agents({ Explore: { deny: ['Bash(git push *)'], allow: ['Read'], ask: ['WebFetch'], mode: 'manual' } }),
    );
    expect(diagnostics).toEqual([]);
    const explore = settings.agents?.['Explore'];
    expect(explore?.mode).toBe('default');
    expect(explore?.rules.map((r) => [r.list, r.rule.text, r.index, r.agent])).toEqual([
      ['allow', 'Read', 0, 'Explore'],
      ['ask', 'WebFetch', 0, 'Explore'],
      ['deny', 'Bash(git push *)', 0, 'Explore'],
    ]);
    // They are not rules of the file's permissions.
    expect(settings.rules).toEqual([]);
  });

  it('reports each wrong value with the file, the JSON path and what was expected, and drops only it', () => {
    const { settings, diagnostics } = parse(
      agents({ Explore: { deny: ['Bash(rm *)', 7], mode: 'yolo', Allow: ['Read'] }, Plan: 'plan', '': {} }),
    );
    const by = (path: (string | number)[]) => diagnostics.find((d) => JSON.stringify(d.path) === JSON.stringify(path));
    const item = by(['$toolgate', 'agents', 'Explore', 'deny', 1]);
    expect(item).toMatchObject({
      code: SETTINGS_CODES.toolgateBlock,
      severity: 'error',
      file: FILES.projectSettings,
      expected: 'a rule string such as "Bash(npm run *)"',
    });
    expect(item?.message).toContain('$toolgate.agents.Explore.deny[1]');
    const mode = by(['$toolgate', 'agents', 'Explore', 'mode']);
    expect(mode).toMatchObject({ code: SETTINGS_CODES.toolgateBlock, severity: 'error' });
    expect(mode?.expected).toContain('bypassPermissions');
    expect(by(['$toolgate', 'agents', 'Explore', 'Allow'])).toMatchObject({
      severity: 'warning',
      expected: 'one of allow, ask, deny, mode',
    });
    expect(by(['$toolgate', 'agents', 'Explore', 'Allow'])?.message).toContain('Did you mean "allow"?');
    expect(by(['$toolgate', 'agents', 'Plan'])).toMatchObject({ severity: 'error', expected: 'an object { allow?, ask?, deny?, mode? }' });
    expect(by(['$toolgate', 'agents', ''])).toMatchObject({ severity: 'error' });
    // The good rule stays.
    expect(settings.agents?.['Explore']?.rules.map((r) => r.rule.text)).toEqual(['Bash(rm *)']);
    expect(settings.agents?.['Explore']?.mode).toBeUndefined();
  });

  it('a rule that does not parse keeps the rule parser code, with the JSON path', () => {
    const { diagnostics } = parse(agents({ Explore: { deny: ['Bash(rm *'] } }));
    expect(diagnostics[0]?.code).toMatch(/^TG_RULE_/);
    expect(diagnostics[0]?.path).toEqual(['$toolgate', 'agents', 'Explore', 'deny', 0]);
  });

  it('the block and agents must be objects; unknown keys of the block are warnings; examples are left to policy tests', () => {
    expect(parse({ $toolgate: [] }).diagnostics[0]).toMatchObject({
      code: SETTINGS_CODES.toolgateBlock,
      path: ['$toolgate'],
      expected: 'an object',
    });
    expect(parse({ $toolgate: { agents: 3 } }).diagnostics[0]).toMatchObject({ path: ['$toolgate', 'agents'], severity: 'error' });
    expect(parse({ $toolgate: { agent: {} } }).diagnostics[0]).toMatchObject({ path: ['$toolgate', 'agent'], severity: 'warning' });
    expect(parse({ $toolgate: { examples: { Read: { match: ['x'] } } } }).diagnostics).toEqual([]);
  });

  it('a file that is not JSON keeps the deny and ask rules of its sub-agents, never their allows', () => {
    const text = '{ "$toolgate": { "agents": { "Explore": { "deny": ["Bash(curl *)"], "allow": ["Bash"] } } }, }';
    const { settings } = parseSettingsFile(text, src('projectSettings'));
    expect(settings.broken).toBeDefined();
    expect(settings.agents?.['Explore']?.rules.map((r) => `${r.list}:${r.rule.text}`)).toEqual(['deny:Bash(curl *)']);
  });
});

describe('$toolgate.agents: merging and trust', () => {
  it('rules add up, highest precedence first; the highest-precedence mode wins', () => {
    const p = merge([
      ['userSettings', agents({ Explore: { allow: ['Read'], mode: 'acceptEdits' } })],
      ['projectSettings', agents({ Explore: { deny: ['Bash(git push *)'], mode: 'plan' }, '*': { ask: ['WebFetch'] } })],
    ]);
    expect(p.agents?.['Explore']?.rules.map((r) => `${r.source.kind}:${r.list}:${r.rule.text}`)).toEqual([
      'projectSettings:deny:Bash(git push *)',
      'userSettings:allow:Read',
    ]);
    expect(p.agents?.['Explore']?.mode).toEqual({ value: 'plan', source: src('projectSettings') });
    expect(p.agents?.['*']?.rules.map((r) => r.rule.text)).toEqual(['WebFetch']);
    // No sub-agent rule is a rule of the whole policy.
    expect(p.rules).toEqual([]);
  });

  it('an untrusted project keeps only deny and ask rules for its sub-agents, and says what it dropped', () => {
    const p = merge(
      [
        ['userSettings', agents({ Explore: { mode: 'acceptEdits' } })],
        [
          'projectSettings',
          agents({ Explore: { allow: ['Bash'], deny: ['Bash(git push *)'], ask: ['WebFetch'], mode: 'bypassPermissions' } }),
        ],
      ],
      { projectTrusted: false },
    );
    expect(p.agents?.['Explore']?.rules.map((r) => `${r.list}:${r.rule.text}`)).toEqual(['ask:WebFetch', 'deny:Bash(git push *)']);
    expect(p.agents?.['Explore']?.mode).toEqual({ value: 'acceptEdits', source: src('userSettings') });
    const info = p.diagnostics.find((d) => d.code === SETTINGS_CODES.untrusted);
    expect(info?.message).toContain('1 sub-agent allow rule ($toolgate.agents)');
    expect(info?.message).toContain('1 sub-agent mode ($toolgate.agents)');
  });

  it('allowManagedPermissionRulesOnly keeps only managed sub-agent rules', () => {
    const p = merge([
      ['managed', { allowManagedPermissionRulesOnly: true, ...agents({ Explore: { deny: ['WebFetch'] } }) }],
      ['userSettings', agents({ Explore: { allow: ['Bash'] } })],
    ]);
    expect(p.agents?.['Explore']?.rules.map((r) => `${r.source.kind}:${r.rule.text}`)).toEqual(['managed:WebFetch']);
  });

  it('no block, no agents', () => {
    expect(merge([['userSettings', { permissions: { allow: ['Read'] } }]]).agents).toBeUndefined();
  });
});
