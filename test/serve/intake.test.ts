import { connect, type Socket } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServe, MAX_INPUT_DEPTH } from '../../src/serve/index.js';
import { openSqliteStore, type Store } from '../../src/store/index.js';
import { decisionOf, eventually, preToolUse, reasonOf, sandbox, start, type Running, type Sandbox } from './helpers.js';

const TOKEN = 'the-token-that-answers-0123456789';
const HOOK = 'the-hook-token-agents-can-read-0123';

let sb: Sandbox;
let project: string;
beforeEach(() => {
  sb = sandbox();
  project = sb.project('p', { permissions: { allow: ['Bash(echo *)'] } });
});
afterEach(() => sb.cleanup());

/** A raw HTTP/1.1 exchange: what the server wrote back, and whether it closed the connection. */
interface Raw {
  socket: Socket;
  /** Everything received so far. */
  text(): string;
  closed: Promise<void>;
}

function raw(port: number, head: string, host = '127.0.0.1'): Promise<Raw> {
  return new Promise((ok, fail) => {
    let got = '';
    const socket = connect(port, host, () => {
      socket.write(head);
      ok({ socket, text: () => got, closed });
    });
    const closed = new Promise<void>((done) => socket.once('close', () => done()));
    socket.on('data', (d) => (got += d.toString('utf8')));
    socket.once('error', (e) => (socket.connecting ? fail(e) : undefined));
  });
}

const post = (path: string, headers: Record<string, string | number>) =>
  `POST ${path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

const flushAudit = async (s: Running) => {
  await s.serve.close();
};

describe('the hook route refuses what the API refuses, from its headers alone', () => {
  it("a browser's cross-site request parks no ask and writes no audit entry", async () => {
    const s = await start(sb);
    try {
      const ask = preToolUse(project, 'Bash', { command: 'git push --force origin main' }, { session_id: 'xsite' });
      for (const headers of [
        { origin: 'http://evil.example', 'sec-fetch-site': 'cross-site' },
        { 'sec-fetch-site': 'same-site' },
        { origin: 'null' },
      ]) {
        const r = await s.hook(ask, headers);
        expect(r.status).toBe(200);
        expect(decisionOf(r.body)).toBe('deny');
        expect(reasonOf(r.body)).toMatch(/cross-site request from a browser/);
      }
      await flushAudit(s);
      expect(await s.store.listAsks({ state: 'all' })).toEqual([]);
      expect(await s.store.readAudit({ sessionId: 'xsite' })).toEqual([]);
      expect(s.lines.filter((l) => l.includes('refused a hook request'))).toHaveLength(3);
    } finally {
      await s.store.close();
    }
  });

  it('a Host that does not name the server (DNS rebinding) is refused on a request trusted for coming from loopback', async () => {
    const s = await start(sb);
    try {
      const body = JSON.stringify(preToolUse(project, 'Bash', { command: 'echo hi' }, { session_id: 'rebind' }));
      const r = await raw(
        s.port,
        post('/hooks/claude-code', {
          host: `attacker.example:${s.port}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
        }) + body,
      );
      await r.closed;
      expect(r.text()).toMatch(/^HTTP\/1\.1 200[\s\S]*"permissionDecision":"deny"[\s\S]*does not name this server/);
      // Claude Code's own request (no Origin, no Sec-Fetch-Site, a loopback Host) is decided.
      expect(decisionOf((await s.hook(preToolUse(project, 'Bash', { command: 'echo hi' }))).body)).toBe('allow');
      await flushAudit(s);
      expect(await s.store.readAudit({ sessionId: 'rebind' })).toEqual([]);
    } finally {
      await s.store.close();
    }
  });

  const offLoopback = Object.values(networkInterfaces())
    .flat()
    .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;

  it.skipIf(offLoopback === undefined)(
    'a request without the hook token is answered before any of its body is read (reason: needs a non-loopback address)',
    async () => {
      const store = await openSqliteStore({ file: join(sb.root, 'state', 'off.db') });
      const serve = createServe({ store, token: TOKEN, hookToken: HOOK, home: sb.home, log: () => {} });
      const at = await serve.listen('0.0.0.0', 0);
      try {
        // Headers announcing 32 MiB, and no body at all: the reply must not wait for it.
        const started = Date.now();
        const r = await raw(
          at.port,
          post('/hooks/claude-code', {
            host: `${offLoopback}:${at.port}`,
            'content-type': 'application/json',
            'content-length': 32 * 1024 * 1024,
            authorization: 'Bearer wrong',
          }),
          offLoopback,
        );
        await r.closed;
        expect(Date.now() - started).toBeLessThan(2000);
        expect(r.text()).toMatch(/^HTTP\/1\.1 200/);
        expect(r.text()).toMatch(/"permissionDecision":"deny"/);
        expect(r.text()).toMatch(/token does not match/);
        // With the hook token the same address is decided.
        const ok = await fetch(`http://${offLoopback}:${at.port}/hooks/claude-code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${HOOK}` },
          body: JSON.stringify(preToolUse(project, 'Bash', { command: 'echo hi' })),
        });
        expect(decisionOf((await ok.json()) as Record<string, unknown>)).toBe('allow');
      } finally {
        await serve.close();
        await store.close();
      }
    },
  );
});

