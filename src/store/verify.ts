import { AUDIT_CHAIN_GENESIS, auditChainHash } from './chain.js';
import type { AuditEntry, AuditHead, Store } from './types.js';

/**
 * A point of the audit chain recorded outside the store (`toolgate serve`'s log, its anchor
 * file): the log held `count` entries up to `seq`, whose hash was `hash`.
 * @public
 */
export interface AuditAnchor {
  /** The anchored entry's position in the log. */
  seq: number;
  /** How many entries the log held up to it, itself included. */
  count: number;
  /** Its hash. */
  hash: string;
  /** When the newest entry was written (milliseconds since the epoch). */
  at?: number;
}

/** Why the chain does not hold, as a stable code. @public */
export type AuditBreakCode =
  /** An entry's hash is not the hash of the entry before and its own content: it, or the one before, was changed, removed or moved. */
  | 'hashMismatch'
  /** An entry without a hash after the chain began: inserted by something other than toolgate. */
  | 'unchained'
  /** The entry an anchor names is not the one in the log: the chain was recomputed or rewritten. */
  | 'anchorMismatch'
  /** An anchor names an entry past the end of the log: entries were cut off the end. */
  | 'anchorBeyondEnd';

/** The first broken link found. @public */
export interface AuditBreak {
  /** What broke. */
  code: AuditBreakCode;
  /** The entry where the chain breaks (for `anchorBeyondEnd`: the newest entry, if any). */
  seq?: number;
  /** What broke, in plain words. */
  message: string;
}

/** An `auditLoss` entry: entries dropped while the store could not be written. @public */
export interface AuditGap {
  /** The `auditLoss` entry's position. */
  seq: number;
  /** When it was written (milliseconds since the epoch). */
  at: number;
  /** What it says was lost. */
  detail?: string;
}

/** What {@link verifyAuditChain} found. @public */
export interface AuditVerification {
  /** The chain holds and every anchor matches it. */
  ok: boolean;
  /** Entries read. */
  entries: number;
  /** Entries in the chain. */
  chained: number;
  /** Entries written before the chain began (no hash), and the first chained entry's position. */
  unchained: number;
  chainStartsAt?: number;
  /** The oldest entry's time (milliseconds since the epoch). */
  firstAt?: number;
  /** The newest entry's time. */
  lastAt?: number;
  /** The newest chained entry. */
  head?: AuditHead;
  /** The `auditLoss` entries. */
  gaps: AuditGap[];
  /** Anchors checked against the chain. */
  anchorsChecked: number;
  /** The first broken link. */
  broken?: AuditBreak;
  /** Links that did not hold (each checked against the stored hash before it). */
  brokenLinks: number;
}

/**
 * Walk the audit log oldest first and check its chain: each entry's hash against the one before
 * and its canonical form, no entry without a hash once the chain began, and each anchor (the
 * `count`-th chained entry must be `seq` with `hash`; no anchor beyond the end). An entry changed,
 * removed, moved or inserted breaks the link at or after it; a chain recomputed whole, or cut
 * short, shows against an anchor taken before. Reads through `Store.readAudit`, 10 000 at a time.
 * @public
 */
