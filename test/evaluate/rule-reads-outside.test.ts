/**
 * A prefix or wildcard allow rule approves a command's reads inside the working directories only
 * (Claude Code CLI 2.1.332 checks the paths a reading command touches before such a rule can
 * approve it); an exact-command rule, `Bash` and `Bash(*)` approve wherever it reads.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';

function decide(command: string, allow: string[]) {
  return evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode: 'default',
      policy: policyFromObjects([{ kind: 'userSettings', settings: { permissions: { allow } } }]),
      cwd: P,
      home: '/home/user',
      environment: { values: {}, complete: true },
    },
  );
}

beforeAll(async () => {
  await prepare();
});

describe('reads outside the working directories under a prefix rule', () => {
  const READ = ['Bash(cat *)', 'Bash(ls *)', 'Bash(grep *)', 'Bash(head *)'];
  it.each(['cat ~/.ssh/config', 'ls /etc', 'grep -r token ~/.config', 'cat ../other/secret.txt', 'cat "$F"'])('asks for %s', (command) => {
    const d = decide(command, READ);
    expect(d).toMatchObject({ behavior: 'ask', askKind: 'plain' });
    expect(d.reason.message).toMatch(/approves reads inside them only/);
  });

  it('names the rule and the path', () => {
    const d = decide('cat ../other/secret.txt', READ);
    expect(d.reason).toMatchObject({ kind: 'outsideWorkingDirectory' });
    expect(d.reason.message).toContain('Bash(cat *)');
    expect(d.reason.message).toContain('/home/user/other/secret.txt');
  });

  it.each(['cat README.md', 'ls src', 'grep -r TODO src', 'head -3 README.md', `cat ${P}/README.md`])('allows %s, inside', (command) => {
    expect(decide(command, READ).behavior).toBe('allow');
  });

  it('allows what an exact-command rule names, and what Bash(*) covers', () => {
    expect(decide('cat ~/.ssh/config', [...READ, 'Bash(cat ~/.ssh/config)']).behavior).toBe('allow');
    expect(decide('cat ~/.ssh/config', ['Bash(*)']).behavior).toBe('allow');
  });
});
