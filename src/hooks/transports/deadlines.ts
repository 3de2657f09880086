/**
 * A pending expiry: `expire` runs once `at` (a `performance.now()` time, milliseconds) has passed.
 * `prev` / `next` link it into its {@link Deadlines} list (set them to `undefined`; the list owns them).
 */
export interface Deadline {
  readonly at: number;
  expire(): void;
  prev: Deadline | undefined;
  next: Deadline | undefined;
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
 * a deadline relinks a list (no allocation), and the timer is re-armed only when a deadline earlier
 * than the armed one arrives (with equal timeouts, never). While deadlines are pending the timer
 * keeps the process alive, as a per-run timer would; when none are, it is unref'd and left to lapse.
 * A timer that fires early (libuv rounds to milliseconds) re-arms for what is left.
 * @internal
 */
export function createDeadlines(now: () => number = () => performance.now()): Deadlines {
  let head: Deadline | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let armedAt = Infinity;

  function arm(at: number, t: number): void {
    if (timer !== undefined) clearTimeout(timer);
    armedAt = at;
    timer = setTimeout(fire, Math.min(MAX_DELAY_MS, Math.max(1, Math.ceil(at - t))));
  }

  function unlink(d: Deadline): void {
    if (d.prev !== undefined) d.prev.next = d.next;
    else head = d.next;
    if (d.next !== undefined) d.next.prev = d.prev;
    d.prev = d.next = undefined;
  }

  function fire(): void {
    timer = undefined;
    armedAt = Infinity;
    const t = now();
    const due: Deadline[] = [];
    let next = Infinity;
    for (let d = head; d !== undefined; d = d.next) {
      if (d.at <= t) due.push(d);
      else if (d.at < next) next = d.at;
    }
    for (const d of due) unlink(d);
    if (head !== undefined) arm(next, t);
    // `expire` may add deadlines (and arm the timer) itself.
    for (const d of due) d.expire();
  }

  function linked(d: Deadline): boolean {
    return d.prev !== undefined || head === d;
  }

  return {
    add(d) {
      if (linked(d)) return;
      if (head === undefined) timer?.ref();
      d.prev = undefined;
      d.next = head;
      if (head !== undefined) head.prev = d;
      head = d;
      if (d.at < armedAt) arm(d.at, now());
    },
    delete(d) {
      if (!linked(d)) return;
      unlink(d);
      if (head === undefined) timer?.unref();
    },
  };
}
