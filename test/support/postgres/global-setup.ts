/**
 * globalSetup of the `postgres` test project (`*.pg.test.ts`): one PostgreSQL server for the
 * whole run, started before the first of those files and stopped after the last. Installs
 * Debian's `postgresql` when it is missing and we are root; when no server can be had, the
 * files skip with the reason (and fail under CI=true, see `postgresOrSkip`).
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { createCluster, ensurePostgres, freePort, type Cluster } from './cluster.js';
import type { PostgresProvided } from './context.js';

export default async function setup(project: TestProject): Promise<() => void> {
  const provide = (v: PostgresProvided) => project.provide('postgres', v);
  const found = ensurePostgres((line) => process.stderr.write(`[postgres] ${line}\n`));
  if (!found.ok) {
    provide({ ok: false, reason: found.reason });
    return () => {};
  }
  let cluster: Cluster | undefined;
  try {
    cluster = createCluster({ bin: found.bin, port: await freePort() });
    // A pristine copy, for tests that need a server of their own (one they restart).
    const template = join(cluster.dir, 'template');
    const copy = spawnSync('cp', ['-a', join(cluster.dir, 'data'), template]);
    if (copy.status !== 0) throw new Error(`copying the data directory failed: ${String(copy.stderr)}`);
    process.stderr.write(`[postgres] starting a throw-away PostgreSQL server on 127.0.0.1:${cluster.port}\n`);
    cluster.start();
    provide({ ok: true, url: cluster.url(), socketUrl: cluster.socketUrl(), bin: found.bin, template });
  } catch (e) {
    cluster?.destroy();
    provide({ ok: false, reason: `PostgreSQL could not be started: ${(e as Error).message}` });
    return () => {};
  }
  const started = cluster;
  return () => started.destroy();
}
