/**
 * Several `toolgate serve` replicas on one PostgreSQL database: an answer given through one
 * releases the request held by another; a replica killed mid-ask loses nothing; the database
 * restarted under load makes decisions fail closed and the audit wait; 1,000 concurrent hook
 * requests spread over two replicas.
 */
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore, type PostgresStoreOptions } from '../../src/store/index.js';
import { createCluster, freePort, type Cluster } from '../support/postgres/cluster.js';
import { admin, freshSchema, postgres } from '../support/postgres/context.js';
import {
  decisionOf,
  eventually,
  ORDINARY_ENVIRONMENT,
  preToolUse,
  sandbox,
  spawnServe,
  start,
  TEST_TOKEN,
  type Running,
  type Sandbox,
} from './helpers.js';

const server = postgres();
const ci = process.env['CI'] === 'true';
const root = join(__dirname, '../..');

it.skipIf(!ci)('has a PostgreSQL server under CI=true', () => {
  expect(server.ok ? 'ok' : server.reason).toBe('ok');
});

let sb: Sandbox;
let project: string;
beforeAll(() => {
  sb = sandbox();
  project = sb.project('replicas', { permissions: { allow: ['Bash(npm run lint)'], deny: ['Bash(rm *)', 'Read(/secrets/**)'] } });
});
afterAll(() => sb?.cleanup());

const pgStore = (url: string, extra: Partial<PostgresStoreOptions> = {}) => openPostgresStore({ url, log: () => {}, ...extra });

/** Two in-process replicas, each with its own pool and LISTEN connection, on one database. */
async function replicas(url: string, b: Partial<PostgresStoreOptions> = {}): Promise<[Running, Running]> {
  const a = await start(sb, { projects: [project], store: await pgStore(url, { applicationName: 'replica-a' }) });
  const bb = await start(sb, { projects: [project], store: await pgStore(url, { applicationName: 'replica-b', ...b }) });
  return [a, bb];
}

const asksOf = async (r: Running, session: string) =>
  (await r.api('GET', `/v1/asks?session=${session}`)).body['asks'] as { id: string; origin: string; state: string }[];
const firstAsk = (r: Running, session: string) => eventually(async () => (await asksOf(r, session))[0]);

/** Measure from the answer's 200 to the held request's reply (ms). */
async function answerAndTime(held: Promise<unknown>, answer: () => Promise<{ status: number }>): Promise<number> {
  let released = 0;
  const done = held.then(() => (released = performance.now()));
  const t0 = performance.now();
  expect((await answer()).status).toBe(200);
  await done;
  return released - t0;
}

