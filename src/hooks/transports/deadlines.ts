/** A pending expiry: `expire` runs once `at` (a `performance.now()` time, milliseconds) has passed. */
export interface Deadline {
  readonly at: number;
  expire(): void;
}

/** Expiries on one shared timer (see {@link createDeadlines}). */
export interface Deadlines {
  add(deadline: Deadline): void;
  /** Forget a deadline that has not expired (a no-op otherwise). */
  delete(deadline: Deadline): void;
}

// setTimeout takes at most 2^31 - 1 ms; a longer wait is done in steps.
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Handler timeouts on **one** timer instead of a `setTimeout` per handler run: adding and removing
 * a deadline is a Set operation, and the timer is re-armed only when a deadline earlier than the
 * armed one arrives (with equal timeouts, never). While deadlines are pending the timer keeps the
 * process alive, as a per-run timer would; when none are, it is unref'd and left to lapse.
 * A timer that fires early (libuv rounds to milliseconds) re-arms for what is left.
 * @internal
 */
export function createDeadlines(now: () => number = () => performance.now()): Deadlines {
  const pending = new Set<Deadline>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armedAt = Infinity;

  function arm(at: number, t: number): void {
    if (timer !== undefined) clearTimeout(timer);
    armedAt = at;
    timer = setTimeout(fire, Math.min(MAX_DELAY_MS, Math.max(1, Math.ceil(at - t))));
  }

  function fire(): void {
    timer = undefined;
    armedAt = Infinity;
    const t = now();
    let next = Infinity;
    for (const d of pending) {
      if (d.at <= t) {
        pending.delete(d);
        d.expire();
      } else if (d.at < next) next = d.at;
    }
    // `expire` may have added deadlines (and armed the timer) itself.
    if (next < armedAt) arm(next, t);
  }

  return {
    add(d) {
      if (pending.size === 0) timer?.ref();
      pending.add(d);
      if (d.at < armedAt) arm(d.at, now());
    },
    delete(d) {
      if (pending.delete(d) && pending.size === 0) timer?.unref();
    },
  };
}
