/**
 * The PostgreSQL schema: the SQLite store's tables, columns and migration numbers, with
 * PostgreSQL's types (times are `BIGINT` milliseconds since the epoch, JSON is kept as `TEXT`
 * exactly as the SQLite store keeps it). Forward-only; every replica runs the missing migrations
 * at start under one advisory lock, so replicas starting together migrate once.
 */
import type { Migration } from '../sqlite/migrations.js';

/** `pg_advisory_lock` key held while migrating (ASCII "toolgate" read as an int8). */
export const MIGRATION_LOCK = 8390047142196114533n;

/** Every migration of the PostgreSQL store, in order; numbered like {@link SQLITE_MIGRATIONS}. @public */
export const POSTGRES_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'asks, answers, grants and the audit log',
    sql: `
CREATE TABLE asks (
  id             TEXT PRIMARY KEY,
  state          TEXT NOT NULL CHECK (state IN ('pending', 'answered', 'expired')),
  origin         TEXT NOT NULL,
  session_id     TEXT,
  agent          TEXT,
  project_dir    TEXT NOT NULL,
  cwd            TEXT NOT NULL,
  tool           TEXT NOT NULL,
  ask_kind       TEXT NOT NULL,
  reason_kind    TEXT NOT NULL,
  reason         TEXT NOT NULL,
  rule_text      TEXT,
  rule_source    TEXT,
  input_redacted TEXT NOT NULL,
  input_sha256   TEXT NOT NULL,
  policy_digest  TEXT NOT NULL,
  pending        TEXT NOT NULL,
  created_at     BIGINT NOT NULL,
  updated_at     BIGINT NOT NULL,
  expires_at     BIGINT
);
CREATE INDEX asks_state_created ON asks (state, created_at);
CREATE INDEX asks_updated ON asks (updated_at);

CREATE TABLE answers (
  ask_id        TEXT PRIMARY KEY REFERENCES asks (id),
  behavior      TEXT NOT NULL CHECK (behavior IN ('allow', 'deny')),
  answer        TEXT NOT NULL,
  updated_input TEXT,
  scope         TEXT NOT NULL CHECK (scope IN ('once', 'session', 'project')),
  answerer      TEXT NOT NULL,
  answered_at   BIGINT NOT NULL
);

CREATE TABLE grants (
  id          TEXT PRIMARY KEY,
  scope       TEXT NOT NULL CHECK (scope IN ('session', 'project')),
  session_id  TEXT,
  project_dir TEXT NOT NULL,
  rule        TEXT NOT NULL,
  ask_id      TEXT REFERENCES asks (id),
  granted_by  TEXT NOT NULL,
  created_at  BIGINT NOT NULL,
  expires_at  BIGINT,
  revoked_at  BIGINT,
  CHECK (scope = 'project' OR session_id IS NOT NULL)
);
CREATE INDEX grants_project ON grants (project_dir, scope);

CREATE TABLE audit (
  seq            BIGSERIAL PRIMARY KEY,
  at             BIGINT NOT NULL,
  event          TEXT NOT NULL,
  session_id     TEXT,
  agent          TEXT,
  project_dir    TEXT,
  tool           TEXT,
  input_sha256   TEXT,
  input_redacted TEXT,
  behavior       TEXT,
  ask_kind       TEXT,
  reason_kind    TEXT,
  reason         TEXT,
  rule_text      TEXT,
  rule_source    TEXT,
  policy_digest  TEXT,
  answerer       TEXT,
  ask_id         TEXT,
  decided_by     TEXT,
  detail         TEXT
);
CREATE INDEX audit_at ON audit (at);
CREATE FUNCTION toolgate_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN RAISE EXCEPTION 'the % log is append-only', TG_TABLE_NAME; END $$;
CREATE TRIGGER audit_append_only BEFORE UPDATE OR DELETE ON audit FOR EACH ROW EXECUTE FUNCTION toolgate_append_only();
CREATE TRIGGER audit_append_only_truncate BEFORE TRUNCATE ON audit FOR EACH STATEMENT EXECUTE FUNCTION toolgate_append_only();
`,
  },
  {
    version: 2,
    name: 'session roots',
    sql: `
CREATE TABLE sessions (
  session_id  TEXT PRIMARY KEY,
  project_dir TEXT NOT NULL,
  first_seen  BIGINT NOT NULL
);
CREATE INDEX audit_session ON audit (session_id, seq);
`,
  },
  {
    version: 3,
    name: 'audit entries by ask',
    sql: `
CREATE INDEX audit_ask ON audit (ask_id, seq) WHERE ask_id IS NOT NULL;
`,
  },
  {
    version: 4,
    name: 'one-time answer codes',
    sql: `
CREATE TABLE answer_codes (
  ask_id   TEXT PRIMARY KEY REFERENCES asks (id),
  sealed   TEXT NOT NULL,
  tries    INTEGER NOT NULL DEFAULT 0,
  spent_at BIGINT
);
`,
  },
  {
    version: 5,
    name: 'ask holders and why an ask was given up',
    sql: `
ALTER TABLE asks ADD COLUMN holder TEXT;
ALTER TABLE asks ADD COLUMN expiry_code TEXT;
ALTER TABLE asks ADD COLUMN expiry_reason TEXT;
CREATE INDEX asks_pending_holder ON asks (holder) WHERE state = 'pending' AND holder IS NOT NULL;
CREATE TABLE ask_holders (
  id         TEXT PRIMARY KEY,
  beats      BIGINT NOT NULL,
  started_at BIGINT NOT NULL,
  seen_at    BIGINT NOT NULL
);
`,
  },
  {
    version: 6,
    name: 'the audit chain',
    // One chain for every replica: appends take the same advisory lock and chain after the newest entry.
    sql: `
ALTER TABLE audit ADD COLUMN hash TEXT;
`,
  },
  {
    version: 7,
    name: 'audit entries by tool call, with mode and trace',
    sql: `
ALTER TABLE audit ADD COLUMN tool_use_id TEXT;
ALTER TABLE audit ADD COLUMN mode TEXT;
ALTER TABLE audit ADD COLUMN trace TEXT;
CREATE INDEX audit_tool_use ON audit (tool_use_id, seq) WHERE tool_use_id IS NOT NULL;
`,
  },
  {
    version: 8,
    name: 'grant scopes once and user, spent once grants, settings-file provenance',
    // The scope checks of migration 1 were named by PostgreSQL: found by what they check.
    sql: `
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname, conrelid::regclass AS tbl FROM pg_constraint
    WHERE contype = 'c' AND conrelid IN ('grants'::regclass, 'answers'::regclass)
      AND (pg_get_constraintdef(oid) LIKE '%scope%')
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', c.tbl, c.conname);
  END LOOP;
END $$;
ALTER TABLE answers ADD CONSTRAINT answers_scope CHECK (scope IN ('once', 'session', 'project', 'user'));
ALTER TABLE grants ADD COLUMN input_sha256 TEXT;
ALTER TABLE grants ADD COLUMN used_at BIGINT;
ALTER TABLE grants ADD COLUMN settings_file TEXT;
ALTER TABLE grants ADD CONSTRAINT grants_scope CHECK (scope IN ('once', 'session', 'project', 'user'));
ALTER TABLE grants ADD CONSTRAINT grants_session CHECK (scope <> 'session' OR session_id IS NOT NULL);
ALTER TABLE grants ADD CONSTRAINT grants_once CHECK (scope <> 'once' OR input_sha256 IS NOT NULL);
CREATE INDEX grants_user ON grants (scope) WHERE scope = 'user';
CREATE INDEX grants_ask ON grants (ask_id) WHERE ask_id IS NOT NULL;
`,
  },
  {
    version: 9,
    name: 'shadow decisions in the audit log',
    // A shadow policy's would-be decision, as JSON, on entries of event `shadow` (decision 0066).
    sql: `
ALTER TABLE audit ADD COLUMN shadow TEXT;
`,
  },
  {
    version: 10,
    name: 'grants carry the call they were given for',
    // A once grant answers only its own call: the working directory, agent and mode it was
    // approved in (the tool is its rule); a sub-agent's session grant, that sub-agent only.
    sql: `
ALTER TABLE grants ADD COLUMN cwd TEXT;
ALTER TABLE grants ADD COLUMN agent TEXT;
ALTER TABLE grants ADD COLUMN mode TEXT;
`,
  },
];