describe.skipIf(!server.ok)(`replicas on one PostgreSQL database${server.ok ? '' : ` — skipped: ${server.reason}`}`, () => {
  const base = server.ok ? server.url : '';

  it('an ask parked through A is answered through B, and A releases the request it holds (PreToolUse and PermissionRequest)', async () => {
    const [a, b] = await replicas(await freshSchema(base));
    try {
      const held = a.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'ab-1' }));
      const ask = await firstAsk(b, 'ab-1');
      expect(ask).toMatchObject({ origin: 'PreToolUse', state: 'pending' });
      const ms = await answerAndTime(held, () => b.answer(ask.id, { behavior: 'allow' }));
      expect(decisionOf((await held).body)).toBe('allow');
      // Woken by the notification, not by the 5 s re-read of a held ask.
      expect(ms).toBeLessThan(2500);

      const pr = {
        ...preToolUse(project, 'Bash', { command: 'npm publish --tag next' }, { session_id: 'ab-2' }),
        hook_event_name: 'PermissionRequest',
        permission_suggestions: [],
      };
      const heldOnB = b.hook(pr);
      const ask2 = await firstAsk(a, 'ab-2');
      expect(ask2.origin).toBe('PermissionRequest');
      const ms2 = await answerAndTime(heldOnB, () => a.answer(ask2.id, { behavior: 'deny', message: 'not today' }));
      expect((await heldOnB).body).toEqual({
        hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny', message: 'toolgate: not today' } },
      });
      expect(ms2).toBeLessThan(2500);
      console.log(`cross-replica release: ${ms.toFixed(1)} ms (PreToolUse), ${ms2.toFixed(1)} ms (PermissionRequest)`);

      // Both replicas' audit entries are in the one log.
      const log = await eventually(async () => {
        const entries = await a.store.readAudit({ sessionId: 'ab-1' });
        return entries.length >= 3 ? entries : undefined;
      });
      // B writes the answer, A the release: in either order.
      expect(log.map((e) => `${e.event}:${e.behavior}`).sort()).toEqual(['PreToolUse:allow', 'PreToolUse:ask', 'answer:allow']);
      expect(log[0]).toMatchObject({ event: 'PreToolUse', behavior: 'ask', askId: ask.id });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('a long-poll on B returns when the ask is answered through A', async () => {
    const [a, b] = await replicas(await freshSchema(base));
    try {
      const parked = await a.api('POST', '/v1/decisions', {
        call: { tool: 'Bash', input: { command: 'npm publish' } },
        context: { cwd: project, sessionId: 'poll-1' },
      });
      const id = parked.body['askId'] as string;
      expect(id).toMatch(/^ask_/);
      const poll = b.api('GET', `/v1/asks/${id}?wait=30`);
      // The long-poll is waiting (not yet answered) before the answer is given.
      await new Promise((r) => setTimeout(r, 100));
      const ms = await answerAndTime(poll, () => a.answer(id, { behavior: 'allow', updatedInput: { command: 'npm publish --dry-run' } }));
      const got = (await poll).body;
      expect(got).toMatchObject({ id, state: 'answered', decision: { behavior: 'allow' } });
      expect(ms).toBeLessThan(2500);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('a replica whose LISTEN connection was cut re-reads the asks it holds once it listens again (an answer given meanwhile is not missed)', async () => {
    const [a, b] = await replicas(await freshSchema(base), { listenRetryMs: [1000, 1000] });
    try {
      const held = b.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'cut-1' }));
      const ask = await firstAsk(a, 'cut-1');
      const t0 = performance.now();
      // B listens once its ask's audit entry is durable and it starts waiting: cut it only then.
      const cut = await eventually(async () => {
        const r = await admin<{ ok: boolean }>(
          base,
          "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = 'replica-b listen'",
        );
        return r.length > 0 ? r : undefined;
      }, 5000);
      expect(cut.map((r) => r.ok)).toEqual([true]);
      // Answered while B is not listening: the notification is lost to B.
      expect((await a.answer(ask.id, { behavior: 'allow' })).status).toBe(200);
      expect(decisionOf((await held).body)).toBe('allow');
      const ms = performance.now() - t0;
      // Released when B listened again (after its 1 s pause), before the 5 s re-read would have.
      expect(ms).toBeGreaterThanOrEqual(900);
      expect(ms).toBeLessThan(4500);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('SIGKILL of the replica holding a request mid-ask: the request fails closed, the ask stays answerable through the other, nothing is lost', async () => {
    const url = await freshSchema(base);
    const killed = await spawnReplica(url);
    const b = await start(sb, { projects: [project], store: await pgStore(url) });
    try {
      const held = post(killed.port, preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'kill-1' }));
      const ask = await firstAsk(b, 'kill-1');
      // The decision's audit entry was committed by the replica about to die.
      await eventually(async () => ((await b.store.readAudit({ sessionId: 'kill-1' })).some((e) => e.askId === ask.id) ? true : undefined));
      killed.child.kill('SIGKILL');
      const outcome = await held;
      // Claude Code sees a connection error: with "onFailure": "block" the call is refused.
      expect(outcome.ok === false || decisionOf(outcome.body) !== 'allow').toBe(true);
      expect(outcome.ok).toBe(false);

      expect(await asksOf(b, 'kill-1')).toEqual([expect.objectContaining({ id: ask.id, state: 'pending' })]);
      const r = await b.answer(ask.id, { behavior: 'allow', scope: 'session', remember: true });
      expect(r.status).toBe(200);
      // The agent tries again, this time through B: the remembered approval answers it.
      expect(decisionOf((await b.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'kill-1' }))).body)).toBe(
        'allow',
      );
      const log = await eventually(async () => {
        const entries = await b.store.readAudit({ sessionId: 'kill-1' });
        return entries.length >= 3 ? entries : undefined;
      });
      expect(log.map((e) => [e.event, e.behavior, e.decidedBy])).toEqual([
        ['PreToolUse', 'ask', 'rules'],
        ['answer', 'allow', 'answer'],
        ['PreToolUse', 'allow', 'grant'],
      ]);
    } finally {
      killed.child.kill('SIGKILL');
      await b.stop();
    }
  }, 60_000);

  it('1,000 concurrent hook requests spread over two replicas are all answered, each rightly, and all audited', async () => {
    const [a, b] = await replicas(await freshSchema(base));
    const cases = [
      { input: { command: 'git status' }, tool: 'Bash', want: 'allow' },
      { input: { command: 'npm run lint' }, tool: 'Bash', want: 'allow' },
      { input: { command: 'rm -rf build' }, tool: 'Bash', want: 'deny' },
      { input: { file_path: join(project, 'secrets', 'k') }, tool: 'Read', want: 'deny' },
      { input: { file_path: join(project, 'src', 'a.ts') }, tool: 'Read', want: 'allow' },
    ];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 500 });
    try {
      const results = await Promise.all(
        Array.from({ length: 1000 }, async (_, i) => {
          const c = cases[i % cases.length]!;
          const r = await post((i % 2 === 0 ? a : b).port, preToolUse(project, c.tool, c.input, { session_id: `conc-${i % 7}` }), agent);
          return { i, ...r };
        }),
      );
      expect(results.filter((r) => !r.ok || r.status !== 200)).toEqual([]);
      expect(results.filter((r) => r.ok && decisionOf(r.body) !== cases[r.i % cases.length]!.want)).toEqual([]);
      const audited = await eventually(async () => {
        const n = (await a.store.readAudit({ limit: 10_000 })).filter((e) => e.sessionId?.startsWith('conc-')).length;
        return n >= 1000 ? n : undefined;
      }, 15_000);
      expect(audited).toBe(1000);
    } finally {
      agent.destroy();
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 90_000);
});

