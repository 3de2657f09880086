import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { AnswerCodeRecord, Store } from '../store/index.js';

/** Letters and digits a person reads without confusion (no 0/O, 1/I/L, U). */
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters of a code: 30^8 ≈ 6.6 × 10^11 codes. */
const LENGTH = 8;
/** Answers an ask's code may be tried with, right or wrong; past them it answers nothing. */
export const ANSWER_CODE_TRIES = 5;

/** What trying a code came to. */
export type CodeTry = { ok: true } | { ok: false; why: 'none' | 'spent' | 'locked' | 'wrong'; tries: number; message: string };

/**
 * The one-time codes that `toolgate asks answer` needs besides the token: one per ask, drawn at
 * random when the ask is parked (`crypto.randomInt`), shown only on the signed-in approval page
 * and in serve's own terminal, never by the API. Nothing derives a code — not the token, not the
 * ask id — so a reader of the token file still has none. The store keeps each code sealed
 * (AES-256-GCM under a key derived from the token, bound to the ask id), so a reader of the store
 * has none either, while every replica sharing the token can show it. A code answers its ask
 * once, and only within {@link ANSWER_CODE_TRIES} tries; then the ask stays held for the page.
 */
export interface AnswerCodes {
  /** A new code for ask `id`: as shown (`ABCD-EFGH`), and sealed for the store. */
  issue(id: string): { code: string; sealed: string };
  /** The code of a stored record as shown, when it can still answer; `undefined` when spent, locked or sealed under another token. */
  shown(record: AnswerCodeRecord): string | undefined;
  /** Whether a stored record's code is locked by too many tries. */
  locked(record: AnswerCodeRecord): boolean;
  /**
   * Whether a stored record's code was sealed under this server's token (spent or locked, it
   * still was): an ask whose code was sealed under another token was parked by a serve holding
   * another token, and is answered by none but a serve holding that one.
   */
  sealedHere(record: AnswerCodeRecord): boolean;
  /**
   * Try `given` as ask `id`'s code: counts the try in the store, compares in constant time
   * (case, spaces and dashes ignored) and spends the code when it is right.
   */
  redeem(id: string, given: string, at: number): Promise<CodeTry>;
}

/** The answer codes of a server whose token is `token`, kept in `store`. */
export function createAnswerCodes(token: string, store: Pick<Store, 'tryAnswerCode' | 'spendAnswerCode'>): AnswerCodes {
  const key = Buffer.from(hkdfSync('sha256', token, 'toolgate', 'toolgate answer code seal v1', 32));
  const seal = (id: string, code: string) => {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(id));
    const body = Buffer.concat([c.update(code, 'utf8'), c.final()]);
    return `v1.${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url')}`;
  };
  const open = (id: string, sealed: string): string | undefined => {
    if (!sealed.startsWith('v1.')) return undefined;
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    if (raw.length < 28) return undefined;
    try {
      const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12)).setAAD(Buffer.from(id));
      d.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8');
    } catch {
      // Sealed under another token (serve restarted with a new one), or altered.
      return undefined;
    }
  };
  const locked = (r: AnswerCodeRecord) => r.tries >= ANSWER_CODE_TRIES && r.spentAt === undefined;
  // Digests of equal length, so the comparison takes the same time whatever was typed.
  const digest = (s: string) => createHash('sha256').update(s).digest();
  const normal = (s: string) => s.toUpperCase().replace(/[\s-]/g, '');
  const dashed = (c: string) => `${c.slice(0, 4)}-${c.slice(4)}`;
  return {
    issue(id) {
      let code = '';
      for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
      return { code: dashed(code), sealed: seal(id, code) };
    },
    shown(r) {
      if (r.spentAt !== undefined || locked(r)) return undefined;
      const c = open(r.askId, r.sealed);
      return c !== undefined ? dashed(c) : undefined;
    },
    locked,
    sealedHere: (r) => open(r.askId, r.sealed) !== undefined,
    async redeem(id, given, at) {
      const r = await store.tryAnswerCode(id);
      if (r === undefined)
        return { ok: false, why: 'none', tries: 0, message: `ask ${id} has no answer code: answer it on the approval page` };
      if (r.spentAt !== undefined)
        return { ok: false, why: 'spent', tries: r.tries, message: `the answer code of ask ${id} was already used` };
      if (r.tries > ANSWER_CODE_TRIES) {
        return {
          ok: false,
          why: 'locked',
          tries: r.tries,
          message: `the answer code of ask ${id} is locked after ${ANSWER_CODE_TRIES} tries: answer it on the approval page`,
        };
      }
      const want = open(id, r.sealed);
      const right = want !== undefined && timingSafeEqual(digest(normal(given)), digest(want));
      if (!right) {
        const left = ANSWER_CODE_TRIES - r.tries;
        return {
          ok: false,
          why: 'wrong',
          tries: r.tries,
          message: `that is not the answer code of ask ${id}: the approval page and serve's terminal show it (${left > 0 ? `${left} ${left === 1 ? 'try' : 'tries'} left` : 'the code is now locked; answer on the approval page'})`,
        };
      }
      if (!(await store.spendAnswerCode(id, at)))
        return { ok: false, why: 'spent', tries: r.tries, message: `the answer code of ask ${id} was already used` };
      return { ok: true };
    },
  };
}
