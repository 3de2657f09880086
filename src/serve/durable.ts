import type { AuditEntry } from '../store/index.js';
import type { ServeContext } from './context.js';
import { reportEntry, shadowOfEntry } from './provenance.js';
import { shadowEntry } from './audit.js';

/**
 * Write the audit entry of an outcome and wait until it is durable (in the store, or in the
 * spill journal while the store cannot be written) — an answer is released only after its
 * entry. An allow that cannot be made durable, or any allow once allows have stopped (the store
 * file was replaced; neither store nor journal can be written), is not released: the reason to
 * deny instead is returned, and the deny is what the audit log records. The outcome the client
 * gets is reported once to serve's `onDecision` listener.
 */
export async function recordOutcome(
  ctx: Pick<ServeContext, 'audit' | 'onDecision' | 'now'>,
  entry: AuditEntry,
): Promise<string | undefined> {
  // The shadow's entry follows the outcome's, once the shadow is decided (after the reply): it
  // compares with the outcome the client got.
  const report = (e: AuditEntry) => {
    reportEntry(ctx.onDecision, e, ctx.now());
    const shadow = shadowOfEntry(e);
    if (shadow !== undefined) void shadow.then((o) => ctx.audit.write(shadowEntry(e, o, ctx.now()))).catch(() => undefined);
  };
  const stopped = ctx.audit.stopReason;
  if (entry.behavior === 'allow' && stopped !== undefined) {
    const denied: AuditEntry = {
      ...entry,
      behavior: 'deny',
      reasonKind: 'checkFailed',
      reason: `not allowed: ${stopped}`,
      decidedBy: 'store',
    };
    await ctx.audit.write(denied);
    report(denied);
    return stopped;
  }
  const w = await ctx.audit.write(entry);
  if (entry.behavior !== 'allow') {
    report(entry);
    return undefined;
  }
  if (!w.ok) {
    report({ ...entry, behavior: 'deny', reasonKind: 'checkFailed', reason: `not allowed: ${w.reason}`, decidedBy: 'store' });
    return w.reason;
  }
  // Writing this very entry may be what found the store file replaced: the allow is recorded, and
  // so is that it was not released.
  const late = ctx.audit.stopReason;
  if (late === undefined) {
    report(entry);
    return undefined;
  }
  const unreleased: AuditEntry = {
    ...entry,
    behavior: 'deny',
    reasonKind: 'checkFailed',
    reason: `not released: ${late}`,
    decidedBy: 'store',
  };
  await ctx.audit.write(unreleased);
  report(unreleased);
  return late;
}
