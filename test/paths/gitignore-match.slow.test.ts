import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ignore from 'ignore';
import type { RuleList } from '../../src/core/types.js';
import { compileGitignorePattern, gitignoreIgnores, isMatchablePath } from '../../src/paths/gitignore-match.js';
import { compilePathPattern, matchCompiledPathPattern } from '../../src/paths/pattern.js';
import { normalizePath, relativeInside } from '../../src/paths/normalize.js';
import { matchWithIgnore } from './ignore-oracle.js';

// `ignore` is the reference: the segment matcher must give exactly what it gives.

function agree(p: string, rel: string, fold: boolean): void {
  const want = ignore({ ignorecase: fold }).add(p).ignores(rel);
  expect({ p, rel, fold, got: gitignoreIgnores(compileGitignorePattern(p, fold), rel) }).toEqual({ p, rel, fold, got: want });
}

const patternSeg = fc.constantFrom(
  'a',
  'b',
  'ab',
  '.env',
  'x.ts',
  '*',
  '**',
  '***',
  '*.ts',
  'a*',
  '*a*',
  'a?',
  '?',
  '[ab]',
  '[!a]',
  '[^a]',
  '[a-b]',
  '[b-a]',
  '[]a]',
  '[[:alpha:]]',
  '[[:nope:]]',
  '[a',
  '\\*',
  '\\?',
  '\\[a]',
  '\\a',
  '\\\\',
  'A',
  '',
  ' ',
  '\\ ',
  '#x',
  '!x',
  'a.b',
  '(x)',
  '$',
  '+',
  'a**',
  '**a',
);
const pathSeg = fc.constantFrom(
  'a',
  'b',
  'ab',
  'A',
  'B',
  '.env',
  'x.ts',
  'y.ts',
  'a.b',
  '(x)',
  '$',
  '+',
  '#x',
  '!x',
  '*',
  '?',
  'aab',
  'ba',
  ' ',
  'a ',
  '[ab]',
  '\\a',
  '\\',
);
const sep = fc.constantFrom('/', '/', '/', '\\/');
const pattern = fc
  .tuple(
    fc.constantFrom('', '/', '**/', '/**/', '!', '\\!', '#', '\\#'),
    fc.array(fc.tuple(patternSeg, sep), { minLength: 1, maxLength: 4 }),
    fc.constantFrom('', '/', '/**', '/**/', ' ', '\\ ', '\\/'),
  )
  .map(([lead, parts, tail]) => `${lead}${parts.map(([s, p], i) => (i === 0 ? s : `${p}${s}`)).join('')}${tail}`);
const relPath = fc
  .tuple(fc.array(pathSeg, { minLength: 1, maxLength: 5 }), fc.constantFrom('', '/', '/x'))
  .map(([segs, tail]) => `${segs.join('/')}${tail}`);

