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
export type AuthResult = { ok: true; via: 'token' | 'hook' | 'loopback' } | { ok: false; message: string };

/**
 * What a request wants to do: `decide` (a hook event, `POST /v1/decisions`), `read` (list and
 * show asks, health) or `answer` (answer an ask).
 */
export type AuthAction = 'decide' | 'read' | 'answer';

/**
 * Who may do what. With a token, answering an ask needs it from every address, and every request
 * from off the loopback network needs it — or, for deciding only, the hook token: the one every
 * developer's Claude Code sends, which a gated agent can read from its environment or the managed
 * settings, and which therefore answers nothing. Without a token (only allowed on a loopback
 * listen address), loopback requests may do everything and others nothing.
 */
export interface Auth {
  /** The token that may do everything, when serve has one. */
  readonly token: string | undefined;
  /** Whether the request may do `action`, with the message to send back when it may not. */
  check(c: Context, action: AuthAction): AuthResult;
  /** Whether `given` is the token (compared in constant time); `false` when there is none. */
  matches(given: string): boolean;
}

/**
 * The access rules of {@link Auth}: `token` may do everything, `hookToken` only `decide`; tokens
 * are compared as SHA-256 digests in constant time.
 */
export function createAuth(token: string | undefined, hookToken?: string): Auth {
  const want = token !== undefined ? digest(token) : undefined;
  const hook = hookToken !== undefined ? digest(hookToken) : undefined;
  const presented = (c: Context): string | undefined => {
    const h = c.req.header('authorization');
    const m = h !== undefined ? /^Bearer\s+(.+)$/i.exec(h.trim()) : null;
    return m?.[1]?.trim();
  };
  return {
    token,
    matches: (given) => want !== undefined && timingSafeEqual(digest(given), want),
    check(c, action) {
      const loopback = isLoopbackAddress(peerAddress(c));
      if (want === undefined) return loopback ? { ok: true, via: 'loopback' } : { ok: false, message: 'requests from off the loopback network need a token, and this server has none (--token-file)' };
      const got = presented(c);
      if (got !== undefined && timingSafeEqual(digest(got), want)) return { ok: true, via: 'token' };
      const isHook = got !== undefined && hook !== undefined && timingSafeEqual(digest(got), hook);
      if (isHook && action === 'decide') return { ok: true, via: 'hook' };
      if (loopback && action !== 'answer') return { ok: true, via: 'loopback' };
      if (isHook) return { ok: false, message: action === 'answer' ? 'the hook token cannot answer asks: answering needs the token' : 'the hook token only asks for decisions' };
      return { ok: false, message: got === undefined ? 'this needs the token: send "Authorization: Bearer TOKEN"' : 'the token does not match' };
    },
  };
}

/** The host name of a `Host` header (`[::1]:7370` → `::1`), lowercase; `undefined` when there is none. */
function hostName(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined;
  const m = /^\[([^\]]+)\](?::\d+)?$/.exec(header) ?? /^([^:]+)(?::\d+)?$/.exec(header);
  return (m?.[1] ?? header).toLowerCase();
}

/**
 * Whether the request's `Host` names this server: a loopback name or address, or the host it
 * listens on. A browser tricked by DNS rebinding sends the attacker's name, so a request that is
 * trusted only for coming from loopback must pass this. A request with no `Host` (not a browser)
 * passes.
 */
export function hostIsSelf(c: Context, listenHost: string | undefined): boolean {
  const name = hostName(c.req.header('host'));
  if (name === undefined) return true;
  if (isLoopbackHost(name)) return true;
  return listenHost !== undefined && name === listenHost.replace(/^\[|\]$/g, '').toLowerCase();
}

/**
 * Whether a state-changing request may have come from this server's own pages: browsers send
 * `Sec-Fetch-Site` and `Origin` on a cross-site form post or fetch, and those must name this
 * server. Clients that are not browsers send neither and pass (they carry the token, or are on
 * loopback).
 */
export function sameOrigin(c: Context): boolean {
  const site = c.req.header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = c.req.header('origin');
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false; // "null" (a sandboxed frame, a file: page) and anything unparsable
  }
  return host !== '' && host.toLowerCase() === (c.req.header('host') ?? '').toLowerCase();
}
