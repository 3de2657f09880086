/** Real files in a real temporary directory: binary, empty, modes, symlinks, odd names, large files. */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createWriteStream } from 'node:fs';
import * as fs from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckpoints, createNodeCheckpointStorage, createNodeWorkspace, type Checkpoints } from '../../src/checkpoints/index.js';
import { makeTempDir } from './helpers.js';

const posix = process.platform !== 'win32';
let tmp: { dir: string; cleanup: () => Promise<void> };
let root: string;
let cp: Checkpoints;
let storeDir: string;

beforeEach(async () => {
  tmp = await makeTempDir();
  root = `${tmp.dir}/project`;
  storeDir = `${tmp.dir}/store`;
  await fs.mkdir(root);
  cp = createCheckpoints({
    storage: createNodeCheckpointStorage(storeDir),
    workspace: createNodeWorkspace(),
    sessionId: 'real',
    workingDirectories: [root],
  });
  await cp.beginPrompt('p1', 'edit things');
});
afterEach(() => tmp.cleanup());

const record = (path: string, tool = 'Edit') => cp.recordBeforeEdit({ tool, input: { file_path: path } }, 'p1');

describe('real files', () => {
  it('restores binary and empty files byte for byte', async () => {
    const bin = randomBytes(70_000);
    bin[0] = 0;
    bin[1] = 0xff;
    await fs.writeFile(`${root}/blob.bin`, bin);
    await fs.writeFile(`${root}/empty`, '');
    await record(`${root}/blob.bin`);
    await record(`${root}/empty`);
    await fs.writeFile(`${root}/blob.bin`, 'text now');
    await fs.writeFile(`${root}/empty`, 'not empty');
    const r = await cp.rewindCode('p1');
    expect(r).toMatchObject({ ok: true, restored: [`${root}/blob.bin`, `${root}/empty`], errors: [] });
    expect((await fs.readFile(`${root}/blob.bin`)).equals(bin)).toBe(true);
    expect((await fs.readFile(`${root}/empty`)).length).toBe(0);
  });

  it.runIf(posix)('keeps file modes', async () => {
    await fs.writeFile(`${root}/run.sh`, '#!/bin/sh\n', { mode: 0o750 });
    await fs.chmod(`${root}/run.sh`, 0o750);
    await record(`${root}/run.sh`);
    await fs.rm(`${root}/run.sh`);
    await fs.writeFile(`${root}/run.sh`, 'changed', { mode: 0o600 });
    await cp.rewindCode('p1');
    expect((await fs.stat(`${root}/run.sh`)).mode & 0o777).toBe(0o750);
    await fs.chmod(`${root}/run.sh`, 0o644);
    const again = await cp.rewindCode('p1');
    expect(again).toMatchObject({ restored: [`${root}/run.sh`] });
    expect((await fs.stat(`${root}/run.sh`)).mode & 0o777).toBe(0o750);
  });

  it('handles names with spaces and non-ASCII characters', async () => {
    const dir = `${root}/dossier avec espaces/日本語`;
    await fs.mkdir(dir, { recursive: true });
    const name = `${dir}/résumé naïve 🚀.txt`;
    await fs.writeFile(name, 'ünïcödé');
    await record(name);
    await record(`${dir}/nouveau fichier.txt`, 'Write');
    await fs.writeFile(name, 'changed');
    await fs.writeFile(`${dir}/nouveau fichier.txt`, 'created');
    const r = await cp.rewindCode('p1');
    expect(r).toMatchObject({ ok: true, restored: [name], removed: [`${dir}/nouveau fichier.txt`] });
    expect(await fs.readFile(name, 'utf8')).toBe('ünïcödé');
  });

  it.runIf(posix)('records a symlink as a link, and its target when that is inside', async () => {
    await fs.writeFile(`${root}/target.txt`, 'inside v0');
    await fs.symlink('target.txt', `${root}/link.txt`);
    const r = await record(`${root}/link.txt`);
    expect(r).toMatchObject({
      kind: 'recorded',
      files: [
        { path: `${root}/link.txt`, before: { kind: 'symlink', target: 'target.txt' } },
        { path: expect.stringMatching(/\/target\.txt$/), before: { kind: 'file' } },
      ],
    });
    await fs.writeFile(`${root}/link.txt`, 'inside v1');
    await fs.rm(`${root}/link.txt`);
    await fs.writeFile(`${root}/link.txt`, 'a regular file now');
    const rw = await cp.rewindCode('p1');
    expect(rw).toMatchObject({ ok: true, errors: [], notRestored: [] });
    expect(await fs.readlink(`${root}/link.txt`)).toBe('target.txt');
    expect(await fs.readFile(`${root}/target.txt`, 'utf8')).toBe('inside v0');
  });

  it.runIf(posix)('never follows a symlink out of the working directories', async () => {
    await fs.mkdir(`${tmp.dir}/outside`);
    await fs.writeFile(`${tmp.dir}/outside/secret`, 'outside v0');
    await fs.symlink(`${tmp.dir}/outside/secret`, `${root}/escape`);
    const r = await record(`${root}/escape`);
    expect(r).toMatchObject({
      kind: 'recorded',
      files: [{ path: `${root}/escape`, before: { kind: 'symlink' } }],
      warning: 'symlinkTargetOutside',
    });
    await fs.writeFile(`${root}/escape`, 'outside v1');
    const rw = await cp.rewindCode('p1');
    expect(rw).toMatchObject({ ok: true, unchanged: [`${root}/escape`], restored: [] });
    expect(await fs.readFile(`${tmp.dir}/outside/secret`, 'utf8')).toBe('outside v1');

    await fs.symlink(`${tmp.dir}/outside`, `${root}/outdir`);
    expect(await record(`${root}/outdir/secret`)).toMatchObject({ kind: 'notTracked', reason: 'symlinkedParent' });
  });

  it('recreates a directory removed since the prompt', async () => {
    await fs.mkdir(`${root}/a/b`, { recursive: true });
    await fs.writeFile(`${root}/a/b/c.txt`, 'deep');
    await record(`${root}/a/b/c.txt`);
    await fs.rm(`${root}/a`, { recursive: true });
    expect(await cp.rewindCode('p1')).toMatchObject({ restored: [`${root}/a/b/c.txt`] });
    expect(await fs.readFile(`${root}/a/b/c.txt`, 'utf8')).toBe('deep');
  });

  // LARGE FILE: 100 MiB, generated in 1 MiB blocks; recorded and restored as streams.
  it('records and restores a 100 MiB file as a stream (large-file test)', async () => {
    const path = `${root}/large.bin`;
    const block = randomBytes(1024 * 1024);
    const out = createWriteStream(path);
    const original = createHash('sha256');
    for (let i = 0; i < 100; i++) {
      block.writeUInt32LE(i, 0);
      original.update(block);
      if (!out.write(Buffer.from(block))) await new Promise<void>((r) => out.once('drain', () => r()));
    }
    out.end();
    await finished(out);
    const before = process.memoryUsage().rss;
    expect(await record(path)).toMatchObject({ kind: 'recorded', files: [{ before: { kind: 'file', size: 100 * 1024 * 1024 } }] });
    const handle = await fs.open(path, 'r+');
    await handle.write(Buffer.from('CHANGED'), 0, 7, 50 * 1024 * 1024);
    await handle.close();
    const r = await cp.rewindCode('p1');
    expect(r).toMatchObject({ ok: true, restored: [path], errors: [] });
    const check = await fs.open(path, 'r');
    const probe = Buffer.alloc(7);
    await check.read(probe, 0, 7, 50 * 1024 * 1024);
    await check.close();
    expect(probe.equals(Buffer.from('CHANGED'))).toBe(false);
    expect((await fs.stat(path)).size).toBe(100 * 1024 * 1024);
    const restored = createHash('sha256');
    for await (const chunk of createReadStream(path)) restored.update(chunk as Buffer);
    expect(restored.digest('hex')).toBe(original.digest('hex'));
    // Streaming: memory did not grow by anything near the file's size.
    expect(process.memoryUsage().rss - before).toBeLessThan(80 * 1024 * 1024);
  }, 20_000);
});
