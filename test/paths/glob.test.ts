import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { globMatchesPath, segmentMatches } from '../../src/paths/glob.js';
import { propertyRuns } from '../support/property-runs.js';

describe('segmentMatches', () => {
  it.each([
    ['*', 'anything', true],
    ['*.ts', 'a.ts', true],
    ['*.ts', 'a.tsx', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['[ab]x', 'bx', true],
    ['[!ab]x', 'bx', false],
    ['[a-c]x', 'cx', true],
    ['\\*', '*', true],
    ['\\*', 'a', false],
    ['[', '[', true],
    ['*a*b*', 'xxaxxbxx', true],
    ['*a*b*', 'xxbxxaxx', false],
  ])('%s ~ %s → %s', (g, t, want) => {
    expect(segmentMatches(g, t, false)).toBe(want);
  });
  it('folds case on request', () => {
    expect(segmentMatches('Secret.txt', 'SECRET.TXT', true)).toBe(true);
    expect(segmentMatches('Secret.txt', 'SECRET.TXT', false)).toBe(false);
  });
  it('agrees with a regex reference for * and ?', () => {
    const unit = fc.constantFrom('a', 'b', '*', '?', '.');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 8 }), fc.string({ unit: fc.constantFrom('a', 'b', '.'), maxLength: 8 }), (g, t) => {
        const re = new RegExp(`^${g.replace(/\./g, '\\.').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 's');
        expect(segmentMatches(g, t, false)).toBe(re.test(t));
      }),
      { numRuns: propertyRuns(3000) },
    );
  });
});

describe('globMatchesPath', () => {
  it('** spans zero or more segments; * one', () => {
    expect(globMatchesPath('src/**/*.ts', 'src/a.ts', false)).toBe(true);
    expect(globMatchesPath('src/**/*.ts', 'src/x/y/a.ts', false)).toBe(true);
    expect(globMatchesPath('src/*', 'src/x/a.ts', false)).toBe(false);
    expect(globMatchesPath('**', 'a/b/c', false)).toBe(true);
    expect(globMatchesPath('**/x', 'x', false)).toBe(true);
  });
});
