/**
 * Asks nobody holds, given up at their deadline by replicas sharing one PostgreSQL database:
 * each sweeps, exactly one gives each ask up and writes its audit entry (decision 0074).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgresStore } from '../../src/store/index.js';
import { freshSchema, postgres } from '../support/postgres/context.js';
import { eventually, sandbox, start, type Sandbox } from './helpers.js';

const server = postgres();

let sb: Sandbox;
let project: string;
beforeAll(() => {
  sb = sandbox();
  project = sb.project('overdue', {});
});
afterAll(() => sb?.cleanup());

describe.skipIf(!server.ok)(`overdue API asks on PostgreSQL replicas${server.ok ? '' : ` — skipped: ${server.reason}`}`, () => {
  it(
    'of two replicas sweeping, one gives each ask up: one expired entry per ask, a deny from either replica',
    { timeout: 60_000 },
    async () => {
      const url = await freshSchema(server.ok ? server.url : '');
      const a = await start(sb, { projects: [project], apiAskTimeoutSeconds: 1, store: await openPostgresStore({ url, log: () => {} }) });
      const b = await start(sb, { projects: [project], apiAskTimeoutSeconds: 1, store: await openPostgresStore({ url, log: () => {} }) });
      try {
        const ids: string[] = [];
        for (let i = 0; i < 6; i++) {
          const via = i % 2 === 0 ? a : b;
          const r = await via.api('POST', '/v1/decisions', {
            call: { tool: 'Bash', input: { command: `npm publish --tag t${i}` } },
            context: { cwd: project, sessionId: 'pg-overdue' },
          });
          ids.push(r.body['askId'] as string);
        }
        for (const id of ids) {
          const polled = (await b.api('GET', `/v1/asks/${id}?wait=20`)).body;
          expect(polled).toMatchObject({ state: 'expired', decision: { behavior: 'deny', message: 'no answer within 1 s' } });
        }
        await eventually(async () =>
          (await a.store.readAudit({ sessionId: 'pg-overdue' })).filter((e) => e.event === 'expired').length === ids.length
            ? true
            : undefined,
        );
        // A little longer: a second entry for any ask would come from the other replica's next sweep.
        await new Promise((ok) => setTimeout(ok, 600));
        const expired = (await a.store.readAudit({ sessionId: 'pg-overdue' })).filter((e) => e.event === 'expired');
        expect(expired.map((e) => e.askId).sort()).toEqual([...ids].sort());
        expect(await a.store.listAsks({ state: 'pending' })).toEqual([]);
      } finally {
        await a.stop();
        await b.stop();
      }
    },
  );
});
