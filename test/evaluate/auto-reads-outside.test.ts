/**
 * Auto mode approves a Read outside the working directories without the classifier, as the Claude
 * Code CLI 2.1.332 does (read-only actions are auto-approved) — looser than toolgate was, on
 * purpose. Reads a Read deny rule covers still deny, and ask rules still ask.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const policy = policyFromObjects([
  { kind: 'projectSettings', settings: { permissions: { deny: ['Read(~/.ssh/**)', 'Read(./.env)'], ask: ['Read(//etc/shadow)'] } } },
]);
const read = (file_path: string, mode: 'auto' | 'default' = 'auto') =>
  evaluate({ tool: 'Read', input: { file_path } }, { mode, policy, cwd: P, home: '/home/user' });

beforeAll(async () => {
  await prepare();
});

describe('auto mode and reads outside the working directories', () => {
  it('allows a Read outside without the classifier', () => {
    const d = read('/home/user/other/notes.txt');
    expect(d.behavior).toBe('allow');
    expect(d.reason.message).toMatch(/auto mode approves reads without the classifier/);
  });

  it('still asks in default mode', () => {
    expect(read('/home/user/other/notes.txt', 'default').behavior).toBe('ask');
  });

  it.each(['/home/user/.ssh/id_rsa', `${P}/.env`])('still denies %s, which a Read deny rule covers', (p) => {
    expect(read(p).behavior).toBe('deny');
  });

  it('still asks where an ask rule names the path', () => {
    expect(read('/etc/shadow').behavior).toBe('ask');
  });
});
