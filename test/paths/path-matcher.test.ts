import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Platform, RuleList } from '../../src/core/types.js';
import { compilePathPattern, matchCompiledPathPattern, matchPathMatcher, pathMatcher } from '../../src/paths/pattern.js';
import { normalizePath } from '../../src/paths/index.js';
import { propertyRuns } from '../support/property-runs.js';

const P = '/home/user/project';
const HOME = '/home/user';

const segment = fc.constantFrom(
  'src',
  'a.ts',
  '.github',
  'lib',
  'x',
  'SRC',
  '.',
  '..',
  '',
  '*',
  '**',
  '*.ts',
  'a?',
  '[ab]',
  'ü',
  'a b',
  '\\*',
);
const pattern = fc.oneof(
  fc.constantFrom(
    './src/**',
    'src/**',
    '/src/**',
    '//etc/**',
    '~/.ssh/**',
    './.github/workflows/**',
    'src/lib/**',
    './src/*',
    'src',
    '**',
    '//**',
    '~',
    '**/*.ts',
  ),
  fc
    .tuple(fc.constantFrom('', './', '/', '//', '~/'), fc.array(segment, { minLength: 1, maxLength: 4 }))
    .map(([lead, segs]) => `${lead}${segs.join('/')}`),
);
const path = fc.oneof(
  fc.array(segment, { minLength: 0, maxLength: 6 }).map((s) => `${P}/${s.join('/')}`),
  fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => s.join('/')),
  fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => `/${s.join('/')}`),
  fc.constantFrom(
    P,
    `${P}/src`,
    `${P}/src/`,
    `${P}/src//a.ts`,
    `${P}/src/./a.ts`,
    `${P}/src/${'d/'.repeat(600)}a.ts`,
    `${P}/src/${'d'.repeat(5000)}`,
  ),
);

describe('matchPathMatcher', () => {
  it('gives the answer of matchCompiledPathPattern on the normalised path (the literal prefix and the all-under shortcut change nothing)', () => {
    fc.assert(
      fc.property(
        pattern,
        fc.array(path, { minLength: 1, maxLength: 5 }),
        fc.constantFrom<Platform>('linux', 'macos', 'windows'),
        fc.constantFrom<RuleList>('allow', 'deny', 'ask'),
        (pat, paths, platform, list) => {
          const ctx = { cwd: P, home: HOME, slashAnchor: P, platform, list };
          const compiled = compilePathPattern(pat, ctx);
          const m = pathMatcher(compiled);
          for (const p of paths) {
            const abs = normalizePath(p, { cwd: P, home: HOME, platform });
            expect(matchPathMatcher(m, p, ctx), `${pat} on ${p}`).toBe(matchCompiledPathPattern(compiled, abs));
          }
        },
      ),
      { numRuns: propertyRuns(3000) },
    );
  });

  it('takes the shortcut for literal directories then /** in allow lists', () => {
    const ctx = { cwd: P, home: HOME, slashAnchor: P, platform: 'linux' as const, list: 'allow' as const };
    const m = pathMatcher(compilePathPattern('./src/**', ctx));
    expect(m.allUnder).toBe(true);
    expect(matchPathMatcher(m, `${P}/src/a.ts`, ctx)).toBe(true);
    expect(matchPathMatcher(m, `${P}/src`, ctx)).toBe(false);
    expect(matchPathMatcher(m, `${P}/srcx/a.ts`, ctx)).toBe(false);
    expect(pathMatcher(compilePathPattern('./src/*', ctx)).allUnder).toBe(false);
    expect(pathMatcher(compilePathPattern('./src/**', { ...ctx, list: 'deny' })).allUnder).toBe(false);
  });
});
