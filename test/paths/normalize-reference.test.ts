import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { posix } from 'node:path';
import { isInside, normalizePath, relativeInside, resolveLexically } from '../../src/paths/normalize.js';
import { propertyRuns } from '../support/property-runs.js';

// The straightforward implementations the fast ones replaced: the fast ones must agree.

function collapse(path: string, keepUncRoot: boolean): string {
  const unc = keepUncRoot && path.startsWith('//') && !path.startsWith('///');
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      out.pop();
      continue;
    }
    out.push(segment);
  }
  return (unc ? '//' : '/') + out.join('/');
}

function referenceNormalize(path: string, cwd: string, home: string): string {
  const abs = (p: string) => collapse(p.startsWith('/') ? p : `/${p}`, false);
  if (path === '~' || path.startsWith('~/')) return collapse(`${abs(home)}/${path.slice(1)}`, false);
  if (path.startsWith('/')) return collapse(path, false);
  return collapse(`${abs(cwd)}/${path}`, false);
}

function referenceIsInside(child: string, parent: string, fold: boolean): boolean {
  const c = fold ? child.toLowerCase() : child;
  let p = fold ? parent.toLowerCase() : parent;
  if (p.length > 1 && p.endsWith('/')) p = p.slice(0, -1);
  if (c === p) return true;
  if (p === '/') return c.startsWith('/');
  return c.startsWith(`${p}/`);
}

function referenceRelative(path: string, base: string, fold: boolean): string | undefined {
  if (!referenceIsInside(path, base, fold)) return undefined;
  const b = base.length > 1 && base.endsWith('/') ? base.slice(0, -1) : base;
  if (path.length === b.length) return '';
  return b === '/' ? path.slice(1) : path.slice(b.length + 1);
}

const unit = fc.constantFrom('/', '/', '.', '..', 'a', 'B', '~', 'x.ts', ' ');
const pathText = fc.array(unit, { maxLength: 10 }).map((xs) => xs.join(''));

describe('fast normalisation and containment equal the reference', () => {
  it("resolveLexically is node's path.posix.resolve from an absolute base", () => {
    fc.assert(
      fc.property(pathText, pathText, (base, p) => {
        expect(resolveLexically(`/${base}`, p)).toBe(posix.resolve(`/${base}`, p));
      }),
      { numRuns: propertyRuns(5000) },
    );
  });
  it('normalizePath (linux, macos)', () => {
    fc.assert(
      fc.property(pathText, fc.constantFrom('linux', 'macos') as fc.Arbitrary<'linux' | 'macos'>, (p, platform) => {
        expect(normalizePath(p, { cwd: '/home/u/p', home: '/home/u', platform })).toBe(referenceNormalize(p, '/home/u/p', '/home/u'));
      }),
      { numRuns: propertyRuns(5000) },
    );
  });
  it('isInside and relativeInside', () => {
    fc.assert(
      fc.property(pathText, pathText, fc.boolean(), (c, p, fold) => {
        expect(isInside(c, p, { caseInsensitive: fold })).toBe(referenceIsInside(c, p, fold));
        expect(relativeInside(c, p, { caseInsensitive: fold })).toBe(referenceRelative(c, p, fold));
      }),
      { numRuns: propertyRuns(5000) },
    );
  });
});
