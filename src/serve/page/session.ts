import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** How long a sign-in on the approval page lasts, in seconds (a working day). */
export const PAGE_SESSION_SECONDS = 12 * 60 * 60;

/** Longest name a person may give at sign-in, in characters. */
export const MAX_NAME_LENGTH = 80;

/**
 * The request header the page's script sends its sign-in in. The page keeps the value in
 * the script's memory (never `sessionStorage`: a browser keeps that on disk, decision 0064) — sent
 * to this origin (scheme, host and port) only, so a server on another port
 * of the same host never receives it, as it would a cookie (decision 0025).
 */
export const SESSION_HEADER = 'x-toolgate-session';

/** A signed-in page session, as its credential says. */
export interface PageSession {
  /** Random per sign-in. */
  nonce: string;
  /** Whose token signed in: `token` (serve's) or an answerer's name. */
  principal: string;
  /** The name given at sign-in ('' when none was given); an answerer's is its own name. */
  name: string;
  /** When the sign-in happened, in milliseconds since the epoch. */
  issuedAt: number;
}

/**
 * The approval page's session credentials, signed with a key derived from serve's token: replicas
 * sharing the token accept each other's sign-ins, and a new token signs everyone out.
 */
export interface PageKeys {
  /** A credential for a new sign-in of `principal`, with the name given. */
  issue(principal: string, name: string, at: number): string;
  /** The session a credential holds, when its signature is right and it has not expired. */
  read(value: string | undefined, at: number): PageSession | undefined;
}

const b64 = (b: Buffer) => b.toString('base64url');

/** Strip control characters and trim; at most {@link MAX_NAME_LENGTH} characters. */
export function cleanName(raw: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (raw ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .trim()
    .slice(0, MAX_NAME_LENGTH);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The page's keys: HMAC-SHA-256 keyed by serve's token. Sessions last {@link PAGE_SESSION_SECONDS} seconds. */
export function pageKeys(token: string): PageKeys {
  const key = createHmac('sha256', token).update('toolgate approval page v2').digest();
  const mac = (purpose: string, data: string) => b64(createHmac('sha256', key).update(`${purpose}\n${data}`).digest());
  return {
    issue(principal, name, at) {
      const body = `${at}.${b64(randomBytes(18))}.${b64(Buffer.from(principal, 'utf8'))}.${b64(Buffer.from(cleanName(name), 'utf8'))}`;
      return `${body}.${mac('session', body)}`;
    },
    read(value, at) {
      if (value === undefined) return undefined;
      const parts = value.split('.');
      if (parts.length !== 5) return undefined;
      const [issued, nonce, principal, name, sig] = parts as [string, string, string, string, string];
      if (!same(sig, mac('session', `${issued}.${nonce}.${principal}.${name}`))) return undefined;
      const issuedAt = Number(issued);
      if (!Number.isSafeInteger(issuedAt) || issuedAt > at + 60_000 || at - issuedAt > PAGE_SESSION_SECONDS * 1000) return undefined;
      return {
        nonce,
        principal: Buffer.from(principal, 'base64url').toString('utf8'),
        name: Buffer.from(name, 'base64url').toString('utf8'),
        issuedAt,
      };
    },
  };
}
