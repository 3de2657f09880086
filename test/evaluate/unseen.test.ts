import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare, type EnvironmentFacts } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import type { PermissionMode } from '../../src/core/types.js';

beforeAll(async () => {
  await prepare();
});

const NARROW = { allow: ['Bash(echo *)', 'Bash(ls *)', 'Bash(git status)', 'Bash(./build.sh *)'] };
const ALL_BUT_DENIED = { allow: ['Bash(*)'], deny: ['Bash(rm *)', 'Read(./.env)', 'Edit(secrets/**)'] };

/** Decide in a world where no environment variable that matters (CDPATH) is set, unless `environment` says (`null`: not known). */
function decide(
  command: string,
  permissions: Record<string, string[]> = {},
  mode: PermissionMode = 'default',
  environment: EnvironmentFacts | null = { values: {}, complete: true },
) {
  const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
  return evaluate(
    { tool: 'Bash', input: { command } },
    { mode, policy, cwd: '/home/user/project', home: '/home/user', ...(environment ? { environment } : {}) },
  );
}

describe('unreadable input and hidden code: a firm ask in every mode', () => {
  const commands = [
    'ls \\\r\nevil',
    'ls src\v# ; evil',
    'rm -rf ~\nif',
    'coproc { rm -rf ~; }',
    'ls\u00a0-la',
    "x='a[$(evil)]'; echo $[x]",
    'echo "${x:-\'$(evil)\'}"',
    '[[ x =~ `evil` ]]; ls',
    'echo ' + 'x'.repeat(10_001),
  ];
  it.each(commands)('%j', (command) => {
    for (const mode of ['default', 'acceptEdits', 'bypassPermissions', 'plan', 'auto'] as const) {
      for (const permissions of [{}, NARROW, ALL_BUT_DENIED, { allow: ['Bash'] }]) {
        const d = decide(command, permissions, mode);
        // A deny rule that names a part literally still denies.
        if (d.behavior === 'deny' && permissions === ALL_BUT_DENIED) continue;
        expect(d, `${mode} ${JSON.stringify(permissions)}`).toMatchObject({ behavior: 'ask', askKind: 'firm' });
      }
    }
    expect(decide(command, {}, 'dontAsk').behavior).toBe('deny');
  });

  it('still denies what a deny rule names literally', () => {
    expect(decide('rm -rf src\nif', ALL_BUT_DENIED).behavior).toBe('deny');
  });
});

describe('programs named by a path', () => {
  it.each(['./cat README.md', 'sub/ls', '/opt/x/cat', '../bin/grep x', './timeout 5 ls'])('%j is not read-only', (command) => {
    expect(decide(command).behavior).toBe('ask');
    expect(decide(command, NARROW).behavior).toBe('ask');
  });
  it('an allow rule covers one as written; a deny rule matches it by name', () => {
    expect(decide('./build.sh x', NARROW).behavior).toBe('allow');
    expect(decide('/bin/rm -rf src', ALL_BUT_DENIED).behavior).toBe('deny');
  });
});

describe('state changes', () => {
  it.each([
    'PATH=sub:$PATH; ls',
    'HOME=sub; git status',
    'OLDPWD=$HOME; cd -; cat id_rsa',
    'cd; grep -r PRIVATE',
    'cd && ls -la',
    'f() { evil; }; ls',
  ])('%j: a plain ask without deny or ask rules, firm with them, never covered by a narrow allow rule', (command) => {
    expect(decide(command)).toMatchObject({ behavior: 'ask', askKind: 'plain' });
    expect(decide(command, NARROW)).toMatchObject({ behavior: 'ask' });
    const d = decide(command, ALL_BUT_DENIED);
    if (d.behavior !== 'deny') expect(d).toMatchObject({ behavior: 'ask', askKind: 'firm' });
  });
  it('a removal after one is a critical-path ask, a write after one may be protected', () => {
    expect(decide('cd $X; rm -rf .', {}, 'bypassPermissions')).toMatchObject({
      behavior: 'ask',
      askKind: 'firm',
      reason: { kind: 'criticalRemoval' },
    });
    expect(decide('HOME=/home; cd; rm -rf user', {}, 'bypassPermissions')).toMatchObject({ behavior: 'ask', askKind: 'firm' });
    expect(decide('X=.git; cd $X; echo x > config', {}, 'bypassPermissions')).toMatchObject({ behavior: 'ask', askKind: 'protected' });
  });
  it('literal cd and plain variables change nothing', () => {
    expect(decide('cd src && ls').behavior).toBe('allow');
    expect(decide('x=1; ls').behavior).toBe('allow');
    // CDPATH not known to be unset: src may be any directory named src — a plain ask, never firm.
    expect(decide('cd src && ls', { deny: ['Read(./.env)'] }, 'default', null)).toMatchObject({ behavior: 'ask', askKind: 'plain' });
    expect(decide('cd src && ls', {}, 'default', { values: { CDPATH: null } }).behavior).toBe('allow');
    expect(decide('set -euo pipefail; echo hi', NARROW).behavior).toBe('ask');
  });
});

describe('brace operands and reads next to rule-covered parts', () => {
  it('spells out braces before containment', () => {
    expect(decide('ls {.,..}').behavior).toBe('ask');
    expect(decide('ls {src,.}').behavior).toBe('allow');
  });
  it('a read-only part must read inside the working directories even when another part is covered by a rule', () => {
    expect(decide('echo hi && cat /etc/passwd', NARROW).behavior).toBe('ask');
    expect(decide('echo hi | tree {.,..}', NARROW).behavior).toBe('ask');
    expect(decide('echo hi && cat README.md', NARROW).behavior).toBe('allow');
  });
});
