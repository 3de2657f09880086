/**
 * The SQLite schema as numbered, forward-only migrations. A database records what it has applied
 * in `schema_migrations`; opening one runs the missing migrations in order, each in its own
 * transaction, and refuses a database that a newer toolgate has migrated further. A PostgreSQL
 * store keeps the same tables, columns and numbering (with its own SQL types).
 */

/** One schema step. @public */
export interface Migration {
  /** 1, 2, 3, … without gaps. */
  version: number;
  name: string;
  sql: string;
}

const APPEND_ONLY = (table: string) => `
CREATE TRIGGER ${table}_append_only_update BEFORE UPDATE ON ${table}
BEGIN SELECT RAISE(ABORT, 'the ${table} log is append-only'); END;
CREATE TRIGGER ${table}_append_only_delete BEFORE DELETE ON ${table}
BEGIN SELECT RAISE(ABORT, 'the ${table} log is append-only'); END;`;

/** Every migration of the SQLite store, in order. Times are integer milliseconds since the epoch. @public */
export const SQLITE_MIGRATIONS: readonly Migration[] = [
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
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  expires_at     INTEGER
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
  answered_at   INTEGER NOT NULL
);

CREATE TABLE grants (
  id          TEXT PRIMARY KEY,
  scope       TEXT NOT NULL CHECK (scope IN ('session', 'project')),
  session_id  TEXT,
  project_dir TEXT NOT NULL,
  rule        TEXT NOT NULL,
  ask_id      TEXT REFERENCES asks (id),
  granted_by  TEXT NOT NULL,
  created_at  INTEGER NOT NULL,
  expires_at  INTEGER,
  revoked_at  INTEGER,
  CHECK (scope = 'project' OR session_id IS NOT NULL)
);
CREATE INDEX grants_project ON grants (project_dir, scope);

CREATE TABLE audit (
  seq            INTEGER PRIMARY KEY AUTOINCREMENT,
  at             INTEGER NOT NULL,
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
${APPEND_ONLY('audit')}
`,
  },
  {
    version: 2,
    name: 'session roots',
    sql: `
CREATE TABLE sessions (
  session_id  TEXT PRIMARY KEY,
  project_dir TEXT NOT NULL,
  first_seen  INTEGER NOT NULL
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
  spent_at INTEGER
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
  beats      INTEGER NOT NULL,
  started_at INTEGER NOT NULL,
  seen_at    INTEGER NOT NULL
);
`,
  },
  {
    version: 6,
    name: 'the audit chain',
    // Entries written before keep no hash: `toolgate audit verify` reports them as unchained.
    sql: `
ALTER TABLE audit ADD COLUMN hash TEXT;
`,
  },
  {
    version: 7,
    name: 'audit entries by tool call, with mode and trace',
    // New audit columns join the chain's canonical form by name; NULL in older rows, left out.
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
    // SQLite cannot change a CHECK in place: grants and answers are rebuilt with the new scopes.
    // Nothing references either table, and their rows are copied as they are.
    sql: `
CREATE TABLE answers_new (
  ask_id        TEXT PRIMARY KEY REFERENCES asks (id),
  behavior      TEXT NOT NULL CHECK (behavior IN ('allow', 'deny')),
  answer        TEXT NOT NULL,
  updated_input TEXT,
  scope         TEXT NOT NULL CHECK (scope IN ('once', 'session', 'project', 'user')),
  answerer      TEXT NOT NULL,
  answered_at   INTEGER NOT NULL
);
INSERT INTO answers_new SELECT ask_id, behavior, answer, updated_input, scope, answerer, answered_at FROM answers;
DROP TABLE answers;
ALTER TABLE answers_new RENAME TO answers;

CREATE TABLE grants_new (
  id            TEXT PRIMARY KEY,
  scope         TEXT NOT NULL CHECK (scope IN ('once', 'session', 'project', 'user')),
  session_id    TEXT,
  project_dir   TEXT NOT NULL,
  rule          TEXT NOT NULL,
  ask_id        TEXT REFERENCES asks (id),
  granted_by    TEXT NOT NULL,
  created_at    INTEGER NOT NULL,
  expires_at    INTEGER,
  revoked_at    INTEGER,
  input_sha256  TEXT,
  used_at       INTEGER,
  settings_file TEXT,
  CHECK (scope <> 'session' OR session_id IS NOT NULL),
  CHECK (scope <> 'once' OR input_sha256 IS NOT NULL)
);
INSERT INTO grants_new (id, scope, session_id, project_dir, rule, ask_id, granted_by, created_at, expires_at, revoked_at)
  SELECT id, scope, session_id, project_dir, rule, ask_id, granted_by, created_at, expires_at, revoked_at FROM grants;
DROP TABLE grants;
ALTER TABLE grants_new RENAME TO grants;
CREATE INDEX grants_project ON grants (project_dir, scope);
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
export interface MigrationReport {
  from: number;
  to: number;
  applied: number[];
}

/** The small part of a better-sqlite3 database the migrator uses. */
interface MigratableDb {
  exec(sql: string): unknown;
  prepare(sql: string): { get(...args: unknown[]): unknown; run(...args: unknown[]): unknown };
  transaction(fn: () => boolean): { immediate(): boolean };
}

/**
 * Bring a database up to the newest migration (or to `upTo`). Throws when the database is newer
 * than this toolgate knows, or when a migration fails (that migration is rolled back).
 */
export function migrate(
  db: MigratableDb,
  migrations: readonly Migration[] = SQLITE_MIGRATIONS,
  upTo?: number,
  now: () => number = Date.now,
): MigrationReport {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)');
  const current = () => (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null }).v ?? 0;
  const from = current();
  const latest = migrations.at(-1)?.version ?? 0;
  if (from > latest) {
    throw new Error(`the database is at schema version ${from}, newer than this toolgate knows (${latest}); upgrade toolgate to open it`);
  }
  const target = upTo ?? latest;
  const applied: number[] = [];
  for (const m of migrations) {
    if (m.version > target) break;
    const step = db.transaction(() => {
      if (current() >= m.version) return false;
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)').run(m.version, m.name, now());
      return true;
    });
    if (step.immediate()) applied.push(m.version);
  }
  return { from, to: current(), applied };
}
