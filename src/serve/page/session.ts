import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a sign-in on the approval page lasts, in seconds (a working day). */
export const PAGE_SESSION_SECONDS = 12 * 60 * 60;

/** Longest name a person may give as the answerer, in characters. */
export const MAX_NAME_LENGTH = 80;

/** A signed-in page session, as its cookie says. */
export interface PageSession {
  /** Random per sign-in: binds the form (CSRF) tokens to this sign-in. */
  nonce: string;
  /** The name given at sign-in ('' when none was given). */
  name: string;
  /** When the sign-in happened, in milliseconds since the epoch. */
  issuedAt: number;
}

/**
 * The approval page's secrets: the session cookie's signature and the form tokens. With a token
 * both are keyed by it, so replicas sharing the token accept each other's cookies and forms, and
 * a new token signs everyone out. Without one (loopback only) the key is random per process: a
 * restart makes open pages reload (their form tokens would no longer match).
 */
export interface PageKeys {
  /** A cookie value for a new sign-in. */
  issue(name: string, at: number): string;
  /** The session a cookie value holds, when its signature is right and it has not expired. */
  read(value: string | undefined, at: number): PageSession | undefined;
  /** The form token of a session (`binding`: its nonce, or `loopback`). */
  formToken(binding: string): string;
  /** Whether `token` is the form token of `binding`. */
  checkFormToken(binding: string, token: string | undefined): boolean;
}

const b64 = (b: Buffer) => b.toString('base64url');

/** Strip control characters and trim; at most {@link MAX_NAME_LENGTH} characters. */
export function cleanName(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (raw ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, '').trim().slice(0, MAX_NAME_LENGTH);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The page's keys: HMAC-SHA-256 keyed by the token (or 32 random bytes without one, loopback
 * only). Sessions last {@link PAGE_SESSION_SECONDS} seconds.
 */
export function pageKeys(token: string | undefined): PageKeys {
  const key = token !== undefined ? createHmac('sha256', token).update('toolgate approval page v1').digest() : randomBytes(32);
  const mac = (purpose: string, data: string) => b64(createHmac('sha256', key).update(`${purpose}\n${data}`).digest());
  return {
    issue(name, at) {
      const body = `${at}.${b64(randomBytes(18))}.${b64(Buffer.from(cleanName(name), 'utf8'))}`;
      return `${body}.${mac('session', body)}`;
    },
    read(value, at) {
      if (value === undefined) return undefined;
      const parts = value.split('.');
      if (parts.length !== 4) return undefined;
      const [issued, nonce, name, sig] = parts as [string, string, string, string];
      if (!same(sig, mac('session', `${issued}.${nonce}.${name}`))) return undefined;
      const issuedAt = Number(issued);
      if (!Number.isSafeInteger(issuedAt) || issuedAt > at + 60_000 || at - issuedAt > PAGE_SESSION_SECONDS * 1000) return undefined;
      return { nonce, name: Buffer.from(name, 'base64url').toString('utf8'), issuedAt };
    },
    formToken: (binding) => mac('form', binding),
    checkFormToken: (binding, t) => t !== undefined && same(t, mac('form', binding)),
  };
}