describe.skipIf(!server.ok)(`the database restarted under load${server.ok ? '' : ` — skipped: ${server.reason}`}`, () => {
  let cluster: Cluster;
  beforeAll(async () => {
    if (!server.ok) return;
    // A server of its own (copied from the run's pristine data directory): restarting the shared one would cut other files' tests.
    cluster = createCluster({ bin: server.bin, port: await freePort(), template: server.template });
    cluster.start();
  }, 60_000);
  afterAll(() => cluster?.destroy());

  it('decisions fail closed while it is down, held asks survive, and the audit is buffered and written after', async () => {
    const url = cluster.url();
    const replica = async () =>
      start(sb, { projects: [project], store: await pgStore(url, { listenRetryMs: [100, 500], connectTimeoutMs: 2000 }) });
    const [a, b] = [await replica(), await replica()];
    const replies: { kind: string; decision: unknown; askId?: string; decidedBy?: unknown }[] = [];
    let health503 = 0;
    let requests = 0;
    let loading = true;
    try {
      // A request held on B before the restart, answered through A after it.
      const held = b.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'restart-held' }));
      const heldAsk = await firstAsk(a, 'restart-held');

      const calls = [
        {
          kind: 'allow',
          run: (r: Running, i: number) =>
            r.hook(preToolUse(project, 'Bash', { command: `git log -n ${i}` }, { session_id: `load-${i % 5}` }), ORDINARY_ENVIRONMENT),
        },
        {
          kind: 'deny',
          run: (r: Running, i: number) =>
            r.hook(preToolUse(project, 'Bash', { command: `rm -rf build/${i}` }, { session_id: `load-${i % 5}` })),
        },
        {
          kind: 'ask',
          run: (r: Running, i: number) =>
            r.api('POST', '/v1/decisions', {
              call: { tool: 'Bash', input: { command: `npm publish --tag t${i}` } },
              context: { cwd: project, sessionId: `load-${i % 5}` },
            }),
        },
      ];
      const worker = async (w: number) => {
        for (let i = w; loading; i += 8) {
          const r = i % 2 === 0 ? a : b;
          const c = calls[i % calls.length]!;
          requests += 1;
          const res = await c.run(r, i);
          const body = res.body;
          if (c.kind === 'ask') {
            const d = body['decision'] as { behavior: string; decidedBy?: string };
            replies.push({
              kind: c.kind,
              decision: d.behavior,
              decidedBy: d.decidedBy,
              ...(typeof body['askId'] === 'string' ? { askId: body['askId'] } : {}),
            });
          } else replies.push({ kind: c.kind, decision: decisionOf(body) });
          if (i % 16 === w) health503 += (await r.api('GET', '/v1/health')).status === 503 ? 1 : 0;
        }
      };
      const load = Promise.all(Array.from({ length: 8 }, (_, w) => worker(w)));
      await new Promise((r) => setTimeout(r, 400));
      cluster.stop('fast');
      await new Promise((r) => setTimeout(r, 1200));
      cluster.start();
      await eventually(
        async () =>
          (await a.api('GET', '/v1/health')).status === 200 && (await b.api('GET', '/v1/health')).status === 200 ? true : undefined,
        15_000,
      );
      await new Promise((r) => setTimeout(r, 400));
      loading = false;
      await load;

      // The held request is still held, and the answer given through A after the restart releases it.
      expect((await a.answer(heldAsk.id, { behavior: 'allow' })).status).toBe(200);
      expect(decisionOf((await held).body)).toBe('allow');

      // Never a wrong allow: what the policy allows still allows, denies deny, and an ask is parked or — when it cannot be — denied.
      expect(replies.filter((r) => r.kind === 'allow' && r.decision !== 'allow')).toEqual([]);
      expect(replies.filter((r) => r.kind === 'deny' && r.decision !== 'deny')).toEqual([]);
      const asks = replies.filter((r) => r.kind === 'ask');
      expect(
        asks.filter((r) => !(r.decision === 'ask' && r.askId !== undefined) && !(r.decision === 'deny' && r.decidedBy === 'store')),
      ).toEqual([]);
      const refused = asks.filter((r) => r.decision === 'deny').length;
      // The outage was seen: asks refused and health 503 while it lasted.
      expect(refused).toBeGreaterThan(0);
      expect(health503).toBeGreaterThan(0);
      // Every ask that was parked is in the store.
      const parkedIds = asks.flatMap((r) => (r.askId !== undefined ? [r.askId] : []));
      for (const id of parkedIds) expect((await a.store.getAsk(id))?.state).toBe('pending');
      // The audit entries written during the outage waited and were written after: one per decision.
      const audited = await eventually(async () => {
        const n = (await a.store.readAudit({ limit: 10_000 })).filter((e) => e.sessionId?.startsWith('load-')).length;
        return n >= requests ? n : undefined;
      }, 20_000);
      expect(audited).toBe(requests);
      expect(a.lines.concat(b.lines).join('\n')).toMatch(/audit log cannot be written[\s\S]*audit log is written again/);
      console.log(
        `database restart under load: ${requests} decisions, ${refused} asks refused while it was down, ${health503} health checks answered 503; ${parkedIds.length} asks parked`,
      );
    } finally {
      loading = false;
      await Promise.all([a.stop(), b.stop()]);
    }
  }, 90_000);
});

