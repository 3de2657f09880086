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

describe('codeBelowWrite of a link made at a name (decision 0154)', () => {
  const code: CodePlaces = {
    paths: ['/p/tools/x.sh'],
    patterns: [],
    hit: (p) => (p === '/p/tools/x.sh' ? 'a git hook runs it' : undefined),
  };
  /** A view with a folder `/p/tools` that is or is not a link (and `/p/other`, the folder a link leads to, with entries). */
  const view = (toolsIsLink: boolean) =>
    ({
      realpath: (p: string) => p,
      exists: () => true,
      isDirectory: (p: string) => p === '/p/tools' || p === '/p/other',
      list: () => ['a'],
      isSymlink: (p: string) => toolsIsLink && p === '/p/tools',
    }) as const;
  it('a link made where nothing is makes each code place below it a name in the folder it leads to', () => {
    expect(codeBelowWrite('/p/tools', undefined, code, 'through-links')).toContain('a link made there makes /p/tools/x.sh');
    expect(codeBelowWrite('/p/tools', undefined, code, 'replacing-links')).toContain('a git hook runs it');
  });
  it('a folder there takes the link inside it: only -n or -T replaces a link to a folder', () => {
    expect(codeBelowWrite('/p/tools', view(false), code, 'replacing-links')).toBeUndefined();
    expect(codeBelowWrite('/p/tools', view(false), code, 'through-links')).toBeUndefined();
    expect(codeBelowWrite('/p/tools', view(true), code, 'through-links')).toBeUndefined();
    expect(codeBelowWrite('/p/tools', view(true), code, 'replacing-links')).toContain('/p/tools/x.sh');
  });
  it('a view that cannot tell a link from a folder keeps -n from counting as kept', () => {
    const { isSymlink: _, ...blind } = view(true);
    expect(codeBelowWrite('/p/tools', blind, code, 'replacing-links')).toContain('/p/tools/x.sh');
  });
});
