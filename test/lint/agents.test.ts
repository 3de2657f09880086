import { describe, expect, it } from 'vitest';
import { lintSettings, type LintReport } from '../../src/lint/index.js';

const FILE = '/home/user/project/.claude/settings.json';

async function lint(settings: unknown): Promise<LintReport> {
  return lintSettings([{ text: JSON.stringify(settings, null, 2), file: FILE, kind: 'projectSettings' }], { publicSchema: false });
}

const at = (r: LintReport, path: (string | number)[]) => r.diagnostics.filter((d) => JSON.stringify(d.path) === JSON.stringify(path));

describe('lint: $toolgate.agents', () => {
  it('a well-formed block has no findings', async () => {
    const r = await lint({
      $toolgate: {
        agents: {
          Explore: { deny: ['Bash(git push *)'], ask: ['WebFetch'], allow: ['Read'], mode: 'plan' },
          '*': { deny: ['Bash(curl *)'] },
        },
      },
    });
    expect(r.diagnostics).toEqual([]);
  });

  it('says, for each wrong value, the file, the JSON path with line and column, and what was expected', async () => {
    const r = await lint({ $toolgate: { agents: { Explore: { deny: 'Bash(rm *)', mode: 'yolo', Allow: ['Read'] }, Plan: [] } } });
    const deny = at(r, ['$toolgate', 'agents', 'Explore', 'deny']);
    expect(deny).toHaveLength(1);
    expect(deny[0]).toMatchObject({ code: 'TG_LINT_SETTINGS', related: 'TG_SETTINGS_TOOLGATE', severity: 'error', file: FILE });
    expect(deny[0]?.message).toContain('$toolgate.agents.Explore.deny: expected an array of rule strings, got "Bash(rm *)"');
    expect(deny[0]?.line).toBeGreaterThan(1);
    expect(deny[0]?.column).toBeGreaterThan(1);
    expect(at(r, ['$toolgate', 'agents', 'Explore', 'mode'])[0]).toMatchObject({ severity: 'error', related: 'TG_SETTINGS_TOOLGATE' });
    expect(at(r, ['$toolgate', 'agents', 'Explore', 'mode'])[0]?.message).toContain('expected one of default, acceptEdits');
    expect(at(r, ['$toolgate', 'agents', 'Explore', 'Allow'])[0]).toMatchObject({ severity: 'warning', related: 'TG_SETTINGS_TOOLGATE' });
    expect(at(r, ['$toolgate', 'agents', 'Plan'])[0]).toMatchObject({ severity: 'error' });
    expect(at(r, ['$toolgate', 'agents', 'Plan'])[0]?.message).toContain('expected an object { allow?, ask?, deny?, mode? }, got array');
  });

  it("checks each sub-agent rule as it checks a permissions rule (parse, inert forms), at the rule's own path", async () => {
    const r = await lint({ $toolgate: { agents: { Explore: { deny: ['Bash(rm *', 'Bash( rm *)'] } } } });
    expect(at(r, ['$toolgate', 'agents', 'Explore', 'deny', 0]).map((d) => d.code)).toEqual(['TG_LINT_RULE_UNPARSEABLE']);
    expect(at(r, ['$toolgate', 'agents', 'Explore', 'deny', 1]).map((d) => d.code)).toContain('TG_LINT_SPACE_IN_PARENS');
  });
});
