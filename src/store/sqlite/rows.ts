import type {
  AnswerScope,
  GrantQuery,
  NewGrant,
  AnswerCodeRecord,
  AnswerRecord,
  AskExpiry,
  AskRecord,
  AuditEntry,
  GrantRecord,
  HolderRecord,
} from '../types.js';

/** Columns of `asks`, in insert order. */
export const askColumns = [
  'id',
  'state',
  'origin',
  'session_id',
  'agent',
  'project_dir',
  'cwd',
  'tool',
  'ask_kind',
  'reason_kind',
  'reason',
  'rule_text',
  'rule_source',
  'input_redacted',
  'input_sha256',
  'policy_digest',
  'pending',
  'created_at',
  'updated_at',
  'expires_at',
  'holder',
  'expiry_code',
  'expiry_reason',
] as const;

export type AskRow = Record<(typeof askColumns)[number], string | number | null> & {
  w_behavior: string | null;
  w_answer: string | null;
  w_scope: string | null;
  w_answerer: string | null;
  w_answered_at: number | null;
};

export interface GrantRow {
  id: string;
  scope: AnswerScope;
  session_id: string | null;
  project_dir: string;
  rule: string;
  ask_id: string | null;
  granted_by: string;
  created_at: number;
  expires_at: number | null;
  revoked_at: number | null;
  input_sha256: string | null;
  used_at: number | null;
  settings_file: string | null;
  cwd: string | null;
  agent: string | null;
  mode: string | null;
}

export type AuditRow = Record<string, string | number | null>;

const opt = <K extends string, V>(key: K, value: V | null | undefined): { [P in K]?: V } =>
  (value === null || value === undefined ? {} : { [key]: value }) as { [P in K]?: V };

export function askFromRow(r: AskRow): AskRecord {
  const answer: AnswerRecord | undefined =
    r.w_answer !== null
      ? {
          answer: JSON.parse(r.w_answer),
          scope: r.w_scope as AnswerRecord['scope'],
          answerer: r.w_answerer as string,
          answeredAt: r.w_answered_at as number,
        }
      : undefined;
  return {
    id: r.id as string,
    state: r.state as AskRecord['state'],
    origin: r.origin as AskRecord['origin'],
    ...opt('sessionId', r.session_id as string | null),
    ...opt('agent', r.agent as string | null),
    projectDir: r.project_dir as string,
    cwd: r.cwd as string,
    tool: r.tool as string,
    inputRedacted: JSON.parse(r.input_redacted as string),
    inputSha256: r.input_sha256 as string,
    policyDigest: r.policy_digest as string,
    pending: JSON.parse(r.pending as string),
    createdAt: r.created_at as number,
    updatedAt: r.updated_at as number,
    ...opt('expiresAt', r.expires_at as number | null),
    ...opt('holder', r.holder as string | null),
    ...(answer ? { answer } : {}),
    ...(r.expiry_code !== null && r.expiry_code !== undefined
      ? { expiry: { code: r.expiry_code as AskExpiry['code'], message: (r.expiry_reason as string | null) ?? '' } }
      : {}),
  };
}

/** A row of the holders query (a holder and its pending asks; `beats` null when it has no row). */
export interface HolderRow {
  id: string;
  beats: number | null;
  seen_at: number | null;
  pending: number;
}

export function holderFromRow(r: HolderRow): HolderRecord {
  return { id: r.id, ...opt('beats', r.beats === null ? null : Number(r.beats)), ...opt('seenAt', r.seen_at), pending: Number(r.pending) };
}

/**
 * Holders with a row, and holders named by a pending ask without one, each with its count of
 * pending asks (the same SQL for SQLite and PostgreSQL).
 */
export const HOLDERS_SQL = `SELECT h.id AS id, h.beats AS beats, h.seen_at AS seen_at,
    (SELECT count(*) FROM asks a WHERE a.holder = h.id AND a.state = 'pending') AS pending
  FROM ask_holders h
  UNION ALL
  SELECT a.holder AS id, NULL AS beats, NULL AS seen_at, count(*) AS pending
  FROM asks a WHERE a.state = 'pending' AND a.holder IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ask_holders h WHERE h.id = a.holder)
  GROUP BY a.holder`;

export function grantFromRow(r: GrantRow): GrantRecord {
  return {
    id: r.id,
    scope: r.scope,
    ...opt('sessionId', r.session_id),
    projectDir: r.project_dir,
    rule: r.rule,
    ...opt('askId', r.ask_id),
    grantedBy: r.granted_by,
    createdAt: r.created_at,
    ...opt('expiresAt', r.expires_at),
    ...opt('revokedAt', r.revoked_at),
    ...opt('inputSha256', r.input_sha256),
    ...opt('usedAt', r.used_at),
    ...opt('settingsFile', r.settings_file),
    ...opt('cwd', r.cwd),
    ...opt('agent', r.agent),
    ...opt('mode', r.mode),
  };
}

