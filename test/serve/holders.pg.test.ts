/**
 * Two `toolgate serve` replicas on one PostgreSQL database, one of which stops beating while it
 * holds an ask: the other gives the ask up, and the request the silent one holds is answered deny
 * with the reason.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/store/index.js';
import { freshSchema, postgres } from '../support/postgres/context.js';
import { decisionOf, eventually, preToolUse, reasonOf, sandbox, start, type Running, type Sandbox } from './helpers.js';

const server = postgres();
const ci = process.env['CI'] === 'true';

it.skipIf(!ci)('has a PostgreSQL server under CI=true', () => {
  expect(server.ok ? 'ok' : server.reason).toBe('ok');
});

let sb: Sandbox;
let project: string;
beforeAll(() => {
  sb = sandbox();
  project = sb.project('holders', { permissions: { allow: ['Bash(npm run lint)'] } });
});
afterAll(() => sb?.cleanup());

const replica = async (url: string, name: string): Promise<Running> =>
  start(sb, {
    projects: [project],
    holderTimeoutSeconds: 1,
    store: await openPostgresStore({ url, log: () => {}, applicationName: name }),
  });

describe.skipIf(!server.ok)(`ask holders on one PostgreSQL database${server.ok ? '' : ` — skipped: ${server.reason}`}`, () => {
  const base = server.ok ? server.url : '';

  it("a replica that stops beating has its held ask given up by the other; its own held request is denied with the reason; the other's asks stay", async () => {
    const url = await freshSchema(base);
    const a = await replica(url, 'replica-a');
    const b = await replica(url, 'replica-b');
    try {
      const heldOnA = a.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'silent-a' }));
      const heldOnB = b.hook(preToolUse(project, 'Bash', { command: 'npm publish --tag next' }, { session_id: 'alive-b' }));
      const ask = await eventually(async () => (await b.store.listAsks({ sessionId: 'silent-a' }))[0]);
      const bAsk = await eventually(async () => (await a.store.listAsks({ sessionId: 'alive-b' }))[0]);
      expect(ask.holder).toBe(a.serve.context.holder.id);
      expect(bAsk.holder).toBe(b.serve.context.holder.id);
      await eventually(async () => ((await b.store.readAudit({ askId: ask.id })).length > 0 ? true : undefined));

      // A hangs as far as the store can tell (no more beats), while it still holds the request.
      await a.serve.context.holder.stop();
      const t0 = performance.now();
      const reply = await heldOnA;
      const took = performance.now() - t0;
      const why = 'the serve process holding this ask stopped answering (no heartbeat for 1 s)';
      expect(decisionOf(reply.body)).toBe('deny');
      expect(reasonOf(reply.body)).toContain(why);
      expect(took).toBeGreaterThanOrEqual(1_000 - 334 - 50);
      expect(took).toBeLessThan(3_000);
      console.log(`silent replica's ask given up and its request released after ${took.toFixed(0)} ms (holder timeout 1 s)`);

      expect(await b.store.getAsk(ask.id)).toMatchObject({ state: 'expired', expiry: { code: 'holderSilent', message: why } });
      const entries = await eventually(async () => {
        const log = await b.store.readAudit({ askId: ask.id });
        return log.some((e) => e.event === 'expired') ? log : undefined;
      });
      // One entry for the give-up, written by B (A learns the outcome from the store and adds none).
      await new Promise((r) => setTimeout(r, 200));
      const expired = (await b.store.readAudit({ askId: ask.id })).filter((e) => e.event === 'expired');
      expect(expired).toHaveLength(1);
      expect(expired[0]).toMatchObject({ behavior: 'deny', reason: why, decidedBy: 'timeout' });
      expect(expired[0]?.detail).toBe(`holder ${a.serve.context.holder.id}; given up by ${b.serve.context.holder.id}`);
      expect(entries[0]).toMatchObject({ event: 'PreToolUse', behavior: 'ask' });

      // B kept beating: its ask is still pending, and still answerable.
      expect((await a.store.getAsk(bAsk.id))?.state).toBe('pending');
      expect((await a.answer(bAsk.id, { behavior: 'allow' })).status).toBe(200);
      expect(decisionOf((await heldOnB).body)).toBe('allow');
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
