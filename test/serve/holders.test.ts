import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHolder, holderSilent, type Holder } from '../../src/serve/holders.js';
import { openSqliteStore, StoreUnavailableError, type AskExpiry, type AskRecord, type Store } from '../../src/store/index.js';
import { newAsk } from '../store/suite.js';
import { eventually, preToolUse, sandbox, spawnServe, start, TEST_TOKEN, type Sandbox } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-holders-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

const TIMEOUT = 30_000;
const INTERVAL = 10_000;

/** A real SQLite store that can be made unreachable: every call then rejects as a lost database would. */
function breakable(inner: Store): Store & { down: boolean } {
  const wrapped = { down: false } as Store & { down: boolean };
  return new Proxy(wrapped, {
    get(target, key) {
      if (key === 'down') return target.down;
      const v = (inner as unknown as Record<string | symbol, unknown>)[key];
      if (typeof v !== 'function') return v;
      if (key === 'subscribe' || key === 'close') return (v as (...a: unknown[]) => unknown).bind(inner);
      return (...args: unknown[]) =>
        target.down
          ? Promise.reject(new StoreUnavailableError('disk I/O error (test: store unreachable)'))
          : (v as (...a: unknown[]) => Promise<unknown>).apply(inner, args);
    },
    set(target, key, value) {
      if (key !== 'down') return false;
      target.down = value as boolean;
      return true;
    },
  });
}

/** Two holders on one SQLite file (each with its own connection) and a clock the test moves. */
async function pair() {
  const file = join(dir, `h-${++n}.db`);
  const storeA = await openSqliteStore({ file });
  const storeB = breakable(await openSqliteStore({ file }));
  let t = 1_000_000;
  const clock = { now: () => t, advance: (ms: number) => (t += ms) };
  const given: { asks: readonly AskRecord[]; holder: string; why: AskExpiry }[] = [];
  const lines: string[] = [];
  const make = (store: Store, id: string): Holder =>
    createHolder({
      store,
      id,
      timeoutMs: TIMEOUT,
      intervalMs: INTERVAL,
      now: clock.now,
      log: (l) => lines.push(l),
      onExpired: async (asks, holder, why) => void given.push({ asks, holder, why }),
    });
  const a = make(storeA, 'holder_a');
  const b = make(storeB, 'holder_b');
  const park = (id: string, holder = 'holder_a') => storeA.parkAsk(newAsk(id, { holder }));
  /** Move the clock one interval and let each live holder tick (A only while `aAlive`). */
  const step = async (aAlive: boolean) => {
    clock.advance(INTERVAL);
    if (aAlive) await a.tick();
    await b.tick();
  };
  const close = async () => {
    await storeA.close();
    await storeB.close();
  };
  return { storeA, storeB, a, b, clock, given, lines, park, step, close };
}

