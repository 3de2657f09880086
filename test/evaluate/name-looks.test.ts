/**
 * A look at a name (`stat .env`, `ls -la .env`, `git check-ignore .env`) reads no content a Read
 * rule names; a folder a lister lists is read (strace, coreutils 9.1 / git 2.39.5: decision 0142).
 */
import { describe, expect, it } from 'vitest';
import type { ReadonlyFsView } from '../../src/core/ports.js';
import { looksAtNameOnly } from '../../src/evaluate/name-looks.js';
import type { PathEffect } from '../../src/shell/types.js';

const folders = new Set(['/p', '/p/src']);
const files = new Set(['/p/.env']);
const view = {
  realpath: (p: string) => (folders.has(p) || files.has(p) ? p : undefined),
  exists: (p: string) => folders.has(p) || files.has(p),
  isDirectory: (p: string) => (folders.has(p) ? true : files.has(p) ? false : undefined),
} as ReadonlyFsView;

const read = (path: string, extra: Partial<PathEffect> = {}): PathEffect => ({
  op: 'read',
  path,
  raw: path,
  literal: true,
  command: 0,
  glob: false,
  ...extra,
});

describe('looksAtNameOnly', () => {
  it('takes a status look as no read, file or folder, view or none', () => {
    expect(looksAtNameOnly(read('/p/.env', { looks: 'status' }), view)).toBe(true);
    expect(looksAtNameOnly(read('/p/src', { looks: 'status' }), view)).toBe(true);
    expect(looksAtNameOnly(read('/p/.env', { looks: 'status' }), undefined)).toBe(true);
  });
  it('takes a listing of a file the view shows as a look', () => {
    expect(looksAtNameOnly(read('/p/.env', { looks: 'listing' }), view)).toBe(true);
  });
  it('reads a folder it lists, and what the view cannot tell', () => {
    expect(looksAtNameOnly(read('/p/src', { looks: 'listing' }), view)).toBe(false);
    expect(looksAtNameOnly(read('/p/missing', { looks: 'listing' }), view)).toBe(false);
    expect(looksAtNameOnly(read('/p/.env', { looks: 'listing' }), undefined)).toBe(false);
    expect(looksAtNameOnly(read('/p/*.env', { looks: 'listing', glob: true }), view)).toBe(false);
  });
  it('never passes over a content read, a write or an assumed word', () => {
    expect(looksAtNameOnly(read('/p/.env'), view)).toBe(false);
    expect(looksAtNameOnly({ ...read('/p/.env', { looks: 'status' }), op: 'write' }, view)).toBe(false);
    expect(looksAtNameOnly(read('/p/.env', { looks: 'status', assumed: 'path' }), view)).toBe(false);
  });
});
