import { createHmac, timingSafeEqual } from 'node:crypto';

/** Letters and digits a person reads without confusion (no 0/O, 1/I/L, U). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/**
 * The one-time codes that `toolgate asks answer` needs besides the token: one per ask, shown only
 * on the signed-in approval page and in serve's own terminal, never by the API. An agent that
 * reaches the answer command in a spelling toolgate does not recognise — and the command reads
 * the token file itself — still cannot answer, for it never sees the code. The code is an HMAC of
 * the ask's id keyed by the token, so replicas sharing the token agree without storing it; it
 * answers one ask, once.
 */
export interface AnswerCodes {
  /** The code of ask `id`, as shown: `ABCD-EFGH`. */
  codeFor(id: string): string;
  /** Whether `given` is the code of ask `id` (case, spaces and dashes ignored; constant time). */
  check(id: string, given: string | undefined): boolean;
}

/** The answer codes of a server whose token is `key`. */
export function createAnswerCodes(key: string): AnswerCodes {
  const raw = (id: string) => {
    const mac = createHmac('sha256', key).update(`toolgate answer code v1\n${id}`).digest();
    let out = '';
    for (let i = 0; i < 8; i++) out += ALPHABET[(mac[i] as number) % ALPHABET.length];
    return out;
  };
  return {
    codeFor: (id) => {
      const c = raw(id);
      return `${c.slice(0, 4)}-${c.slice(4)}`;
    },
    check(id, given) {
      if (given === undefined) return false;
      const want = Buffer.from(raw(id));
      const got = Buffer.from(given.toUpperCase().replace(/[\s-]/g, ''));
      return got.length === want.length && timingSafeEqual(got, want);
    },
  };
}
