import { describe, expect, it } from 'vitest';
import type { FileSystem, ReadonlyFsView } from '../../src/core/ports.js';

/** A FileSystem under test, rooted at an empty directory `root`. */
export interface FsFixture {
  fs: FileSystem;
  view: ReadonlyFsView;
  root: string;
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

/** One behavioural suite, run against every FileSystem implementation. */
export function fileSystemContract(name: string, make: () => Promise<FsFixture>): void {
  describe(`${name}: FileSystem contract`, () => {
    it('writes, reads text and bytes', async () => {
      const { fs, root } = await make();
      await fs.writeFile(`${root}/a.txt`, 'héllo');
      expect(await fs.readText(`${root}/a.txt`)).toBe('héllo');
      expect(Array.from(await fs.readFile(`${root}/a.txt`))).toEqual(Array.from(new TextEncoder().encode('héllo')));
      await fs.writeFile(`${root}/b.bin`, new Uint8Array([0, 255, 1]));
      expect(Array.from(await fs.readFile(`${root}/b.bin`))).toEqual([0, 255, 1]);
    });

    it('reports ENOENT for a missing file and for a missing parent on write', async () => {
      const { fs, root } = await make();
      expect(await codeOf(fs.readText(`${root}/missing`))).toBe('ENOENT');
      expect(await codeOf(fs.writeFile(`${root}/no/such/dir/f`, 'x'))).toBe('ENOENT');
    });

    it('stat is lstat and returns undefined for a missing path', async () => {
      const { fs, root } = await make();
      await fs.writeFile(`${root}/f`, 'abc');
      await fs.symlink(`${root}/f`, `${root}/link`);
      await fs.mkdir(`${root}/d`);
      expect(await fs.stat(`${root}/f`)).toMatchObject({ kind: 'file', size: 3 });
      expect(await fs.stat(`${root}/link`)).toMatchObject({ kind: 'symlink' });
      expect(await fs.stat(`${root}/d`)).toMatchObject({ kind: 'directory' });
      expect(await fs.stat(`${root}/nope`)).toBeUndefined();
      expect(await fs.stat(`${root}/f/under-a-file`)).toBeUndefined();
    });

    it('mkdir creates parents and accepts an existing directory; readdir lists names sorted', async () => {
      const { fs, root } = await make();
      await fs.mkdir(`${root}/x/y/z`);
      await fs.mkdir(`${root}/x/y/z`);
      await fs.writeFile(`${root}/x/b`, '1');
      await fs.writeFile(`${root}/x/a`, '2');
      expect(await fs.readdir(`${root}/x`)).toEqual(['a', 'b', 'y']);
      expect(await codeOf(fs.readdir(`${root}/nope`))).toBe('ENOENT');
    });

    it('writeFileAtomic replaces content and leaves no temporary file behind', async () => {
      const { fs, root } = await make();
      await fs.writeFile(`${root}/s.json`, 'old');
      await fs.writeFileAtomic(`${root}/s.json`, 'new');
      expect(await fs.readText(`${root}/s.json`)).toBe('new');
      await fs.writeFileAtomic(`${root}/fresh.json`, 'created', { mode: 0o600 });
      expect(await fs.readText(`${root}/fresh.json`)).toBe('created');
      expect((await fs.stat(`${root}/fresh.json`))?.mode).toBe(0o600);
      expect(await fs.readdir(root)).toEqual(['fresh.json', 's.json']);
    });

    it('writes with a mode, and chmod changes it', async () => {
      const { fs, root } = await make();
      await fs.writeFile(`${root}/run.sh`, '#!/bin/sh', { mode: 0o755 });
      expect((await fs.stat(`${root}/run.sh`))?.mode).toBe(0o755);
      await fs.chmod(`${root}/run.sh`, 0o700);
      expect((await fs.stat(`${root}/run.sh`))?.mode).toBe(0o700);
    });

    it('renames files and directories', async () => {
      const { fs, root } = await make();
      await fs.mkdir(`${root}/d/sub`);
      await fs.writeFile(`${root}/d/sub/f`, 'x');
      await fs.rename(`${root}/d`, `${root}/e`);
      expect(await fs.readText(`${root}/e/sub/f`)).toBe('x');
      expect(await fs.stat(`${root}/d`)).toBeUndefined();
      await fs.writeFile(`${root}/g`, 'old');
      await fs.rename(`${root}/e/sub/f`, `${root}/g`);
      expect(await fs.readText(`${root}/g`)).toBe('x');
      expect(await codeOf(fs.rename(`${root}/nope`, `${root}/other`))).toBe('ENOENT');
    });

    it('removes files, symlinks (not their targets) and directory trees; a missing path is fine', async () => {
      const { fs, root } = await make();
      await fs.mkdir(`${root}/t/u`);
      await fs.writeFile(`${root}/t/u/f`, 'x');
      await fs.writeFile(`${root}/keep`, 'k');
      await fs.symlink(`${root}/keep`, `${root}/l`);
      await fs.remove(`${root}/l`);
      expect(await fs.readText(`${root}/keep`)).toBe('k');
      await fs.remove(`${root}/t`);
      expect(await fs.stat(`${root}/t`)).toBeUndefined();
      await fs.remove(`${root}/never-existed`);
    });

    it('follows symlinks for reads and writes, also in the middle of a path', async () => {
      const { fs, root } = await make();
      await fs.mkdir(`${root}/real`);
      await fs.writeFile(`${root}/real/f`, 'content');
      await fs.symlink(`${root}/real`, `${root}/alias`);
      await fs.symlink('real/f', `${root}/rel`);
      expect(await fs.readText(`${root}/alias/f`)).toBe('content');
      expect(await fs.readText(`${root}/rel`)).toBe('content');
      expect(await fs.readlink(`${root}/rel`)).toBe('real/f');
      await fs.writeFile(`${root}/alias/g`, 'via link');
      expect(await fs.readText(`${root}/real/g`)).toBe('via link');
      expect(await codeOf(fs.symlink('x', `${root}/rel`))).toBe('EEXIST');
      expect(await codeOf(fs.readlink(`${root}/real/f`))).toBe('EINVAL');
    });

    it('view: realpath resolves links, undefined when missing or dangling; exists follows links', async () => {
      const { fs, view, root } = await make();
      await fs.mkdir(`${root}/real`);
      await fs.writeFile(`${root}/real/f`, 'x');
      await fs.symlink(`${root}/real`, `${root}/alias`);
      await fs.symlink(`${root}/gone`, `${root}/dangling`);
      const realRoot = view.realpath(root) as string;
      expect(view.realpath(`${root}/alias/f`)).toBe(`${realRoot}/real/f`);
      expect(view.realpath(`${root}/nope`)).toBeUndefined();
      expect(view.realpath(`${root}/dangling`)).toBeUndefined();
      expect(view.exists(`${root}/alias/f`)).toBe(true);
      expect(view.exists(`${root}/dangling`)).toBe(false);
    });

    it('reports ELOOP for a symlink loop', async () => {
      const { fs, view, root } = await make();
      await fs.symlink(`${root}/b`, `${root}/a`);
      await fs.symlink(`${root}/a`, `${root}/b`);
      expect(await codeOf(fs.readText(`${root}/a`))).toBe('ELOOP');
      expect(view.realpath(`${root}/a`)).toBeUndefined();
    });
  });
}
