import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/index.js';
import { sandbox, spawnServe, type Sandbox } from '../serve/helpers.js';
import type { ChildProcess } from 'node:child_process';

/** Stop a spawned serve and wait until it has exited (its lock let go). */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((ok) => child.once('exit', ok));
  child.kill('SIGTERM');
  await exited;
}

describe('toolgate serve and a store planted at its default path before its first start (decision 0073)', () => {
  let sb: Sandbox;
  let project: string;
  beforeAll(() => {
    sb = sandbox();
    project = sb.project('p', {});
  });
  afterAll(() => sb.cleanup());

  it(
    'refuses a planted store with a forged grant, naming the file and what it expected; makes, seals and reuses its own',
    { timeout: 90_000 },
    async () => {
      const stateDir = 'xdg-planted';
      const file = join(sb.root, stateDir, 'toolgate', 'toolgate.db');
      // Planted: a real store at the default path, with a grant nobody gave.
      const planted = await openSqliteStore({ file });
      await planted.recordGrant({
        id: 'grant_forged',
        scope: 'user',
        projectDir: project,
        rule: 'Bash(curl *)',
        grantedBy: 'token',
        createdAt: Date.now(),
      });
      await planted.close();
      await expect(spawnServe(sb, project, [], stateDir)).rejects.toThrow(
        new RegExp(
          `toolgate serve will not use the store ${file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}: it has no seal .*-serve-seal: toolgate serve did not make it\\. Expected a store serve made there`,
        ),
      );

      // Removed, serve makes its own store and seals it; a restart reuses it with what it holds.
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
      const first = await spawnServe(sb, project, [], stateDir);
      await stop(first.child);
      expect(existsSync(`${file}-serve-seal`)).toBe(true);
      const mine = await openSqliteStore({ file });
      expect(await mine.getGrant('grant_forged')).toBeUndefined();
      await mine.recordGrant({
        id: 'grant_mine',
        scope: 'project',
        projectDir: project,
        rule: 'Bash(npm test)',
        grantedBy: 'token',
        createdAt: Date.now(),
      });
      await mine.close();
      const again = await spawnServe(sb, project, [], stateDir);
      try {
        const view = await openSqliteStore({ file });
        expect((await view.getGrant('grant_mine'))?.rule).toBe('Bash(npm test)');
        await view.close();
      } finally {
        await stop(again.child);
      }
    },
  );

  it(
    'uses a store the person names with --store, and seals it, so that it is found its own at the default path after',
    { timeout: 90_000 },
    async () => {
      const stateDir = 'xdg-adopted';
      const file = join(sb.root, stateDir, 'toolgate', 'toolgate.db');
      const earlier = await openSqliteStore({ file });
      await earlier.close();
      await expect(spawnServe(sb, project, [], stateDir)).rejects.toThrow(/it has no seal/);
      const named = await spawnServe(sb, project, ['--store', `sqlite:${file}`], stateDir);
      await stop(named.child);
      const plain = await spawnServe(sb, project, [], stateDir);
      await stop(plain.child);
    },
  );
});
