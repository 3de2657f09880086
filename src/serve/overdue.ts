import type { AskExpiry, AskRecord, Store } from '../store/index.js';
import { repeating, type Repeating } from './repeat.js';

/** Default seconds an ask parked through the JSON API waits for a person before it is answered deny. */
export const DEFAULT_API_ASK_TIMEOUT_SECONDS = 3600;

/** How often the store is searched for overdue asks, at most (milliseconds). */
const MAX_INTERVAL_MS = 10_000;

/** The reason an ask is given up unanswered, worded as a held request's when its hold runs out. */
export function noAnswerWithin(ms: number): AskExpiry {
  return { code: 'holdTimeout', message: `no answer within ${Math.round(ms / 1000)} s` };
}

/** Options of {@link createOverdueSweep}. */
export interface OverdueOptions {
  store: Store;
  /** How long an ask no process holds may wait for an answer (milliseconds); also the deadline of asks parked without one. */
  timeoutMs: number;
  now(): number;
  log(line: string): void;
  /** The asks given up, once each is committed as expired (its audit entry is written here). */
  onExpired(ask: AskRecord, why: AskExpiry): Promise<void>;
}

/**
 * The sweep that gives up asks no serve process holds — asks parked through the JSON API, whose
 * client polls — once their deadline passes, so that none stays pending for ever (a restart
 * included: the sweep runs as serve starts listening). Held asks are their holder's to give up
 * (the hold's end, or the holder's silence: `holders.ts`). Each ask is given up with the
 * conditional `expireAsk`, so of several replicas sweeping, one gives it up and writes its entry.
 */
export interface OverdueSweep extends Repeating {
  /** One search, giving up what is overdue; resolves once their audit entries are written. */
  tick(): Promise<void>;
}

export function createOverdueSweep(o: OverdueOptions): OverdueSweep {
  const why = noAnswerWithin(o.timeoutMs);
  const intervalMs = Math.max(1, Math.min(MAX_INTERVAL_MS, Math.floor(o.timeoutMs / 4)));
  let failing = false;

  const failed = (e: unknown) => {
    if (!failing)
      o.log(`toolgate serve: could not give up overdue asks (${(e as Error).message}); they are given up once the store answers`);
    failing = true;
  };

  const sweep = async (): Promise<void> => {
    for (;;) {
      const at = o.now();
      let due: AskRecord[];
      try {
        due = await o.store.overdueAsks(at, at - o.timeoutMs, 100);
      } catch (e) {
        return failed(e);
      }
      failing = false;
      let given = 0;
      for (const ask of due) {
        // A deadline written by another replica's clock: a few seconds of skew against a timeout
        // of minutes. The reason names the timeout the ask was parked with.
        const reason = ask.expiresAt !== undefined ? noAnswerWithin(ask.expiresAt - ask.createdAt) : why;
        let r;
        try {
          r = await o.store.expireAsk(ask.id, o.now(), reason);
        } catch (e) {
          return failed(e);
        }
        // Answered or given up meanwhile (a person, another replica): theirs stands.
        if (!r.ok) continue;
        given += 1;
        await o.onExpired(r.ask, reason);
      }
      if (due.length < 100 || given === 0) return;
    }
  };

  return repeating(sweep, intervalMs, (e) => o.log(`toolgate serve: giving up overdue asks failed: ${(e as Error).message}`));
}
