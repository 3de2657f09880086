import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanName, PAGE_SESSION_SECONDS, pageKeys } from '../../../src/serve/page/session.js';

describe('the approval page sign-in cookie', () => {
  const keys = pageKeys('a-token-of-sixteen-chars');

  it('reads back the name it was issued with, until it expires', () => {
    const cookie = keys.issue('Dana Ø', 1_000);
    expect(keys.read(cookie, 1_000)).toMatchObject({ name: 'Dana Ø', issuedAt: 1_000 });
    expect(keys.read(cookie, 1_000 + PAGE_SESSION_SECONDS * 1000)).toBeDefined();
    expect(keys.read(cookie, 1_001 + PAGE_SESSION_SECONDS * 1000)).toBeUndefined();
    expect(keys.read(cookie, 1_000 - 120_000)).toBeUndefined(); // issued in the future
  });

  it('is refused when signed with another token, or by a process without one', () => {
    const cookie = keys.issue('dana', 5);
    expect(pageKeys('another-token-sixteen').read(cookie, 5)).toBeUndefined();
    expect(pageKeys(undefined).read(cookie, 5)).toBeUndefined();
    expect(pageKeys('a-token-of-sixteen-chars').read(cookie, 5)).toBeDefined(); // replicas sharing the token agree
  });

  it('is refused when any character of it changes', () => {
    const cookie = keys.issue('dana', 5);
    fc.assert(
      fc.property(fc.nat(cookie.length - 1), fc.constantFrom(...'ABCxyz019-_.'), (i, ch) => {
        fc.pre(cookie[i] !== ch);
        expect(keys.read(cookie.slice(0, i) + ch + cookie.slice(i + 1), 5)).toBeUndefined();
      }),
    );
  });

  it('binds form tokens to one sign-in', () => {
    const a = keys.read(keys.issue('a', 5), 5);
    const b = keys.read(keys.issue('b', 5), 5);
    expect(a?.nonce).not.toBe(b?.nonce);
    expect(keys.checkFormToken(a!.nonce, keys.formToken(a!.nonce))).toBe(true);
    expect(keys.checkFormToken(b!.nonce, keys.formToken(a!.nonce))).toBe(false);
    expect(keys.checkFormToken('loopback', undefined)).toBe(false);
    expect(keys.checkFormToken('loopback', '')).toBe(false);
  });

  it('keeps names to 80 printable characters', () => {
    expect(cleanName('  ann\u0000\u001b[31m\n ')).toBe('ann[31m');
    expect(cleanName('x'.repeat(100))).toHaveLength(80);
    expect(cleanName(undefined)).toBe('');
  });
});