describe('holders of asks: heartbeat and the watch on other holders (fake clock, SQLite)', () => {
  it("keeps a beating holder's asks; gives up a silent one's once it was seen silent for the timeout, with the reason, exactly once", async () => {
    const h = await pair();
    await h.a.ready();
    await h.park('a1');
    await h.park('a2');
    // Alive: ten intervals, no expiry.
    for (let i = 0; i < 10; i++) await h.step(true);
    expect((await h.storeA.listAsks()).map((a) => a.state)).toEqual(['pending', 'pending']);
    // A falls silent. Two intervals later (20 s) nothing yet; the third look (30 s) gives up.
    await h.step(false);
    await h.step(false);
    expect((await h.storeA.listAsks()).length).toBe(2);
    expect(h.given).toEqual([]);
    await h.step(false);
    const why = holderSilent(TIMEOUT);
    expect(why.message).toBe('the serve process holding this ask stopped answering (no heartbeat for 30 s)');
    expect(h.given.map((g) => [g.holder, g.asks.map((a) => a.id).sort(), g.why])).toEqual([['holder_a', ['a1', 'a2'], why]]);
    const after = await h.storeA.listAsks({ state: 'all' });
    expect(after.map((a) => [a.state, a.expiry?.code])).toEqual([
      ['expired', 'holderSilent'],
      ['expired', 'holderSilent'],
    ]);
    // Nothing more to give up, and the holder is forgotten.
    await h.step(false);
    await h.step(false);
    expect(h.given).toHaveLength(1);
    expect((await h.storeA.listHolders()).map((x) => x.id)).toEqual(['holder_b']);
    await h.close();
  });

  it('never gives up its own asks, nor asks nothing holds (API asks)', async () => {
    const h = await pair();
    await h.b.ready();
    await h.park('own', 'holder_b');
    await h.storeA.parkAsk(newAsk('api'));
    for (let i = 0; i < 10; i++) await h.step(false);
    expect((await h.storeA.listAsks()).map((a) => a.state)).toEqual(['pending', 'pending']);
    expect(h.given).toEqual([]);
    await h.close();
  });

  it('gives up the asks of a holder that never beat, after the same watch', async () => {
    const h = await pair();
    await h.park('orphan', 'holder_gone');
    for (let i = 0; i < 3; i++) await h.step(false);
    expect(h.given).toEqual([]);
    await h.step(false);
    expect(h.given.map((g) => g.asks.map((a) => a.id))).toEqual([['orphan']]);
    await h.close();
  });

  it('decides nothing from what it saw before the store was unreachable: the watch starts over once it answers', async () => {
    const h = await pair();
    await h.a.ready();
    await h.park('a1');
    await h.step(true);
    // The store goes away for a minute; A (a process that cannot reach it either) does not beat.
    h.storeB.down = true;
    for (let i = 0; i < 6; i++) await h.step(false);
    expect(h.lines.some((l) => /no ask is given up for silence until the store answers again/.test(l))).toBe(true);
    h.storeB.down = false;
    // Back: A has not beaten for 70 s, but B has watched for no time at all.
    await h.step(false);
    expect(h.given).toEqual([]);
    expect((await h.storeA.getAsk('a1'))?.state).toBe('pending');
    // A beats again within the timeout: its ask stays.
    await h.step(true);
    for (let i = 0; i < 5; i++) await h.step(true);
    expect((await h.storeA.getAsk('a1'))?.state).toBe('pending');
    expect(h.given).toEqual([]);
    await h.close();
  });

  it('starts the watch over after a late look (the process was paused or the machine slept)', async () => {
    const h = await pair();
    await h.a.ready();
    await h.park('a1');
    await h.step(true);
    await h.b.tick();
    // Everyone slept for an hour; B wakes first.
    h.clock.advance(3_600_000);
    await h.b.tick();
    expect(h.given).toEqual([]);
    await h.step(true);
    expect((await h.storeA.getAsk('a1'))?.state).toBe('pending');
    await h.close();
  });

  it('a holder that beats between the look and the expiry keeps its asks (the expiry checks the beat count it saw)', async () => {
    const h = await pair();
    await h.a.ready();
    await h.park('a1');
    const [seen] = (await h.storeB.listHolders()).filter((x) => x.id === 'holder_a');
    await h.storeA.beatHolder('holder_a', h.clock.now());
    expect(await h.storeB.expireHolder('holder_a', seen?.beats, h.clock.now(), holderSilent(TIMEOUT))).toEqual([]);
    expect((await h.storeA.getAsk('a1'))?.state).toBe('pending');
    await h.close();
  });

  it('a holder whose store is down cannot park: ready() rejects, and succeeds once the store answers', async () => {
    const h = await pair();
    const c = createHolder({
      store: h.storeB,
      id: 'holder_c',
      timeoutMs: TIMEOUT,
      now: h.clock.now,
      log: () => {},
      onExpired: async () => {},
    });
    h.storeB.down = true;
    await expect(c.ready()).rejects.toBeInstanceOf(StoreUnavailableError);
    h.storeB.down = false;
    await c.ready();
    expect((await h.storeA.listHolders()).find((x) => x.id === 'holder_c')).toMatchObject({ beats: 1 });
    await h.close();
  });
});

