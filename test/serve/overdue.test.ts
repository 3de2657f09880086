import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOverdueSweep, noAnswerWithin } from '../../src/serve/overdue.js';
import { openSqliteStore, type AskExpiry, type AskRecord } from '../../src/store/index.js';
import { newAsk } from '../store/suite.js';
import { eventually, preToolUse, sandbox, spawnServe, start, TEST_TOKEN, type Sandbox } from './helpers.js';

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

describe('a restart of toolgate serve on the same SQLite store leaves no ask pending for ever', () => {
  let sb: Sandbox;
  let project: string;
  beforeAll(() => {
    sb = sandbox();
    project = sb.project('restart', {});
  });
  afterAll(() => sb.cleanup());

  it(
    'after a restart an API ask can still be answered and re-polled; the others are given up deny with their reason, in the audit log',
    { timeout: 90_000 },
    async () => {
      const storeFile = join(sb.root, 'state', 'restart.db');
      const tokenFile = join(sb.root, 'serve-token');
      writeFileSync(tokenFile, `${TEST_TOKEN}\n`, { mode: 0o600 });
      const args = [
        '--store',
        `sqlite:${storeFile}`,
        '--token-file',
        tokenFile,
        '--ask-holder-timeout',
        '1',
        '--api-ask-timeout',
        '15',
        '--print-answer-codes',
      ];
      const first = await spawnServe(sb, project, args);
      const codes = collectCodes(first.child);
      let second: { child: ChildProcess; port: number } | undefined;
      const reader = await openSqliteStore({ file: storeFile });
      try {
        const decide = (port: number, session: string) =>
          call(port, 'POST', '/v1/decisions', {
            call: { tool: 'Bash', input: { command: 'npm publish' } },
            context: { cwd: project, sessionId: session },
          });
        const kept = (await decide(first.port, 'api-kept')).body['askId'] as string;
        const left = (await decide(first.port, 'api-left')).body['askId'] as string;
        const held = post(first.port, preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'hook-held' }));
        const hookAsk = await eventually(async () => (await reader.listAsks({ sessionId: 'hook-held' }))[0]);
        await eventually(async () => ((await reader.readAudit({ askId: hookAsk.id })).length > 0 ? true : undefined));
        const keptCode = await eventually(() => codes.get(kept));

        // A clean stop (the lock is let go), then serve again on the same store and token.
        first.child.kill('SIGTERM');
        await held;
        await new Promise((ok) => (first.child.exitCode !== null ? ok(undefined) : first.child.once('exit', ok)));
        second = await spawnServe(sb, project, args);
        const port = second.port;

        // Re-offered: the API ask is pending on the restarted serve, its answer releases the client's re-poll.
        expect((await call(port, 'GET', `/v1/asks/${kept}`)).body).toMatchObject({ state: 'pending' });
        const answered = await call(
          port,
          'POST',
          `/v1/asks/${kept}/answer`,
          { behavior: 'allow', scope: 'once', code: keptCode },
          { authorization: `Bearer ${TEST_TOKEN}` },
        );
        expect(answered.status).toBe(200);
        expect((await call(port, 'GET', `/v1/asks/${kept}`)).body).toMatchObject({ state: 'answered', decision: { behavior: 'allow' } });

        // The held hook ask: its request was cut; the restarted serve gives it up for its holder's silence.
        const hookGone = await eventually(async () => {
          const a = await reader.getAsk(hookAsk.id);
          return a?.state === 'expired' ? a : undefined;
        }, 20_000);
        expect(hookGone.expiry?.code).toBe('holderSilent');
        // The unanswered API ask: given up at its deadline, deny to its client, never an allow.
        const leftGone = (await call(port, 'GET', `/v1/asks/${left}?wait=40`)).body;
        expect(leftGone).toMatchObject({
          state: 'expired',
          expiry: { code: 'holdTimeout', message: 'no answer within 15 s' },
          decision: { behavior: 'deny' },
        });

        expect(await reader.listAsks({ state: 'pending' })).toEqual([]);
        for (const [id, end] of [
          [hookAsk.id, 'expired'],
          [left, 'expired'],
        ] as const) {
          const log = await eventually(async () => {
            const entries = await reader.readAudit({ askId: id });
            return entries.some((e) => e.event === end) ? entries : undefined;
          });
          expect(log.find((e) => e.event === end)).toMatchObject({ behavior: 'deny', decidedBy: 'timeout' });
        }
        expect((await reader.readAudit({ askId: kept })).map((e) => [e.event, e.behavior])).toEqual([
          ['decision', 'ask'],
          ['answer', 'allow'],
        ]);
        expect((await reader.listAsks({ state: 'all', limit: 10 })).every((a) => a.state !== 'pending')).toBe(true);
      } finally {
        first.child.kill('SIGKILL');
        second?.child.kill('SIGKILL');
        await reader.close();
      }
    },
  );
});

/** The answer codes a serve prints to standard error (`--print-answer-codes`), by ask id. */
function collectCodes(child: ChildProcess): Map<string, string> {
  const codes = new Map<string, string>();
  let text = '';
  child.stderr?.on('data', (d: Buffer) => {
    text += d.toString();
    for (const m of text.matchAll(/ask (\S+) waits .*answer code is (\S+)\n/g)) codes.set(m[1] as string, m[2] as string);
  });
  return codes;
}

/** A JSON request to a serve on loopback. */
async function call(
  port: number,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

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
