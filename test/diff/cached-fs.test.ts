/** cachedFsView: each method asks the underlying view once per path. */
import { describe, expect, it } from 'vitest';
import type { ReadonlyFsView } from '../../src/core/ports.js';
import { cachedFsView } from '../../src/diff/index.js';

describe('cachedFsView', () => {
  it('answers a repeated question from memory, per method and path, and keeps undefined answers', () => {
    const asked: string[] = [];
    const view: ReadonlyFsView = {
      realpath: (p) => (asked.push(`realpath ${p}`), p === '/gone' ? undefined : p),
      exists: (p) => (asked.push(`exists ${p}`), p !== '/gone'),
      list: (p) => (asked.push(`list ${p}`), ['a', 'b']),
    };
    const cached = cachedFsView(view);
    for (let i = 0; i < 3; i++) {
      expect(cached.realpath('/a')).toBe('/a');
      expect(cached.realpath('/gone')).toBeUndefined();
      expect(cached.exists('/a')).toBe(true);
      expect(cached.list?.('/a')).toEqual(['a', 'b']);
    }
    expect(asked).toEqual(['realpath /a', 'realpath /gone', 'exists /a', 'list /a']);
    expect(cached.readText).toBeUndefined();
  });
});
