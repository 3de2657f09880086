import type { AuditEntry, Store } from './types.js';

/** Options of {@link createAuditWriter}. @public */
export interface AuditWriterOptions {
  /** Entries kept while the store cannot be written; past this the oldest are dropped and counted. Default 10 000. */
  maxBuffered?: number;
  /** Milliseconds between tries while the store cannot be written. Default 1000. */
  retryMs?: number;
  /**
   * Milliseconds an entry may wait for others to share its transaction. Default 10: a busy
   * server commits about a hundred times a second, whatever its decision rate.
   */
  flushDelayMs?: number;
  /** Entries that start a write at once, without waiting out `flushDelayMs`. Default 512. */
  batchSize?: number;
  /** Where problems are reported (one line each). Default: standard error. */
  log?: (line: string) => void;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

/**
 * The audit log's way in: entries are queued and written together, one transaction for all that
 * arrived in the last `flushDelayMs` (group commit), so a busy server pays one commit for many
 * decisions. While the store cannot be written the entries wait (up to `maxBuffered`); past that
 * the oldest are dropped, the loss is logged at once and, when writing works again, recorded in
 * the log itself as an `auditLoss` entry.
 * @public
 */
export interface AuditWriter {
  write(entry: AuditEntry): void;
  /** Resolves once everything queued so far was written (or could not be). */
  flush(): Promise<void>;
  /** Entries waiting to be written. */
  readonly buffered: number;
  /** Entries dropped since the writer started. */
  readonly lost: number;
  /** The last write failed and has not succeeded since. */
  readonly failing: boolean;
  /** Flush and stop retrying. */
  close(): Promise<void>;
}

/** Create an {@link AuditWriter} over a store. @public */
export function createAuditWriter(store: Pick<Store, 'appendAudit'>, options: AuditWriterOptions = {}): AuditWriter {
  const max = options.maxBuffered ?? 10_000;
  const retryMs = options.retryMs ?? 1000;
  const flushDelayMs = options.flushDelayMs ?? 10;
  const batchSize = options.batchSize ?? 512;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const now = options.now ?? Date.now;
  let queue: AuditEntry[] = [];
  let lost = 0;
  let lostUnrecorded = 0;
  let lostSince: number | undefined;
  let failing = false;
  let lastLossLog: number | undefined;
  let closed = false;
  let running: Promise<void> | undefined;
  let scheduled: ReturnType<typeof setTimeout> | ReturnType<typeof setImmediate> | undefined;

  const schedule = (delay: number) => {
    if (scheduled !== undefined || running !== undefined || closed) return;
    const go = () => {
      scheduled = undefined;
      void run();
    };
    if (delay === 0) scheduled = setImmediate(go);
    else {
      const t = setTimeout(go, delay);
      t.unref();
      scheduled = t;
    }
  };

  const run = (): Promise<void> => {
    if (running) return running;
    running = (async () => {
      while (queue.length > 0) {
        const batch = queue;
        queue = [];
        const loss: AuditEntry[] =
          lostUnrecorded > 0
            ? [{ at: now(), event: 'auditLoss', detail: `${lostUnrecorded} audit entries were dropped while the store could not be written (since ${new Date(lostSince ?? now()).toISOString()})` }]
            : [];
        try {
          await store.appendAudit(loss.length > 0 ? [...loss, ...batch] : batch);
          if (failing) log(`toolgate serve: the audit log is written again${lostUnrecorded > 0 ? ` (${lostUnrecorded} entries were lost)` : ''}`);
          failing = false;
          lostUnrecorded = 0;
          lostSince = undefined;
        } catch (e) {
          queue = batch.concat(queue);
          trim();
          if (!failing) log(`toolgate serve: the audit log cannot be written (${(e as Error).message}); keeping up to ${max} entries until it can`);
          failing = true;
          break;
        }
      }
    })().finally(() => {
      running = undefined;
      if (queue.length > 0) schedule(failing ? retryMs : queue.length >= batchSize ? 0 : flushDelayMs);
    });
    return running;
  };

  const cancel = () => {
    if (scheduled === undefined) return;
    clearTimeout(scheduled as ReturnType<typeof setTimeout>);
    clearImmediate(scheduled as ReturnType<typeof setImmediate>);
    scheduled = undefined;
  };

  const trim = () => {
    if (queue.length <= max) return;
    const drop = queue.length - max;
    queue.splice(0, drop);
    if (lostUnrecorded === 0) lostSince = now();
    lost += drop;
    lostUnrecorded += drop;
    // Logged at the first loss, then at most every 10 seconds.
    if (lastLossLog === undefined || now() - lastLossLog >= 10_000) {
      lastLossLog = now();
      log(`toolgate serve: audit entries are being dropped (buffer full at ${max}); ${lost} lost in all`);
    }
  };

  return {
    write(entry) {
      queue.push(entry);
      trim();
      if (!failing && queue.length >= batchSize && scheduled !== undefined) {
        cancel();
      }
      schedule(failing ? retryMs : queue.length >= batchSize ? 0 : flushDelayMs);
    },
    async flush() {
      cancel();
      await run();
    },
    get buffered() {
      return queue.length;
    },
    get lost() {
      return lost;
    },
    get failing() {
      return failing;
    },
    async close() {
      await this.flush();
      closed = true;
      if (scheduled !== undefined) clearTimeout(scheduled as ReturnType<typeof setTimeout>);
    },
  };
}
