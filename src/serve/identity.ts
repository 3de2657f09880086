/**
 * serve proves it holds an answering token before a client sends one (red team H8, decision
 * 0068): the client sends a random challenge, serve answers with HMAC-SHA256 of it under each
 * answering token it holds, and the client sends its token only when one proof matches the one it
 * computes with its own. A program that took serve's port while serve was down or restarting holds
 * no token, so it cannot answer, and never receives one. The proofs say nothing of the tokens
 * (HMAC under a fresh challenge), so the route needs no credential.
 * @packageDocumentation
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Where serve answers challenges (no credential, GET). @public */
export const IDENTITY_PATH = '/v1/identity';

/** What the proof covers besides the challenge: the purpose, so the MAC serves nothing else. */
const LABEL = 'toolgate serve identity v1\n';

/** A challenge is this many random bytes, in hex. */
const CHALLENGE_BYTES = 32;

/** A fresh random challenge (hex). @public */
export function newChallenge(): string {
  return randomBytes(CHALLENGE_BYTES).toString('hex');
}

/** Whether `text` is a challenge serve answers: hex of the expected length. @public */
export function isChallenge(text: string | undefined): text is string {
  return text !== undefined && new RegExp(`^[0-9a-f]{${CHALLENGE_BYTES * 2}}$`).test(text);
}

/** The proof of holding `token` for `challenge` (hex). @public */
export function identityProof(token: string, challenge: string): string {
  return createHmac('sha256', token)
    .update(LABEL + challenge)
    .digest('hex');
}

/** Whether one of `proofs` is the proof of `token` for `challenge` (each compared in constant time). @public */
export function provesToken(proofs: readonly unknown[], token: string, challenge: string): boolean {
  const want = Buffer.from(identityProof(token, challenge), 'hex');
  let ok = false;
  for (const p of proofs) {
    if (typeof p !== 'string' || !/^[0-9a-f]{64}$/.test(p)) continue;
    if (timingSafeEqual(Buffer.from(p, 'hex'), want)) ok = true;
  }
  return ok;
}

/** What verifying the server concluded. @public */
export type ServerIdentity = { ok: true } | { ok: false; message: string };

/**
 * Ask the server at `base` to prove it holds `token`, sending no token: `fetch` with no redirect
 * followed, within `timeoutMs`. Anything but a matching proof — no answer, another status, a body
 * that is not the expected JSON — is a refusal with a message naming the server.
 * @public
 */
export async function verifyServer(
  base: URL,
  token: string,
  o: { timeoutMs?: number; fetch?: typeof fetch } = {},
): Promise<ServerIdentity> {
  const challenge = newChallenge();
  const url = new URL(`${IDENTITY_PATH}?challenge=${challenge}`, base);
  const not = (why: string): ServerIdentity => ({
    ok: false,
    message: `the server at ${base.origin} did not prove it is toolgate serve holding your token (${why}); the token was not sent. Another program may be listening on serve's port (is serve stopped or restarting?)`,
  });
  let res: Response;
  try {
    res = await (o.fetch ?? fetch)(url, { redirect: 'error', signal: AbortSignal.timeout(o.timeoutMs ?? 5000) });
  } catch (e) {
    const cause = (e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message;
    return { ok: false, message: `cannot reach toolgate serve at ${base.origin}: ${cause}` };
  }
  if (res.status !== 200) return not(`${IDENTITY_PATH} answered ${res.status}`);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    return not(`${IDENTITY_PATH} did not answer JSON`);
  }
  const proofs = body !== null && typeof body === 'object' ? (body as { proofs?: unknown }).proofs : undefined;
  if (!Array.isArray(proofs)) return not(`${IDENTITY_PATH} gave no proofs`);
  return provesToken(proofs, token, challenge) ? { ok: true } : not('no proof matches');
}
