import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import ignore from 'ignore';
import type { RuleList } from '../../src/core/types.js';
import { compileGitignore, gitignoreIgnores, isPlainRelative } from '../../src/paths/gitignore-regexp.js';
import { compilePathPattern, matchCompiledPathPattern, matchWithIgnore } from '../../src/paths/pattern.js';
import { normalizePath, relativeInside } from '../../src/paths/normalize.js';

// `ignore` is the reference: the fast path must give exactly what it gives.

const patternSeg = fc.constantFrom('a', 'b', 'ab', '.env', 'x.ts', '*', '**', '***', '*.ts', 'a*', '*a*', 'a?', '[ab]', '\\*', 'A', '', ' ', '#x', '!x', 'a.b', '(x)', '$', '+');
const pathSeg = fc.constantFrom('a', 'b', 'ab', 'A', '.env', 'x.ts', 'y.ts', 'a.b', '(x)', '$', '+', '#x', '!x', '*', 'aab', 'ba');
const pattern = fc.tuple(fc.constantFrom('', '/', '**/', '/**/'), fc.array(patternSeg, { minLength: 1, maxLength: 4 }), fc.constantFrom('', '/', '/**'))
  .map(([lead, segs, tail]) => `${lead}${segs.join('/')}${tail}`);
const relPath = fc.tuple(fc.array(pathSeg, { minLength: 1, maxLength: 5 }), fc.constantFrom('', '/', '/x')).map(([segs, tail]) => `${segs.join('/')}${tail}`);

describe('compileGitignore agrees with ignore', () => {
  it('ignores(path) for generated patterns and paths, both cases', () => {
    let compiled = 0;
    fc.assert(
      fc.property(pattern, fc.array(relPath, { minLength: 1, maxLength: 6 }), fc.boolean(), (p, paths, fold) => {
        const fast = compileGitignore(p, fold);
        if (fast === undefined) return;
        compiled++;
        const ig = ignore({ ignorecase: fold }).add(p);
        for (const rel of paths) {
          expect(isPlainRelative(rel)).toBe(true);
          expect({ p, rel, got: gitignoreIgnores(fast, rel) }).toEqual({ p, rel, got: ig.ignores(rel) });
        }
      }),
      { numRuns: 6000 },
    );
    expect(compiled).toBeGreaterThan(1000);
  });

  it('takes the patterns path rules usually give', () => {
    for (const p of ['/src/**', '**/*.pem', '**/id_rsa', '/.env', '/.env.*', '**/secrets/**', '/packages/pkg-00/**', '.env', '**/.ssh/**', '/**', '*.md', 'docs/', '/a/**/b']) {
      expect(compileGitignore(p, false), p).toBeDefined();
      expect(compileGitignore(p, true), p).toBeDefined();
    }
  });

  it('leaves escapes, classes, ? and ** beside text to ignore', () => {
    for (const p of ['\\#x', 'a?', '[ab]', 'a**', '***', '/a/**/**', 'a\nb', 'x\\ ', 'a//b', '**/']) {
      expect(compileGitignore(p, false), p).toBeUndefined();
    }
  });

  it('isPlainRelative refuses what ignore would reject or convert', () => {
    for (const p of ['/a', './a', '../a', '.', '..', 'a//b', 'a\\b', 'c:/x', '']) expect(isPlainRelative(p), p).toBe(false);
    for (const p of ['a', '.env', '..a', 'a/b/', 'a/.../b']) expect(isPlainRelative(p), p).toBe(true);
  });
});

describe('matchCompiledPathPattern: the fast path equals the ignore path', () => {
  const specSeg = fc.constantFrom('a', 'b', '.env', 'src', 'x.ts', '*', '**', '*.ts', 'a?', '[ab]', '..', '.', 'A', '#x', '!x');
  const spec = fc.tuple(fc.constantFrom('', '/', '//', '~/', './', '../'), fc.array(specSeg, { minLength: 0, maxLength: 4 }), fc.constantFrom('', '/'))
    .map(([lead, segs, tail]) => `${lead}${segs.join('/')}${tail}`);
  const absSeg = fc.constantFrom('home', 'user', 'project', 'a', 'b', 'A', '.env', 'src', 'x.ts', 'y.ts', '#x', '!x', '..', '.');
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
            expect({ s, abs, list, platform, got: matchCompiledPathPattern(compiled, abs) }).toEqual({ s, abs, list, platform, got: expected });
          }
        },
      ),
      { numRuns: 4000 },
    );
  });
});
