import { describe, expect, it } from 'vitest';
import { globMayBegin, globMayMatchStart, globNames } from '../../../src/shell/programs/glob-names.js';

describe('which glob patterns may match a name beginning with a character', () => {
  it.each(['*', '?x', '[-]*', '[!.]*', '[+-/]*', '[[:punct:]]*', '-*', "'-'*", '\\-*', '*.txt', '*=*'])('%s may begin with -', (p) => {
    expect(globMayBegin(p, '-')).toBe(true);
  });
  it.each(['src/*', 'a*', '[a-z]*', '[!-]*', "'*'x", '.[a-z]*'])('%s may not begin with -', (p) => {
    expect(globMayBegin(p, '-')).toBe(false);
  });
});

describe('the names a glob that lists them can match', () => {
  it.each([
    ['-[n]', ['-n']],
    ['-[i]s', ['-is']],
    ["'-'[in]s", ['-is', '-ns']],
    ['-[e]xec', ['-exec']],
    ['-[a-c]', ['-a', '-b', '-c']],
    ['\\-[o]', ['-o']],
  ])('%s can match %j', (p, names) => {
    expect(globNames(p)).toEqual(names);
  });
  it.each(['-*', '-?', '[!a]x', '-[[:alpha:]]', '[a-z][a-z][a-z]'])('%s may match names without end or too many', (p) => {
    expect(globNames(p)).toBeUndefined();
  });
});

describe('whether a glob may match a name beginning with a prefix', () => {
  it.each([
    ['-?', '-o', true],
    ['[-]*', '--o', true],
    ['*x', '-o', true],
    ['-[!a]*', '-o', true],
    ['--*', '-o', false],
    ['-[a-j]*', '-o', false],
    ["'-'[k]*", '-o', false],
  ])('%s may begin with %s: %s', (p, prefix, may) => {
    expect(globMayMatchStart(p, prefix)).toBe(may);
  });
});
