import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { nodeFsView } from '../../src/node/fs-view.js';
import { whereLinkLeads } from '../../src/paths/real.js';

describe('nodeFsView', () => {
  it('inflates what zlib deflated, and gives undefined for bytes that are not zlib data', () => {
    const view = nodeFsView();
    expect(Buffer.from(view.inflate!(deflateSync('tree 0\0'))!).toString()).toBe('tree 0\0');
    expect(view.inflate!(Buffer.from('not zlib'))).toBeUndefined();
  });

  it('reads a link as written, and a dangling link leads where creating its target writes (replay 24, RP24-L1)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-fs-view-'));
    try {
      mkdirSync(join(dir, '.git/hooks'), { recursive: true });
      symlinkSync('../../scripts/pre-commit', join(dir, '.git/hooks/pre-commit'));
      symlinkSync('dotfiles/bashrc', join(dir, '.bashrc'));
      symlinkSync('.bashrc', join(dir, '.profile'));
      writeFileSync(join(dir, 'f'), 'x');
      const view = nodeFsView();
      const real = view.realpath(dir)!;
      expect(view.readlink!(join(dir, '.git/hooks/pre-commit'))).toBe('../../scripts/pre-commit');
      expect(view.readlink!(join(dir, 'f'))).toBeUndefined();
      expect(view.readlink!(join(dir, 'missing'))).toBeUndefined();
      expect(view.realpath(join(dir, '.git/hooks/pre-commit'))).toBeUndefined();
      expect(whereLinkLeads(join(dir, '.git/hooks/pre-commit'), view)).toBe(`${real}/scripts/pre-commit`);
      // A chain of links ends where the last one's missing target is.
      expect(whereLinkLeads(join(dir, '.profile'), view)).toBe(`${real}/dotfiles/bashrc`);
      expect(whereLinkLeads(join(dir, 'f'), view)).toBe(`${real}/f`);
      expect(whereLinkLeads(join(dir, 'missing'), view)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists a folder, and gives undefined for one that is missing, a file, or under a file (without a thrown error)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-fs-view-'));
    try {
      writeFileSync(join(dir, 'f'), 'x');
      const view = nodeFsView();
      expect(view.list!(dir)).toEqual(['f']);
      expect(view.list!(join(dir, 'missing'))).toBeUndefined();
      expect(view.list!(join(dir, 'f'))).toBeUndefined();
      expect(view.list!(join(dir, 'f', 'sub'))).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('loads node:zlib (and with it Node’s streams) on the first inflate, not with the module: every hook call loads it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-fs-view-'));
    try {
      const r = await build({ entryPoints: [resolve('src/node/fs-view.ts')], bundle: true, write: false, platform: 'node', format: 'cjs' });
      writeFileSync(join(dir, 'fs-view.cjs'), r.outputFiles[0]!.text);
      const script = `const z = () => process.moduleLoadList.includes('NativeModule zlib');
const { nodeFsView } = require(${JSON.stringify(join(dir, 'fs-view.cjs'))});
const view = nodeFsView(); const before = z(); view.inflate(Buffer.from([120, 156, 3, 0, 0, 0, 0, 1]));
console.log(JSON.stringify([before, z()]));`;
      expect(JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }))).toEqual([false, true]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
