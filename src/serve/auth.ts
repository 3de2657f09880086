import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';

/** Whether an address is on the loopback network (127.0.0.0/8, ::1, and their IPv4-mapped forms). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const a = address.toLowerCase().replace(/^::ffff:/, '');
  return a === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(a);
}

/** Whether a host name given to `--listen` binds only loopback. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || isLoopbackAddress(h);
}

/** The peer address of a request served by `@hono/node-server` (`undefined` elsewhere: treated as remote). */
export function peerAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The result of checking a request's credentials. */
export type AuthResult = { ok: true; via: 'token' | 'loopback' } | { ok: false; message: string };

/**
 * Who may do what. With a token, answering an ask needs it from every address, and every request
 * from off the loopback network needs it. Without one (only allowed on a loopback listen
 * address), loopback requests may do everything and others nothing.
 */
export interface Auth {
  readonly token: string | undefined;
  check(c: Context, action: 'answer' | 'read'): AuthResult;
}

export function createAuth(token: string | undefined): Auth {
  const want = token !== undefined ? digest(token) : undefined;
  const presented = (c: Context): string | undefined => {
    const h = c.req.header('authorization');
    const m = h !== undefined ? /^Bearer\s+(.+)$/i.exec(h.trim()) : null;
    return m?.[1]?.trim();
  };
  return {
    token,
    check(c, action) {
      const loopback = isLoopbackAddress(peerAddress(c));
      if (want === undefined) return loopback ? { ok: true, via: 'loopback' } : { ok: false, message: 'requests from off the loopback network need a token, and this server has none (--token-file)' };
      const got = presented(c);
      if (got !== undefined && timingSafeEqual(digest(got), want)) return { ok: true, via: 'token' };
      if (loopback && action === 'read') return { ok: true, via: 'loopback' };
      return { ok: false, message: got === undefined ? 'this needs the token: send "Authorization: Bearer TOKEN"' : 'the token does not match' };
    },
  };
}
