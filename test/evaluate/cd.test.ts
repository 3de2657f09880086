import { beforeAll, describe, expect, it } from 'vitest';
import { decideCd, evaluate, prepare } from '../../src/evaluate/index.js';
import { lintSettings } from '../../src/lint/index.js';
import { parseRule } from '../../src/rules/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

beforeAll(async () => {
  await prepare();
});

const ctx = (permissions: Record<string, string[]>) => ({
  policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]),
  cwd: '/home/user/project',
  home: '/home/user',
});

describe('Cd(...) rules and decideCd', () => {
  it('parse as path rules of the Cd tool', () => {
    const r = parseRule('Cd(./src/**)');
    expect(r.ok && r.rule.tool === 'Cd' && r.rule.family === 'path').toBe(true);
  });

  it.each([
    [{}, '/etc', 'allow'],
    [{ deny: ['Cd(//etc/**)'] }, '/etc', 'deny'],
    [{ deny: ['Cd(//etc/**)'] }, '/etc/ssl', 'deny'],
    [{ deny: ['Cd(//etc/**)'] }, '/etcetera', 'allow'],
    [{ ask: ['Cd(~/**)'] }, '~/x', 'ask'],
    [{ allow: ['Cd(./src/**)'] }, 'src', 'allow'],
    [{ allow: ['Cd(./src/**)'] }, 'src/a/b', 'allow'],
    [{ allow: ['Cd(./src/**)'] }, '/tmp', 'deny'],
    [{ allow: ['Cd(src)'] }, 'src', 'allow'],
    [{ allow: ['Cd(src)'] }, 'lib/src', 'deny'],
    [{ allow: ['Cd(/docs/**)'] }, '/home/user/project/docs/x', 'allow'],
    [{ allow: ['Cd'] }, '/anything', 'allow'],
    [{ allow: ['Cd(./src/**)'], deny: ['Cd(./src/secret/**)'] }, 'src/secret', 'deny'],
  ] as const)('%j: /cd %s → %s', (permissions, target, expected) => {
    const d = decideCd(target, ctx(permissions as Record<string, string[]>));
    expect(d.behavior, d.reason.message).toBe(expected);
    if (expected !== 'allow' || Object.keys(permissions).length > 0) expect(d.trace.length).toBe(1);
  });

  it("an ask is firm: only a person answers the user's own /cd rule", () => {
    expect(decideCd('~/x', ctx({ ask: ['Cd(~/**)'] })).askKind).toBe('firm');
  });

  it('Cd rules do not touch model tool calls, and a model cannot call Cd without a person', () => {
    const c = ctx({ allow: ['Cd'], deny: ['Cd(//etc/**)'] });
    expect(evaluate({ tool: 'Read', input: { file_path: '/etc/hosts' } }, { mode: 'default', ...c }).reason.kind).not.toBe('rule');
    expect(evaluate({ tool: 'Cd', input: { path: '/tmp' } }, { mode: 'default', ...ctx({}) }).behavior).toBe('ask');
  });

  it('lint knows the Cd tool', async () => {
    const r = await lintSettings([{ text: JSON.stringify({ permissions: { allow: ['Cd(./src/**)'], deny: ['Cd(//etc/**)'] } }) }], {
      publicSchema: false,
    });
    expect(r.diagnostics.filter((d) => d.code === 'TG_LINT_UNKNOWN_TOOL')).toEqual([]);
  });
});
