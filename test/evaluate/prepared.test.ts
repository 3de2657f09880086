import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import type { EvaluationContext } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

const policy = policyFromObjects([
  { kind: 'projectSettings', settings: { permissions: { allow: ['Bash(touch *)'], additionalDirectories: ['/home/user'] } } },
]);
const base = { mode: 'acceptEdits' as const, policy, cwd: '/home/user/project', home: '/home/user' };
const touch = { tool: 'Bash', input: { command: 'touch /home/user/gems/x.rb' } };

beforeAll(async () => {
  await prepare();
});

describe('the protected paths a prepared context keeps', () => {
  it('are made again when an environment value they were made from changes, in a new context or the same one', () => {
    const values: Record<string, string> = {};
    const ctx: EvaluationContext = { ...base, environment: { values, complete: true } };
    expect(evaluate(touch, ctx).behavior).toBe('allow');
    expect(evaluate(touch, { ...base, environment: { values: { GEM_HOME: '/home/user/gems' }, complete: true } }).behavior).toBe('ask');
    expect(evaluate(touch, ctx).behavior).toBe('allow');
    values['GEM_HOME'] = '/home/user/gems';
    expect(evaluate(touch, ctx).reason.message).toContain('protected path /home/user/gems/x.rb');
    delete values['GEM_HOME'];
    expect(evaluate(touch, ctx).behavior).toBe('allow');
  });

  it('follow the options’ list', () => {
    const own = { ...base, options: { protectedPaths: { dirs: ['gems'], files: [], exceptions: [] } } };
    expect(evaluate(touch, own).behavior).toBe('ask');
    expect(evaluate(touch, base).behavior).toBe('allow');
  });
});

describe('where relative rule patterns anchor', () => {
  const deny = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { deny: ['Read(./.env)', 'Edit(config/**)'] } } }]);
  const inSrc = {
    mode: 'acceptEdits' as const,
    policy: deny,
    cwd: '/home/user/project/src',
    projectDir: '/home/user/project',
    home: '/home/user',
  };

  it('at the original working directory (the project), wherever a cd left the shell inside it', () => {
    expect(evaluate({ tool: 'Read', input: { file_path: '/home/user/project/.env' } }, inSrc).behavior).toBe('deny');
    expect(evaluate({ tool: 'Bash', input: { command: 'cat ../.env' } }, inSrc).behavior).toBe('deny');
    expect(evaluate({ tool: 'Bash', input: { command: 'echo y > ../config/app.json' } }, inSrc).behavior).toBe('deny');
    expect(evaluate({ tool: 'Read', input: { file_path: '/home/user/project/src/index.js' } }, inSrc).behavior).toBe('allow');
  });

  it('at the shell’s directory when it is outside the project', () => {
    const outside = { ...inSrc, cwd: '/home/user/other', workingDirectories: ['/home/user/project', '/home/user/other'] };
    expect(evaluate({ tool: 'Read', input: { file_path: '/home/user/other/.env' } }, outside).behavior).toBe('deny');
  });
});
