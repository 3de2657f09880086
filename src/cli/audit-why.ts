import type { AuditEntry, Store } from '../store/index.js';

const DECISION_EVENTS = new Set(['PreToolUse', 'PermissionRequest', 'decision']);

const time = (ms: number) => new Date(ms).toISOString();

/** One audit entry, told in full: what, who, which rule, which policy, and the trace. */
function entryLines(e: AuditEntry): string[] {
  const lines = [
    `#${e.seq} ${time(e.at)} ${e.event}${e.behavior !== undefined ? ` ${e.behavior}` : ''}${e.askKind !== undefined ? ` (${e.askKind} ask)` : ''}${e.decidedBy !== undefined ? ` by ${e.decidedBy}` : ''}${e.answerer !== undefined ? ` (${e.answerer})` : ''}${e.tool !== undefined ? ` — ${e.tool}` : ''}`,
  ];
  if (e.reason !== undefined) lines.push(`  reason: ${e.reason}${e.reasonKind !== undefined ? ` [${e.reasonKind}]` : ''}`);
  if (e.ruleText !== undefined) lines.push(`  rule: ${e.ruleText}${e.ruleSource !== undefined ? ` (${e.ruleSource})` : ''}`);
  if (e.mode !== undefined) lines.push(`  mode: ${e.mode}`);
  if (e.policyDigest !== undefined) lines.push(`  policy digest: ${e.policyDigest}`);
  if (e.detail !== undefined) lines.push(`  detail: ${e.detail}`);
  if (e.trace !== undefined && e.trace.length > 0) {
    lines.push('  trace:');
    for (const s of e.trace) lines.push(`    ${s.step}: ${s.outcome} — ${s.detail}`);
  }
  return lines;
}

/** The entries of one call, by ask id or tool-use id, oldest first. */
export async function entriesOf(store: Pick<Store, 'readAudit'>, id: string): Promise<AuditEntry[]> {
  const [byAsk, byCall] = await Promise.all([store.readAudit({ askId: id, limit: 1000 }), store.readAudit({ toolUseId: id, limit: 1000 })]);
  const seen = new Map<number, AuditEntry>();
  for (const e of [...byAsk, ...byCall]) seen.set(e.seq ?? 0, e);
  // An ask found by its call's id brings its answer and release too.
  for (const askId of new Set(byCall.flatMap((e) => (e.askId !== undefined && e.askId !== id ? [e.askId] : [])))) {
    for (const e of await store.readAudit({ askId, limit: 1000 })) seen.set(e.seq ?? 0, e);
  }
  return [...seen.values()].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}

/** What re-deciding needs: the policy as toolgate check loads it today, and evaluate. */
export interface Redecide {
  (
    entry: AuditEntry & { tool: string; inputRedacted: Record<string, unknown> },
  ): Promise<{ behavior: string; reason: string; rule?: string; policyDigest: string }>;
}

/**
 * `toolgate audit why ID`: the recorded story of one call (by its tool-use id or its ask id) —
 * every entry with its reason, rule, mode, policy digest and trace — and, when the stored input is
 * the call's own (its SHA-256 matches: nothing was masked), the decision today's settings give.
 */
export async function auditWhy(
  store: Pick<Store, 'readAudit'>,
  id: string,
  redecide: Redecide,
  sha256: (v: unknown) => string,
): Promise<{ found: boolean; lines: string[] }> {
  const entries = await entriesOf(store, id);
  if (entries.length === 0) return { found: false, lines: [`no audit entry has the tool-use id or ask id ${id}`] };
  const lines = entries.flatMap(entryLines);
  const decided = entries.find((e) => DECISION_EVENTS.has(e.event) && e.tool !== undefined && e.inputRedacted !== undefined);
  if (decided === undefined) return { found: true, lines };
  const input = decided.inputRedacted;
  const whole =
    input !== null &&
    typeof input === 'object' &&
    !Array.isArray(input) &&
    decided.inputSha256 !== undefined &&
    sha256(input) === decided.inputSha256;
  if (!whole) {
    lines.push('input masked: cannot re-decide (the audit log keeps the input with its secrets replaced)');
    return { found: true, lines };
  }
  const now = await redecide(decided as AuditEntry & { tool: string; inputRedacted: Record<string, unknown> });
  lines.push(`today: ${now.behavior} — ${now.reason}${now.rule !== undefined ? ` (rule ${now.rule})` : ''}`);
  const same =
    decided.policyDigest === undefined
      ? ''
      : now.policyDigest === decided.policyDigest
        ? ': the policy that decided then'
        : ': not the policy that decided then';
  lines.push(
    `  with today's settings as toolgate check loads them (policy digest ${now.policyDigest}${same}; serve's own guards not included)`,
  );
  return { found: true, lines };
}
