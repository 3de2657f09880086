import type { SpillJournal } from './spill.js';
import { StoreReplacedError, type AuditEntry, type Store } from './types.js';

/** Options of {@link createAuditWriter}. @public */
export interface AuditWriterOptions {
  /**
   * Where entries go while the store cannot be written (see {@link SpillJournal}). Without one
   * they wait in memory only, and a write that fails is reported as not durable.
   */
  journal?: SpillJournal;
  /** Entries kept in memory when neither the store nor the journal can be written; past this the oldest are dropped and counted. Default 10 000. */
  maxBuffered?: number;
  /** Milliseconds between tries while the store cannot be written. Default 250. */
  retryMs?: number;
  /** Most entries written in one transaction (a backlog is written in batches of this size). Default 512. */
  batchSize?: number;
  /**
   * Milliseconds a store write may take before it counts as failed (a frozen database); the entries
   * then go to the journal, and should the write still commit, they are written twice. Default
   * 12 000: above the PostgreSQL store's own 10 s query deadline, so that store fails first.
   */
  writeTimeoutMs?: number;
  /** Where problems are reported (one line each). Default: standard error. */
  log?: (line: string) => void;
  /** Milliseconds since the epoch. */
  now?: () => number;
}

/**
 * Where a written entry ended up: committed to the store, or appended to the spill journal (both
 * survive a kill of the process) — or neither, with the reason.
 * @public
 */
export type AuditWriteResult = { ok: true; where: 'store' | 'journal' } | { ok: false; reason: string };

/**
 * The audit log's way in. `write` resolves once the entry is durable — committed to the store
 * (all entries waiting at that moment share one transaction: group commit) or, while the store
 * cannot be written, appended to the spill journal — so a caller can hold its answer until then.
 * The journal is written back to the store in order, in batches, once it can be; entries arriving
 * meanwhile go to the journal too, to keep the order.
 * @public
 */
export interface AuditWriter {
  write(entry: AuditEntry): Promise<AuditWriteResult>;
  /** Resolves once everything queued so far was written (or could not be). */
  flush(): Promise<void>;
  /** Entries held in memory only (neither the store nor the journal took them). */
  readonly buffered: number;
  /** Bytes of the spill journal not yet written back to the store. */
  readonly spilledBytes: number;
  /** Entries dropped since the writer started. */
  readonly lost: number;
  /** The store cannot be written now. */
  readonly failing: boolean;
  /** Why the last write to the store failed, while {@link AuditWriter.failing}. */
  readonly lastError: string | undefined;
  /**
   * Why nothing may be allowed any more, when that is so: the store file was deleted or replaced,
   * or neither the store nor the journal can be written.
   */
  readonly stopReason: string | undefined;
  /** Write what is queued (to the store, else to the journal) and stop retrying. */
  close(): Promise<void>;
}

interface Waiting {
  entry: AuditEntry;
  done?: (r: AuditWriteResult) => void;
}

