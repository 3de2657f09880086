import { randomUUID } from 'node:crypto';
import type { PoolClient, PoolConfig } from 'pg';
import { createEventHub } from '../events.js';
import {
  askColumns,
  askFromRow,
  AUDIT_COLUMNS,
  auditFromRow,
  auditParams,
  codeFromRow,
  grantFromRow,
  grantQuerySql,
  holderFromRow,
  HOLDERS_SQL,
  type AskRow,
  type AuditRow,
  type CodeRow,
  type GrantRow,
  type HolderRow,
} from '../sqlite/rows.js';
import { startListener, type Listener } from './listen.js';
import { loadPg } from './load.js';
import { migratePostgres } from './migrations.js';
import { AUDIT_CHAIN_GENESIS, chainAudit } from '../chain.js';
import {
  StoreOpenError,
  StoreUnavailableError,
  type AnswerAskResult,
  type AskFilter,
  type AskRecord,
  type AuditEntry,
  type AuditFilter,
  type GrantFilter,
  type GrantRecord,
  type GrantQuery,
  type NewAsk,
  type NewGrant,
  type Store,
  type StoreEvent,
} from '../types.js';

/** Options of {@link openPostgresStore}. @public */
export interface PostgresStoreOptions {
  /**
   * A libpq-style URL: `postgres://USER@HOST:PORT/DB`, `?host=/run/postgresql` for a unix socket,
   * `?sslmode=require`, `?options=-c%20search_path%3Dtoolgate` for a schema of its own. Give the
   * password through `PGPASSWORD` or a `.pgpass` file rather than in the URL, which process
   * listings show.
   */
  url: string;
  /** Connections in the pool. Default 10. */
  max?: number;
  /** Milliseconds to wait for a new connection before the call fails (the store is unreachable). Default 5000. */
  connectTimeoutMs?: number;
  /** Milliseconds a query may take before the call fails, even if the server never answers. Default 10 000. */
  queryTimeoutMs?: number;
  /** How often (milliseconds) the LISTEN connection is checked while idle. Default 10 000. */
  pingMs?: number;
  /** First and longest pause between attempts to listen again (milliseconds). Default [100, 2000]. */
  listenRetryMs?: readonly [number, number];
  /** Name shown in `pg_stat_activity`. Default `toolgate`. */
  applicationName?: string;
  /** Where connection problems are reported, one line each. Default: standard error. */
  log?: (line: string) => void;
}

/** The channel commits of asks are announced on. */
export const ASKS_CHANNEL = 'toolgate_asks';

/** `pg_advisory_xact_lock` key that orders audit appends (ASCII "tgaudit!" read as an int8). */
const AUDIT_LOCK = '8387779987824538657';