describe('limits for traffic without a token', () => {
  it('a body that does not arrive in time is dropped, with one log line and no stack trace', async () => {
    const s = await start(sb, { intake: { receiveMs: 300 } });
    try {
      const r = await raw(
        s.port,
        post('/hooks/claude-code', { host: `127.0.0.1:${s.port}`, 'content-type': 'application/json', 'content-length': 1000 }) +
          '{"hook_event_name":',
      );
      const started = Date.now();
      await r.closed;
      expect(Date.now() - started).toBeLessThan(2000);
      await new Promise((d) => setTimeout(d, 100));
      expect(s.lines).toHaveLength(1);
      expect(s.lines[0]).toMatch(
        /^toolgate serve: dropped POST \/hooks\/claude-code from 127\.0\.0\.1:\d+: its body did not arrive within 300 ms$/,
      );
    } finally {
      await s.stop();
    }
  });

  it('a client that goes away mid-body is one log line', async () => {
    const s = await start(sb);
    try {
      const r = await raw(
        s.port,
        post('/hooks/claude-code', { host: `127.0.0.1:${s.port}`, 'content-type': 'application/json', 'content-length': 1000 }) + '{"a":',
      );
      await new Promise((d) => setTimeout(d, 100));
      r.socket.destroy();
      await eventually(() => (s.lines.length > 0 ? true : undefined), 5000);
      await new Promise((d) => setTimeout(d, 100));
      expect(s.lines).toEqual([
        expect.stringMatching(/^toolgate serve: dropped a hook request from 127\.0\.0\.1: the connection closed before its body arrived$/),
      ]);
    } finally {
      await s.stop();
    }
  });

  it('holding a reply for an answer is not a receive timeout', async () => {
    const s = await start(sb, { intake: { receiveMs: 200 } });
    try {
      const held = s.hook(preToolUse(project, 'Bash', { command: 'git push origin main' }, { session_id: 'held' }));
      const ask = await eventually(async () => (await s.store.listAsks({ sessionId: 'held' }))[0]);
      await new Promise((d) => setTimeout(d, 600));
      await s.store.answerAsk(ask.id, { answer: { behavior: 'allow' }, scope: 'once', answerer: 'test', answeredAt: Date.now() });
      expect(decisionOf((await held).body)).toBe('allow');
      expect(s.lines).toEqual([]);
    } finally {
      await s.stop();
    }
  });

  it('past the caps, traffic without a token is refused or cut; a request with the token is still answered', async () => {
    const s = await start(sb, { token: TOKEN, intake: { maxReceiving: 2, maxConnections: 4, receiveMs: 5000 } });
    try {
      // Connections that send nothing: past four, the oldest are closed.
      const idle: Raw[] = [];
      for (let i = 0; i < 7; i++) idle.push(await raw(s.port, ''));
      await new Promise((d) => setTimeout(d, 1100)); // a new connection's first second is spared
      idle.push(await raw(s.port, ''));
      await Promise.all(idle.slice(0, 4).map((r) => r.closed));
      expect(s.lines.filter((l) => /more than 4 connections without a token are open/.test(l))).toHaveLength(4);
      // Bodies that trickle: two are received at once, the rest refused for load (a deny, the connection closed).
      const head = post('/hooks/claude-code', { host: `127.0.0.1:${s.port}`, 'content-type': 'application/json', 'content-length': 1000 });
      const slow: Raw[] = [];
      for (let i = 0; i < 4; i++) {
        slow.push(await raw(s.port, `${head}{`));
        await new Promise((d) => setTimeout(d, 30));
      }
      await Promise.all(slow.slice(2).map((r) => r.closed));
      for (const r of slow.slice(2))
        expect(r.text()).toMatch(/^HTTP\/1\.1 200[\s\S]*"permissionDecision":"deny"[\s\S]*busy: more than 2 requests without a token/);
      expect(s.lines.every((l) => !l.includes('\n'))).toBe(true);
      // The token's requests are never refused for load.
      for (let i = 0; i < 5; i++) {
        const r = await s.hook(preToolUse(project, 'Bash', { command: 'echo hi' }), { authorization: `Bearer ${TOKEN}` });
        expect(decisionOf(r.body)).toBe('allow');
      }
      for (const r of [...idle, ...slow]) r.socket.destroy();
    } finally {
      await s.stop();
    }
  });
});

