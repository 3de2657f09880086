/**
 * A background task serve runs every few seconds (the overdue-ask sweep, the holders' watch): one
 * run at a time — a slow store must not pile runs up — and a timer that never keeps the process
 * alive.
 */

/** A task run now and then every interval, one run at a time. */
export interface Repeating {
  /** One run (or the run under way); resolves when it ends. */
  tick(): Promise<void>;
  /** Run now, then every interval; a second call does nothing. */
  start(): void;
  /** Stop the timer; resolves once a run under way has finished. */
  stop(): Promise<void>;
}

/**
 * Wrap `run` as a {@link Repeating}: `failed` hears a run that throws (the task's expected
 * failures are its own to report; this is for the unexpected).
 */
export function repeating(run: () => Promise<void>, intervalMs: number, failed: (e: unknown) => void): Repeating {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;

  const tick = (): Promise<void> => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };

  return {
    tick,
    start() {
      if (timer !== undefined) return;
      const once = () => {
        tick().catch(failed);
      };
      once();
      timer = setInterval(once, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer !== undefined) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
  };
}
