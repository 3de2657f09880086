import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { createCredentialLimit, type CredentialLimitOptions } from './credential-limit.js';
import { identityProof } from './identity.js';

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

/**
 * Who a credential is: `token` (serve's answer secret) or the name of an answerer from
 * `--answerers`. The page records its answers as `page:NAME` (see `page/viewer.ts`).
 */
export type Principal = string;

/**
 * The result of checking a request's credentials: how it came in and, with a credential, who it
 * is; refused, with `retryAfter` (seconds) while wrong tokens have locked the token (HTTP 429).
 */
export type AuthResult =
  | { ok: true; via: 'token' | 'answerer'; principal: Principal }
  | { ok: true; via: 'hook' | 'loopback' }
  | { ok: false; message: string; retryAfter?: number };

/** What a token given to sign in comes to: who it is, or why not (`retryAfter`: the token is locked). */
export type SignInResult = { ok: true; principal: Principal } | { ok: false; message: string; retryAfter?: number };

/**
 * What a request wants to do: `decide` (a hook event, `POST /v1/decisions`), `read` (list and
 * show asks, health), `answer` (answer an ask) or `grants` (see and revoke grants: what answering
 * takes, without an answer code).
 */
export type AuthAction = 'decide' | 'read' | 'answer' | 'grants';

/**
 * Who may do what. serve always has a token (the answer secret). Answering needs the token or an
 * answerer's token from every address — never "it came from loopback" alone. Reading and deciding
 * need no credential from loopback; off loopback they need a token, or, for deciding only, the
 * hook token: the one every developer's Claude Code sends, which a gated agent can read from its
 * environment or the managed settings, and which therefore answers nothing.
 */
export interface Auth {
  /** Who `given` is (compared as SHA-256 digests in constant time), or `undefined` for no one. Counts nothing. */
  principal(given: string): Principal | undefined;
  /**
   * Who the token given to sign in to the page is, as {@link Auth.check} judges a token: a wrong
   * one counts towards the limit, and while the token is locked none is looked at.
   */
  signIn(given: string, c: Context): SignInResult;
  /** The secret the page's sessions and the answer codes are keyed with. */
  readonly key: string;
  /** The proofs of holding each answering token (serve's and each answerer's) for `challenge` (decision 0068). */
  proofs(challenge: string): string[];
  /** Whether the request may do `action`, with the message to send back when it may not. */
  check(c: Context, action: AuthAction): AuthResult;
}

/** What {@link createAuth} is given. */
export interface AuthOptions {
  /** serve's answer secret. */
  token: string;
  /** A token that only asks for decisions. */
  hookToken?: string;
  /** Named answerers, name to token. */
  answerers?: ReadonlyMap<string, string>;
  /** The limit on wrong tokens (defaults: see {@link CredentialLimitOptions}). */
  limit?: CredentialLimitOptions;
  /** Where a lock is reported. Default: nowhere. */
  log?: (line: string) => void;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

/**
 * The access rules of {@link Auth}: `token` and each answerer's token may do everything,
 * `hookToken` only `decide`; tokens are compared as SHA-256 digests in constant time.
 */
export function createAuth(o: AuthOptions): Auth {
  const known: { digest: Buffer; principal: Principal }[] = [{ digest: digest(o.token), principal: 'token' }];
  for (const [name, token] of o.answerers ?? []) known.push({ digest: digest(token), principal: name });
  const hook = o.hookToken !== undefined ? digest(o.hookToken) : undefined;
  const presented = (c: Context): string | undefined => {
    const h = c.req.header('authorization');
    const m = h !== undefined ? /^Bearer\s+(.+)$/i.exec(h.trim()) : null;
    return m?.[1]?.trim();
  };
  const principal = (given: string): Principal | undefined => {
    const d = digest(given);
    let found: Principal | undefined;
    // Every entry is compared, so the time taken does not say which one matched.
    for (const k of known) if (timingSafeEqual(d, k.digest) && found === undefined) found = k.principal;
    return found;
  };
  const now = o.now ?? Date.now;
  const limit = createCredentialLimit({ ...o.limit, log: o.log ?? (() => {}) });
  // A request is checked by the intake and again by its route: its wrong token counts once.
  const counted = new WeakSet<object>();
  const seen = new WeakSet<object>();
  const locked = (c: Context): { ok: false; message: string; retryAfter: number } | undefined => {
    const raw = (c.req as { raw?: object }).raw;
    // The request whose wrong token started the lock was compared: it is refused as wrong (401).
    if (raw !== undefined && counted.has(raw)) return undefined;
    const again = raw !== undefined && seen.has(raw);
    if (raw !== undefined) seen.add(raw);
    const ms = limit.lockedFor(now(), !again);
    if (ms === 0) return undefined;
    const retryAfter = Math.ceil(ms / 1000);
    return {
      ok: false,
      message: `too many wrong tokens: requests carrying a token are refused for ${retryAfter} s more (a page signed in before keeps working)`,
      retryAfter,
    };
  };
  const wrong = (c: Context) => {
    const raw = (c.req as { raw?: object }).raw;
    if (raw !== undefined) {
      if (counted.has(raw)) return;
      counted.add(raw);
    }
    limit.wrong(now(), `from ${peerAddress(c) ?? 'an unknown address'} to ${(c.req as { path?: string }).path ?? '?'}`);
  };
  const answering = [o.token, ...(o.answerers?.values() ?? [])];
  return {
    key: o.token,
    proofs: (challenge) => answering.map((t) => identityProof(t, challenge)),
    principal,
    signIn(given, c) {
      const lock = locked(c);
      if (lock !== undefined) return lock;
      const who = principal(given);
      if (who !== undefined) return { ok: true, principal: who };
      wrong(c);
      return { ok: false, message: 'that is not the token' };
    },
    check(c, action) {
      const loopback = isLoopbackAddress(peerAddress(c));
      const got = presented(c);
      const isHook = got !== undefined && hook !== undefined && timingSafeEqual(digest(got), hook);
      // The hook token is not the token: it only asks for decisions, and is never locked.
      if (isHook) return action === 'decide' ? { ok: true, via: 'hook' } : { ok: false, message: HOOK_REFUSED[action] };
      if (got !== undefined) {
        // While locked, no token is compared: the right one is refused as a wrong one is.
        const lock = locked(c);
        if (lock !== undefined) return lock;
        const who = principal(got);
        if (who !== undefined) return { ok: true, via: who === 'token' ? 'token' : 'answerer', principal: who };
        wrong(c);
        return { ok: false, message: 'the token does not match' };
      }
      if (loopback && action !== 'answer' && action !== 'grants') return { ok: true, via: 'loopback' };
      return { ok: false, message: NO_TOKEN[action] };
    },
  };
}

/** Why the hook token may not do an action (it may only ask for decisions). */
const HOOK_REFUSED: Record<Exclude<AuthAction, 'decide'>, string> = {
  answer: 'the hook token cannot answer asks: answering needs the token',
  grants: 'the hook token cannot see or revoke grants: grants need the token',
  read: 'the hook token only asks for decisions',
};

/** Why a request with no credential may not do an action. */
const NO_TOKEN: Record<AuthAction, string> = {
  answer: 'answering needs the token (and the ask\'s answer code): send "Authorization: Bearer TOKEN"',
  grants: 'seeing or revoking grants needs the token (or an answerer\'s): send "Authorization: Bearer TOKEN"',
  decide: 'this needs the token: send "Authorization: Bearer TOKEN"',
  read: 'this needs the token: send "Authorization: Bearer TOKEN"',
};

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