/** Create an {@link AuditWriter} over a store. @public */
export function createAuditWriter(store: Pick<Store, 'appendAudit'>, options: AuditWriterOptions = {}): AuditWriter {
  const max = options.maxBuffered ?? 10_000;
  const retryMs = options.retryMs ?? 250;
  const batchSize = options.batchSize ?? 512;
  const writeTimeoutMs = options.writeTimeoutMs ?? 12_000;
  const journal = options.journal;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const now = options.now ?? Date.now;
  /** Entries not yet durable anywhere. */
  let queue: Waiting[] = [];
  /** Byte offset in the journal up to which entries are in the store. */
  let replayed = 0;
  /** The journal holds entries the store does not have: new entries go there too, behind them. */
  let spilling = journal !== undefined && journal.size() > 0;
  /** The journal's last batch is being written back: new entries wait in memory. */
  let draining = false;
  /** Entries at the head of the queue that a store write is carrying now. */
  let inFlight = 0;
  let lost = 0;
  let lostUnrecorded = 0;
  let lostSince: number | undefined;
  let lastLossLog: number | undefined;
  let failing = false;
  let storeError = '';
  let replaced: string | undefined;
  let journalBroken: string | undefined;
  let closed = false;
  let running: Promise<void> | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let immediate: ReturnType<typeof setImmediate> | undefined;

  const append = async (entries: readonly AuditEntry[]) => {
    let t: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, fail) => {
      t = setTimeout(() => fail(new Error(`no answer within ${writeTimeoutMs} ms`)), writeTimeoutMs);
    });
    try {
      await Promise.race([store.appendAudit(entries), late]);
    } finally {
      clearTimeout(t);
    }
  };

  const lossEntry = (): AuditEntry[] =>
    lostUnrecorded > 0
      ? [
          {
            at: now(),
            event: 'auditLoss',
            detail: `${lostUnrecorded} audit entries were dropped while neither the store nor the spill journal could be written (since ${new Date(lostSince ?? now()).toISOString()})`,
          },
        ]
      : [];

  const trim = () => {
    if (queue.length <= max) return;
    const drop = queue.splice(0, queue.length - max);
    for (const w of drop) w.done?.({ ok: false, reason: 'the audit entry was dropped' });
    if (lostUnrecorded === 0) lostSince = now();
    lost += drop.length;
    lostUnrecorded += drop.length;
    // Logged at the first loss, then at most every 10 seconds.
    if (lastLossLog === undefined || now() - lastLossLog >= 10_000) {
      lastLossLog = now();
      log(`toolgate serve: audit entries are being dropped (memory full at ${max}); ${lost} lost in all`);
    }
  };

  /** Move everything queued into the journal; `false` when it cannot be written. */
  const spill = (): boolean => {
    if (journal === undefined) return false;
    const moving = queue;
    try {
      journal.append([...lossEntry(), ...moving.map((w) => w.entry)]);
    } catch (e) {
      if (journalBroken === undefined)
        log(
          `toolgate serve: the audit spill journal ${journal.file} cannot be written (${(e as Error).message}); calls are no longer allowed`,
        );
      journalBroken = (e as Error).message;
      return false;
    }
    if (journalBroken !== undefined) log(`toolgate serve: the audit spill journal ${journal.file} is written again`);
    journalBroken = undefined;
    lostUnrecorded = 0;
    queue = [];
    spilling = true;
    for (const w of moving) w.done?.({ ok: true, where: 'journal' });
    return true;
  };

  const notDurable = () =>
    `the audit log cannot be written (store: ${storeError}${journal !== undefined ? `; spill journal: ${journalBroken ?? 'not tried'}` : '; no spill journal'})`;

  const fail = (e: unknown) => {
    storeError = (e as Error).message;
    if (e instanceof StoreReplacedError && replaced === undefined) {
      replaced = e.message;
      log(`toolgate serve: ${e.message}; calls are no longer allowed`);
    }
    if (!failing)
      log(
        `toolgate serve: the audit log cannot be written to the store (${storeError}); ${journal !== undefined ? `entries go to ${journal.file} until it can` : `keeping up to ${max} entries in memory`}`,
      );
    failing = true;
  };

  /**
   * Write the journal's entries back to the store, oldest first, a batch at a time. While the
   * last batch is being written, new entries wait in memory behind it (`draining`): under steady
   * load the journal would otherwise grow as fast as it is read and never empty. Should that
   * batch fail, they go to the journal behind it.
   */
  const replay = async (): Promise<void> => {
    if (journal === undefined) return;
    for (;;) {
      const { entries, next } = journal.read(replayed, batchSize);
      const last = next >= journal.size();
      draining = last;
      try {
        if (entries.length > 0) await append(entries);
      } finally {
        draining = false;
      }
      replayed = next;
      if (last || entries.length === 0) break;
    }
    // Nothing was appended to the journal since the last read (new entries waited in memory).
    journal.clear();
    replayed = 0;
    spilling = false;
  };

  const run = (): Promise<void> => {
    if (running) return running;
    running = (async () => {
      try {
        if (spilling) {
          // Keep the order: what is queued goes behind what the journal holds.
          if (queue.length > 0 && !spill()) {
            for (const w of queue) (w.done?.({ ok: false, reason: notDurable() }), delete w.done);
          }
          await replay();
          // The store takes writes again: from here on new entries go to it, not to the journal
          // (which would take them a second time from a batch in flight).
          if (failing) log(`toolgate serve: the audit log is written again`);
          failing = false;
        }
        while (queue.length > 0) {
          const batch = queue.slice(0, batchSize);
          const extra = lossEntry();
          inFlight = batch.length;
          try {
            await append([...extra, ...batch.map((w) => w.entry)]);
          } finally {
            inFlight = 0;
          }
          queue.splice(0, batch.length);
          if (extra.length > 0) lostUnrecorded = 0;
          for (const w of batch) w.done?.({ ok: true, where: 'store' });
        }
        if (failing) log(`toolgate serve: the audit log is written again`);
        failing = false;
      } catch (e) {
        fail(e);
        if (queue.length > 0 && !spill()) {
          trim();
          for (const w of queue) (w.done?.({ ok: false, reason: notDurable() }), delete w.done);
        }
      }
    })().finally(() => {
      running = undefined;
      if (failing || spilling || queue.length > 0) schedule(failing ? retryMs : 0);
    });
    return running;
  };

  const schedule = (delay: number) => {
    if (closed || running !== undefined || timer !== undefined || immediate !== undefined) return;
    const go = () => {
      timer = undefined;
      immediate = undefined;
      void run();
    };
    if (delay === 0) immediate = setImmediate(go);
    else {
      timer = setTimeout(go, delay);
      timer.unref();
    }
  };

  const cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    if (immediate !== undefined) clearImmediate(immediate);
    timer = undefined;
    immediate = undefined;
  };

  // Entries left in the journal by an earlier run go to the store first.
  if (spilling) schedule(0);

  return {
    write(entry) {
      if (!draining && inFlight === 0 && (spilling || (failing && journal !== undefined))) {
        // The store is behind: the entry goes to the journal at once, behind the others.
        queue.push({ entry });
        const ok = spill();
        if (!ok) trim();
        schedule(failing ? retryMs : 0);
        return Promise.resolve(ok ? { ok: true, where: 'journal' as const } : { ok: false, reason: notDurable() });
      }
      return new Promise<AuditWriteResult>((done) => {
        queue.push({ entry, done });
        trim();
        if (failing && !draining) {
          done({ ok: false, reason: notDurable() });
          delete queue[queue.length - 1]!.done;
        }
        schedule(failing ? retryMs : 0);
      });
    },
    async flush() {
      cancel();
      await run();
    },
    get buffered() {
      return queue.length;
    },
    get spilledBytes() {
      return journal !== undefined && spilling ? Math.max(0, journal.size() - replayed) : 0;
    },
    get lost() {
      return lost;
    },
    get failing() {
      return failing;
    },
    get lastError() {
      return failing ? storeError : undefined;
    },
    get stopReason() {
      if (replaced !== undefined) return replaced;
      if (failing && (journal === undefined || journalBroken !== undefined)) return notDurable();
      return undefined;
    },
    async close() {
      cancel();
      await running;
      await run();
      closed = true;
      cancel();
      journal?.close();
      if (queue.length > 0) {
        log(`toolgate serve: ${queue.length} audit entries could be written neither to the store nor to a spill journal; they are lost`);
      }
    },
  };
}