/** What a migration run found and did. */
export interface PostgresMigrationReport {
  from: number;
  to: number;
  applied: number[];
}

/** The small part of a `pg` client the migrator uses. */
export interface MigratableClient {
  query(config: { text: string; values?: unknown[]; query_timeout?: number }): Promise<{ rows: Record<string, unknown>[] }>;
}

/** Generous: a migration may rewrite a large table; the lock wait may cover another replica's. */
const MIGRATION_TIMEOUT_MS = 10 * 60_000;

/**
 * Bring a database up to the newest migration (or to `upTo`) on one connection: take the
 * migration lock (waiting for a replica that holds it), then run each missing migration in its
 * own transaction. Throws when the database is newer than this toolgate knows, or when a
 * migration fails (that migration is rolled back). The lock is released either way.
 */
export async function migratePostgres(
  client: MigratableClient,
  migrations: readonly Migration[] = POSTGRES_MIGRATIONS,
  upTo?: number,
  now: () => number = Date.now,
): Promise<PostgresMigrationReport> {
  const q = (text: string, values?: unknown[]) =>
    client.query({ text, ...(values !== undefined ? { values } : {}), query_timeout: MIGRATION_TIMEOUT_MS });
  await q('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK.toString()]);
  try {
    await q('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)');
    const current = async () => Number((await q('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations')).rows[0]?.['v'] ?? 0);
    const from = await current();
    const latest = migrations.at(-1)?.version ?? 0;
    if (from > latest) {
      throw new Error(`the database is at schema version ${from}, newer than this toolgate knows (${latest}); upgrade toolgate to open it`);
    }
    const target = upTo ?? latest;
    const applied: number[] = [];
    for (const m of migrations) {
      if (m.version > target || m.version <= from) continue;
      await q('BEGIN');
      try {
        await q(m.sql);
        await q('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, now()]);
        await q('COMMIT');
      } catch (e) {
        await q('ROLLBACK').catch(() => {});
        throw new Error(`migration ${m.version} (${m.name}) failed: ${(e as Error).message}`);
      }
      applied.push(m.version);
    }
    return { from, to: await current(), applied };
  } finally {
    await q('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK.toString()]).catch(() => {});
  }
}