const AUDIT_FIELDS = [
  ['sessionId', 'session_id'],
  ['agent', 'agent'],
  ['projectDir', 'project_dir'],
  ['tool', 'tool'],
  ['inputSha256', 'input_sha256'],
  ['behavior', 'behavior'],
  ['askKind', 'ask_kind'],
  ['reasonKind', 'reason_kind'],
  ['reason', 'reason'],
  ['ruleText', 'rule_text'],
  ['ruleSource', 'rule_source'],
  ['policyDigest', 'policy_digest'],
  ['answerer', 'answerer'],
  ['askId', 'ask_id'],
  ['decidedBy', 'decided_by'],
  ['detail', 'detail'],
  ['hash', 'hash'],
  ['toolUseId', 'tool_use_id'],
  ['mode', 'mode'],
] as const;

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));

export function auditParams(e: AuditEntry): Record<string, unknown> {
  const out: Record<string, unknown> = {
    at: e.at,
    event: e.event,
    inputRedacted: json(e.inputRedacted),
    trace: json(e.trace),
    shadow: json(e.shadow),
  };
  for (const [k] of AUDIT_FIELDS) out[k] = e[k] ?? null;
  return out;
}

/** The audit table's columns an insert writes (the store fills `seq`); {@link auditValues} gives their values in this order. */
export const AUDIT_COLUMNS: readonly string[] = ['at', 'event', 'input_redacted', 'trace', 'shadow', ...AUDIT_FIELDS.map(([, col]) => col)];

/** An audit entry's values in the order of {@link AUDIT_COLUMNS} (positional binding: cheaper than named). */
export function auditValues(e: AuditEntry): unknown[] {
  const out: unknown[] = [e.at, e.event, json(e.inputRedacted), json(e.trace), json(e.shadow)];
  for (const [k] of AUDIT_FIELDS) out.push(e[k] ?? null);
  return out;
}

export function auditFromRow(r: AuditRow): AuditEntry {
  const out: Record<string, unknown> = { seq: r['seq'], at: r['at'], event: r['event'] };
  for (const [k, col] of AUDIT_FIELDS) if (r[col] !== null && r[col] !== undefined) out[k] = r[col];
  if (r['input_redacted'] !== null && r['input_redacted'] !== undefined) out['inputRedacted'] = JSON.parse(r['input_redacted'] as string);
  if (r['trace'] !== null && r['trace'] !== undefined) out['trace'] = JSON.parse(r['trace'] as string);
  if (r['shadow'] !== null && r['shadow'] !== undefined) out['shadow'] = JSON.parse(r['shadow'] as string);
  return out as unknown as AuditEntry;
}

/** A row of `answer_codes`. */
export interface CodeRow {
  ask_id: string;
  sealed: string;
  tries: number;
  spent_at: number | null;
}

/** An `answer_codes` row as the store's record. */
export function codeFromRow(r: CodeRow): AnswerCodeRecord {
  return { askId: r.ask_id, sealed: r.sealed, tries: r.tries, ...(r.spent_at !== null ? { spentAt: r.spent_at } : {}) };
}

/** A new grant as the named parameters of the SQLite insert. */
export function grantParams(g: NewGrant): Record<string, string | number | null> {
  return {
    id: g.id,
    scope: g.scope,
    sessionId: g.sessionId ?? null,
    projectDir: g.projectDir,
    rule: g.rule,
    askId: g.askId ?? null,
    grantedBy: g.grantedBy,
    createdAt: g.createdAt,
    expiresAt: g.expiresAt ?? null,
    inputSha256: g.inputSha256 ?? null,
    settingsFile: g.settingsFile ?? null,
    cwd: g.cwd ?? null,
    agent: g.agent ?? null,
    mode: g.mode ?? null,
  };
}

/**
 * The SELECT of {@link GrantQuery} for both SQL stores, newest first; `param(n)` spells the
 * n-th placeholder (`?` for SQLite, `$n` for PostgreSQL).
 */
export function grantQuerySql(q: GrantQuery, param: (n: number) => string): { sql: string; args: (string | number)[] } {
  const where: string[] = [];
  const args: (string | number)[] = [];
  const p = (v: string | number) => {
    args.push(v);
    return param(args.length);
  };
  if (q.sessionId !== undefined) where.push(`session_id = ${p(q.sessionId)}`);
  if (q.projectDir !== undefined) where.push(`project_dir = ${p(q.projectDir)}`);
  if (q.rule !== undefined) where.push(`rule = ${p(q.rule)}`);
  if (q.scope !== undefined) where.push(`scope = ${p(q.scope)}`);
  if (q.askId !== undefined) where.push(`ask_id = ${p(q.askId)}`);
  const state = q.state ?? 'all';
  // The order of grantState: revoked, then used, then expired, else active.
  if (state === 'revoked') where.push('revoked_at IS NOT NULL');
  else if (state === 'used') where.push('revoked_at IS NULL AND used_at IS NOT NULL');
  else if (state === 'expired')
    where.push(`revoked_at IS NULL AND used_at IS NULL AND expires_at IS NOT NULL AND expires_at <= ${p(q.at)}`);
  else if (state === 'active') where.push(`revoked_at IS NULL AND used_at IS NULL AND (expires_at IS NULL OR expires_at > ${p(q.at)})`);
  const limit = Math.min(Math.max(1, Math.floor(q.limit ?? 100)), 1000);
  return {
    sql: `SELECT * FROM grants ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at DESC, id LIMIT ${limit}`,
    args,
  };
}
