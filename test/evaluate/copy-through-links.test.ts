/**
 * A recursive copy lands its source's files on the names its destination already holds, and cp
 * opens an existing name to write it: a committed link there writes where it leads, a hard link
 * every other name of the file. With `build/cfg -> ../.git/config` and `build/env -> ../.env`
 * committed, `cp -r incoming/. build/` (incoming holding `cfg` and `env`) rewrote `.git/config`
 * and the Edit-denied `.env`, and was allowed in bypassPermissions and under `Bash(*)` because the
 * view settled the copy by the names it lands alone. Decided on a real file system.
 */
import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { nodeFsView } from '../../src/node/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

let root: string;
let P: string;

beforeAll(async () => {
  await prepare();
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-copy-links-')));
  P = join(root, 'project');
  for (const d of ['.git', 'build', 'incoming/build', 'plain', 'hard', 'hardsrc']) mkdirSync(join(P, d), { recursive: true });
  mkdirSync(join(root, 'home'), { recursive: true });
  writeFileSync(join(P, '.git', 'config'), '[core]\n');
  writeFileSync(join(P, '.git', 'description'), 'd\n');
  writeFileSync(join(P, '.env'), 'SECRET=1\n');
  writeFileSync(join(P, 'build', 'a.sh'), 'a');
  symlinkSync('../.git/config', join(P, 'build', 'cfg'));
  symlinkSync('../.env', join(P, 'build', 'env'));
  for (const f of ['cfg', 'env']) {
    writeFileSync(join(P, 'incoming', f), 'evil');
    writeFileSync(join(P, 'incoming', 'build', f), 'evil');
  }
  writeFileSync(join(P, 'plain', 'a.sh'), 'a');
  linkSync(join(P, '.git', 'description'), join(P, 'hard', 'desc'));
  writeFileSync(join(P, 'hardsrc', 'desc'), 'evil');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Settings = Record<string, unknown>;
const decide = (command: string, mode: PermissionMode, settings?: Settings) =>
  evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode,
      policy: policyFromObjects(settings ? [{ kind: 'userSettings', settings }] : []),
      cwd: P,
      home: join(root, 'home'),
      fs: nodeFsView(),
    },
  );
const STAR = { permissions: { allow: ['Bash(*)'] } };
const STAR_ENV = { permissions: { allow: ['Bash(*)'], deny: ['Edit(./.env)'] } };
const ENV = { permissions: { deny: ['Edit(./.env)'] } };

describe('a recursive copy onto names its destination holds as links', () => {
  const copies = [
    'cp -r incoming/. build/',
    'cp -R incoming/. build',
    'cp -a incoming/. build/',
    'cp -r incoming/build .',
    'cp -rT incoming build',
  ];
  for (const c of copies) {
    it(`${c} asks, naming the link it writes through (Bash(*), bypassPermissions, Edit(./.env))`, () => {
      for (const [mode, settings] of [
        ['default', STAR],
        ['bypassPermissions', undefined],
        ['default', STAR_ENV],
        ['bypassPermissions', ENV],
      ] as [PermissionMode, Settings | undefined][]) {
        const d = decide(c, mode, settings);
        expect(d.behavior).toBe('ask');
        expect(d.reason.message).toMatch(/build\/(cfg|env)/);
      }
    });
  }
  it('a copy onto a second name of a protected file asks', () => {
    expect(decide('cp -r hardsrc/. hard/', 'bypassPermissions').behavior).toBe('ask');
    expect(decide('cp -r hardsrc/. hard/', 'default', STAR).behavior).toBe('ask');
  });
  it('a copy whose landed names are plain files is decided as before', () => {
    expect(decide('cp -r plain/. build/', 'bypassPermissions').behavior).toBe('allow');
    expect(decide('cp -r plain/. build/', 'default', STAR_ENV).behavior).toBe('allow');
  });
});