export async function verifyAuditChain(store: Pick<Store, 'readAudit'>, anchors: readonly AuditAnchor[] = []): Promise<AuditVerification> {
  const v: AuditVerification = { ok: true, entries: 0, chained: 0, unchained: 0, gaps: [], anchorsChecked: 0, brokenLinks: 0 };
  // Anchors by position, oldest first: each is checked at its entry, or where the log skips it.
  const waiting = [...anchors].sort((a, b) => a.seq - b.seq);
  const fail = (b: AuditBreak) => {
    v.brokenLinks++;
    if (v.broken === undefined) v.broken = b;
    v.ok = false;
  };
  let prev = AUDIT_CHAIN_GENESIS;
  let after: number | undefined;
  for (;;) {
    const page = await store.readAudit({ limit: 10_000, ...(after !== undefined ? { afterSeq: after } : {}) });
    if (page.length === 0) break;
    for (const e of page) check(e);
    after = page.at(-1)?.seq;
    if (page.length < 10_000 || after === undefined) break;
  }

  function check(e: AuditEntry): void {
    const seq = e.seq ?? 0;
    v.entries++;
    v.firstAt ??= e.at;
    v.lastAt = e.at;
    if (e.event === 'auditLoss') v.gaps.push({ seq, at: e.at, ...(e.detail !== undefined ? { detail: e.detail } : {}) });
    if (e.hash === undefined) {
      checkAnchors(seq, undefined);
      if (v.chained === 0) v.unchained++;
      else
        fail({
          code: 'unchained',
          seq,
          message: `entry #${seq} has no hash but comes after the chain began: it was not written by toolgate`,
        });
      return;
    }
    if (v.chained === 0) v.chainStartsAt = seq;
    checkAnchors(seq, e.hash);
    if (auditChainHash(prev, e) !== e.hash) {
      fail({
        code: 'hashMismatch',
        seq,
        message: `entry #${seq} does not match its hash: it, or the entry before it, was changed, removed or moved`,
      });
    }
    prev = e.hash;
    v.chained++;
    v.head = { seq, hash: e.hash, at: e.at, count: v.entries };
  }

  /** The anchors at or before entry `seq` (with `hash`, or none when it has none): each must name this very entry, `count`-th in the log. */
  function checkAnchors(seq: number, hash: string | undefined): void {
    while (waiting.length > 0 && (waiting[0] as AuditAnchor).seq <= seq) {
      const a = waiting.shift() as AuditAnchor;
      v.anchorsChecked++;
      if (a.seq !== seq) {
        fail({
          code: 'anchorMismatch',
          seq,
          message: `the anchor of entry #${a.seq} names an entry the log does not hold (the next is #${seq}): entries were removed or renumbered`,
        });
      } else if (a.hash !== hash || a.count !== v.entries) {
        fail({
          code: 'anchorMismatch',
          seq,
          message: `entry #${seq} is not the one anchored (anchored: entry ${a.count} of the log, hash ${a.hash.slice(0, 12)}…; found: entry ${v.entries}, hash ${(hash ?? 'none').slice(0, 12)}…): the log before it was rewritten`,
        });
      }
    }
  }

  for (const a of waiting) {
    v.anchorsChecked++;
    fail({
      code: 'anchorBeyondEnd',
      ...(v.head !== undefined ? { seq: v.head.seq } : {}),
      message: `an anchor names entry #${a.seq} (entry ${a.count} of the log) but the log ends at #${v.head?.seq ?? 0} with ${v.entries} entries: entries were cut off the end`,
    });
  }
  return v;
}

/**
 * The anchors in a text: each line holding a JSON object with `seq`, `count` and `hash` (an anchor
 * file's lines, or `toolgate serve`'s log lines `… audit anchor {…}`). Other lines are skipped.
 * @public
 */
export function parseAuditAnchors(text: string): AuditAnchor[] {
  const out: AuditAnchor[] = [];
  for (const line of text.split('\n')) {
    const start = line.indexOf('{');
    if (start === -1) continue;
    let o: unknown;
    try {
      o = JSON.parse(line.slice(start));
    } catch {
      continue;
    }
    if (o === null || typeof o !== 'object') continue;
    const r = o as Record<string, unknown>;
    if (Number.isInteger(r['seq']) && Number.isInteger(r['count']) && typeof r['hash'] === 'string' && /^[0-9a-f]{64}$/.test(r['hash'])) {
      out.push({
        seq: r['seq'] as number,
        count: r['count'] as number,
        hash: r['hash'],
        ...(typeof r['at'] === 'number' ? { at: r['at'] } : {}),
      });
    }
  }
  return out;
}
