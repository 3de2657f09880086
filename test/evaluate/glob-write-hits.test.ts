import { describe, expect, it } from 'vitest';
import { namesWritten } from '../../src/evaluate/glob-write-hits.js';
import type { ReadonlyFsView } from '../../src/core/ports.js';

/** A view of /p/stage holding the file x.sh and the folder sub (with y.sh). */
const view: ReadonlyFsView = {
  realpath: (p) => p,
  exists: (p) => ['/p/stage', '/p/stage/x.sh', '/p/stage/sub', '/p/stage/sub/y.sh'].includes(p),
  isDirectory: (p) => p === '/p/stage' || p === '/p/stage/sub',
  list: (p) => (p === '/p/stage' ? ['x.sh', 'sub'] : p === '/p/stage/sub' ? ['y.sh'] : undefined),
  isSymlink: () => false,
};

describe('namesWritten', () => {
  it('a copy into a folder writes each match’s base name there', () => {
    expect(namesWritten(view, '/p/tools/*', ['/p/stage/*'])).toEqual(['/p/tools/x.sh', '/p/tools/sub']);
  });
  it('a program that skips folders (cp without -r) writes only the files matched', () => {
    expect(namesWritten(view, '/p/tools/*', ['/p/stage/*'], true)).toEqual(['/p/tools/x.sh']);
  });
  it('the names find hands from a start point: every file below it (`START/**/*`)', () => {
    expect(namesWritten(view, '/p/tools/*', ['/p/stage/**/*'], true)?.sort()).toEqual(['/p/tools/x.sh', '/p/tools/y.sh']);
  });
});
