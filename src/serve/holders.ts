import type { AskExpiry, AskRecord, Store } from '../store/index.js';
import { repeating } from './repeat.js';

/** Default seconds a holder may stay silent before another serve process gives up its asks. */
export const DEFAULT_HOLDER_TIMEOUT_SECONDS = 30;

/** Options of {@link createHolder}. */
export interface HolderOptions {
  store: Store;
  /** This process's holder id: random, new at every start. */
  id: string;
  /** Silence (milliseconds) after which another holder's pending asks are given up. */
  timeoutMs: number;
  /** How often to beat and look at the other holders. Default a third of `timeoutMs`. */
  intervalMs?: number;
  /** Milliseconds; only differences between two readings are used, never another process's clock. */
  now(): number;
  log(line: string): void;
  /** The asks given up because `holder` fell silent, once they are committed as expired. */
  onExpired(asks: readonly AskRecord[], holder: string, why: AskExpiry): Promise<void>;
}

/**
 * A serve process as the holder of the asks whose requests it holds: it beats (one write per
 * interval, whatever the number of its asks) and watches the other holders sharing the store.
 */
export interface Holder {
  readonly id: string;
  /** Resolves once this holder has beaten at least once (before its first ask is parked). */
  ready(): Promise<void>;
  /** One heartbeat, then one look at the other holders (expiring those silent long enough). */
  tick(): Promise<void>;
  /** Tick every interval until {@link Holder.stop}. */
  start(): void;
  /** Stop ticking; resolves once a tick under way has finished. */
  stop(): Promise<void>;
}

/** The reason an ask of a silent holder is given up, for its record, the audit log and anyone polling it. */
export function holderSilent(timeoutMs: number): AskExpiry {
  const s = timeoutMs / 1000;
  return {
    code: 'holderSilent',
    message: `the serve process holding this ask stopped answering (no heartbeat for ${Number.isInteger(s) ? s : s.toFixed(1)} s)`,
  };
}

/**
 * Create this process's holder. Silence is observed, never computed from timestamps written by
 * other processes (their clocks may differ): a holder is silent once this process has seen its
 * beat count unchanged for `timeoutMs` of its own watching. The watch counts only while the
 * store answers this process's own beat and reads, and only while ticks come on time: a store
 * that was down (or a process that was paused, a machine that slept) starts every watch over, so
 * no expiry is decided from what was seen before. The expiry itself is conditional on the beat
 * count still being the one seen, in the store's transaction.
 */
export function createHolder(o: HolderOptions): Holder {
  const intervalMs = o.intervalMs ?? Math.max(1, Math.floor(o.timeoutMs / 3));
  const why = holderSilent(o.timeoutMs);
  /** Other holders: the beat count seen, and since when (this process's clock). */
  const watched = new Map<string, { beats: number | undefined; since: number }>();
  let lastLook: number | undefined;
  let beaten: Promise<void> | undefined;
  let failing = false;

  const forget = () => {
    watched.clear();
    lastLook = undefined;
  };
  const failed = (what: string, e: unknown) => {
    forget();
    if (!failing)
      o.log(`toolgate serve: could not ${what} (${(e as Error).message}); no ask is given up for silence until the store answers again`);
    failing = true;
  };

  const look = async (): Promise<void> => {
    try {
      await o.store.beatHolder(o.id, o.now());
    } catch (e) {
      return failed('record the heartbeat', e);
    }
    const before = o.now();
    // A look that comes late (this process was paused, the machine slept) saw nothing meanwhile.
    if (lastLook !== undefined && before - lastLook > 2 * intervalMs) watched.clear();
    lastLook = before;
    let holders;
    try {
      holders = await o.store.listHolders();
    } catch (e) {
      return failed('read the holders of asks', e);
    }
    if (failing) o.log('toolgate serve: the store answers again; holders of asks are watched from now');
    failing = false;
    const present = new Set<string>();
    for (const h of holders) {
      if (h.id === o.id) continue;
      present.add(h.id);
      const seen = watched.get(h.id);
      if (seen === undefined || seen.beats !== h.beats) {
        // From the start of the read that saw it (off by at most one read's time, against a
        // timeout of seconds): looks a timeout apart then see a timeout of silence.
        watched.set(h.id, { beats: h.beats, since: before });
        continue;
      }
      if (before - seen.since < o.timeoutMs) continue;
      let expired;
      try {
        expired = await o.store.expireHolder(h.id, h.beats, o.now(), why);
      } catch (e) {
        return failed("give up a silent holder's asks", e);
      }
      watched.delete(h.id);
      if (expired.length > 0) await o.onExpired(expired, h.id, why);
    }
    for (const id of watched.keys()) if (!present.has(id)) watched.delete(id);
  };

  // One look at a time: a slow store must not pile them up.
  const repeat = repeating(look, intervalMs, (e) => o.log(`toolgate serve: watching holders of asks failed: ${(e as Error).message}`));

  return {
    id: o.id,
    ready() {
      beaten ??= o.store.beatHolder(o.id, o.now()).catch((e: unknown) => {
        beaten = undefined;
        throw e;
      });
      return beaten;
    },
    ...repeat,
  };
}
