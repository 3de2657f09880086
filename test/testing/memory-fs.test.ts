import { describe, expect, it } from 'vitest';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';
import { fileSystemContract } from './fs-contract.js';

fileSystemContract('createMemoryFileSystem', async () => {
  const fs = createMemoryFileSystem({ '/root': { directory: true } });
  return { fs, view: fs.view(), root: '/root' };
});

describe('createMemoryFileSystem', () => {
  it('seeds files, bytes, modes, symlinks and directories, creating parents', async () => {
    const fs = createMemoryFileSystem({
      '/home/u/.claude/settings.json': '{}',
      '/bin/tool': { content: 'x', mode: 0o755 },
      '/data.bin': new Uint8Array([0xff, 0xfe]),
      '/home/u/link': { symlink: '.claude/settings.json' },
      '/empty': { directory: true },
    });
    expect(await fs.readText('/home/u/link')).toBe('{}');
    expect((await fs.stat('/bin/tool'))?.mode).toBe(0o755);
    expect((await fs.stat('/home/u'))?.kind).toBe('directory');
    expect(fs.snapshot()).toEqual({
      '/bin/tool': 'x',
      '/data.bin': new Uint8Array([0xff, 0xfe]),
      '/empty': { directory: true },
      '/home/u/.claude/settings.json': '{}',
      '/home/u/link': { symlink: '.claude/settings.json' },
    });
  });

  it('the view sees later writes', async () => {
    const fs = createMemoryFileSystem();
    const view = fs.view();
    expect(view.exists('/a')).toBe(false);
    await fs.writeFile('/a', '1');
    expect(view.exists('/a')).toBe(true);
    expect(view.realpath('/a')).toBe('/a');
  });

  it('resolves relative links containing ..', async () => {
    const fs = createMemoryFileSystem({ '/p/x/f': 'hi', '/p/y/l': { symlink: '../x/f' } });
    expect(await fs.readText('/p/y/l')).toBe('hi');
    expect(fs.view().realpath('/p/y/l')).toBe('/p/x/f');
  });

  it('refuses to read a directory or write over one', async () => {
    const fs = createMemoryFileSystem({ '/d': { directory: true } });
    await expect(fs.readText('/d')).rejects.toMatchObject({ code: 'EISDIR' });
    await expect(fs.writeFile('/d', 'x')).rejects.toMatchObject({ code: 'EISDIR' });
  });
});
