import { appendFileSync } from 'node:fs';
import type { AuditAnchor, Store } from '../store/index.js';

/** Default: an anchor every this many audit entries… */
export const ANCHOR_EVERY_ENTRIES = 1000;
/** …or every this many minutes with entries written since the last one. */
export const ANCHOR_EVERY_MINUTES = 10;

/** Where the audit chain's anchors go: serve's log, and a file when one is named. */
export interface Anchors {
  /** `n` entries reached the store. */
  written(n: number): void;
  /** Write an anchor now if entries were written since the last one (serve's close). */
  flush(): Promise<void>;
  stop(): void;
}

/**
 * Anchors of the audit chain outside the store (`toolgate audit verify --anchor`): the head's
 * position, count and hash, as a log line `toolgate serve: audit anchor {…}` and, with `file`, one
 * JSON line appended to it — every `everyEntries` entries, or every `everyMinutes` minutes when
 * entries were written since the last anchor, and when serve closes. A store that cannot be read
 * skips an anchor (the next one covers what it would have).
 */
export function createAnchors(o: {
  store: Pick<Store, 'auditHead'>;
  log: (line: string) => void;
  file?: string;
  everyEntries?: number;
  everyMinutes?: number;
}): Anchors {
  const every = o.everyEntries ?? ANCHOR_EVERY_ENTRIES;
  let pending = 0;
  let lastCount: number | undefined;
  let running: Promise<void> | undefined;
  let failed = false;
  const anchor = async (): Promise<void> => {
    pending = 0;
    let head;
    try {
      head = await o.store.auditHead();
    } catch {
      return;
    }
    if (head === undefined || head.count === lastCount) return;
    lastCount = head.count;
    const a: AuditAnchor = { seq: head.seq, count: head.count, hash: head.hash, at: head.at };
    const line = JSON.stringify(a);
    o.log(`toolgate serve: audit anchor ${line}`);
    if (o.file === undefined) return;
    try {
      appendFileSync(o.file, `${line}\n`, { mode: 0o600 });
      failed = false;
    } catch (e) {
      if (!failed) o.log(`toolgate serve: cannot write the audit anchor file ${o.file}: ${(e as Error).message}`);
      failed = true;
    }
  };
  const run = (): Promise<void> => {
    running ??= anchor().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => {
    if (pending > 0) void run();
  }, Math.max(1, o.everyMinutes ?? ANCHOR_EVERY_MINUTES) * 60_000);
  timer.unref();
  return {
    written(n) {
      pending += n;
      if (pending >= every) void run();
    },
    async flush() {
      await running;
      if (pending > 0) await run();
    },
    stop: () => clearInterval(timer),
  };
}
