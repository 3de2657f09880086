import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanName, PAGE_SESSION_SECONDS, pageKeys } from '../../../src/serve/page/session.js';

describe('the approval page sign-in', () => {
  const keys = pageKeys('a-token-of-sixteen-chars');

  it('reads back the principal and name it was issued with, until it expires', () => {
    const session = keys.issue('token', 'Dana Ø', 1_000);
    expect(keys.read(session, 1_000)).toMatchObject({ principal: 'token', name: 'Dana Ø', issuedAt: 1_000 });
    expect(keys.read(session, 1_000 + PAGE_SESSION_SECONDS * 1000)).toBeDefined();
    expect(keys.read(session, 1_001 + PAGE_SESSION_SECONDS * 1000)).toBeUndefined();
    expect(keys.read(session, 1_000 - 120_000)).toBeUndefined(); // issued in the future
  });

  it('is refused when signed with another token', () => {
    const session = keys.issue('alice', 'alice', 5);
    expect(pageKeys('another-token-sixteen').read(session, 5)).toBeUndefined();
    expect(pageKeys('a-token-of-sixteen-chars').read(session, 5)).toMatchObject({ principal: 'alice' }); // replicas sharing the token agree
  });

  it('is refused when any character of it changes', () => {
    const session = keys.issue('token', 'dana', 5);
    fc.assert(
      fc.property(fc.nat(session.length - 1), fc.constantFrom(...'ABCxyz019-_.'), (i, ch) => {
        fc.pre(session[i] !== ch);
        expect(keys.read(session.slice(0, i) + ch + session.slice(i + 1), 5)).toBeUndefined();
      }),
    );
  });

  it('is new at every sign-in', () => {
    expect(keys.read(keys.issue('token', 'a', 5), 5)?.nonce).not.toBe(keys.read(keys.issue('token', 'a', 5), 5)?.nonce);
  });

  it('keeps names to 80 printable characters', () => {
    expect(cleanName('  ann\u0000\u001b[31m\n ')).toBe('ann[31m');
    expect(cleanName('x'.repeat(100))).toHaveLength(80);
    expect(cleanName(undefined)).toBe('');
  });
});
