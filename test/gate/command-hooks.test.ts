import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { createGate } from '../../src/gate/index.js';
import { bash, HOME } from './helpers.js';

const DIR = fileURLToPath(new URL('../fixtures/gate', import.meta.url));
const guard = fileURLToPath(new URL('../fixtures/gate/guard.sh', import.meta.url));

beforeAll(() => prepare());

describe('real command hooks', () => {
  const gate = () =>
    createGate({
      policy: [
        {
          kind: 'userSettings',
          settings: {
            permissions: { allow: ['Bash'] },
            hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: guard, timeout: 10 }] }] },
          },
        },
      ],
      // Command hooks run in the gate's cwd, which must exist.
      cwd: DIR,
      home: HOME,
      mode: 'bypassPermissions',
    });

  it('an exit-2 block beats an allow rule and bypassPermissions; stderr is the reason', async () => {
    const r = await gate().check(bash('rm -rf build'));
    expect(r).toMatchObject({ behavior: 'deny', decidedBy: 'preToolUseHook', message: 'rm is blocked by guard.sh' });
  });

  it('a JSON allow with updatedInput runs the rewritten command', async () => {
    const r = await gate().check(bash('git status'));
    expect(r).toMatchObject({ behavior: 'allow', call: { input: { command: 'git status --short' } }, rewrites: 1 });
  });
});