describe('GET /v1/health', () => {
  it('answers 503 within a second when the store hangs, and when the audit log cannot be written', async () => {
    const real = await openSqliteStore({ file: join(sb.root, 'state', 'h.db') });
    let hang = false;
    let failWrites = false;
    const store: Store = Object.assign(Object.create(real) as Store, {
      kind: real.kind,
      location: real.location,
      health: () => (hang ? new Promise<void>(() => {}) : real.health()),
      appendAudit: (e: Parameters<Store['appendAudit']>[0]) => (failWrites ? Promise.reject(new Error('disk full')) : real.appendAudit(e)),
    });
    const s = await start(sb, { store });
    try {
      expect((await s.api('GET', '/v1/health')).status).toBe(200);
      hang = true;
      const started = Date.now();
      const r = await s.api('GET', '/v1/health');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(r.status).toBe(503);
      expect(JSON.stringify(r.body)).toMatch(/did not answer within/);
      hang = false;
      failWrites = true;
      await s.hook(preToolUse(project, 'Bash', { command: 'echo hi' }));
      await eventually(() => (s.serve.context.audit.failing ? true : undefined), 5000);
      const w = await s.api('GET', '/v1/health');
      expect(w.status).toBe(503);
      expect(JSON.stringify(w.body)).toMatch(/audit log cannot be written/);
      failWrites = false;
    } finally {
      await s.stop();
    }
  });
});

describe(`input nested deeper than ${MAX_INPUT_DEPTH} levels`, () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

  it('is a 400 on the API and a deny on the hook route, each with an audit entry', async () => {
    const s = await start(sb);
    const api = await s.api(
      'POST',
      '/v1/decisions',
      `{"call":{"tool":"Bash","input":{"command":"echo hi","x":${deep(10_000)}}},"context":{"cwd":${JSON.stringify(project)},"sessionId":"deep-api"}}`,
    );
    expect(api.status).toBe(400);
    expect(api.body['error']).toMatch(/nested deeper than/);
    const event = JSON.stringify(preToolUse(project, 'Bash', { command: 'echo hi', x: 0 }, { session_id: 'deep-hook' })).replace(
      '"x":0',
      `"x":${deep(10_000)}`,
    );
    const hook = await s.api('POST', '/hooks/claude-code', event);
    expect(hook.status).toBe(200);
    expect(decisionOf(hook.body)).toBe('deny');
    // Just inside the limit is decided as usual.
    const inside = JSON.stringify(preToolUse(project, 'Bash', { command: 'echo hi', x: 0 }, { session_id: 'deep-ok' })).replace(
      '"x":0',
      `"x":${deep(MAX_INPUT_DEPTH - 1)}`,
    );
    expect(decisionOf((await s.api('POST', '/hooks/claude-code', inside)).body)).toBe('allow');
    await s.serve.close();
    for (const session of ['deep-api', 'deep-hook']) {
      const entries = await s.store.readAudit({ sessionId: session });
      expect(entries).toEqual([
        expect.objectContaining({ behavior: 'deny', reasonKind: 'checkFailed', reason: expect.stringMatching(/nested deeper than/) }),
      ]);
    }
    // Nothing but the audit chain's anchor, which serve logs when it closes (decision 0057).
    expect(s.lines.filter((line) => !line.startsWith('toolgate serve: audit anchor '))).toEqual([]);
    await s.store.close();
  });
});
