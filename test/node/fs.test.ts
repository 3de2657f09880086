import { mkdtemp, rm } from 'node:fs/promises';
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
});
