import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, SQLITE_MIGRATIONS } from '../../src/store/sqlite/migrations.js';
import { openSqliteStore, openStore, parseStoreAddress, StoreOpenError, type StoreEvent } from '../../src/store/index.js';
import { describeStore, newAsk } from './suite.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-sqlite-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = () => join(dir, `db-${++n}`, 'toolgate.db');

describeStore('sqlite', () => openSqliteStore({ file: fresh() }));

describe('SQLite store', () => {
  it('creates its directory 0700 and its file 0600, in WAL mode with synchronous=NORMAL', async () => {
    const file = fresh();
    const s = await openSqliteStore({ file });
    expect(statSync(join(file, '..')).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await s.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(
      (db.prepare('SELECT version FROM schema_migrations ORDER BY version').all() as { version: number }[]).map((r) => r.version),
    ).toEqual(SQLITE_MIGRATIONS.map((m) => m.version));
    db.close();
  });

  it('keeps pending asks across a restart, still answerable', async () => {
    const file = fresh();
    const a = await openSqliteStore({ file });
    await a.parkAsk(newAsk('kept'));
    await a.close();
    const b = await openSqliteStore({ file });
    expect((await b.listAsks()).map((x) => x.id)).toEqual(['kept']);
    expect((await b.answerAsk('kept', { answer: { behavior: 'allow' }, scope: 'once', answerer: 'bob', answeredAt: 5 })).ok).toBe(true);
    await b.close();
  });

  it('upgrades a version 1 database, keeping its rows', async () => {
    const file = fresh();
    const s0 = await openSqliteStore({ file });
    await s0.close();
    // Rebuild the file as version 1 wrote it, with data in it.
    rmSync(file);
    const v1 = new Database(file);
    expect(migrate(v1, SQLITE_MIGRATIONS, 1)).toEqual({ from: 0, to: 1, applied: [1] });
    v1.prepare(`INSERT INTO audit (at, event, session_id, tool, behavior) VALUES (1, 'PreToolUse', 's-old', 'Bash', 'allow')`).run();
    v1.close();

    const s = await openSqliteStore({ file });
    expect((await s.readAudit()).map((e) => [e.event, e.sessionId, e.behavior])).toEqual([['PreToolUse', 's-old', 'allow']]);
    expect(await s.rememberSession('s-new', '/p', 2)).toBe('/p');
    await s.close();
    const db = new Database(file, { readonly: true });
    expect(
      (db.prepare('SELECT version, name FROM schema_migrations ORDER BY version').all() as { version: number }[]).map((r) => r.version),
    ).toEqual(SQLITE_MIGRATIONS.map((m) => m.version));
    db.close();
  });

  it('upgrades a version 7 database to the grant scopes of migration 8, keeping answers and grants', async () => {
    const file = fresh();
    await (await openSqliteStore({ file })).close();
    rmSync(file);
    const v7 = new Database(file);
    migrate(v7, SQLITE_MIGRATIONS, 7);
    v7.prepare(
      `INSERT INTO asks (id, state, origin, project_dir, cwd, tool, ask_kind, reason_kind, reason, input_redacted, input_sha256, policy_digest, pending, created_at, updated_at)
       VALUES ('a1', 'answered', 'api', '/p', '/p', 'Bash', 'plain', 'toolDefault', 'r', '{}', 'h', 'd', '{}', 1, 2)`,
    ).run();
    v7.prepare(
      `INSERT INTO answers (ask_id, behavior, answer, scope, answerer, answered_at) VALUES ('a1', 'allow', '{"behavior":"allow"}', 'project', 'alice', 2)`,
    ).run();
    v7.prepare(
      `INSERT INTO grants (id, scope, project_dir, rule, ask_id, granted_by, created_at, expires_at) VALUES ('g1', 'project', '/p', 'Bash(ls *)', 'a1', 'alice', 2, 99)`,
    ).run();
    expect(() =>
      v7
        .prepare(
          `INSERT INTO grants (id, scope, project_dir, rule, granted_by, created_at) VALUES ('g2', 'user', '/p', 'Bash', 'alice', 2)`,
        )
        .run(),
    ).toThrow(/CHECK/);
    v7.close();

    const s = await openSqliteStore({ file });
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
    // The checks hold after the rebuild: a session grant names its session, a once grant its input.
    await expect(
      s.recordGrant({ id: 'g3', scope: 'session', projectDir: '/p', rule: 'Bash', grantedBy: 'alice', createdAt: 3 }),
    ).rejects.toThrow(/CHECK/);
    await expect(
      s.recordGrant({ id: 'g4', scope: 'once', projectDir: '/p', rule: 'Bash', grantedBy: 'alice', createdAt: 3 }),
    ).rejects.toThrow(/CHECK/);
    await s.close();
  });

  it('refuses a database migrated by a newer toolgate', async () => {
    const file = fresh();
    const s0 = await openSqliteStore({ file });
    await s0.close();
    const db = new Database(file);
    db.prepare('INSERT INTO schema_migrations (version, name, applied_at) VALUES (99, ?, 0)').run('from the future');
    db.close();
    await expect(openSqliteStore({ file })).rejects.toThrow(/schema version 99, newer than this toolgate knows/);
  });

  it('keeps the audit log append-only', async () => {
    const file = fresh();
    const s = await openSqliteStore({ file });
    await s.appendAudit([{ at: 1, event: 'Stop' }]);
    await s.close();
    const db = new Database(file);
    expect(() => db.prepare('UPDATE audit SET event = ?').run('PreToolUse')).toThrow(/append-only/);
    expect(() => db.prepare('DELETE FROM audit').run()).toThrow(/append-only/);
    db.close();
  });

  it("sees another process's answer on the same file and tells its subscribers", async () => {
    const file = fresh();
    const server = await openSqliteStore({ file, pollMs: 20 });
    const cli = await openSqliteStore({ file });
    await server.parkAsk(newAsk('x1'));
    const got = new Promise<StoreEvent>((resolve) => {
      const off = server.subscribe((e) => {
        if (e.type === 'answered') {
          off();
          resolve(e);
        }
      });
    });
    await cli.answerAsk('x1', { answer: { behavior: 'deny', message: 'not now' }, scope: 'once', answerer: 'cli', answeredAt: Date.now() });
    const e = await got;
    expect(e.type === 'answered' && e.ask).toMatchObject({ id: 'x1', state: 'answered', answer: { answerer: 'cli' } });
    await cli.close();
    await server.close();
  });

  it('reads store addresses', () => {
    expect(parseStoreAddress('sqlite:/var/x.db')).toEqual({ kind: 'sqlite', file: '/var/x.db' });
    expect(parseStoreAddress('memory:')).toEqual({ kind: 'memory' });
    expect(parseStoreAddress('postgres://u@h/db')).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
    expect(parseStoreAddress('sqlite:')).toBeInstanceOf(StoreOpenError);
    expect(parseStoreAddress('mysql://x')).toBeInstanceOf(StoreOpenError);
  });

  it('opens by address', async () => {
    const s = await openStore(`sqlite:${fresh()}`);
    expect(s.kind).toBe('sqlite');
    await s.close();
  });
});