describe('a serve process killed while holding an ask', () => {
  let sb: Sandbox;
  let project: string;
  beforeAll(() => {
    sb = sandbox();
    project = sb.project('held', { permissions: { allow: ['Bash(npm run lint)'] } });
  });
  afterAll(() => sb.cleanup());

  it('another serve on the same SQLite store gives the ask up within the holder timeout: expired with the reason, a deny to anyone polling, in the audit log', async () => {
    const storeFile = join(sb.root, 'state', 'killed.db');
    const tokenFile = join(sb.root, 'serve-token');
    writeFileSync(tokenFile, `${TEST_TOKEN}\n`, { mode: 0o600 });
    const killed = await spawnServe(sb, project, [
      '--store',
      `sqlite:${storeFile}`,
      '--token-file',
      tokenFile,
      '--ask-holder-timeout',
      '1',
    ]);
    const b = await start(sb, { projects: [project], storeFile, holderTimeoutSeconds: 1 });
    try {
      // An API ask: nothing holds it (its client polls), so no silence gives it up.
      const api = await b.api('POST', '/v1/decisions', {
        call: { tool: 'Bash', input: { command: 'npm publish' } },
        context: { cwd: project, sessionId: 'api-1' },
      });
      const apiAsk = api.body['askId'] as string;
      const held = post(killed.port, preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'killed-1' }));
      const ask = await eventually(async () => (await b.store.listAsks({ sessionId: 'killed-1' }))[0]);
      expect(ask.holder).toMatch(/^holder_/);
      // The decision's audit entry, committed by the process about to die.
      await eventually(async () => ((await b.store.readAudit({ askId: ask.id })).length > 0 ? true : undefined));
      killed.child.kill('SIGKILL');
      const t0 = performance.now();
      expect((await held).ok).toBe(false);

      const expired = await eventually(async () => {
        const a = await b.store.getAsk(ask.id);
        return a?.state === 'expired' ? a : undefined;
      }, 10_000);
      const took = performance.now() - t0;
      // Silent for the timeout (1 s) since its last beat (at most a third of it before the kill), as
      // watched by B, found at one of B's looks (every third of it).
      expect(took).toBeGreaterThanOrEqual(1_000 - 334 - 50);
      expect(took).toBeLessThan(1_000 + 2 * 334 + 1_000);
      const why = 'the serve process holding this ask stopped answering (no heartbeat for 1 s)';
      expect(expired.expiry).toEqual({ code: 'holderSilent', message: why });

      // Polled: a deny with the reason, never pending; listed as expired.
      const polled = await b.api('GET', `/v1/asks/${ask.id}`);
      expect(polled.body).toMatchObject({
        state: 'expired',
        expiry: { code: 'holderSilent', message: why },
        decision: { behavior: 'deny', message: why },
      });
      expect((await b.api('GET', '/v1/asks?session=killed-1')).body['asks']).toEqual([]);
      expect((await b.api('GET', '/v1/asks?session=killed-1&state=expired')).body['asks']).toEqual([
        expect.objectContaining({ id: ask.id }),
      ]);
      expect((await b.answer(ask.id, { behavior: 'allow' })).status).toBe(409);
      const entries = await eventually(async () => {
        const log = await b.store.readAudit({ askId: ask.id });
        return log.some((e) => e.event === 'expired') ? log : undefined;
      });
      expect(entries.map((e) => [e.event, e.behavior, e.reason])).toEqual([
        ['PreToolUse', 'ask', expect.any(String)],
        ['expired', 'deny', why],
      ]);
      expect(entries[1]?.detail).toContain(`holder ${ask.holder}`);
      expect(b.lines.some((l) => l.includes(`gave up 1 ask of serve process ${ask.holder}`))).toBe(true);
      expect(await b.store.getAsk(apiAsk)).toMatchObject({ state: 'pending' });
      expect((await b.store.getAsk(apiAsk))?.holder).toBeUndefined();
    } finally {
      killed.child.kill('SIGKILL');
      await b.stop();
    }
  });
});

/** POST a hook event; a cut connection is `ok: false`. */
function post(port: number, event: Record<string, unknown>): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false }> {
  return new Promise((done) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: '/hooks/claude-code', method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => done({ ok: true, body: JSON.parse(text) as Record<string, unknown> }));
        res.on('error', () => done({ ok: false }));
      },
    );
    req.on('error', () => done({ ok: false }));
    req.end(JSON.stringify(event));
  });
}