/** POST a hook event; a connection error is a value (`ok: false`), as Claude Code sees it. */
function post(
  port: number,
  event: unknown,
  agent?: http.Agent,
): Promise<{ ok: true; status: number; body: Record<string, unknown> } | { ok: false; error: string }> {
  const payload = JSON.stringify(event);
  return new Promise((ok) => {
    const req = http.request(
      {
        ...(agent !== undefined ? { agent } : {}),
        host: '127.0.0.1',
        port,
        path: '/hooks/claude-code',
        method: 'POST',
        headers: { ...ORDINARY_ENVIRONMENT, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => ok({ ok: true, status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }));
        res.on('error', (e) => ok({ ok: false, error: e.message }));
      },
    );
    req.on('error', (e) => ok({ ok: false, error: e.message }));
    req.end(payload);
  });
}

/** `toolgate serve --store postgres://…` as its own process (the one to kill). */
function spawnReplica(url: string): Promise<{ child: ChildProcess; port: number }> {
  // Replicas share the token (answer codes are sealed under it); the state directory is the sandbox's.
  const tokenFile = join(sb.root, 'replica-token');
  writeFileSync(tokenFile, `${TEST_TOKEN}\n`, { mode: 0o600 });
  return spawnServe(sb, project, ['--store', url, '--token-file', tokenFile], 'xdg');
}
