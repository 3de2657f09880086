import { describe, expect, it } from 'vitest';
import { codeBelowWrite, mayMatchBelow, type CodePlaces } from '../../src/evaluate/code-below.js';

describe('mayMatchBelow', () => {
  it('a wildcard that crosses a slash may match below any folder inside the pattern', () => {
    expect(mayMatchBelow(/^\/h\/dots\/.+\.(?:vim|lua)$/, '/h/dots/plugin')).toBe(true);
  });
  it('a one-part wildcard matches only the pattern folder’s own entries', () => {
    expect(mayMatchBelow(/^\/h\/dots\/[^/]*\.sh$/, '/h/dots/sub')).toBe(false);
    expect(mayMatchBelow(/^\/h\/dots\/[^/]*\/init\.sh$/, '/h/dots/sub')).toBe(true);
  });
});

describe('codeBelowWrite', () => {
  const code: CodePlaces = {
    paths: [],
    patterns: [{ folder: '/h/dots', pattern: /^\/h\/dots\/[^/]*\.sh$/, shown: '/h/dots/*.sh', why: '~/.bashrc sources it' }],
    hit: () => undefined,
  };
  it('a folder put whole on a pattern’s folder, or above it, writes what the pattern matches', () => {
    expect(codeBelowWrite('/h/dots', undefined, code)).toContain('~/.bashrc sources it');
    expect(codeBelowWrite('/h', undefined, code)).toContain('/h/dots/*.sh');
  });
  it('elsewhere, or below it where the pattern cannot reach, it does not', () => {
    expect(codeBelowWrite('/h/build', undefined, code)).toBeUndefined();
    expect(codeBelowWrite('/h/dots/sub', undefined, code)).toBeUndefined();
  });
});
