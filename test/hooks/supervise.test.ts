import { describe, expect, it, vi } from 'vitest';
import {
  compileHooks,
  createHookDispatcher,
  createTransportRegistry,
  hookGroupsFromCallbacks,
  type HookCallback,
} from '../../src/hooks/index.js';
import { createDeadlines, type Deadline } from '../../src/hooks/transports/deadlines.js';
import { bash } from './helpers.js';

function callbacks(hooks: Parameters<typeof hookGroupsFromCallbacks>[0]) {
  const { registry } = compileHooks(hookGroupsFromCallbacks(hooks));
  return createHookDispatcher({ registry, projectDir: '/p', cwd: '/p', sessionId: 's' });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('callback timeouts and cancellation', () => {
  it('aborts the signal a callback holds when its timeout passes, with a TimeoutError', async () => {
    let reason: unknown;
    const hang: HookCallback = (_input, _id, { signal }) =>
      new Promise(() => {
        signal.addEventListener('abort', () => (reason = signal.reason));
      });
    const r = await callbacks({ PreToolUse: [{ hooks: [hang], timeout: 0.03 }] }).run('PreToolUse', bash('ls'));
    expect(r.outcomes[0]).toMatchObject({ status: 'timedOut', message: 'hook did not respond within 0.03 s' });
    expect(r.answer).toMatchObject({ decision: 'deny' });
    expect(reason).toBeInstanceOf(DOMException);
    expect((reason as DOMException).name).toBe('TimeoutError');
  });

  it('a signal first read after the timeout is already aborted, and its late allow does not count', async () => {
    let late: { aborted: boolean; name: unknown } | undefined;
    const slow: HookCallback = async (_input, _id, options) => {
      await sleep(80);
      late = { aborted: options.signal.aborted, name: (options.signal.reason as DOMException | undefined)?.name };
      return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } };
    };
    const r = await callbacks({ PreToolUse: [{ hooks: [slow], timeout: 0.02 }] }).run('PreToolUse', bash('ls'));
    expect(r.answer).toMatchObject({ decision: 'deny' });
    await sleep(120);
    expect(late).toEqual({ aborted: true, name: 'TimeoutError' });
  });

  it('the options are { signal } with signal an own enumerable key, so a copy keeps it', async () => {
    let keys: string[] = [];
    let copied: unknown;
    const cb: HookCallback = async (_input, _id, options) => {
      keys = Object.keys(options);
      copied = { ...options }.signal;
      return {};
    };
    await callbacks({ PreToolUse: [{ hooks: [cb] }] }).run('PreToolUse', bash('ls'));
    expect(keys).toEqual(['signal']);
    expect(copied).toBeInstanceOf(AbortSignal);
  });

  it('the signal is the same object every time and is not aborted while the callback runs in time', async () => {
    const seen: AbortSignal[] = [];
    const cb: HookCallback = async (_input, _id, options) => {
      seen.push(options.signal, options.signal);
      return {};
    };
    const r = await callbacks({ PreToolUse: [{ hooks: [cb] }] }).run('PreToolUse', bash('ls'));
    expect(r.outcomes[0]?.status).toBe('success');
    expect(seen[0]).toBe(seen[1]);
    expect(seen[0]?.aborted).toBe(false);
  });

  it('each handler has its own timeout: a fast hang does not cut a slower handler short', async () => {
    const hang: HookCallback = () => new Promise(() => {});
    const slowAllow: HookCallback = async () => (
      await sleep(60),
      { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask' } }
    );
    const { registry } = compileHooks([
      ...hookGroupsFromCallbacks({ PreToolUse: [{ hooks: [slowAllow], timeout: 5 }] }),
      ...hookGroupsFromCallbacks({ PreToolUse: [{ hooks: [hang], timeout: 0.02 }] }),
    ]);
    const r = await createHookDispatcher({ registry, projectDir: '/p', cwd: '/p', sessionId: 's' }).run('PreToolUse', bash('ls'));
    expect(r.outcomes.map((o) => o.status)).toEqual(['success', 'timedOut']);
    expect(r.answer).toMatchObject({ decision: 'deny' });
  });

  it('a caller abort cancels a callback (the reason reaches its signal) and blocks the call', async () => {
    let reason: unknown;
    const hang: HookCallback = (_input, _id, { signal }) =>
      new Promise(() => {
        signal.addEventListener('abort', () => (reason = signal.reason));
      });
    const controller = new AbortController();
    setTimeout(() => controller.abort('host stopped'), 20);
    const r = await callbacks({ PreToolUse: [{ hooks: [hang] }] }).run('PreToolUse', bash('ls'), { signal: controller.signal });
    expect(r.outcomes[0]?.status).toBe('cancelled');
    expect(r.answer).toMatchObject({ decision: 'deny' });
    expect(reason).toBe('host stopped');
  });

  it('a caller signal that is already aborted cancels at once; the callback still sees an aborted signal', async () => {
    let aborted: boolean | undefined;
    const cb: HookCallback = async (_input, _id, { signal }) => ((aborted = signal.aborted), {});
    const r = await callbacks({ PreToolUse: [{ hooks: [cb] }] }).run('PreToolUse', bash('ls'), { signal: AbortSignal.abort('gone') });
    expect(r.outcomes[0]?.status).toBe('cancelled');
    expect(aborted).toBe(true);
  });

  it('a host transport that throws synchronously or rejects fails without throwing', async () => {
    const { registry } = compileHooks(
      [
        { event: 'PreToolUse', hooks: [{ type: 'sync-throw' }], source: { kind: 'inline' } },
        { event: 'PreToolUse', hooks: [{ type: 'reject' }], source: { kind: 'inline' } },
      ],
      { knownTypes: ['sync-throw', 'reject'] },
    );
    const transports = createTransportRegistry()
      .registerTransport('sync-throw', {
        run: () => {
          throw new Error('sync');
        },
      })
      .registerTransport('reject', { run: () => Promise.reject(new Error('async')) });
    const r = await createHookDispatcher({ registry, transports, projectDir: '/p', cwd: '/p', sessionId: 's' }).run(
      'PreToolUse',
      bash('ls'),
    );
    expect(r.outcomes.map((o) => [o.status, o.message])).toEqual([
      ['error', 'hook transport threw: sync'],
      ['error', 'hook transport threw: async'],
    ]);
  });

  it('a transport reads the input JSON only on demand, and gets the same text each time', async () => {
    const texts: string[] = [];
    const { registry } = compileHooks([{ event: 'PreToolUse', hooks: [{ type: 'json' }, { type: 'json2' }], source: { kind: 'inline' } }], {
      knownTypes: ['json', 'json2'],
    });
    const json = {
      run: async (_h: unknown, req: { inputJson: string }) => (
        texts.push(req.inputJson, req.inputJson),
        { status: 'returned' as const, value: {} }
      ),
    };
    const transports = createTransportRegistry().registerTransport('json', json).registerTransport('json2', json);
    await createHookDispatcher({ registry, transports, projectDir: '/p', cwd: '/p', sessionId: 's' }).run('PreToolUse', bash('ls'));
    expect(texts).toHaveLength(4);
    expect(new Set(texts).size).toBe(1);
    expect(JSON.parse(texts[0] ?? '')).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', session_id: 's', cwd: '/p' });
  });
});

