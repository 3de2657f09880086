import { describe, expect, it } from 'vitest';
import { climbedParts } from '../../../src/shell/programs/cd.js';

describe('the parts a cd climbs out of', () => {
  it('lists each part before a `..`, leaving out those made of `.`, `..` and `/` only', () => {
    expect(climbedParts('./nonexist/../..')).toEqual(['./nonexist', './nonexist/..']);
    expect(climbedParts('src/a/../../..')).toEqual(['src/a', 'src/a/..', 'src/a/../..']);
    expect(climbedParts('/nonexist/../tmp')).toEqual(['/nonexist']);
    expect(climbedParts('../..')).toEqual([]);
    expect(climbedParts('/..')).toEqual([]);
    expect(climbedParts('src/lib')).toEqual([]);
    expect(climbedParts('a..b/..')).toEqual(['a..b']);
  });
});