describe('compileGitignorePattern agrees with ignore', () => {
  it('ignores(path) for generated patterns and paths, both cases', () => {
    fc.assert(
      fc.property(pattern, fc.array(relPath, { minLength: 1, maxLength: 6 }), fc.boolean(), (p, paths, fold) => {
        for (const rel of paths) {
          expect(isMatchablePath(rel)).toBe(true);
          agree(p, rel, fold);
        }
      }),
      { numRuns: 8000 },
    );
  });

  it('many ** and deep paths', () => {
    const seg = fc.constantFrom('**', '**', 'a', 'b', '*', 'a*', '*b', '?');
    const deep = fc.constantFrom('**', 'a', 'b');
    const pat = fc
      .tuple(fc.constantFrom('', '/', '**/'), fc.array(seg, { minLength: 1, maxLength: 9 }), fc.constantFrom('', '/', '/**'))
      .map(([l, s, t]) => `${l}${s.join('/')}${t}`);
    const manyStars = fc.array(deep, { minLength: 3, maxLength: 12 }).map((s) => s.join('/'));
    const path = fc.array(fc.constantFrom('a', 'b', 'ab', 'ba', 'x'), { minLength: 1, maxLength: 24 }).map((s) => s.join('/'));
    fc.assert(
      fc.property(fc.oneof(pat, manyStars), fc.array(path, { minLength: 1, maxLength: 4 }), fc.boolean(), (p, paths, fold) => {
        for (const rel of paths) agree(p, rel, fold);
      }),
      { numRuns: 6000 },
    );
  });

  it('small alphabet: stars, escaped slashes, directories', () => {
    const seg = fc.constantFrom('a', '*', '**', '***', '?', 'a*', '');
    const pat = fc
      .tuple(
        fc.constantFrom('', '/', '**/'),
        fc.array(fc.tuple(seg, fc.constantFrom('/', '\\/')), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('', '/', '/*', '/**', '/**/', '\\/**'),
      )
      .map(([l, parts, t]) => `${l}${parts.map(([s, p], i) => (i === 0 ? s : `${p}${s}`)).join('')}${t}`);
    const path = fc
      .tuple(fc.array(fc.constantFrom('a', 'b'), { minLength: 1, maxLength: 4 }), fc.constantFrom('', '/'))
      .map(([s, t]) => `${s.join('/')}${t}`);
    fc.assert(
      fc.property(pat, fc.array(path, { minLength: 1, maxLength: 6 }), (p, paths) => {
        for (const rel of paths) agree(p, rel, false);
      }),
      { numRuns: 6000 },
    );
  });

  it('several lines, negation, comments and a BOM', () => {
    const line = fc.oneof(pattern, fc.constantFrom('# c', '!a', '!**/b', ''));
    const text = fc
      .tuple(fc.constantFrom('', '\uFEFF'), fc.array(line, { minLength: 1, maxLength: 3 }), fc.constantFrom('\n', '\r\n'))
      .map(([b, ls, nl]) => `${b}${ls.join(nl)}`);
    fc.assert(
      fc.property(text, fc.array(relPath, { minLength: 1, maxLength: 4 }), fc.boolean(), (p, paths, fold) => {
        for (const rel of paths) agree(p, rel, fold);
      }),
      { numRuns: 3000 },
    );
  });

  it('documented gitignore cases', () => {
    const cases: [string, string, boolean][] = [
      ['**/secrets/**', 'a/secrets/b', true],
      ['**/secrets/**', 'a/secrets', false],
      ['/src/*', 'src/sub/a.ts', true],
      ['a/**/b', 'a/b', true],
      ['a/**/b', 'a/x/y/b', true],
      ['a/**/', 'a/x/y', true],
      ['a/**/', 'a/x', false],
      ['**/', 'a/b', true],
      ['**/', 'a', false],
      ['*.pem', 'deep/k.PEM', false],
      ['x\\/', 'x/y', false],
      ['[a', 'a', false],
      ['[[:digit:]]', '7', true],
      ['\\#x', '#x', true],
      ['a/*', 'a/', false],
      ['/*', 'a/', true],
      ['a\\/**', 'a/', true],
      ['**/', 'a/', true],
    ];
    for (const [p, rel, want] of cases) {
      expect([p, rel, gitignoreIgnores(compileGitignorePattern(p, false), rel)]).toEqual([p, rel, want]);
      agree(p, rel, false);
    }
  });

  it('isMatchablePath refuses what ignore would reject', () => {
    for (const p of ['/a', './a', '../a', '.', '..', 'a//b', '']) expect(isMatchablePath(p), p).toBe(false);
    for (const p of ['a', '.env', '..a', 'a/b/', 'a/.../b', 'a\\b', 'c:/x']) expect(isMatchablePath(p), p).toBe(true);
  });
});

describe('matchCompiledPathPattern agrees with ignore used the same way', () => {
  const specSeg = fc.constantFrom(
    'a',
    'b',
    '.env',
    'src',
    'x.ts',
    '*',
    '**',
    '*.ts',
    'a?',
    '[ab]',
    '..',
    '.',
    'A',
    '#x',
    '!x',
    '\\*',
    '[!a]',
    'a ',
  );
  const spec = fc
    .tuple(fc.constantFrom('', '/', '//', '~/', './', '../'), fc.array(specSeg, { minLength: 0, maxLength: 4 }), fc.constantFrom('', '/'))
    .map(([lead, segs, tail]) => `${lead}${segs.join('/')}${tail}`);
  const absSeg = fc.constantFrom('home', 'user', 'project', 'a', 'b', 'A', '.env', 'src', 'x.ts', 'y.ts', '#x', '!x', '..', '.', '*', 'a ');
  const absPath = fc.array(absSeg, { minLength: 0, maxLength: 6 }).map((segs) => `/${segs.join('/')}`);
  it('every list and platform', () => {
    fc.assert(
      fc.property(
        spec,
        fc.array(absPath, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('linux', 'macos', 'windows') as fc.Arbitrary<'linux' | 'macos' | 'windows'>,
        fc.constantFrom('allow', 'ask', 'deny') as fc.Arbitrary<RuleList>,
        (s, paths, platform, list) => {
          const ctx = { cwd: '/home/user/project', home: '/home/user', slashAnchor: '/home/user/project', platform, list };
          const compiled = compilePathPattern(s, ctx);
          for (const raw of paths) {
            const abs = normalizePath(raw, ctx);
            const rel = relativeInside(abs, compiled.base, { caseInsensitive: compiled.fold });
            const expected = rel === undefined ? false : rel === '' ? compiled.coversBase : matchWithIgnore(compiled, rel);
            expect({ s, abs, list, platform, got: matchCompiledPathPattern(compiled, abs) }).toEqual({
              s,
              abs,
              list,
              platform,
              got: expected,
            });
          }
        },
      ),
      { numRuns: 4000 },
    );
  });
});
