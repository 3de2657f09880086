import { shadowError, type ShadowOutcome } from './outcome.js';

/**
 * Shadow evaluations waiting their turn, off the answer's critical path: one runs at a time, each
 * started on a later turn of the event loop (after the reply of the call it shadows is written),
 * and past `maxPending` waiting a new one is not run at all (its outcome says so).
 * @public
 */
export interface ShadowQueue {
  /** Queue `job`; resolves with its outcome (never rejects). */
  schedule(job: () => Promise<ShadowOutcome>): Promise<ShadowOutcome>;
  /** How many are waiting or running. */
  readonly pending: number;
  /** Resolves once nothing is waiting or running. */
  idle(): Promise<void>;
}

/** Create a {@link ShadowQueue}. Default `maxPending` 1000. @public */
export function createShadowQueue(o: { maxPending?: number } = {}): ShadowQueue {
  const maxPending = o.maxPending ?? 1000;
  let pending = 0;
  let tail: Promise<unknown> = Promise.resolve();
  let idlers: (() => void)[] = [];
  const done = () => {
    pending--;
    if (pending > 0) return;
    const waiting = idlers;
    idlers = [];
    // A turn later: what follows an outcome (its audit entry) is under way first.
    for (const w of waiting) setImmediate(w);
  };
  return {
    get pending() {
      return pending;
    },
    schedule(job) {
      if (pending >= maxPending)
        return Promise.resolve(shadowError(`not evaluated: ${maxPending} shadow evaluations were already waiting`));
      pending++;
      const run = tail.then(
        () =>
          new Promise<ShadowOutcome>((resolve) => {
            setImmediate(() => {
              job().then(resolve, (e: unknown) =>
                resolve(shadowError(`the shadow evaluation failed: ${e instanceof Error ? e.message : String(e)}`)),
              );
            });
          }),
      );
      tail = run;
      void run.finally(done);
      return run;
    },
    idle() {
      return pending === 0 ? Promise.resolve() : new Promise((resolve) => idlers.push(resolve));
    },
  };
}
