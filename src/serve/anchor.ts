import { appendFileSync } from 'node:fs';
import { AUDIT_CHAIN_GENESIS, type AuditAnchor, type Store } from '../store/index.js';

/** Default: an anchor every this many audit entries… */
export const ANCHOR_EVERY_ENTRIES = 1000;
/** …or every this many minutes with entries written since the last one. */
export const ANCHOR_EVERY_MINUTES = 10;

/** Where the audit chain's anchors go: serve's log, and a file when one is named. */
export interface Anchors {
  /**
   * Call before each append: whether it counts toward what serve knows the log must hold — once
   * the baseline (how many entries the log held when serve started) is known. Never waits.
   */
  before(): boolean;
  /** `n` entries reached the store; `counted`: what {@link Anchors.before} said for that append. */
  written(n: number, counted?: boolean): void;
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
 *
 * An anchor names the store's head, so entries cut off the log while serve runs would be anchored
 * away by the next one. serve knows a floor instead: the log held `base` entries before its first
 * append and it wrote `own` since, and nothing removes entries. A head with fewer entries than that
 * is logged as removal, and its anchor records the count the log must hold, so that `toolgate
 * audit verify --anchor` fails on it too.
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
  let base: number | undefined;
  let baseRead: Promise<void> | undefined;
  let own = 0;
  const anchor = async (): Promise<void> => {
    pending = 0;
    let head;
    try {
      head = await o.store.auditHead();
    } catch {
      return;
    }
    const floor = base === undefined ? undefined : base + own;
    const held = head?.count ?? 0;
    const short = floor !== undefined && held < floor;
    if (short)
      o.log(
        `toolgate serve: the audit log holds ${held} entries${head !== undefined ? ` up to #${head.seq}` : ''}, but at least ${floor} were written to it: entries were removed from the store`,
      );
    if (head === undefined && !short) return;
    const count = short ? floor : held;
    if (count === lastCount) return;
    lastCount = count;
    // An emptied log has no head: the anchor names position 0, which no log holds.
    const a: AuditAnchor =
      head !== undefined ? { seq: head.seq, count, hash: head.hash, at: head.at } : { seq: 0, count, hash: AUDIT_CHAIN_GENESIS };
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
  /**
   * Read the baseline, without ever holding up an append: appends that start before it is known
   * are not counted (the baseline may or may not include them), so the floor never overstates.
   */
  const readBase = (): void => {
    baseRead ??= Promise.resolve()
      .then(() => o.store.auditHead())
      .then(
        (head) => {
          base ??= head?.count ?? 0;
        },
        // Unreadable now: the next append tries again.
        () => undefined,
      )
      .finally(() => {
        baseRead = undefined;
      });
  };
  readBase();
  const run = (): Promise<void> => {
    running ??= anchor().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(
    () => {
      if (pending > 0) void run();
    },
    Math.max(1, o.everyMinutes ?? ANCHOR_EVERY_MINUTES) * 60_000,
  );
  timer.unref();
  return {
    before() {
      if (base === undefined) readBase();
      return base !== undefined;
    },
    written(n, counted = false) {
      if (counted) own += n;
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
