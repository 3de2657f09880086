import { describe, expect, it } from 'vitest';
import { claudeCode } from '../../src/evaluate/index.js';
import { biu, dialectByName, dialects, noeta, policyForDialect, robota } from '../../src/dialects/index.js';

describe('dialectByName', () => {
  it('accepts every documented name', () => {
    expect(dialectByName('claude-code')).toBe(claudeCode);
    expect(dialectByName('claudeCode')).toBe(claudeCode);
    expect(dialectByName('noeta')).toBe(noeta);
    expect(dialectByName('biu')).toBe(biu);
    expect(dialectByName('ROBOTA')).toBe(robota);
    expect(dialectByName('nope')).toBeUndefined();
  });
  it('lists the four dialects with their step order visible', () => {
    expect(Object.keys(dialects)).toEqual(['claudeCode', 'noeta', 'biu', 'robota']);
    expect(biu.steps.map((s) => s.name)).toEqual([
      'bypass',
      'planReadOnly',
      'sessionGrants',
      'allowedPrompts',
      'denyRules',
      'askRules',
      'workingDirectoryGate',
      'allowRules',
      'readOnly',
      'acceptEdits',
      'dontAsk',
      'ask',
    ]);
    expect(robota.steps.map((s) => s.name)).toEqual([
      'denyList',
      'ceiling',
      'peerTurn',
      'unevaluableDeny',
      'neverAutoApproved',
      'askForEverything',
      'bypassPermissions',
      'allowList',
      'modePolicy',
    ]);
  });
  it("carries each system's locations and defaults", () => {
    expect(noeta.configDirName).toBe('.noeta');
    expect(noeta.defaultMode).toBe('auto');
    expect(noeta.projectDirEnv).toEqual(['NOETA_PROJECT_DIR', 'CLAUDE_PROJECT_DIR']);
    expect(biu.configDirName).toBe('.biumind');
    expect(robota.nativeWords).toEqual({ allow: 'auto', ask: 'approve', deny: 'deny' });
  });
});

describe('policyForDialect', () => {
  it('keeps rules Claude Code rejects when the dialect accepts them', () => {
    const settings = { permissions: { allow: ['bash:ls'], deny: ['WebFetch(https://*.example.com/**)'] } };
    expect(policyForDialect(biu, [{ kind: 'projectSettings', settings }]).rules.map((r) => r.rule.text)).toContain('bash:ls');
    expect(policyForDialect(robota, [{ kind: 'projectSettings', settings }]).rules.map((r) => r.rule.text)).toContain(
      'WebFetch(https://*.example.com/**)',
    );
    expect(policyForDialect(claudeCode, [{ kind: 'projectSettings', settings }]).rules.map((r) => r.rule.text)).not.toContain('bash:ls');
  });
  it('drops allow rules of an untrusted project and reports invalid ones', () => {
    const settings = { permissions: { allow: ['Bash', 'Bash(run_in_background:true)'], deny: ['Bash(rm *)'] } };
    const untrusted = policyForDialect(robota, [{ kind: 'projectSettings', settings }], { projectTrusted: false });
    expect(untrusted.rules.map((r) => r.rule.text)).toEqual(['Bash(rm *)']);
    const trusted = policyForDialect(robota, [{ kind: 'projectSettings', settings }]);
    expect(trusted.rules.map((r) => r.rule.text)).toEqual(['Bash', 'Bash(rm *)']);
    expect(trusted.diagnostics.some((d) => d.code === 'TG_DIALECT_RULE')).toBe(true);
  });
  it("uses the dialect's own reader, whatever the dialect is called", () => {
    const seen: unknown[] = [];
    const own = {
      ...claudeCode,
      name: 'mine',
      policyFromObjects: (objects: readonly unknown[]) => {
        seen.push(objects);
        return policyForDialect(biu, []);
      },
    };
    policyForDialect(own, [{ kind: 'projectSettings', settings: {} }]);
    expect(seen).toHaveLength(1);
    expect(noeta.managedSettingsPaths).toEqual([
      '/etc/noeta/managed-settings.json',
      '/Library/Application Support/Noeta/managed-settings.json',
    ]);
  });
  it('dialect-only rules match nothing in the default dialect', () => {
    const p = policyForDialect(biu, [{ kind: 'projectSettings', settings: { permissions: { allow: ['bash:ls'] } } }]);
    const r = p.rules[0]!.rule;
    expect(r.family).toBe('param');
    expect(r.ignored).toBe(true);
  });
});
