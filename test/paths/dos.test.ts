/**
 * Inputs that made the earlier regular-expression matcher backtrack for seconds (red-team
 * findings). Matching work is asserted as a count of segment comparisons, not as time; each test
 * also runs under a 2 s timeout with inputs scaled well past the ones that took seconds before.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compileGitignorePattern, gitignoreIgnores, matchSteps } from '../../src/paths/gitignore-match.js';
import { matchPathPattern, PATH_MATCH_LIMITS } from '../../src/paths/index.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { propertyRuns } from '../support/property-runs.js';

const P = '/home/user/project';
const deny = { cwd: P, home: '/home/user', slashAnchor: P, platform: 'linux' as const, list: 'deny' as const };
const allow = { ...deny, list: 'allow' as const };

function stepsOf(f: () => unknown): number {
  const before = matchSteps();
  f();
  return matchSteps() - before;
}

describe('matching work is linear in path depth × pattern length', { timeout: 2000 }, () => {
  beforeAll(async () => {
    await prepare();
  });

  it('**/src/**/secrets/**/*.key against src/secrets/ × 250', () => {
    const path = `${P}/${'src/secrets/'.repeat(250)}x`; // 503 segments, under the limits
    let hit = true;
    const steps = stepsOf(() => (hit = matchPathPattern('**/src/**/secrets/**/*.key', path, deny)));
    expect(hit).toBe(false);
    // 5 pattern segments after the leading **/, 501 path segments below the cwd, plus the probe.
    expect(steps).toBeLessThanOrEqual(6 * 503);
    expect(matchPathPattern('**/src/**/secrets/**/*.key', `${P}/${'src/secrets/'.repeat(250)}x.key`, deny)).toBe(true);
  });

  it('a Read and a cat of that path are decided at once', () => {
    const policy = policyFromObjects([
      { kind: 'projectSettings', settings: { permissions: { deny: ['Read(**/src/**/secrets/**/*.key)'] } } },
    ]);
    const deep = `${P}/${'src/secrets/'.repeat(250)}`;
    const ctx = { mode: 'default' as const, policy, cwd: P, home: '/home/user' };
    expect(evaluate({ tool: 'Read', input: { file_path: `${deep}x` } }, ctx).behavior).not.toBe('deny');
    expect(evaluate({ tool: 'Read', input: { file_path: `${deep}x.key` } }, ctx).behavior).toBe('deny');
    expect(evaluate({ tool: 'Bash', input: { command: `cat ${deep}x` } }, ctx).behavior).not.toBe('deny');
    expect(evaluate({ tool: 'Bash', input: { command: `cat ${deep}x.key` } }, ctx).behavior).toBe('deny');
  });

  it('**/a/**/a/**/a/x against a/ × 500', () => {
    const path = `${P}/${'a/'.repeat(500)}b`;
    let hit = true;
    const steps = stepsOf(() => (hit = matchPathPattern('**/a/**/a/**/a/x', path, deny)));
    expect(hit).toBe(false);
    expect(steps).toBeLessThanOrEqual(7 * 503);
    expect(matchPathPattern('**/a/**/a/**/a/x', `${P}/${'a/'.repeat(500)}x`, deny)).toBe(true);
  });

  it('steps stay within (segments + 1) × pattern segments for any pattern of * and **', () => {
    const seg = fc.constantFrom('**', 'a', '*', 'a*', '*a*');
    fc.assert(
      fc.property(fc.array(seg, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 300 }), (segs, depth) => {
        const g = compileGitignorePattern(segs.join('/'), false);
        const steps = stepsOf(() => gitignoreIgnores(g, `${'a/'.repeat(depth)}b`));
        expect(steps).toBeLessThanOrEqual((depth + 2) * (segs.length + 1));
      }),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe('paths over the limits fail closed', () => {
  const tooDeep = `${P}/${'a/'.repeat(1500)}x`;
  const tooLong = `${P}/${'n'.repeat(PATH_MATCH_LIMITS.maxLength)}`;
  it('match every deny/ask pattern and no allow pattern', () => {
    for (const path of [tooDeep, tooLong]) {
      expect(matchPathPattern('**/a/**/a/**/a/x', path, deny)).toBe(true);
      expect(matchPathPattern('.env', path, { ...deny, list: 'ask' })).toBe(true);
      expect(matchPathPattern('**', path, allow)).toBe(false);
    }
  });
  it('paths at the limits are matched normally', () => {
    const deepest = `/${Array.from({ length: PATH_MATCH_LIMITS.maxSegments }, () => 'a').join('/')}`;
    expect(matchPathPattern('//**/b', deepest, deny)).toBe(false);
    expect(matchPathPattern('//**', deepest, allow)).toBe(true);
  });
});
