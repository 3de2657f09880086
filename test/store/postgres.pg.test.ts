import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { migratePostgres, POSTGRES_MIGRATIONS } from '../../src/store/postgres/migrations.js';
import {
  openPostgresStore,
  openSqliteStore,
  openStore,
  redactPostgresUrl,
  SQLITE_MIGRATIONS,
  StoreOpenError,
  type AuditEntry,
  type Store,
  type StoreEvent,
} from '../../src/store/index.js';
import { admin, freshSchema, postgres } from '../support/postgres/context.js';
import { describeStore, newAsk } from './suite.js';

const server = postgres();
const ci = process.env['CI'] === 'true';
const quiet = () => {};

it.skipIf(!ci)('has a PostgreSQL server under CI=true', () => {
  expect(server.ok ? 'ok' : server.reason).toBe('ok');
});

describe.skipIf(!server.ok)(`PostgreSQL store${server.ok ? '' : ` — skipped: ${server.reason}`}`, () => {
  const base = server.ok ? server.url : '';
  const socket = server.ok ? server.socketUrl : '';
  const opened: Store[] = [];
  const open = async (url: string, extra: Partial<Parameters<typeof openPostgresStore>[0]> = {}) => {
    const s = await openPostgresStore({ url, log: quiet, ...extra });
    opened.push(s);
    return s;
  };
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
  });
  const query = async <T = Record<string, unknown>>(url: string, sql: string, values: unknown[] = []): Promise<T[]> => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query({ text: sql, values })).rows as T[];
    } finally {
      await c.end();
    }
  };

  // The contract, over the unix socket; every store in a schema of its own.
  describeStore('postgres', async () => open(await freshSchema(socket)));

  it('numbers its migrations like the SQLite store and creates the same tables and columns', async () => {
    expect(POSTGRES_MIGRATIONS.map((m) => [m.version, m.name])).toEqual(SQLITE_MIGRATIONS.map((m) => [m.version, m.name]));
    const url = await freshSchema(base);
    await open(url);
    const schema = decodeURIComponent(url).split('search_path=')[1] as string;
    const pgColumns = await query<{ table_name: string; column_name: string }>(
      base,
      'SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = $1 ORDER BY table_name, ordinal_position',
      [schema],
    );
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-pg-schema-'));
    try {
      const file = join(dir, 'toolgate.db');
      await (await openSqliteStore({ file })).close();
      const db = new Database(file, { readonly: true });
      const tables = (
        db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as {
          name: string;
        }[]
      ).map((t) => t.name);
      const sqliteColumns = tables.flatMap((t) =>
        (db.prepare(`PRAGMA table_info(${t})`).all() as { name: string }[]).map((c) => `${t}.${c.name}`),
      );
      db.close();
      expect(pgColumns.map((c) => `${c.table_name}.${c.column_name}`).sort()).toEqual(sqliteColumns.sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('migrates once when several replicas start together (advisory lock)', async () => {
    const url = await freshSchema(base);
    const stores = await Promise.all(Array.from({ length: 5 }, () => open(url)));
    expect(stores).toHaveLength(5);
    const rows = await query<{ version: number }>(url, 'SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((r) => r.version)).toEqual(POSTGRES_MIGRATIONS.map((m) => m.version));
  });

  it('upgrades a version 1 database, keeping its rows', async () => {
    const url = await freshSchema(base);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      expect(await migratePostgres(c, POSTGRES_MIGRATIONS, 1)).toEqual({ from: 0, to: 1, applied: [1] });
      await c.query(`INSERT INTO audit (at, event, session_id, tool, behavior) VALUES (1, 'PreToolUse', 's-old', 'Bash', 'allow')`);
    } finally {
      await c.end();
    }
    const s = await open(url);
    expect((await s.readAudit()).map((e) => [e.event, e.sessionId, e.behavior])).toEqual([['PreToolUse', 's-old', 'allow']]);
    expect(await s.rememberSession('s-new', '/p', 2)).toBe('/p');
    expect((await query<{ version: number }>(url, 'SELECT version FROM schema_migrations ORDER BY version')).map((r) => r.version)).toEqual(
      POSTGRES_MIGRATIONS.map((m) => m.version),
    );
  });

  it('upgrades a version 7 database to the grant scopes of migration 8, keeping answers and grants', async () => {
    const url = await freshSchema(base);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await migratePostgres(c, POSTGRES_MIGRATIONS, 7);
      await c.query(`INSERT INTO asks (id, state, origin, project_dir, cwd, tool, ask_kind, reason_kind, reason, input_redacted, input_sha256, policy_digest, pending, created_at, updated_at)
        VALUES ('a1', 'answered', 'api', '/p', '/p', 'Bash', 'plain', 'toolDefault', 'r', '{}', 'h', 'd', '{}', 1, 2)`);
      await c.query(
        `INSERT INTO answers (ask_id, behavior, answer, scope, answerer, answered_at) VALUES ('a1', 'allow', '{"behavior":"allow"}', 'project', 'alice', 2)`,
      );
      await c.query(
        `INSERT INTO grants (id, scope, project_dir, rule, ask_id, granted_by, created_at, expires_at) VALUES ('g1', 'project', '/p', 'Bash(ls *)', 'a1', 'alice', 2, 99)`,
      );
    } finally {
      await c.end();
    }
    const s = await open(url);
    expect((await s.getAsk('a1'))?.answer?.scope).toBe('project');
    expect(await s.getGrant('g1')).toEqual({
      id: 'g1',
      scope: 'project',
      projectDir: '/p',
      rule: 'Bash(ls *)',
      askId: 'a1',
      grantedBy: 'alice',
      createdAt: 2,
      expiresAt: 99,
    });
    expect(await s.recordGrant({ id: 'g2', scope: 'user', projectDir: '/p', rule: 'Bash', grantedBy: 'alice', createdAt: 3 })).toBe(true);
    await expect(
      s.recordGrant({ id: 'g3', scope: 'session', projectDir: '/p', rule: 'Bash', grantedBy: 'alice', createdAt: 3 }),
    ).rejects.toThrow();
    await expect(
      s.recordGrant({ id: 'g4', scope: 'once', projectDir: '/p', rule: 'Bash', grantedBy: 'alice', createdAt: 3 }),
    ).rejects.toThrow();
    await expect(
      s.recordGrant({ id: 'g5', scope: 'forever' as never, projectDir: '/p', rule: 'Bash', grantedBy: 'alice', createdAt: 3 }),
    ).rejects.toThrow();
  });

  it('refuses a database migrated by a newer toolgate, and says why', async () => {
    const url = await freshSchema(base);
    await (await open(url)).close();
    await query(url, "INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, 'from the future', 0)");
    await expect(openPostgresStore({ url, log: quiet })).rejects.toThrow(/schema version 99, newer than this toolgate knows/);
  });

  it('keeps the audit log append-only (UPDATE, DELETE and TRUNCATE are refused)', async () => {
    const url = await freshSchema(base);
    const s = await open(url);
    await s.appendAudit([{ at: 1, event: 'Stop' }]);
    await expect(query(url, "UPDATE audit SET event = 'PreToolUse'")).rejects.toThrow(/append-only/);
    await expect(query(url, 'DELETE FROM audit')).rejects.toThrow(/append-only/);
    await expect(query(url, 'TRUNCATE audit')).rejects.toThrow(/append-only/);
    expect(await s.readAudit()).toHaveLength(1);
  });

  it('stores a NUL in a text field as U+FFFD, so the entry (and its batch) is still written', async () => {
    const s = await open(await freshSchema(base));
    await s.appendAudit([
      { at: 1, event: 'PreToolUse', tool: 'Ba\0sh', inputRedacted: { command: 'echo \0' }, sessionId: 's\0' },
      { at: 2, event: 'Stop' },
    ]);
    const got = await s.readAudit();
    expect(got.map((e) => [e.tool, e.sessionId, e.inputRedacted])).toEqual([
      ['Ba\uFFFDsh', 's\uFFFD', { command: 'echo \0' }],
      [undefined, undefined, undefined],
    ]);
    await s.parkAsk(newAsk('nul', { cwd: '/p/\0' }));
    expect((await s.getAsk('nul'))?.cwd).toBe('/p/\uFFFD');
  });

  it('numbers audit entries in commit order across replicas: a reader tailing by seq misses none', async () => {
    const url = await freshSchema(base);
    const [a, b, reader] = await Promise.all([open(url), open(url), open(url)]);
    const written: string[] = [];
    const seen = new Set<string>();
    let after = 0;
    let writing = true;
    const tail = (async () => {
      for (;;) {
        const done = !writing;
        for (const e of await reader.readAudit({ afterSeq: after, limit: 10_000 })) {
          seen.add(e.detail as string);
          after = e.seq as number;
        }
        if (done) return;
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const batch = (store: Store, name: string, i: number): AuditEntry[] =>
      Array.from({ length: 1 + (i % 4) }, (_, k) => {
        written.push(`${name}-${i}-${k}`);
        return { at: i, event: 'Stop', detail: `${name}-${i}-${k}` };
      });
    await Promise.all(
      ['a', 'b'].map(async (name) => {
        const store = name === 'a' ? a : b;
        for (let i = 0; i < 60; i++)
          await Promise.all([store.appendAudit(batch(store, name, i)), store.appendAudit(batch(store, name, i + 1000))]);
      }),
    );
    writing = false;
    await tail;
    expect(seen.size).toBe(written.length);
    expect([...written].filter((w) => !seen.has(w))).toEqual([]);
  });

  it("tells a replica's subscribers about commits made through another (LISTEN/NOTIFY)", async () => {
    const url = await freshSchema(base);
    const [a, b] = await Promise.all([open(url), open(url)]);
    const seen: StoreEvent[] = [];
    b.subscribe((e) => seen.push(e));
    // The first LISTEN announces itself with a resync.
    await expect.poll(() => seen.some((e) => e.type === 'resync')).toBe(true);
    const asks = () => seen.flatMap((e) => (e.type === 'resync' ? [] : [`${e.type}:${e.ask.id}:${e.ask.state}`]));
    // Each commit is read back by the other replica; waiting for each keeps every state visible
    // (a state already superseded when it is read is announced once, in its newer state).
    await a.parkAsk(newAsk('n1'));
    await expect.poll(asks).toEqual(['parked:n1:pending']);
    await a.answerAsk('n1', { answer: { behavior: 'deny', message: 'no' }, scope: 'once', answerer: 'alice', answeredAt: 5 });
    await expect.poll(() => asks().length).toBe(2);
    await a.parkAsk(newAsk('n2'));
    await a.expireAsk('n2', 6);
    await expect.poll(() => asks().at(-1)).toBe('expired:n2:expired');
    expect(asks()[1]).toBe('answered:n1:answered');
    const answered = seen.find((e) => e.type === 'answered');
    expect(answered?.type === 'answered' && answered.ask.answer).toMatchObject({ answerer: 'alice', answer: { behavior: 'deny' } });
  });

  it('listens again after its connection is cut, and tells subscribers to re-read (resync)', async () => {
    const url = await freshSchema(base);
    const lines: string[] = [];
    const s = await open(url, { applicationName: 'toolgate-cut', listenRetryMs: [50, 200], log: (l) => lines.push(l) });
    const seen: StoreEvent[] = [];
    s.subscribe((e) => seen.push(e));
    await expect.poll(() => seen.filter((e) => e.type === 'resync').length).toBe(1);
    const cut = await admin<{ ok: boolean }>(
      base,
      "SELECT pg_terminate_backend(pid) AS ok FROM pg_stat_activity WHERE application_name = 'toolgate-cut listen'",
    );
    expect(cut.map((r) => r.ok)).toEqual([true]);
    await expect.poll(() => seen.filter((e) => e.type === 'resync').length, { timeout: 5000 }).toBe(2);
    expect(lines.join('\n')).toMatch(/lost the LISTEN connection[\s\S]*listening to .* again/);
    // And it hears other replicas again.
    const other = await open(url);
    await other.parkAsk(newAsk('after-cut'));
    await expect.poll(() => seen.some((e) => e.type === 'parked' && e.ask.id === 'after-cut')).toBe(true);
  });

  it('keeps the password out of its location', async () => {
    expect(redactPostgresUrl('postgres://u:s3cret@db:5432/tg')).toBe('postgres://u:***@db:5432/tg');
    expect(redactPostgresUrl('postgresql://u@db/tg?password=s3cret&sslmode=require')).toBe(
      'postgresql://u@db/tg?password=***&sslmode=require',
    );
    const s = await open(base.replace('postgres@', 'postgres:not-needed@'));
    expect(s.location).not.toMatch(/not-needed/);
  });

  it('opens by address, and an unreachable server is a clear StoreOpenError', async () => {
    const s = await openStore(base);
    opened.push(s);
    expect(s.kind).toBe('postgres');
    const err = await openPostgresStore({ url: 'postgres://postgres@127.0.0.1:1/none', log: quiet, connectTimeoutMs: 2000 }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(StoreOpenError);
    expect((err as Error).message).toMatch(/cannot open the PostgreSQL store postgres:\/\/postgres@127\.0\.0\.1:1\/none: .*ECONNREFUSED/);
  });
});
