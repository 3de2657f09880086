/**
 * How many wrong tokens serve takes before it stops checking tokens for a while. @public
 */
export interface CredentialLimitOptions {
  /** Wrong tokens within {@link CredentialLimitOptions.windowSeconds} that lock the token. Default 10. */
  tries?: number;
  /** Seconds over which wrong tokens are counted. Default 60. */
  windowSeconds?: number;
  /**
   * Seconds the first lock lasts; each lock that follows within an hour of the last wrong token
   * lasts twice as long as the one before, up to an hour. Default 60.
   */
  lockSeconds?: number;
}

/** The longest a lock lasts, and how long without a wrong token before locks start short again. */
const MAX_LOCK_MS = 3_600_000;

/** Whether the token is locked now, and the wrong tokens counted. */
export interface CredentialLimit {
  /** Milliseconds the token stays locked from `now` (0: not locked); `count`: a request is refused for it. */
  lockedFor(now: number, count?: boolean): number;
  /** Count a wrong token, from `where` (an address and a path, for the log). */
  wrong(now: number, where: string): void;
}

/**
 * A limit on guessing the token: after `tries` wrong tokens within the window, every request that
 * carries a token — the right one too, or the limit would not limit guessing — is refused until
 * the lock lifts; each lock soon after another lasts twice as long. One log line when a lock
 * starts and one when it has lifted (with the requests it refused). What the token is not needed
 * for goes on: the page's signed-in sessions, the hook token, reading from loopback.
 */
export function createCredentialLimit(o: CredentialLimitOptions & { log: (line: string) => void }): CredentialLimit {
  const tries = o.tries ?? 10;
  const windowMs = (o.windowSeconds ?? 60) * 1000;
  const lockMs = (o.lockSeconds ?? 60) * 1000;
  for (const [name, v] of [
    ['tries', tries],
    ['windowSeconds', windowMs],
    ['lockSeconds', lockMs],
  ] as const) {
    if (!(Number.isFinite(v) && v > 0)) throw new Error(`credentialLimit.${name} must be a positive number`);
  }
  let wrongAt: number[] = [];
  let lockedUntil = 0;
  let lastLock = 0;
  let lastWrong = -Infinity;
  let refused = 0;
  return {
    lockedFor(now, count = true) {
      if (now < lockedUntil) {
        if (count) refused++;
        return lockedUntil - now;
      }
      if (lockedUntil > 0) {
        o.log(`toolgate serve: requests carrying a token are taken again (${refused} refused while the token was locked)`);
        lockedUntil = 0;
        refused = 0;
      }
      return 0;
    },
    wrong(now, where) {
      // Locks start short again after an hour without a wrong token.
      if (now - lastWrong > MAX_LOCK_MS) lastLock = 0;
      lastWrong = now;
      wrongAt = wrongAt.filter((t) => now - t < windowMs);
      wrongAt.push(now);
      if (wrongAt.length < tries) return;
      wrongAt = [];
      lastLock = lastLock === 0 ? lockMs : Math.min(lastLock * 2, MAX_LOCK_MS);
      lockedUntil = now + lastLock;
      o.log(
        `toolgate serve: ${tries} wrong tokens within ${windowMs / 1000} s (the last ${where}): every request carrying a token is refused (429) for ${Math.round(lastLock / 1000)} s; signed-in pages and the hook token keep working`,
      );
    },
  };
}
