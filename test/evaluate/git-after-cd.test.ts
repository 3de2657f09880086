/**
 * git after a change of directory (Claude Code CLI 2.1.332): no allow rule for the parts approves
 * `cd <dir> && git …`; a plain ask the mode, a hook's allow or a person answers.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { gitAfterCd } from '../../src/evaluate/git-after-cd.js';
import { analyzeShell } from '../../src/shell/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const RULES = ['Bash(cd *)', 'Bash(git status *)', 'Bash(git log *)', 'Bash(ls *)'];

function decide(command: string, allow: string[] = RULES, mode: PermissionMode = 'default') {
  return evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode,
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

describe('gitAfterCd', () => {
  it.each([
    'cd src && git status',
    'git status; cd src',
    'pushd src && git log',
    'cd && git status',
    'cd - && git status',
    'cd src/.. && git status',
  ])('finds %s', (command) => {
    const a = analyzeShell(command);
    expect(gitAfterCd(a, [], P)).toMatch(/changes directory .* runs git/);
  });

  it.each(['cd src && ls', 'git status', 'cd src && hg status'])('leaves %s', (command) => {
    expect(gitAfterCd(analyzeShell(command), [], P)).toBeUndefined();
  });
});

describe('cd and git in one command', () => {
  it('asks (plain) though allow rules cover every part, and says why', () => {
    const d = decide('cd src && git status');
    expect(d).toMatchObject({ behavior: 'ask', askKind: 'plain', reason: { kind: 'gitAfterCd' } });
    expect(d.reason.message).toContain('cd src');
    expect(d.reason.message).toContain('core.fsmonitor');
  });

  it('asks without rules and under an exact-command rule', () => {
    expect(decide('cd src && git status', []).behavior).toBe('ask');
    expect(decide('cd src && git status', ['Bash(cd src && git status)']).behavior).toBe('ask');
  });

  it('is answered by bypassPermissions and refused by dontAsk', () => {
    expect(decide('cd src && git status', RULES, 'bypassPermissions').behavior).toBe('allow');
    expect(decide('cd src && git status', RULES, 'dontAsk').behavior).toBe('deny');
  });

  it('is allowed by the whole tool (Bash, Bash(*))', () => {
    expect(decide('cd src && git status', ['Bash']).behavior).toBe('allow');
    expect(decide('cd src && git status', ['Bash(*)']).behavior).toBe('allow');
  });

  it('does not touch a cd to the current directory, or cd without git', () => {
    expect(decide('cd . && git status').behavior).toBe('allow');
    expect(decide(`cd ${P} && git status`).behavior).toBe('allow');
    expect(decide('cd src && ls').behavior).toBe('allow');
  });
});
