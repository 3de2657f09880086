/**
 * The audit chain on PostgreSQL: one chain for every replica (appends take the same advisory
 * lock and chain after the newest entry read under it), and rows changed or removed by SQL with
 * the append-only triggers disabled are found.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresStore, verifyAuditChain, type AuditEntry, type Store } from '../../src/store/index.js';
import { admin, freshSchema, postgres, withSchema } from '../support/postgres/context.js';

const server = postgres();

describe.skipIf(!server.ok)(`the PostgreSQL audit chain${server.ok ? '' : ` — skipped: ${server.reason}`}`, () => {
  const base = server.ok ? server.url : '';
  const opened: Store[] = [];
  const open = async (url: string) => {
    const s = await openPostgresStore({ url, log: () => {} });
    opened.push(s);
    return s;
  };
  afterAll(async () => {
    await Promise.all(opened.map((s) => s.close()));
  });
  const entry = (n: number, who: string): AuditEntry => ({
    at: 1_750_000_000_000 + n,
    event: 'decision',
    tool: 'Bash',
    behavior: 'allow',
    reason: `${who} ${n}\u0000`,
    inputRedacted: { command: `echo ${n}` },
  });

  it('replicas appending at once make one chain that verifies against its head', async () => {
    const url = await freshSchema(base);
    const replicas = await Promise.all([open(url), open(url), open(url)]);
    await Promise.all(
      replicas.flatMap((r, k) => Array.from({ length: 10 }, (_, n) => r.appendAudit([entry(n, `r${k}`), entry(n + 100, `r${k}`)]))),
    );
    const head = await replicas[0]!.auditHead();
    expect(head?.count).toBe(60);
    expect(await verifyAuditChain(replicas[1]!, [head!])).toMatchObject({ ok: true, entries: 60, chained: 60 });
  });

  it('finds a row changed or removed behind the triggers’ back', async () => {
    const url = await freshSchema(base);
    const schema = decodeURIComponent(url).split('search_path=')[1] as string;
    const s = await open(url);
    await s.appendAudit([entry(1, 'a'), entry(2, 'a'), entry(3, 'a'), entry(4, 'a')]);
    const head = (await s.auditHead())!;
    const seqs = (await s.readAudit()).map((e) => e.seq as number);
    await admin(withSchema(base, schema), 'ALTER TABLE audit DISABLE TRIGGER USER');
    await admin(withSchema(base, schema), "UPDATE audit SET reason = 'nothing' WHERE seq = $1", [seqs[1]]);
    expect((await verifyAuditChain(s, [head])).broken).toMatchObject({ code: 'hashMismatch', seq: seqs[1] });
    await admin(withSchema(base, schema), 'DELETE FROM audit WHERE seq = $1', [seqs[3]]);
    expect((await verifyAuditChain(s, [head])).broken).toMatchObject({ code: 'hashMismatch', seq: seqs[1] });
    expect((await verifyAuditChain(s, [head])).brokenLinks).toBe(2);
  });
});
