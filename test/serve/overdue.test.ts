import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOverdueSweep, noAnswerWithin } from '../../src/serve/overdue.js';
import { openSqliteStore, type AskExpiry, type AskRecord } from '../../src/store/index.js';
import { newAsk } from '../store/suite.js';
import { eventually, sandbox, start, type Sandbox } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-overdue-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

describe('asks no process holds are given up at their deadline (fake clock, SQLite)', () => {
  it('gives up an API ask past its deadline once, with the reason of a held ask whose hold ran out; leaves held, answered and early asks alone', async () => {
    const file = join(dir, `o-${++n}.db`);
    const a = await openSqliteStore({ file });
    const b = await openSqliteStore({ file });
    let t = 1_000_000;
    const given: { sweeper: string; ask: AskRecord; why: AskExpiry }[] = [];
    const sweep = (store: typeof a, sweeper: string) =>
      createOverdueSweep({
        store,
        timeoutMs: 60_000,
        now: () => t,
        log: () => {},
        onExpired: async (ask, why) => void given.push({ sweeper, ask, why }),
      });
    const sa = sweep(a, 'a');
    const sb = sweep(b, 'b');
    await a.parkAsk(newAsk('api-1', { origin: 'api', createdAt: t, expiresAt: t + 60_000 }));
    await a.parkAsk(newAsk('api-answered', { origin: 'api', createdAt: t, expiresAt: t + 60_000 }));
    await a.parkAsk(newAsk('held', { holder: 'holder_x', createdAt: t, expiresAt: t + 1_000 }));
    // Parked before asks had a deadline: given up a timeout after it was parked.
    await a.parkAsk(newAsk('legacy', { origin: 'api', createdAt: t - 59_000 }));
    await sa.tick();
    expect(given).toEqual([]);
    t += 1_000;
    await sa.tick();
    expect(given.map((g) => g.ask.id)).toEqual(['legacy']);
    await a.answerAsk('api-answered', { answer: { behavior: 'deny', message: 'no' }, scope: 'once', answerer: 'token', answeredAt: t });
    t += 59_000;
    await Promise.all([sa.tick(), sb.tick()]);
    expect(given.map((g) => g.ask.id)).toEqual(['legacy', 'api-1']);
    const why = noAnswerWithin(60_000);
    expect(why).toEqual({ code: 'holdTimeout', message: 'no answer within 60 s' });
    expect(given.every((g) => g.why.message === why.message)).toBe(true);
    expect(await a.getAsk('api-1')).toMatchObject({ state: 'expired', expiry: why, updatedAt: t });
    expect((await a.getAsk('api-answered'))?.state).toBe('answered');
    // A held ask is its holder's to give up (the end of its hold, or its holder's silence).
    expect((await a.getAsk('held'))?.state).toBe('pending');
    await a.close();
    await b.close();
  });

  it('a store that cannot be read gives nothing up and says so once; the next sweep after it answers does', async () => {
    const file = join(dir, `o-${++n}.db`);
    const store = await openSqliteStore({ file });
    let down = true;
    const lines: string[] = [];
    const flaky = new Proxy(store, {
      get(target, key) {
        const v = (target as unknown as Record<string | symbol, unknown>)[key];
        if (key !== 'overdueAsks' || typeof v !== 'function')
          return typeof v === 'function' ? (v as (...x: unknown[]) => unknown).bind(target) : v;
        return (...args: unknown[]) =>
          down ? Promise.reject(new Error('disk I/O error')) : (v as (...x: unknown[]) => unknown).apply(target, args);
      },
    });
    const given: string[] = [];
    const s = createOverdueSweep({
      store: flaky,
      timeoutMs: 1_000,
      now: () => 10_000,
      log: (l) => lines.push(l),
      onExpired: async (ask) => void given.push(ask.id),
    });
    await store.parkAsk(newAsk('api-1', { origin: 'api', createdAt: 1, expiresAt: 2 }));
    await s.tick();
    await s.tick();
    expect(given).toEqual([]);
    expect(lines).toEqual(['toolgate serve: could not give up overdue asks (disk I/O error); they are given up once the store answers']);
    down = false;
    await s.tick();
    expect(given).toEqual(['api-1']);
    await store.close();
  });
});

describe('an ask parked through the JSON API expires (toolgate serve)', () => {
  let sb: Sandbox;
  let project: string;
  beforeAll(() => {
    sb = sandbox();
    project = sb.project('api', {});
  });
  afterAll(() => sb.cleanup());

  it('answered deny once --api-ask-timeout passes: the polling client learns why, a late answer is refused, the audit log has it', async () => {
    const s = await start(sb, { projects: [project], apiAskTimeoutSeconds: 1 });
    try {
      const parked = await s.api('POST', '/v1/decisions', {
        call: { tool: 'Bash', input: { command: 'npm publish' } },
        context: { cwd: project, sessionId: 'api-exp' },
      });
      const id = parked.body['askId'] as string;
      expect(id).toMatch(/^ask_/);
      const view = (await s.api('GET', `/v1/asks/${id}`)).body;
      expect(view).toMatchObject({ state: 'pending', expiresAt: expect.any(String) });
      // The client long-polls; the sweep gives the ask up at its deadline and wakes it.
      const polled = await s.api('GET', `/v1/asks/${id}?wait=20`);
      const why = 'no answer within 1 s';
      expect(polled.body).toMatchObject({
        state: 'expired',
        expiry: { code: 'holdTimeout', message: why },
        decision: { behavior: 'deny', message: why },
      });
      expect((await s.answer(id, { behavior: 'allow' })).status).toBe(409);
      const log = await eventually(async () => {
        const entries = await s.store.readAudit({ askId: id });
        return entries.some((e) => e.event === 'expired') ? entries : undefined;
      });
      expect(log.map((e) => [e.event, e.behavior, e.decidedBy])).toEqual([
        ['decision', 'ask', 'rules'],
        ['expired', 'deny', 'timeout'],
      ]);
      expect(log[1]?.reason).toBe(why);
    } finally {
      await s.stop();
    }
  });

  it('refuses a timeout that is not a positive number of seconds', async () => {
    await expect(start(sb, { projects: [project], apiAskTimeoutSeconds: 0 })).rejects.toThrow(
      /apiAskTimeoutSeconds must be a positive number of seconds/,
    );
  });
});
