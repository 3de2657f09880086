import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isInside, isInsideAny, normalizePath, parentsOf, relativeInside } from '../../src/paths/index.js';
import { propertyRuns } from '../support/property-runs.js';

const lin = { cwd: '/home/user/project', home: '/home/user', platform: 'linux' as const };
const win = { cwd: 'C:\\Users\\user\\project', home: 'C:\\Users\\user', platform: 'windows' as const };

describe('normalizePath', () => {
  it.each([
    ['/a/b/c', '/a/b/c'],
    ['/a//b/./c/', '/a/b/c'],
    ['/a/b/../c', '/a/c'],
    ['/../../etc', '/etc'],
    ['src/a.ts', '/home/user/project/src/a.ts'],
    ['./src/../.env', '/home/user/project/.env'],
    ['../.env', '/home/user/.env'],
    ['~', '/home/user'],
    ['~/.ssh/id_rsa', '/home/user/.ssh/id_rsa'],
    ['~other/x', '/home/user/project/~other/x'],
    ['', '/home/user/project'],
    ['.', '/home/user/project'],
    ['/', '/'],
  ])('linux %j → %j', (input, out) => {
    expect(normalizePath(input, lin)).toBe(out);
  });
  it.each([
    ['C:\\Users\\x', '/c/Users/x'],
    ['c:/Users/x/', '/c/Users/x'],
    ['D:\\', '/d'],
    ['src\\a.ts', '/c/Users/user/project/src/a.ts'],
    ['~\\.ssh\\id_rsa', '/c/Users/user/.ssh/id_rsa'],
    ['/c/Users/x', '/c/Users/x'],
    ['\\\\?\\C:\\long\\path', '/c/long/path'],
    ['\\\\server\\share\\x', '//server/share/x'],
    // `..` never climbs above a drive's root or a share (Windows: GetFullPathName).
    ['C:\\a\\..\\..\\b', '/c/b'],
    ['C:\\..\\Users\\x\\.env', '/c/Users/x/.env'],
    ['\\\\server\\share\\..\\..\\c$\\x', '//server/share/c$/x'],
  ])('windows %j → %j', (input, out) => {
    expect(normalizePath(input, win)).toBe(out);
  });
  it('never throws, always absolute, idempotent', () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(lin, win), (p, opts) => {
        const n = normalizePath(p, opts);
        expect(n.startsWith('/')).toBe(true);
        expect(normalizePath(n, opts)).toBe(n);
        expect(n.split('/').slice(1)).not.toContain('..');
      }),
      { numRuns: propertyRuns(2000) },
    );
  });
});

describe('isInside / isInsideAny / relativeInside / parentsOf', () => {
  it('is segment aware', () => {
    expect(isInside('/a/b', '/a/b')).toBe(true);
    expect(isInside('/a/b/c', '/a/b')).toBe(true);
    expect(isInside('/a/bc', '/a/b')).toBe(false);
    expect(isInside('/a', '/a/b')).toBe(false);
    expect(isInside('/x', '/')).toBe(true);
    expect(isInside('/a/b/c', '/a/b/')).toBe(true);
  });
  it('case folding is opt-in', () => {
    expect(isInside('/A/B/c', '/a/b')).toBe(false);
    expect(isInside('/A/B/c', '/a/b', { caseInsensitive: true })).toBe(true);
  });
  it('isInsideAny', () => {
    expect(isInsideAny('/p/x', ['/q', '/p'])).toBe(true);
    expect(isInsideAny('/px', ['/q', '/p'])).toBe(false);
    expect(isInsideAny('/px', [])).toBe(false);
  });
  it('relativeInside', () => {
    expect(relativeInside('/a/b/c', '/a')).toBe('b/c');
    expect(relativeInside('/a', '/a')).toBe('');
    expect(relativeInside('/a/b', '/')).toBe('a/b');
    expect(relativeInside('/ab', '/a')).toBeUndefined();
  });
  it('parentsOf', () => {
    expect(parentsOf('/a/b/c')).toEqual(['/a/b', '/a', '/']);
    expect(parentsOf('/')).toEqual([]);
  });
});

describe('isInside / isInsideAny with Windows spellings (normalised first)', () => {
  const n = (p: string) => normalizePath(p, win);
  it('a working directory C:\\p contains C:\\p\\x. (C:/p/x)', () => {
    expect(n('C:\\p\\x.')).toBe('/c/p/x');
    expect(isInside(n('C:\\p\\x.'), n('C:\\p'))).toBe(true);
    expect(isInside(n('C:\\p.\\x'), n('C:\\p'))).toBe(true);
    expect(isInside(n('C:\\p\\x::$DATA'), n('C:\\p\\'))).toBe(true);
    expect(isInsideAny(n('C:\\p \\x'), [n('D:\\q'), n('C:\\p')])).toBe(true);
  });
  it('a sibling with a longer name is still outside', () => {
    expect(isInside(n('C:\\p.x\\y'), n('C:\\p'))).toBe(false);
    expect(isInside(n('C:\\px\\y'), n('C:\\p.'))).toBe(false);
  });
  it('case differences need caseInsensitive', () => {
    expect(isInside(n('C:\\P\\x'), n('c:\\p'))).toBe(false);
    expect(isInside(n('C:\\P\\x'), n('c:\\p'), { caseInsensitive: true })).toBe(true);
  });
});
