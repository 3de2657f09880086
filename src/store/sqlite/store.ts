import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { createEventHub } from '../events.js';
import {
  askColumns,
  askFromRow,
  AUDIT_COLUMNS,
  auditFromRow,
  auditValues,
  codeFromRow,
  grantFromRow,
  grantParams,
  grantQuerySql,
  holderFromRow,
  HOLDERS_SQL,
  type AskRow,
  type AuditRow,
  type CodeRow,
  type GrantRow,
  type HolderRow,
} from './rows.js';
import { loadBetterSqlite3, openFailure } from './load.js';
import { migrate } from './migrations.js';
import { AUDIT_CHAIN_GENESIS, chainAudit } from '../chain.js';
import {
  StoreOpenError,
  StoreReplacedError,
  StoreUnavailableError,
  type AnswerAskResult,
  type AnswerCodeRecord,
  type AnswerRecord,
  type AskExpiry,
  type AskFilter,
  type AskRecord,
  type AuditEntry,
  type AuditFilter,
  type AuditHead,
  type GrantFilter,
  type GrantRecord,
  type GrantQuery,
  type NewAsk,
  type NewGrant,
  type Store,
} from '../types.js';

/** Options of {@link openSqliteStore}. @public */
export interface SqliteStoreOptions {
  /** The database file; its directory is created (mode 0700) and the file made 0600. `:memory:` for a private in-memory database. */
  file: string;
  /**
   * How often (milliseconds) to look for commits made by other processes on the same file (an
   * answer given with `toolgate asks answer`), while someone listens to events. Default 200.
   */
  pollMs?: number;
  /** Milliseconds to wait for a lock held by another process before failing. Default 5000. */
  busyTimeoutMs?: number;
}

type Db = BetterSqlite3.Database;

/**
 * Open (creating and migrating as needed) the SQLite store: WAL journal, `synchronous=NORMAL`
 * (a commit survives a crash of the process; the last commits before a power loss may not),
 * foreign keys on, an append-only audit table. Loads the optional `better-sqlite3` package on
 * first use and says how to install it when it is missing.
 * @public
 */
