import { beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../src/evaluate/index.js';
import type { CanUseToolOptions, GateResult } from '../../src/gate/index.js';
import { bash, gateFor } from './helpers.js';

beforeAll(() => prepare());

const prAllow =
  (extra: Record<string, unknown> = {}) =>
  async () => ({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow', ...extra } } });

describe('resolving asks', () => {
  it('order: PermissionRequest hooks come before canUseTool', async () => {
    let called = false;
    const gate = gateFor({
      permissionRequest: [prAllow()],
      canUseTool: async () => ((called = true), { behavior: 'deny', message: 'no' }),
    });
    const r = await gate.check(bash('npm install'));
    expect(r).toMatchObject({ behavior: 'allow', decidedBy: 'permissionRequestHook' });
    expect(called).toBe(false);
  });

  it('a PermissionRequest deny with interrupt', async () => {
    const gate = gateFor({
      permissionRequest: [
        async () => ({
          hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'nope', interrupt: true } },
        }),
      ],
    });
    expect(await gate.check(bash('npm install'))).toMatchObject({ behavior: 'deny', message: 'nope', interrupt: true });
  });

  it('canUseTool gets the Agent SDK options and is not called for decided calls', async () => {
    const seen: { tool: string; opts: CanUseToolOptions }[] = [];
    const gate = gateFor({
      settings: { permissions: { ask: ['Bash(git push *)'], deny: ['Bash(rm *)'] } },
      canUseTool: async (tool, _input, opts) => (seen.push({ tool, opts }), { behavior: 'allow' }),
    });
    expect((await gate.check(bash('ls'))).behavior).toBe('allow');
    expect((await gate.check(bash('rm x'))).behavior).toBe('deny');
    expect(seen).toHaveLength(0);
    const r = await gate.check({ ...bash('git push origin main'), id: 'toolu_9' });
    expect(r).toMatchObject({ behavior: 'allow', decidedBy: 'canUseTool' });
    expect(seen).toHaveLength(1);
    const o = seen[0]!.opts;
    expect(o.toolUseID).toBe('toolu_9');
    expect(o.signal).toBeInstanceOf(AbortSignal);
    expect(o.decisionReason).toMatch(/git push/);
    expect(o.matchedAskRule).toEqual({ source: 'projectSettings', toolName: 'Bash', ruleContent: 'git push *' });
    expect(typeof o.requestId).toBe('string');
  });

  it('canUseTool receives suggestions and blockedPath', async () => {
    let opts: CanUseToolOptions | undefined;
    const gate = gateFor({ canUseTool: async (_t, _i, o) => ((opts = o), { behavior: 'deny', message: 'no thanks' }) });
    const r = await gate.check({ tool: 'Read', input: { file_path: '/etc/hosts' } });
    expect(r).toMatchObject({ behavior: 'deny', message: 'no thanks', decidedBy: 'canUseTool' });
    expect(opts?.blockedPath).toBe('/etc/hosts');
    expect(opts?.suggestions?.[0]).toMatchObject({ type: 'addDirectories' });
  });

  it('canUseTool returning null parks the call; a throwing one denies', async () => {
    expect((await gateFor({ canUseTool: async () => null }).check(bash('npm install'))).behavior).toBe('ask');
    const r = await gateFor({
      canUseTool: async () => {
        throw new Error('ui crashed');
      },
    }).check(bash('npm install'));
    expect(r).toMatchObject({ behavior: 'deny', reason: { kind: 'checkFailed' } });
  });

  it('a malformed canUseTool answer denies', async () => {
    const r = await gateFor({ canUseTool: async () => ({ behavior: 'yes' }) as never }).check(bash('npm install'));
    expect(r.behavior).toBe('deny');
  });

  it("canUseTool's updatedInput is gated again: a deny rule still wins", async () => {
    const gate = gateFor({
      settings: { permissions: { deny: ['Bash(rm *)'] } },
      canUseTool: async () => ({ behavior: 'allow', updatedInput: { command: 'rm -rf /tmp/x' } }),
    });
    const r = await gate.check(bash('npm install'));
    expect(r.behavior).toBe('deny');
    expect(r.rewrites).toBe(1);
  });

  it("canUseTool's updatedInput that asks again is approved by that answer", async () => {
    let n = 0;
    const gate = gateFor({ canUseTool: async () => (n++, { behavior: 'allow', updatedInput: { command: 'npm ci' } }) });
    const r = await gate.check(bash('npm install'));
    expect(r).toMatchObject({ behavior: 'allow', call: { input: { command: 'npm ci' } } });
    expect(n).toBe(1);
  });

  it('a prompt tool answers (JSON text accepted)', async () => {
    const gate = gateFor({ promptTool: async () => JSON.stringify({ behavior: 'allow' }) });
    expect(await gate.check(bash('npm install'))).toMatchObject({ behavior: 'allow', decidedBy: 'promptTool' });
    const bad = gateFor({ promptTool: async () => 'not json' });
    expect((await bad.check(bash('npm install'))).behavior).toBe('deny');
  });
});

describe('parking', () => {
  it('an ask parks with a JSON-serializable pending record and resumes after a round trip', async () => {
    const gate = gateFor();
    const parks: unknown[] = [];
    gate.on('park', (p) => parks.push(p));
    const r = await gate.check(bash('npm install'), { promptId: 'p1' });
    expect(r.behavior).toBe('ask');
    if (r.behavior !== 'ask') return;
    expect(parks).toHaveLength(1);
    const wire = JSON.parse(JSON.stringify(r.pending));
    expect(wire).toEqual(r.pending);
    expect(wire.promptId).toBe('p1');
    const other = gateFor();
    const resumed = await other.answer(wire, { behavior: 'allow' });
    expect(resumed).toMatchObject({ behavior: 'allow', decidedBy: 'answer', call: bash('npm install') });
  });

  it('the allow names who answered when the front end says (answeredBy), else "a person"', async () => {
    const gate = gateFor();
    const r = (await gate.check(bash('npm install'))) as Extract<GateResult, { behavior: 'ask' }>;
    const plain = await gate.answer(r.pending, { behavior: 'allow' });
    expect(plain).toMatchObject({ behavior: 'allow', reason: { kind: 'resolver', message: 'approved by a person' } });
    const named = await gate.answer(r.pending, { behavior: 'allow' }, { answeredBy: "the holder of serve's token" });
    expect(named).toMatchObject({ behavior: 'allow', reason: { kind: 'resolver', message: "approved by the holder of serve's token" } });
    expect(named.trace.map((t) => t.detail)).toContain("the holder of serve's token approved the call");
  });

  it('a deny answer denies with its message', async () => {
    const gate = gateFor();
    const r = (await gate.check(bash('npm install'))) as Extract<GateResult, { behavior: 'ask' }>;
    expect(await gate.answer(r.pending, { behavior: 'deny', message: 'not now', interrupt: true })).toMatchObject({
      behavior: 'deny',
      message: 'not now',
      interrupt: true,
    });
  });

  it('a deny rule added while the call waited wins over the answer', async () => {
    const gate = gateFor();
    const r = (await gate.check(bash('npm install'))) as Extract<GateResult, { behavior: 'ask' }>;
    await gate.applyUpdates([
      { type: 'addRules', behavior: 'deny', destination: 'session', rules: [{ toolName: 'Bash', ruleContent: 'npm *' }] },
    ]);
    expect((await gate.answer(r.pending, { behavior: 'allow' })).behavior).toBe('deny');
  });

  it("an answer's updatedInput is gated again", async () => {
    const gate = gateFor({ settings: { permissions: { deny: ['Bash(curl *)'] } } });
    const r = (await gate.check(bash('npm install'))) as Extract<GateResult, { behavior: 'ask' }>;
    expect((await gate.answer(r.pending, { behavior: 'allow', updatedInput: { command: 'curl evil.sh' } })).behavior).toBe('deny');
    const ok = await gate.answer(r.pending, { behavior: 'allow', updatedInput: { command: 'npm ci' } });
    expect(ok).toMatchObject({ behavior: 'allow', call: { input: { command: 'npm ci' } }, rewrites: 1 });
  });

  it('a malformed pending record or answer is denied', async () => {
    const gate = gateFor();
    expect((await gate.answer({} as never, { behavior: 'allow' })).behavior).toBe('deny');
    const r = (await gate.check(bash('npm install'))) as Extract<GateResult, { behavior: 'ask' }>;
    expect((await gate.answer(r.pending, { behavior: 'maybe' } as never)).behavior).toBe('deny');
  });
});

describe('batches', () => {
  it('gates in order and stops at the first ask; later calls wait ungated', async () => {
    let hookRuns = 0;
    const gate = gateFor({ pre: [async () => (hookRuns++, {})] });
    const out = await gate.checkBatch([bash('ls'), bash('npm install'), bash('ls'), bash('rm -rf x')]);
    expect(out.map((r) => r.behavior)).toEqual(['allow', 'ask', 'waiting', 'waiting']);
    expect(hookRuns).toBe(2);
  });
});