/** A PostgreSQL URL with its password (in the authority or the query) replaced by `***`, for messages. @public */
export function redactPostgresUrl(url: string): string {
  return url.replace(/^(postgres(?:ql)?:\/\/[^:@/?#]*):[^@/?#]*@/i, '$1:***@').replace(/([?&]password=)[^&#]*/i, '$1***');
}

/**
 * PostgreSQL text cannot hold U+0000: a NUL in a field would make every write of it fail, and an
 * audit batch holding it would never be written. It is stored as U+FFFD instead (JSON columns
 * keep it, escaped).
 */
const text = (v: string | null | undefined): string | null =>
  v === null || v === undefined ? null : v.includes('\0') ? v.replaceAll('\0', '\uFFFD') : v;

const ASK_SELECT = `SELECT a.*, w.behavior AS w_behavior, w.answer AS w_answer, w.scope AS w_scope, w.answerer AS w_answerer, w.answered_at AS w_answered_at
  FROM asks a LEFT JOIN answers w ON w.ask_id = a.id`;

const GRANT_COLUMNS = [
  'id',
  'scope',
  'session_id',
  'project_dir',
  'rule',
  'ask_id',
  'granted_by',
  'created_at',
  'expires_at',
  'input_sha256',
  'settings_file',
  'cwd',
  'agent',
  'mode',
] as const;

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * Open (creating and migrating as needed) the PostgreSQL store that several `toolgate serve`
 * replicas share: a connection pool, the SQLite store's schema under the same forward-only
 * migrations (run under an advisory lock, so replicas starting together migrate once), an
 * append-only audit table whose sequence numbers follow commit order, and LISTEN/NOTIFY so that
 * an ask answered through one replica wakes the replica holding its request. Loads the optional
 * `pg` package on first use and says how to install it when it is missing.
 * @public
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<Store> {
  const pg = await loadPg();
  const location = redactPostgresUrl(options.url);
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const int8 = (v: string) => Number(v);
  const config: PoolConfig = {
    connectionString: options.url,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 5000,
    query_timeout: options.queryTimeoutMs ?? 10_000,
    keepAlive: true,
    application_name: options.applicationName ?? 'toolgate',
    // BIGINT columns (times in milliseconds, sequence numbers) as numbers, for this store only.
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === 20 ? int8 : pg.types.getTypeParser(oid, format))) as never,
    },
  };
  const pool = new pg.Pool({ ...config, max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  let lastPoolError = 0;
  // An idle pooled connection the server ends (a restart) is reported here; without a listener it would crash the process.
  pool.on('error', (e) => {
    const t = Date.now();
    if (t - lastPoolError > 10_000)
      log(`toolgate store: a pooled PostgreSQL connection to ${location} was lost (${e.message}); the next call opens a new one`);
    lastPoolError = t;
  });
  let client: PoolClient | undefined;
  // The connection lost while migrating fails the query; the listener keeps its 'error' event from ending the process.
  const onMigrateError = () => {};
  try {
    client = await pool.connect();
    client.on('error', onMigrateError);
    await migratePostgres(client);
  } catch (e) {
    client?.removeListener('error', onMigrateError);
    client?.release(true);
    client = undefined;
    await pool.end().catch(() => {});
    throw new StoreOpenError(`cannot open the PostgreSQL store ${location}: ${(e as Error).message}`);
  }
  client.removeListener('error', onMigrateError);
  client.release();
  return createPostgresStore(pg, pool, config, location, log, options);
}

function createPostgresStore(
  pg: Awaited<ReturnType<typeof loadPg>>,
  pool: InstanceType<Awaited<ReturnType<typeof loadPg>>['Pool']>,
  config: PoolConfig,
  location: string,
  log: (line: string) => void,
  options: PostgresStoreOptions,
): Store {
  const hub = createEventHub();
  const replica = randomUUID();
  let closed = false;
  let listener: Listener | undefined;
  let listenLost = false;

  const guard = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    if (closed) throw new StoreUnavailableError(`the PostgreSQL store ${location} is closed`);
    try {
      return await fn();
    } catch (e) {
      if (e instanceof StoreUnavailableError) throw e;
      throw new StoreUnavailableError(`the PostgreSQL store ${location} could not ${what}: ${(e as Error).message}`, { cause: e });
    }
  };
  const rows = async <R>(sql: string, values: unknown[] = []): Promise<R[]> => (await pool.query({ text: sql, values })).rows as R[];
  const readAsk = async (id: string): Promise<AskRecord | undefined> => {
    const [row] = await rows<AskRow>(`${ASK_SELECT} WHERE a.id = $1`, [id]);
    return row ? askFromRow(row) : undefined;
  };
  const notice = (id: string, state: AskRecord['state']) => JSON.stringify({ id, state, by: replica });
  const eventOf = (ask: AskRecord): StoreEvent =>
    ask.state === 'pending' ? { type: 'parked', ask } : ask.state === 'answered' ? { type: 'answered', ask } : { type: 'expired', ask };

  // Commits by other replicas (and by `toolgate asks answer`) arrive as notifications; the ask is
  // read back and announced when it is still in the state the notification names (a later
  // notification covers a later state).
  const onNotify = (payload: string) => {
    if (hub.size === 0) return;
    let n: { id?: unknown; state?: unknown; by?: unknown };
    try {
      n = JSON.parse(payload) as typeof n;
    } catch {
      return;
    }
    if (n.by === replica || typeof n.id !== 'string') return;
    readAsk(n.id).then(
      (ask) => {
        if (ask !== undefined && ask.state === n.state) hub.emit(eventOf(ask));
      },
      () => {
        // Unreadable now: holders re-read their asks on their own schedule.
      },
    );
  };
  const listen = () => {
    if (listener !== undefined || closed) return;
    listener = startListener({
      pg,
      config: { ...config, application_name: `${config.application_name ?? 'toolgate'} listen` },
      channel: ASKS_CHANNEL,
      onNotify,
      onListening() {
        if (listenLost) log(`toolgate store: listening to ${location} again; held asks are read again`);
        listenLost = false;
        hub.emit({ type: 'resync' });
      },
      onLost(e) {
        if (!listenLost)
          log(`toolgate store: lost the LISTEN connection to ${location} (${(e as Error)?.message ?? String(e)}); reconnecting`);
        listenLost = true;
      },
      ...(options.pingMs !== undefined ? { pingMs: options.pingMs } : {}),
      ...(options.listenRetryMs !== undefined ? { retryMs: options.listenRetryMs } : {}),
    });
  };

  /** Run `fn` in a transaction on one pooled connection. */
  const transaction = async <T>(fn: (c: PoolClient) => Promise<T>): Promise<T> => {
    const c = await pool.connect();
    let broken: unknown;
    let lost: Error | undefined;
    // A checked-out client has no listener of the pool's: a server that ends the connection
    // (a restart) would otherwise emit an unhandled 'error' and end the process.
    const onError = (e: Error) => {
      lost ??= e;
    };
    c.on('error', onError);
    try {
      await c.query('BEGIN');
      const out = await fn(c);
      await c.query('COMMIT');
      return out;
    } catch (e) {
      broken = e;
      await c.query('ROLLBACK').catch(() => {});
      throw e;
    } finally {
      c.removeListener('error', onError);
      // A connection that failed mid-transaction is not given back to the pool.
      c.release(lost ?? (broken instanceof Error && (broken as { code?: unknown }).code === undefined ? broken : undefined));
    }
  };

  const settle = async (id: string, sql: string, values: unknown[], after: (row: AskRow) => AskRecord): Promise<AnswerAskResult> => {
    const [row] = await rows<AskRow>(sql, values);
    if (row !== undefined) {
      const ask = after(row);
      hub.emit(eventOf(ask));
      return { ok: true, ask };
    }
    const ask = await readAsk(id);
    if (ask === undefined) return { ok: false, reason: 'unknown' };
    if (ask.state === 'pending') throw new Error(`ask ${id} is still pending after a refused update`);
    return { ok: false, reason: ask.state, ask };
  };

  return {
    kind: 'postgres',
    location,
    async parkAsk(ask: NewAsk, code) {
      return guard('park the ask', async () => {
        const params = askValues(ask);
        const n = params.length;
        // One statement: the ask, its answer code and the notification commit together.
        const [row] = await rows<AskRow>(
          `WITH ins AS (INSERT INTO asks (${askColumns.join(', ')}) VALUES (${askColumns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING *),
           code AS (INSERT INTO answer_codes (ask_id, sealed) SELECT id, $${n + 3}::text FROM ins WHERE $${n + 3}::text IS NOT NULL RETURNING ask_id)
           SELECT ins.*, NULL::text AS w_behavior, NULL::text AS w_answer, NULL::text AS w_scope, NULL::text AS w_answerer, NULL::bigint AS w_answered_at,
             pg_notify($${n + 1}, $${n + 2}) AS notified, (SELECT count(*) FROM code) AS coded FROM ins`,
          [...params, ASKS_CHANNEL, notice(ask.id, 'pending'), code?.sealed ?? null],
        );
        const stored = askFromRow(row as AskRow);
        hub.emit({ type: 'parked', ask: stored });
        return stored;
      });
    },
    async getAsk(id) {
      return guard('read the ask', () => readAsk(id));
    },
    async listAsks(filter: AskFilter = {}) {
      return guard('list asks', async () => {
        const where: string[] = [];
        const args: unknown[] = [];
        const state = filter.state ?? 'pending';
        if (state !== 'all') where.push(`a.state = $${args.push(state)}`);
        if (filter.sessionId !== undefined) where.push(`a.session_id = $${args.push(text(filter.sessionId))}`);
        if (filter.projectDir !== undefined) where.push(`a.project_dir = $${args.push(text(filter.projectDir))}`);
        const limit = Math.min(Math.max(1, Math.floor(filter.limit ?? 100)), 1000);
        const sql = `${ASK_SELECT} ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY a.created_at DESC, a.id LIMIT ${limit}`;
        return (await rows<AskRow>(sql, args)).map(askFromRow);
      });
    },
    async answerAsk(id, answer, grants: readonly NewGrant[] = []) {
      return guard('answer the ask', () => {
        const a = answer.answer;
        const answerJson = JSON.stringify(a);
        const updatedInput = a.behavior === 'allow' && a.updatedInput !== undefined ? JSON.stringify(a.updatedInput) : null;
        const grantRows = grants.map((g) => ({
          id: text(g.id),
          scope: g.scope,
          session_id: text(g.sessionId),
          project_dir: text(g.projectDir),
          rule: text(g.rule),
          ask_id: text(g.askId),
          granted_by: text(g.grantedBy),
          created_at: g.createdAt,
          expires_at: g.expiresAt ?? null,
          input_sha256: text(g.inputSha256),
          settings_file: text(g.settingsFile),
          cwd: text(g.cwd),
          agent: text(g.agent),
          mode: text(g.mode),
        }));
        // One statement: the state change, the answer, its grants and the notification commit
        // together; of two answers racing, the second finds the row no longer pending.
        return settle(
          id,
          `WITH upd AS (UPDATE asks SET state = 'answered', updated_at = $2 WHERE id = $1 AND state = 'pending' RETURNING *),
           ans AS (INSERT INTO answers (ask_id, behavior, answer, updated_input, scope, answerer, answered_at)
             SELECT id, $3, $4, $5, $6, $7, $2 FROM upd RETURNING ask_id),
           gr AS (INSERT INTO grants (${GRANT_COLUMNS.join(', ')}) SELECT ${GRANT_COLUMNS.map((c) => `g.${c}`).join(', ')}
             FROM json_populate_recordset(NULL::grants, $8::json) g WHERE EXISTS (SELECT 1 FROM ans) RETURNING id)
           SELECT upd.*, pg_notify($9, $10) AS notified, (SELECT count(*) FROM gr) AS granted FROM upd`,
          [
            id,
            answer.answeredAt,
            a.behavior,
            answerJson,
            updatedInput,
            answer.scope,
            text(answer.answerer),
            JSON.stringify(grantRows),
            ASKS_CHANNEL,
            notice(id, 'answered'),
          ],
          (row) =>
            askFromRow({
              ...row,
              w_behavior: a.behavior,
              w_answer: answerJson,
              w_scope: answer.scope,
              w_answerer: text(answer.answerer),
              w_answered_at: answer.answeredAt,
            }),
        );
      });
    },
    async answerCodes(askIds) {
      if (askIds.length === 0) return [];
      return guard('read answer codes', async () =>
        (await rows<CodeRow>('SELECT * FROM answer_codes WHERE ask_id = ANY($1::text[])', [askIds.map(text)])).map(codeFromRow),
      );
    },
    async tryAnswerCode(askId) {
      return guard('count a try of the answer code', async () => {
        const [row] = await rows<CodeRow>(
          `WITH upd AS (UPDATE answer_codes SET tries = tries + 1 WHERE ask_id = $1 AND spent_at IS NULL RETURNING *)
           SELECT * FROM upd UNION ALL SELECT * FROM answer_codes WHERE ask_id = $1 AND NOT EXISTS (SELECT 1 FROM upd)`,
          [text(askId)],
        );
        return row !== undefined ? codeFromRow(row) : undefined;
      });
    },
    async spendAnswerCode(askId, at) {
      return guard(
        'spend the answer code',
        async () =>
          (
            await pool.query({
              text: 'UPDATE answer_codes SET spent_at = $2 WHERE ask_id = $1 AND spent_at IS NULL',
              values: [text(askId), at],
            })
          ).rowCount === 1,
      );
    },
    async expireAsk(id, at, why) {
      return guard('expire the ask', () =>
        settle(
          id,
          `WITH upd AS (UPDATE asks SET state = 'expired', updated_at = $2, expiry_code = $5, expiry_reason = $6 WHERE id = $1 AND state = 'pending' RETURNING *)
           SELECT upd.*, NULL::text AS w_behavior, NULL::text AS w_answer, NULL::text AS w_scope, NULL::text AS w_answerer, NULL::bigint AS w_answered_at,
             pg_notify($3, $4) AS notified FROM upd`,
          [id, at, ASKS_CHANNEL, notice(id, 'expired'), why?.code ?? null, text(why?.message)],
          askFromRow,
        ),
      );
    },
    async overdueAsks(at, parkedBefore, limit = 100) {
      const n = Math.min(Math.max(1, Math.floor(limit)), 1000);
      return guard('list overdue asks', async () =>
        (
          await rows<AskRow>(
            `${ASK_SELECT} WHERE a.state = 'pending' AND a.holder IS NULL AND (a.expires_at <= $1 OR (a.expires_at IS NULL AND a.created_at <= $2))
             ORDER BY a.created_at, a.id LIMIT ${n}`,
            [at, parkedBefore],
          )
        ).map(askFromRow),
      );
    },
    async beatHolder(holder, at) {
      await guard('record the heartbeat', () =>
        rows(
          `INSERT INTO ask_holders (id, beats, started_at, seen_at) VALUES ($1, 1, $2, $2)
           ON CONFLICT (id) DO UPDATE SET beats = ask_holders.beats + 1, seen_at = EXCLUDED.seen_at`,
          [text(holder), at],
        ),
      );
    },
    async listHolders() {
      return guard('list holders', async () => (await rows<HolderRow>(HOLDERS_SQL)).map(holderFromRow));
    },
    async expireHolder(holder, beats, at, why) {
      return guard("expire the holder's asks", async () => {
        // One statement: the holder row is locked and checked, then forgotten, with its pending
        // asks given up and announced. A beat that commits first changes `beats` and nothing
        // happens; one that waits on the lock finds the row gone and starts a new one.
        const expired = await rows<AskRow>(
          `WITH h AS (SELECT id FROM ask_holders WHERE id = $1 AND beats = $2::bigint FOR UPDATE),
           ok AS (SELECT 1 FROM h UNION ALL SELECT 1 WHERE $2::bigint IS NULL AND NOT EXISTS (SELECT 1 FROM ask_holders WHERE id = $1)),
           gone AS (DELETE FROM ask_holders WHERE id IN (SELECT id FROM h) RETURNING id),
           upd AS (UPDATE asks SET state = 'expired', updated_at = $3, expiry_code = $4, expiry_reason = $5
             WHERE holder = $1 AND state = 'pending' AND EXISTS (SELECT 1 FROM ok) RETURNING *)
           SELECT upd.*, NULL::text AS w_behavior, NULL::text AS w_answer, NULL::text AS w_scope, NULL::text AS w_answerer, NULL::bigint AS w_answered_at,
             pg_notify($6, json_build_object('id', upd.id, 'state', 'expired', 'by', $7::text)::text) AS notified,
             (SELECT count(*) FROM gone) AS forgotten
           FROM upd ORDER BY upd.created_at, upd.id`,
          [text(holder), beats ?? null, at, why.code, text(why.message), ASKS_CHANNEL, replica],
        );
        const asks = expired.map(askFromRow);
        for (const ask of asks) hub.emit(eventOf(ask));
        return asks;
      });
    },
    async listGrants(filter: GrantFilter): Promise<GrantRecord[]> {
      return guard('read grants', async () =>
        (
          await rows<GrantRow>(
            `SELECT * FROM grants WHERE settings_file IS NULL AND revoked_at IS NULL AND used_at IS NULL AND (expires_at IS NULL OR expires_at > $2)
              AND ((scope = 'user' AND $4) OR (project_dir = $1 AND (scope = 'project' OR (scope = 'session' AND session_id = $3)
                OR (scope = 'once' AND input_sha256 = $5 AND (session_id IS NULL OR session_id = $3))))) ORDER BY created_at, id`,
            [text(filter.projectDir), filter.at, text(filter.sessionId), filter.user === true, text(filter.inputSha256)],
          )
        ).map(grantFromRow),
      );
    },
    async findGrants(q: GrantQuery): Promise<GrantRecord[]> {
      const { sql, args } = grantQuerySql(q, (n) => `$${n}`);
      return guard('read grants', async () =>
        (
          await rows<GrantRow>(
            sql,
            args.map((a) => (typeof a === 'string' ? text(a) : a)),
          )
        ).map(grantFromRow),
      );
    },
    async getGrant(id) {
      return guard('read the grant', async () => {
        const [row] = await rows<GrantRow>('SELECT * FROM grants WHERE id = $1', [text(id)]);
        return row ? grantFromRow(row) : undefined;
      });
    },
    async recordGrant(g) {
      return guard('record the grant', async () => {
        const values = [
          text(g.id),
          g.scope,
          text(g.sessionId),
          text(g.projectDir),
          text(g.rule),
          text(g.askId),
          text(g.grantedBy),
          g.createdAt,
          g.expiresAt ?? null,
          text(g.inputSha256),
          text(g.settingsFile),
          text(g.cwd),
          text(g.agent),
          text(g.mode),
        ];
        const r = await pool.query({
          text: `INSERT INTO grants (${GRANT_COLUMNS.join(', ')}) VALUES (${GRANT_COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT (id) DO NOTHING`,
          values,
        });
        return r.rowCount === 1;
      });
    },
    async revokeGrant(id, at) {
      return guard(
        'revoke the grant',
        async () =>
          (await pool.query({ text: 'UPDATE grants SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', values: [at, id] }))
            .rowCount === 1,
      );
    },
    async useGrant(id, at) {
      return guard(
        'spend the grant',
        async () =>
          (
            await pool.query({
              text: "UPDATE grants SET used_at = $1 WHERE id = $2 AND scope = 'once' AND revoked_at IS NULL AND used_at IS NULL AND (expires_at IS NULL OR expires_at > $1)",
              values: [at, text(id)],
            })
          ).rowCount === 1,
      );
    },
    async pruneGrants(before) {
      return guard(
        'prune grants',
        async () =>
          (await pool.query({ text: 'DELETE FROM grants WHERE revoked_at < $1 OR used_at < $1 OR expires_at < $1', values: [before] }))
            .rowCount ?? 0,
      );
    },
    async appendAudit(entries: readonly AuditEntry[]) {
      if (entries.length === 0) {
        if (closed) throw new StoreUnavailableError(`the PostgreSQL store ${location} is closed`);
        return;
      }
      await guard('append to the audit log', () =>
        // The lock makes sequence numbers follow commit order across replicas, so a reader that
        // tails by `seq` never skips an entry committed late — and makes the audit one chain:
        // each batch is chained after the newest entry, read under the lock.
        transaction(async (c) => {
          await c.query({ text: 'SELECT pg_advisory_xact_lock($1)', values: [AUDIT_LOCK] });
          const last = (await c.query({ text: 'SELECT hash FROM audit ORDER BY seq DESC LIMIT 1' })).rows[0] as
            { hash: string | null } | undefined;
          const json = JSON.stringify(chainAudit(last?.hash ?? AUDIT_CHAIN_GENESIS, entries, (s) => text(s) as string).map(auditRow));
          await c.query({
            text: `INSERT INTO audit (${AUDIT_COLUMNS.join(', ')}) SELECT ${AUDIT_COLUMNS.map((k) => `r.${k}`).join(', ')}
              FROM json_populate_recordset(NULL::audit, $1::json) WITH ORDINALITY AS r ORDER BY r.ordinality`,
            values: [json],
          });
        }),
      );
    },
    async readAudit(filter: AuditFilter = {}) {
      return guard('read the audit log', async () => {
        const where: string[] = [];
        const args: unknown[] = [];
        if (filter.since !== undefined) where.push(`at >= $${args.push(filter.since)}`);
        if (filter.afterSeq !== undefined) where.push(`seq > $${args.push(filter.afterSeq)}`);
        if (filter.sessionId !== undefined) where.push(`session_id = $${args.push(text(filter.sessionId))}`);
        if (filter.askId !== undefined) where.push(`ask_id = $${args.push(text(filter.askId))}`);
        if (filter.toolUseId !== undefined) where.push(`tool_use_id = $${args.push(text(filter.toolUseId))}`);
        const limit = Math.min(Math.max(1, Math.floor(filter.limit ?? 1000)), 10_000);
        const order = filter.newest === true ? 'DESC' : 'ASC';
        const sql = `SELECT * FROM audit ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY seq ${order} LIMIT ${limit}`;
        const out = (await rows<AuditRow>(sql, args)).map(auditFromRow);
        return filter.newest === true ? out.reverse() : out;
      });
    },
    async auditHead() {
      return guard('read the audit chain', async () => {
        const [row] = await rows<{ seq: number; hash: string; at: number; n: number }>(
          `SELECT h.seq AS seq, h.hash AS hash, h.at AS at, (SELECT count(*) FROM audit WHERE seq <= h.seq) AS n
           FROM (SELECT seq, hash, at FROM audit WHERE hash IS NOT NULL ORDER BY seq DESC LIMIT 1) h`,
          [],
        );
        return row === undefined ? undefined : { seq: Number(row.seq), hash: row.hash, at: Number(row.at), count: Number(row.n) };
      });
    },
    async rememberSession(sessionId, projectDir, at) {
      return guard('remember the session', async () => {
        const [row] = await rows<{ project_dir: string }>(
          `WITH ins AS (INSERT INTO sessions (session_id, project_dir, first_seen) VALUES ($1, $2, $3) ON CONFLICT (session_id) DO NOTHING RETURNING project_dir)
           SELECT project_dir FROM ins UNION ALL SELECT project_dir FROM sessions WHERE session_id = $1 LIMIT 1`,
          [text(sessionId), text(projectDir), at],
        );
        // A session stored by another replica in the same instant is read on the next call.
        return row?.project_dir ?? (await this.sessionRoot(sessionId)) ?? projectDir;
      });
    },
    async sessionRoot(sessionId) {
      return guard(
        'read the session',
        async () =>
          (await rows<{ project_dir: string }>('SELECT project_dir FROM sessions WHERE session_id = $1', [text(sessionId)]))[0]
            ?.project_dir,
      );
    },
    async health() {
      await guard('be read', () => rows('SELECT COALESCE(MAX(version), 0) AS v FROM schema_migrations'));
    },
    subscribe(listenerFn) {
      const off = hub.subscribe(listenerFn);
      listen();
      return () => {
        off();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      await listener?.close();
      await pool.end().catch(() => {});
    },
  };
}

/** The values of an `asks` row, in {@link askColumns} order. */
function askValues(ask: NewAsk): unknown[] {
  const p = ask.pending;
  const v: Record<(typeof askColumns)[number], unknown> = {
    id: text(ask.id),
    state: 'pending',
    origin: ask.origin,
    session_id: text(ask.sessionId),
    agent: text(ask.agent),
    project_dir: text(ask.projectDir),
    cwd: text(ask.cwd),
    tool: text(ask.tool),
    ask_kind: p.askKind,
    reason_kind: p.reason.kind,
    reason: text(p.reason.message),
    rule_text: text(p.rule?.text),
    rule_source: p.rule ? text(p.rule.source.file ?? p.rule.source.kind) : null,
    input_redacted: JSON.stringify(ask.inputRedacted ?? null),
    input_sha256: ask.inputSha256,
    policy_digest: ask.policyDigest,
    pending: JSON.stringify(p),
    created_at: ask.createdAt,
    updated_at: ask.createdAt,
    expires_at: ask.expiresAt ?? null,
    holder: text(ask.holder),
    expiry_code: null,
    expiry_reason: null,
  };
  return askColumns.map((c) => v[c]);
}

/** An audit entry as a row of `audit` (column names as keys), NULs replaced. */
function auditRow(e: AuditEntry): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(auditParams(e))) out[snake(k)] = typeof v === 'string' ? text(v) : v;
  return out;
}
