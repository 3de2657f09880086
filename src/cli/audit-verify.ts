import type { AuditVerification } from '../store/index.js';

const time = (ms: number | undefined) => (ms === undefined ? '?' : new Date(ms).toISOString());

/**
 * What `toolgate audit verify` prints: the log, its time range, the chain and where it begins, the
 * gaps, the anchors checked, and the verdict — the first broken link, or that the chain holds.
 */
export function verificationLines(v: AuditVerification, location: string, anchorFile: string | undefined, anchorsRead: number): string[] {
  const lines: string[] = [];
  lines.push(
    `audit log ${location}: ${v.entries} entr${v.entries === 1 ? 'y' : 'ies'}${v.entries > 0 ? `, ${time(v.firstAt)} … ${time(v.lastAt)}` : ''}`,
  );
  if (v.head !== undefined) lines.push(`chain: ${v.chained} entr${v.chained === 1 ? 'y' : 'ies'}, head #${v.head.seq} ${v.head.hash}`);
  else lines.push('chain: empty');
  if (v.unchained > 0) {
    const where = v.chainStartsAt !== undefined ? `unchained before #${v.chainStartsAt}` : 'no entry is chained';
    lines.push(`${where}: ${v.unchained} entr${v.unchained === 1 ? 'y' : 'ies'} written before the chain (not checked)`);
  }
  if (v.gaps.length > 0) {
    lines.push(`gaps: ${v.gaps.length} (entries lost while the store could not be written)`);
    for (const g of v.gaps) lines.push(`  #${g.seq} at ${time(g.at)}${g.detail !== undefined ? `: ${g.detail}` : ''}`);
  } else lines.push('gaps: none');
  if (anchorFile !== undefined) lines.push(`anchors: ${anchorsRead} read from ${anchorFile}, ${v.anchorsChecked} checked`);
  else lines.push('anchors: none given (a chain recomputed whole or cut short shows only against an anchor: --anchor FILE)');
  if (v.broken !== undefined) {
    lines.push(`BROKEN: ${v.broken.message}${v.brokenLinks > 1 ? ` (${v.brokenLinks} links do not hold)` : ''}`);
  } else lines.push('ok: every link holds');
  return lines;
}
