import type { AuditEntry } from '../store/index.js';
import type { ServeContext } from './context.js';

/**
 * Write the audit entry of an outcome and wait until it is durable (in the store, or in the
 * spill journal while the store cannot be written) — an answer is released only after its
 * entry. An allow that cannot be made durable, or any allow once allows have stopped (the store
 * file was replaced; neither store nor journal can be written), is not released: the reason to
 * deny instead is returned, and the deny is what the audit log records.
 */
export async function recordOutcome(ctx: Pick<ServeContext, 'audit'>, entry: AuditEntry): Promise<string | undefined> {
  const stopped = ctx.audit.stopReason;
  if (entry.behavior === 'allow' && stopped !== undefined) {
    await ctx.audit.write({ ...entry, behavior: 'deny', reasonKind: 'checkFailed', reason: `not allowed: ${stopped}`, decidedBy: 'store' });
    return stopped;
  }
  const w = await ctx.audit.write(entry);
  if (entry.behavior !== 'allow') return undefined;
  if (!w.ok) return w.reason;
  // Writing this very entry may be what found the store file replaced: the allow is recorded, and
  // so is that it was not released.
  const late = ctx.audit.stopReason;
  if (late === undefined) return undefined;
  await ctx.audit.write({ ...entry, behavior: 'deny', reasonKind: 'checkFailed', reason: `not released: ${late}`, decidedBy: 'store' });
  return late;
}
