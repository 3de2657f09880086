import { link, mkdir, mkdtemp, rm, symlink, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFileSystem, nodeFsView } from '../../src/node/index.js';
import { fileSystemContract } from '../testing/fs-contract.js';

const made: string[] = [];
afterAll(async () => {
  for (const dir of made) await rm(dir, { recursive: true, force: true });
});

async function fixture() {
  const root = await mkdtemp(join(tmpdir(), 'toolgate-fs-'));
  made.push(root);
  return { fs: nodeFileSystem(), view: nodeFsView(), root };
}

fileSystemContract('nodeFileSystem', fixture);

describe('nodeFileSystem', () => {
  it('writeFileAtomic keeps the old content when the write fails', async () => {
    const { fs, root } = await fixture();
    await fs.writeFile(`${root}/f`, 'old');
    await expect(fs.writeFileAtomic(`${root}/missing-dir/f`, 'new')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await fs.readText(`${root}/f`)).toBe('old');
    expect(await fs.readdir(root)).toEqual(['f']);
  });

  it('lock: a second taker waits until the first releases; the lock leaves nothing behind', async () => {
    const { fs, root } = await fixture();
    const release = await fs.lock!(`${root}/settings.json`);
    let second = false;
    const next = fs.lock!(`${root}/settings.json`).then((r) => {
      second = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 80));
    expect(second).toBe(false);
    await release();
    const releaseNext = await next;
    expect(second).toBe(true);
    await releaseNext();
    expect(await fs.readdir(root)).toEqual([]);
  });

  it('lock: a lock left by a process that died (older than 10 s) is taken over', async () => {
    const { fs, root } = await fixture();
    await mkdir(`${root}/f.lock`);
    const old = new Date(Date.now() - 60_000);
    await utimes(`${root}/f.lock`, old, old);
    const release = await fs.lock!(`${root}/f`);
    await release();
    expect(await fs.readdir(root)).toEqual([]);
  });
});

describe('nodeFsView.linkCount', () => {
  it('counts the names of a regular file; a directory or a missing path has no count', async () => {
    const { fs, view, root } = await fixture();
    await fs.writeFile(`${root}/a`, 'x');
    expect(view.linkCount!(`${root}/a`)).toBe(1);
    await link(`${root}/a`, `${root}/b`);
    expect(view.linkCount!(`${root}/a`)).toBe(2);
    expect(view.linkCount!(`${root}/b`)).toBe(2);
    await symlink(`${root}/b`, `${root}/c`);
    expect(view.linkCount!(`${root}/c`)).toBe(2);
    expect(view.linkCount!(root)).toBeUndefined();
    expect(view.linkCount!(`${root}/missing`)).toBeUndefined();
  });
});

describe('nodeFsView.readText', () => {
  it('reads a small regular file through links; a directory, a missing path or a large file gives nothing', async () => {
    const { fs, view, root } = await fixture();
    await fs.writeFile(`${root}/config`, '[core]\n\tbare = false\n');
    expect(view.readText!(`${root}/config`)).toBe('[core]\n\tbare = false\n');
    await symlink(`${root}/config`, `${root}/linked`);
    expect(view.readText!(`${root}/linked`)).toBe('[core]\n\tbare = false\n');
    expect(view.readText!(root)).toBeUndefined();
    expect(view.readText!(`${root}/missing`)).toBeUndefined();
    await fs.writeFile(`${root}/big`, 'x'.repeat(1024 * 1024 + 1));
    expect(view.readText!(`${root}/big`)).toBeUndefined();
  });
});
