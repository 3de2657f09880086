import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { diffSnapshots, gitIndexEntries } from '../support/bash-oracle/snapshot.js';

/** A version-2 git index with the given entries and stat data. */
function index(entries: { path: string; mtime: number }[]): Buffer {
  const parts: Buffer[] = [];
  const head = Buffer.alloc(12);
  head.write('DIRC', 0, 'latin1');
  head.writeUInt32BE(2, 4);
  head.writeUInt32BE(entries.length, 8);
  parts.push(head);
  for (const e of entries) {
    const fixed = Buffer.alloc(62);
    fixed.writeUInt32BE(e.mtime, 8);
    fixed.writeUInt32BE(0o100644, 24);
    createHash('sha1').update(e.path).digest().copy(fixed, 40);
    fixed.writeUInt16BE(e.path.length, 60);
    const len = 62 + e.path.length;
    const padded = Math.ceil((len + 1) / 8) * 8;
    parts.push(fixed, Buffer.from(e.path), Buffer.alloc(padded - len));
  }
  return Buffer.concat(parts);
}

describe('bash oracle: snapshots', () => {
  it('compares a git index by its entries, not its stat cache', () => {
    const a = gitIndexEntries(
      index([
        { path: 'README.md', mtime: 1 },
        { path: 'src/a.js', mtime: 2 },
      ]),
    );
    const b = gitIndexEntries(
      index([
        { path: 'README.md', mtime: 99 },
        { path: 'src/a.js', mtime: 98 },
      ]),
    );
    const c = gitIndexEntries(index([{ path: 'README.md', mtime: 1 }]));
    expect(a).toBeDefined();
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(a!.split('\n')[1]).toMatch(/^100644 [0-9a-f]{40} 0 src\/a\.js$/);
    expect(gitIndexEntries(Buffer.from('not an index'))).toBeUndefined();
  });

  it('reports created, modified and removed paths', () => {
    const before = new Map([
      ['/a', 'x'],
      ['/b', 'y'],
    ]);
    const after = new Map([
      ['/a', 'x2'],
      ['/c', 'z'],
    ]);
    expect(diffSnapshots(before, after)).toEqual([
      { path: '/a', kind: 'modified' },
      { path: '/b', kind: 'removed' },
      { path: '/c', kind: 'created' },
    ]);
  });
});