describe('the request a transport gets', () => {
  it('is a plain object with the usual fields in order; a copy of it keeps the signal and the JSON', async () => {
    let keys: string[] = [];
    let copy: Record<string, unknown> = {};
    const { registry } = compileHooks([{ event: 'PreToolUse', hooks: [{ type: 'peek' }], source: { kind: 'inline' } }], {
      knownTypes: ['peek'],
    });
    const transports = createTransportRegistry().registerTransport('peek', {
      run: async (_h, req) => {
        keys = Object.keys(req);
        copy = { ...req };
        return { status: 'returned', value: {} };
      },
    });
    await createHookDispatcher({ registry, transports, projectDir: '/p', cwd: '/c', sessionId: 's' }).run(
      'PreToolUse',
      bash('ls', 'toolu_7'),
    );
    expect(keys).toEqual(['event', 'input', 'inputJson', 'toolUseId', 'signal', 'timeoutMs', 'env', 'cwd', 'projectDir']);
    expect(copy['signal']).toBeInstanceOf(AbortSignal);
    expect(JSON.parse(copy['inputJson'] as string)).toMatchObject({ tool_use_id: 'toolu_7', cwd: '/c' });
    expect(copy).toMatchObject({ event: 'PreToolUse', toolUseId: 'toolu_7', timeoutMs: 600_000, cwd: '/c', projectDir: '/p' });
  });
});

describe('createDeadlines (one timer for every handler timeout)', () => {
  const deadline = (at: number, fired: number[]): Deadline => ({ at, expire: () => void fired.push(at), prev: undefined, next: undefined });

  it('expires deadlines in time order, including an earlier one added after a later one', async () => {
    const fired: number[] = [];
    const d = createDeadlines();
    const t = performance.now();
    const late = deadline(t + 60, fired);
    const early = deadline(t + 20, fired);
    d.add(late);
    d.add(early);
    await sleep(40);
    expect(fired).toEqual([early.at]);
    await sleep(60);
    expect(fired).toEqual([early.at, late.at]);
  });

  it('expires many deadlines, deleted ones in the middle of the list excepted, and may be reused after', async () => {
    const fired: number[] = [];
    const d = createDeadlines();
    const t = performance.now();
    const all = Array.from({ length: 6 }, (_, i) => deadline(t + 10 + i, fired));
    for (const x of all) d.add(x);
    d.delete(all[2]!);
    d.delete(all[5]!);
    d.delete(all[0]!);
    await sleep(50);
    expect(fired.sort()).toEqual([all[1]!.at, all[3]!.at, all[4]!.at].sort());
    const again = deadline(performance.now() + 5, fired);
    d.add(again);
    d.add(again);
    await sleep(40);
    expect(fired.filter((x) => x === again.at)).toHaveLength(1);
  });

  it('a deleted deadline never expires, and deleting twice is harmless', async () => {
    const fired: number[] = [];
    const d = createDeadlines();
    const one = deadline(performance.now() + 10, fired);
    d.add(one);
    d.delete(one);
    d.delete(one);
    await sleep(40);
    expect(fired).toEqual([]);
  });

  it('a timer that fires before the deadline (a coarse clock) waits for the rest', async () => {
    const fired: number[] = [];
    // A clock the test moves: however late the machine runs the timers, it reads the same until moved.
    let clock = performance.now();
    const d = createDeadlines(() => clock);
    const one = deadline(clock + 10, fired);
    d.add(one);
    await sleep(40); // the 10 ms timer has fired (more than once), and the clock still reads before the deadline
    expect(fired).toEqual([]);
    clock += 10;
    await vi.waitFor(() => expect(fired).toEqual([one.at]), { timeout: 5_000, interval: 5 });
  });

  it('a timeout beyond setTimeout’s range (24.8 days) does not fire at once', async () => {
    const fired: number[] = [];
    const d = createDeadlines();
    const far = deadline(performance.now() + 30 * 24 * 3600 * 1000, fired);
    d.add(far);
    await sleep(20);
    expect(fired).toEqual([]);
    d.delete(far);
  });
});
