import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import { bash, edit, gateFor, preToolUse, CWD } from './helpers.js';

beforeAll(() => prepare());

describe('kernel: PreToolUse hooks and the rules', () => {
  it('a hook deny beats an allow rule and bypassPermissions', async () => {
    const gate = gateFor({
      settings: { permissions: { allow: ['Bash'] } },
      mode: 'bypassPermissions',
      pre: [preToolUse('deny', { reason: 'no commits' })],
    });
    const r = await gate.check(bash('git commit -m x'));
    expect(r.behavior).toBe('deny');
    if (r.behavior !== 'deny') return;
    expect(r.decidedBy).toBe('preToolUseHook');
    expect(r.message).toBe('no commits');
  });

  it('a deny rule beats a hook allow', async () => {
    const gate = gateFor({ settings: { permissions: { deny: ['Bash(rm *)'] } }, pre: [preToolUse('allow')] });
    const r = await gate.check(bash('rm -rf build'));
    expect(r.behavior).toBe('deny');
    if (r.behavior === 'deny') expect(r.decidedBy).toBe('rules');
  });

  it('an ask rule beats a hook allow (firm ask)', async () => {
    const gate = gateFor({ settings: { permissions: { ask: ['Bash(git push *)'] } }, pre: [preToolUse('allow')] });
    const r = await gate.check(bash('git push origin main'));
    expect(r.behavior).toBe('ask');
    if (r.behavior === 'ask') expect(r.pending.askKind).toBe('firm');
  });

  it('a hook allow answers a plain ask', async () => {
    const gate = gateFor({ pre: [preToolUse('allow', { reason: 'vetted' })] });
    const r = await gate.check(bash('npm install'));
    expect(r.behavior).toBe('allow');
    if (r.behavior === 'allow') {
      expect(r.decidedBy).toBe('preToolUseHook');
      expect(r.reason.kind).toBe('hook');
    }
  });

  it('a hook allow answers a protected-path ask, not a critical removal', async () => {
    const gate = gateFor({ pre: [preToolUse('allow')] });
    expect((await gate.check(edit(`${CWD}/.git/config`))).behavior).toBe('allow');
    expect((await gate.check(bash('rm -rf ~'))).behavior).toBe('ask');
  });

  it("a hook's ask is firm: bypassPermissions does not answer it", async () => {
    const gate = gateFor({ mode: 'bypassPermissions', pre: [preToolUse('ask', { reason: 'spends money' })] });
    const r = await gate.check(bash('ads-cli campaign update'));
    expect(r.behavior).toBe('ask');
    if (r.behavior === 'ask') {
      expect(r.pending.askKind).toBe('firm');
      expect(r.pending.reason).toEqual({ kind: 'hook', message: 'spends money' });
    }
  });

  it('a hook ask on a call the rules allow still asks', async () => {
    const gate = gateFor({ pre: [preToolUse('ask')] });
    expect((await gate.check(bash('ls'))).behavior).toBe('ask');
  });

  it('defer gives a deferred result', async () => {
    const gate = gateFor({ pre: [preToolUse('defer', { reason: 'later' })] });
    const r = await gate.check(bash('ls'));
    expect(r).toMatchObject({ behavior: 'deferred', reason: 'later' });
  });

  it('a throwing hook callback is a deny: permission check failed', async () => {
    const gate = gateFor({
      mode: 'bypassPermissions',
      pre: [
        async () => {
          throw new Error('boom');
        },
      ],
    });
    const r = await gate.check(bash('ls'));
    expect(r.behavior).toBe('deny');
    if (r.behavior === 'deny') {
      expect(r.reason.kind).toBe('checkFailed');
      expect(r.message).toMatch(/^permission check failed: .*boom/);
    }
  });

  it('the trace of the final decision includes the hook steps and the evaluate steps', async () => {
    const gate = gateFor({ pre: [preToolUse()] });
    const r = await gate.check(bash('ls'));
    expect(r.behavior).toBe('allow');
    const steps = r.trace.map((s) => s.step);
    expect(steps).toContain('preToolUseHook');
    expect(steps).toContain('preToolUseHooks');
    expect(steps).toContain('denyRules');
    expect(steps.indexOf('preToolUseHooks')).toBeLessThan(steps.indexOf('denyRules'));
  });

  it('dontAsk: a hook-approved call runs, a hook ask is denied, canUseTool is never called', async () => {
    let called = 0;
    const canUseTool = async () => {
      called++;
      return { behavior: 'allow' as const };
    };
    expect((await gateFor({ mode: 'dontAsk', pre: [preToolUse('allow')], canUseTool }).check(bash('npm install'))).behavior).toBe('allow');
    expect((await gateFor({ mode: 'dontAsk', pre: [preToolUse('ask')], canUseTool }).check(bash('ls'))).behavior).toBe('deny');
    expect((await gateFor({ mode: 'dontAsk', canUseTool }).check(bash('npm install'))).behavior).toBe('deny');
    expect(called).toBe(0);
  });
});

describe('kernel: rewrites', () => {
  it('updatedInput replaces the call, which is gated again (deny rules see the new input)', async () => {
    const gate = gateFor({
      settings: { permissions: { deny: ['Bash(rm *)'] } },
      pre: [
        async (input) =>
          (input['tool_input'] as { command: string }).command === 'ls'
            ? { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'rm -rf build' } } }
            : {},
      ],
    });
    const r = await gate.check(bash('ls'));
    expect(r.behavior).toBe('deny');
    expect(r.call.input).toEqual({ command: 'rm -rf build' });
    expect(r.rewrites).toBe(1);
  });

  it('allow + updatedInput runs the rewritten call, in every mode', async () => {
    for (const mode of ['default', 'bypassPermissions', 'acceptEdits'] as const) {
      const gate = gateFor({ mode, pre: [preToolUse('allow', { updatedInput: { command: 'rtk git status' } })] });
      const r = await gate.check(bash('git status'));
      expect(r.behavior).toBe('allow');
      expect(r.call.input).toEqual({ command: 'rtk git status' });
    }
  });

  it('a 4th rewrite is denied', async () => {
    let n = 0;
    const gate = gateFor({
      pre: [
        async () => ({
          hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow', updatedInput: { command: `echo ${n++}` } },
        }),
      ],
    });
    const r = await gate.check(bash('ls'));
    expect(r.behavior).toBe('deny');
    expect(r.rewrites).toBe(4);
    if (r.behavior === 'deny') expect(r.message).toMatch(/more than 3 times/);
  });

  it('three rewrites are fine', async () => {
    let n = 0;
    const gate = gateFor({
      pre: [async () => (n < 3 ? { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: `echo ${n++}` } } } : {})],
    });
    const r = await gate.check(bash('ls'));
    expect(r.behavior).toBe('allow');
    expect(r.rewrites).toBe(3);
    expect(r.call.input).toEqual({ command: 'echo 2' });
  });
});
