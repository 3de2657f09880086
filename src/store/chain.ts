import { createHash } from 'node:crypto';
import { canonicalJson } from '../core/canonical-json.js';
import type { AuditEntry } from './types.js';

/**
 * The `prev` of the first entry of an audit chain: 64 zeros. Entries written before the chain
 * existed (a store migrated from an older toolgate) carry no hash and come before it.
 * @public
 */
export const AUDIT_CHAIN_GENESIS = '0'.repeat(64);

/** The fields an audit entry keeps, besides `at`, `event` and `inputRedacted` (one column each). */
export const AUDIT_TEXT_FIELDS = [
  'sessionId',
  'agent',
  'projectDir',
  'tool',
  'inputSha256',
  'behavior',
  'askKind',
  'reasonKind',
  'reason',
  'ruleText',
  'ruleSource',
  'policyDigest',
  'answerer',
  'askId',
  'decidedBy',
  'detail',
  'toolUseId',
  'mode',
] as const satisfies readonly (keyof AuditEntry)[];

/**
 * An entry as the store will give it back (`readAudit`), without `seq` and `hash`: the known
 * fields only, those without a value left out, `inputRedacted` as its JSON text reads back.
 * `text` is how the store keeps a string (PostgreSQL replaces U+0000).
 */
export function storedAuditForm(e: AuditEntry, text: (s: string) => string = (s) => s): AuditEntry {
  const out: Record<string, unknown> = { at: e.at, event: e.event };
  if (e.inputRedacted !== undefined) out['inputRedacted'] = JSON.parse(JSON.stringify(e.inputRedacted) ?? 'null');
  if (e.trace !== undefined) out['trace'] = JSON.parse(JSON.stringify(e.trace) ?? 'null');
  if (e.shadow !== undefined) out['shadow'] = JSON.parse(JSON.stringify(e.shadow) ?? 'null');
  for (const k of AUDIT_TEXT_FIELDS) {
    const v = e[k];
    if (v !== undefined && v !== null) out[k] = typeof v === 'string' ? text(v) : v;
  }
  return out as unknown as AuditEntry;
}

/**
 * The canonical form of an audit entry that its hash covers: the canonical JSON (RFC 8785) of
 * the entry as `readAudit` returns it, without `seq` and `hash`. Every other field is part of it,
 * under its `AuditEntry` name; a field without a value is left out. A column added to the audit
 * table later joins as its field: rows written before it have no value there, so their hashes
 * stay valid, and rows written after it are covered by it.
 * @public
 */
export function auditCanonicalForm(entry: AuditEntry): string {
  const { seq: _seq, hash: _hash, ...rest } = entry;
  return canonicalJson(rest);
}

/**
 * The hash of an audit entry in the chain: lowercase hex SHA-256 of the previous entry's hash
 * (or {@link AUDIT_CHAIN_GENESIS}), a line feed, and the entry's {@link auditCanonicalForm}.
 * @public
 */
export function auditChainHash(prev: string, entry: AuditEntry): string {
  return createHash('sha256')
    .update(`${prev}\n${auditCanonicalForm(entry)}`)
    .digest('hex');
}

/**
 * Chain `entries` after `prev` (the newest stored entry's hash; {@link AUDIT_CHAIN_GENESIS} when
 * there is none or it has none): each as stored, with its hash. The stores call it inside the
 * transaction that appends, after taking the lock that orders appends.
 */
export function chainAudit(prev: string, entries: readonly AuditEntry[], text?: (s: string) => string): AuditEntry[] {
  const out: AuditEntry[] = [];
  let last = prev;
  for (const e of entries) {
    const stored = storedAuditForm(e, text);
    const hash = auditChainHash(last, stored);
    out.push({ ...stored, hash });
    last = hash;
  }
  return out;
}