export async function openSqliteStore(options: SqliteStoreOptions): Promise<Store> {
  const Database = await loadBetterSqlite3();
  const file = options.file;
  let db: Db;
  try {
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    db = new Database(file, { timeout: options.busyTimeoutMs ?? 5000 });
  } catch (e) {
    throw openFailure(e, file);
  }
  try {
    if (file !== ':memory:') chmodSync(file, 0o600);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (e) {
    db.close();
    throw e instanceof StoreOpenError ? e : new StoreOpenError(`cannot open the SQLite store ${file}: ${(e as Error).message}`);
  }
  return createSqliteStore(db, file, options.pollMs ?? 200);
}

function identity(file: string): { dev: number; ino: number } | undefined {
  try {
    const st = statSync(file);
    return { dev: st.dev, ino: st.ino };
  } catch {
    return undefined;
  }
}

function createSqliteStore(db: Db, file: string, pollMs: number): Store {
  const hub = createEventHub();
  const cols = askColumns.join(', ');
  const st = {
    insertAsk: db.prepare(`INSERT INTO asks (${cols}) VALUES (${askColumns.map((c) => `@${c}`).join(', ')})`),
    getAsk:
      db.prepare(`SELECT a.*, w.behavior AS w_behavior, w.answer AS w_answer, w.scope AS w_scope, w.answerer AS w_answerer, w.answered_at AS w_answered_at
      FROM asks a LEFT JOIN answers w ON w.ask_id = a.id WHERE a.id = ?`),
    setState: db.prepare('UPDATE asks SET state = ?, updated_at = ? WHERE id = ? AND state = ?'),
    setExpired: db.prepare(
      "UPDATE asks SET state = 'expired', updated_at = ?, expiry_code = ?, expiry_reason = ? WHERE id = ? AND state = 'pending'",
    ),
    beat: db.prepare(
      'INSERT INTO ask_holders (id, beats, started_at, seen_at) VALUES (?, 1, ?, ?) ON CONFLICT (id) DO UPDATE SET beats = beats + 1, seen_at = excluded.seen_at',
    ),
    holders: db.prepare(HOLDERS_SQL),
    overdue: db.prepare(`SELECT a.*, NULL AS w_behavior, NULL AS w_answer, NULL AS w_scope, NULL AS w_answerer, NULL AS w_answered_at
      FROM asks a WHERE a.state = 'pending' AND a.holder IS NULL AND (a.expires_at <= @at OR (a.expires_at IS NULL AND a.created_at <= @parkedBefore))
      ORDER BY a.created_at, a.id LIMIT @n`),
    holderBeats: db.prepare('SELECT beats FROM ask_holders WHERE id = ?'),
    heldBy: db.prepare("SELECT id FROM asks WHERE holder = ? AND state = 'pending' ORDER BY created_at, id"),
    forgetHolder: db.prepare('DELETE FROM ask_holders WHERE id = ?'),
    insertAnswer: db.prepare(
      'INSERT INTO answers (ask_id, behavior, answer, updated_input, scope, answerer, answered_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    insertGrant: db.prepare(
      `INSERT INTO grants (id, scope, session_id, project_dir, rule, ask_id, granted_by, created_at, expires_at, input_sha256, settings_file, cwd, agent, mode)
       VALUES (@id, @scope, @sessionId, @projectDir, @rule, @askId, @grantedBy, @createdAt, @expiresAt, @inputSha256, @settingsFile, @cwd, @agent, @mode)`,
    ),
    grants:
      db.prepare(`SELECT * FROM grants WHERE settings_file IS NULL AND revoked_at IS NULL AND used_at IS NULL AND (expires_at IS NULL OR expires_at > @at)
      AND ((scope = 'user' AND @user = 1) OR (project_dir = @projectDir AND (scope = 'project' OR (scope = 'session' AND session_id = @sessionId)
        OR (scope = 'once' AND input_sha256 = @inputSha256 AND (session_id IS NULL OR session_id = @sessionId))))) ORDER BY created_at, id`),
    getGrant: db.prepare('SELECT * FROM grants WHERE id = ?'),
    revoke: db.prepare('UPDATE grants SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL'),
    useGrant: db.prepare(
      "UPDATE grants SET used_at = @at WHERE id = @id AND scope = 'once' AND revoked_at IS NULL AND used_at IS NULL AND (expires_at IS NULL OR expires_at > @at)",
    ),
    pruneGrants: db.prepare('DELETE FROM grants WHERE revoked_at < @before OR used_at < @before OR expires_at < @before'),
    lastAuditHash: db.prepare('SELECT hash FROM audit ORDER BY seq DESC LIMIT 1'),
    auditHead: db.prepare('SELECT seq, hash, at FROM audit WHERE hash IS NOT NULL ORDER BY seq DESC LIMIT 1'),
    auditUpTo: db.prepare('SELECT count(*) AS n FROM audit WHERE seq <= ?'),
    insertAudit: db.prepare(`INSERT INTO audit (${AUDIT_COLUMNS.join(', ')}) VALUES (${AUDIT_COLUMNS.map(() => '?').join(', ')})`),
    rememberSession: db.prepare('INSERT OR IGNORE INTO sessions (session_id, project_dir, first_seen) VALUES (?, ?, ?)'),
    sessionRoot: db.prepare('SELECT project_dir FROM sessions WHERE session_id = ?'),
    changedSince:
      db.prepare(`SELECT a.*, w.behavior AS w_behavior, w.answer AS w_answer, w.scope AS w_scope, w.answerer AS w_answerer, w.answered_at AS w_answered_at
      FROM asks a LEFT JOIN answers w ON w.ask_id = a.id WHERE a.updated_at >= ? ORDER BY a.updated_at`),
    health: db.prepare('SELECT MAX(version) AS v FROM schema_migrations'),
    insertCode: db.prepare('INSERT INTO answer_codes (ask_id, sealed) VALUES (?, ?)'),
    getCode: db.prepare('SELECT * FROM answer_codes WHERE ask_id = ?'),
    tryCode: db.prepare('UPDATE answer_codes SET tries = tries + 1 WHERE ask_id = ? AND spent_at IS NULL'),
    spendCode: db.prepare('UPDATE answer_codes SET spent_at = ? WHERE ask_id = ? AND spent_at IS NULL'),
  };
  const readCode = (askId: string): AnswerCodeRecord | undefined => {
    const row = st.getCode.get(askId) as CodeRow | undefined;
    return row ? codeFromRow(row) : undefined;
  };

  // The file we opened, by device and inode: a store file deleted or replaced under us would take
  // every later write to a file nobody can find again.
  const opened = file === ':memory:' ? undefined : identity(file);
  let replaced: StoreReplacedError | undefined;
  const checkFile = () => {
    if (opened === undefined) return;
    if (replaced === undefined) {
      const now = identity(file);
      if (now === undefined || now.dev !== opened.dev || now.ino !== opened.ino) {
        replaced = new StoreReplacedError(
          `the SQLite store file ${file} was ${now === undefined ? 'deleted' : 'replaced'} while toolgate serve had it open; restart serve`,
        );
      }
    }
    if (replaced !== undefined) throw replaced;
  };
  const guard = <T>(what: string, fn: () => T): T => {
    try {
      checkFile();
      return fn();
    } catch (e) {
      if (e instanceof StoreUnavailableError) throw e;
      throw new StoreUnavailableError(`the SQLite store ${file} could not ${what}: ${(e as Error).message}`, { cause: e });
    }
  };
  const readAsk = (id: string): AskRecord | undefined => {
    const row = st.getAsk.get(id) as AskRow | undefined;
    return row ? askFromRow(row) : undefined;
  };

  const answerTx = db.transaction((id: string, answer: AnswerRecord, grants: readonly NewGrant[]): AnswerAskResult => {
    const ask = readAsk(id);
    if (!ask) return { ok: false, reason: 'unknown' };
    if (ask.state !== 'pending') return { ok: false, reason: ask.state, ask };
    st.setState.run('answered', answer.answeredAt, id, 'pending');
    const a = answer.answer;
    const updatedInput = a.behavior === 'allow' && a.updatedInput !== undefined ? JSON.stringify(a.updatedInput) : null;
    st.insertAnswer.run(id, a.behavior, JSON.stringify(a), updatedInput, answer.scope, answer.answerer, answer.answeredAt);
    for (const g of grants) {
      st.insertGrant.run(grantParams(g));
    }
    return { ok: true, ask: readAsk(id) as AskRecord };
  });
  const expireTx = db.transaction((id: string, at: number, why: AskExpiry | undefined): AnswerAskResult => {
    const ask = readAsk(id);
    if (!ask) return { ok: false, reason: 'unknown' };
    if (ask.state !== 'pending') return { ok: false, reason: ask.state, ask };
    st.setExpired.run(at, why?.code ?? null, why?.message ?? null, id);
    return { ok: true, ask: readAsk(id) as AskRecord };
  });
  const parkTx = db.transaction((ask: NewAsk, code: { sealed: string } | undefined) => {
    st.insertAsk.run(askParams(ask));
    if (code !== undefined) st.insertCode.run(ask.id, code.sealed);
  });
  const tryTx = db.transaction((askId: string) => {
    st.tryCode.run(askId);
    return readCode(askId);
  });
  const expireHolderTx = db.transaction((holder: string, beats: number | undefined, at: number, why: AskExpiry): AskRecord[] => {
    const row = st.holderBeats.get(holder) as { beats: number } | undefined;
    // The holder beat since it was seen (or came back): it is alive, its asks stay.
    if (row?.beats !== beats) return [];
    const ids = (st.heldBy.all(holder) as { id: string }[]).map((r) => r.id);
    for (const id of ids) st.setExpired.run(at, why.code, why.message, id);
    st.forgetHolder.run(holder);
    return ids.map((id) => readAsk(id) as AskRecord);
  });
  // Run immediate: the write lock orders appends, so each batch chains after the newest entry.
  const auditTx = db.transaction((entries: readonly AuditEntry[]) => {
    const last = st.lastAuditHash.get() as { hash: string | null } | undefined;
    for (const e of chainAudit(last?.hash ?? AUDIT_CHAIN_GENESIS, entries)) st.insertAudit.run(auditValues(e));
  });
  const headTx = db.transaction((): AuditHead | undefined => {
    const row = st.auditHead.get() as { seq: number; hash: string; at: number } | undefined;
    if (row === undefined) return undefined;
    return { seq: row.seq, hash: row.hash, at: row.at, count: (st.auditUpTo.get(row.seq) as { n: number }).n };
  });

  // Commits by other connections (another process on the same file): seen through data_version.
  let poll: ReturnType<typeof setInterval> | undefined;
  let dataVersion = 0;
  let watermark = Date.now();
  const seen = new Map<string, string>();
  const pollOthers = () => {
    try {
      const v = db.pragma('data_version', { simple: true }) as number;
      if (v === dataVersion) return;
      dataVersion = v;
      const since = watermark - 2000;
      watermark = Date.now();
      for (const row of st.changedSince.all(since) as AskRow[]) {
        const ask = askFromRow(row);
        if (seen.get(ask.id) === ask.state) continue;
        seen.set(ask.id, ask.state);
        hub.emit(
          ask.state === 'pending'
            ? { type: 'parked', ask }
            : ask.state === 'answered'
              ? { type: 'answered', ask }
              : { type: 'expired', ask },
        );
      }
      if (seen.size > 10_000) seen.clear();
    } catch {
      // Unreadable now: the next tick tries again; holders time out on their own.
    }
  };
  const note = (ask: AskRecord) => seen.set(ask.id, ask.state);

  return {
    kind: 'sqlite',
    location: file,
    async parkAsk(ask: NewAsk, code) {
      return guard('park the ask', () => {
        parkTx.immediate(ask, code);
        const stored = readAsk(ask.id) as AskRecord;
        note(stored);
        hub.emit({ type: 'parked', ask: stored });
        return stored;
      });
    },
    async getAsk(id) {
      return guard('read the ask', () => readAsk(id));
    },
    async listAsks(filter: AskFilter = {}) {
      return guard('list asks', () => {
        const where: string[] = [];
        const args: unknown[] = [];
        const state = filter.state ?? 'pending';
        if (state !== 'all') (where.push('a.state = ?'), args.push(state));
        if (filter.sessionId !== undefined) (where.push('a.session_id = ?'), args.push(filter.sessionId));
        if (filter.projectDir !== undefined) (where.push('a.project_dir = ?'), args.push(filter.projectDir));
        const limit = Math.min(Math.max(1, Math.floor(filter.limit ?? 100)), 1000);
        const sql = `SELECT a.*, w.behavior AS w_behavior, w.answer AS w_answer, w.scope AS w_scope, w.answerer AS w_answerer, w.answered_at AS w_answered_at
          FROM asks a LEFT JOIN answers w ON w.ask_id = a.id ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.created_at DESC, a.id LIMIT ${limit}`;
        return (db.prepare(sql).all(...args) as AskRow[]).map(askFromRow);
      });
    },
    async answerAsk(id, answer, grants = []) {
      return guard('answer the ask', () => {
        const r = answerTx.immediate(id, answer, grants);
        if (r.ok) {
          note(r.ask);
          hub.emit({ type: 'answered', ask: r.ask });
        }
        return r;
      });
    },
    async answerCodes(askIds) {
      return guard('read answer codes', () => askIds.flatMap((id) => readCode(id) ?? []));
    },
    async tryAnswerCode(askId) {
      return guard('count a try of the answer code', () => tryTx.immediate(askId));
    },
    async spendAnswerCode(askId, at) {
      return guard('spend the answer code', () => st.spendCode.run(at, askId).changes > 0);
    },
    async expireAsk(id, at, why) {
      return guard('expire the ask', () => {
        const r = expireTx.immediate(id, at, why);
        if (r.ok) {
          note(r.ask);
          hub.emit({ type: 'expired', ask: r.ask });
        }
        return r;
      });
    },
    async overdueAsks(at, parkedBefore, limit = 100) {
      const n = Math.min(Math.max(1, Math.floor(limit)), 1000);
      return guard('list overdue asks', () => (st.overdue.all({ at, parkedBefore, n }) as AskRow[]).map(askFromRow));
    },
    async beatHolder(holder, at) {
      guard('record the heartbeat', () => st.beat.run(holder, at, at));
    },
    async listHolders() {
      return guard('list holders', () => (st.holders.all() as HolderRow[]).map(holderFromRow));
    },
    async expireHolder(holder, beats, at, why) {
      return guard("expire the holder's asks", () => {
        const expired = expireHolderTx.immediate(holder, beats, at, why);
        for (const ask of expired) {
          note(ask);
          hub.emit({ type: 'expired', ask });
        }
        return expired;
      });
    },
    async listGrants(filter: GrantFilter): Promise<GrantRecord[]> {
      const params = {
        projectDir: filter.projectDir,
        at: filter.at,
        sessionId: filter.sessionId ?? null,
        user: filter.user === true ? 1 : 0,
        inputSha256: filter.inputSha256 ?? null,
      };
      return guard('read grants', () => (st.grants.all(params) as GrantRow[]).map(grantFromRow));
    },
    async findGrants(q: GrantQuery): Promise<GrantRecord[]> {
      const { sql, args } = grantQuerySql(q, () => '?');
      return guard('read grants', () => (db.prepare(sql).all(...args) as GrantRow[]).map(grantFromRow));
    },
    async getGrant(id) {
      return guard('read the grant', () => {
        const row = st.getGrant.get(id) as GrantRow | undefined;
        return row ? grantFromRow(row) : undefined;
      });
    },
    async recordGrant(g) {
      return guard('record the grant', () => {
        if (st.getGrant.get(g.id) !== undefined) return false;
        st.insertGrant.run(grantParams(g));
        return true;
      });
    },
    async revokeGrant(id, at) {
      return guard('revoke the grant', () => st.revoke.run(at, id).changes > 0);
    },
    async useGrant(id, at) {
      return guard('spend the grant', () => st.useGrant.run({ id, at }).changes > 0);
    },
    async pruneGrants(before) {
      return guard('prune grants', () => st.pruneGrants.run({ before }).changes);
    },
    async appendAudit(entries) {
      if (entries.length === 0) return;
      guard('append to the audit log', () => auditTx.immediate(entries));
    },
    async readAudit(filter: AuditFilter = {}) {
      return guard('read the audit log', () => {
        const where: string[] = [];
        const args: unknown[] = [];
        if (filter.since !== undefined) (where.push('at >= ?'), args.push(filter.since));
        if (filter.afterSeq !== undefined) (where.push('seq > ?'), args.push(filter.afterSeq));
        if (filter.sessionId !== undefined) (where.push('session_id = ?'), args.push(filter.sessionId));
        if (filter.askId !== undefined) (where.push('ask_id = ?'), args.push(filter.askId));
        if (filter.toolUseId !== undefined) (where.push('tool_use_id = ?'), args.push(filter.toolUseId));
        const limit = Math.min(Math.max(1, Math.floor(filter.limit ?? 1000)), 10_000);
        const order = filter.newest === true ? 'DESC' : 'ASC';
        const sql = `SELECT * FROM audit ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq ${order} LIMIT ${limit}`;
        const rows = (db.prepare(sql).all(...args) as AuditRow[]).map(auditFromRow);
        return filter.newest === true ? rows.reverse() : rows;
      });
    },
    async auditHead() {
      return guard('read the audit chain', () => headTx());
    },
    async rememberSession(sessionId, projectDir, at) {
      return guard('remember the session', () => {
        st.rememberSession.run(sessionId, projectDir, at);
        return (st.sessionRoot.get(sessionId) as { project_dir: string }).project_dir;
      });
    },
    async sessionRoot(sessionId) {
      return guard('read the session', () => (st.sessionRoot.get(sessionId) as { project_dir: string } | undefined)?.project_dir);
    },
    async health() {
      guard('be read', () => st.health.get());
    },
    subscribe(listener) {
      const off = hub.subscribe(listener);
      if (poll === undefined && pollMs > 0) {
        dataVersion = db.pragma('data_version', { simple: true }) as number;
        poll = setInterval(pollOthers, pollMs);
        poll.unref();
      }
      return () => {
        off();
        if (hub.size === 0 && poll !== undefined) {
          clearInterval(poll);
          poll = undefined;
        }
      };
    },
    async close() {
      if (poll !== undefined) clearInterval(poll);
      poll = undefined;
      if (db.open) db.close();
    },
  };
}

function askParams(ask: NewAsk): Record<string, unknown> {
  const p = ask.pending;
  return {
    id: ask.id,
    state: 'pending',
    origin: ask.origin,
    session_id: ask.sessionId ?? null,
    agent: ask.agent ?? null,
    project_dir: ask.projectDir,
    cwd: ask.cwd,
    tool: ask.tool,
    ask_kind: p.askKind,
    reason_kind: p.reason.kind,
    reason: p.reason.message,
    rule_text: p.rule?.text ?? null,
    rule_source: p.rule ? (p.rule.source.file ?? p.rule.source.kind) : null,
    input_redacted: JSON.stringify(ask.inputRedacted ?? null),
    input_sha256: ask.inputSha256,
    policy_digest: ask.policyDigest,
    pending: JSON.stringify(p),
    created_at: ask.createdAt,
    updated_at: ask.createdAt,
    expires_at: ask.expiresAt ?? null,
    holder: ask.holder ?? null,
    expiry_code: null,
    expiry_reason: null,
  };
}
