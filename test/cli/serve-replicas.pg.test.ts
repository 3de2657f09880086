/**
 * What one serve per SQLite store guards, on PostgreSQL, where replicas share a database
 * (decision 0074): two `toolgate serve` processes of one database on one machine may not share
 * the audit spill journal; with a state directory each they run side by side.
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSchema, postgres } from '../support/postgres/context.js';
import { sandbox, spawnServe, TEST_TOKEN, type Sandbox } from '../serve/helpers.js';

const server = postgres();

let sb: Sandbox;
let project: string;
let tokenFile: string;
beforeAll(() => {
  sb = sandbox();
  project = sb.project('replicas', {});
  tokenFile = join(sb.root, 'replica-token');
  writeFileSync(tokenFile, `${TEST_TOKEN}\n`, { mode: 0o600 });
});
afterAll(() => sb?.cleanup());

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill('SIGTERM');
  await exited;
}

describe.skipIf(!server.ok)(
  `toolgate serve replicas of one PostgreSQL database on one machine${server.ok ? '' : ` — skipped: ${server.reason}`}`,
  () => {
    const base = server.ok ? server.url : '';

    it(
      'a second serve sharing the state directory (so the spill journal) refuses, naming the journal; one with its own runs beside the first',
      { timeout: 120_000 },
      async () => {
        const url = await freshSchema(base);
        const args = ['--store', url, '--token-file', tokenFile];
        const first = await spawnServe(sb, project, args, 'xdg-one');
        let third: { child: ChildProcess } | undefined;
        try {
          await expect(spawnServe(sb, project, args, 'xdg-one')).rejects.toThrow(
            /another toolgate serve on this machine writes the audit spill journal .*xdg-one\/toolgate\/audit-spill-[0-9a-f]{16}\.jsonl \(it holds .*\.lock\): one serve per journal/,
          );
          third = await spawnServe(sb, project, args, 'xdg-two');
          const health = await fetch(`http://127.0.0.1:${first.port}/v1/health`);
          expect(health.status).toBe(200);
        } finally {
          await stop(first.child);
          if (third !== undefined) await stop(third.child);
        }
        // Stopped cleanly, the journal is free for the next serve.
        const again = await spawnServe(sb, project, args, 'xdg-one');
        await stop(again.child);
      },
    );
  },
);
