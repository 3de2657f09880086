/**
 * The audit chain: every entry linked to the one before by SHA-256 over the previous hash and the
 * entry's canonical form. A property over random logs and random tampering — changing, deleting,
 * moving, inserting entries, recomputing the whole chain, cutting off the tail — each is found,
 * the last two against an anchor taken before; an untouched log verifies. Then the SQLite store
 * end to end: the chain it writes, SQL tampering with the append-only triggers dropped, entries
 * from before the chain, and `toolgate audit verify`.
 */
import Database from 'better-sqlite3';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import {
  AUDIT_CHAIN_GENESIS,
  auditChainHash,
  openSqliteStore,
  parseAuditAnchors,
  verifyAuditChain,
  type AuditAnchor,
  type AuditEntry,
} from '../../src/store/index.js';
import { chainAudit } from '../../src/store/chain.js';
import { migrate } from '../../src/store/sqlite/migrations.js';
import { programArgs } from '../support/programs/run.js';
import { propertyRuns } from '../support/property-runs.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-chain-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entryArb: fc.Arbitrary<AuditEntry> = fc.record(
  {
    at: fc.integer({ min: 1_700_000_000_000, max: 1_800_000_000_000 }),
    event: fc.constantFrom('PreToolUse', 'decision', 'answer', 'auditLoss', 'PostToolUse'),
    tool: fc.constantFrom('Bash', 'Read', 'Edit'),
    behavior: fc.constantFrom('allow', 'ask', 'deny'),
    reason: fc.string(),
    inputRedacted: fc.jsonValue(),
    detail: fc.string(),
  },
  { requiredKeys: ['at', 'event'] },
) as fc.Arbitrary<AuditEntry>;

/** A log as a store keeps it: chained, numbered. */
const stored = (entries: readonly AuditEntry[]): AuditEntry[] =>
  chainAudit(AUDIT_CHAIN_GENESIS, entries).map((e, i) => ({ ...e, seq: i + 1 }));
const headAnchor = (log: readonly AuditEntry[]): AuditAnchor => ({ seq: log.at(-1)!.seq!, count: log.length, hash: log.at(-1)!.hash! });
const asStore = (log: readonly AuditEntry[]) => ({ readAudit: async () => log.map((e) => ({ ...e })) });

/** Recompute every hash after the log was changed: a forger with write access who knows the scheme. */
const rechain = (log: readonly AuditEntry[]): AuditEntry[] => {
  let prev = AUDIT_CHAIN_GENESIS;
  return log.map((e) => {
    const { hash: _h, ...rest } = e;
    const hash = auditChainHash(prev, rest);
    prev = hash;
    return { ...rest, hash };
  });
};

type Tamper = (log: AuditEntry[], i: number, j: number) => AuditEntry[] | undefined;
const TAMPERS: Record<string, Tamper> = {
  alter: (log, i) => log.map((e, k) => (k === i ? { ...e, reason: `${e.reason ?? ''}!` } : e)),
  alterAndRehashOne: (log, i) =>
    log.map((e, k) => {
      if (k !== i) return e;
      const { seq: _s, hash: _h, ...rest } = e;
      const changed = { ...rest, reason: `${e.reason ?? ''}!` };
      return { ...changed, seq: e.seq!, hash: auditChainHash(k === 0 ? AUDIT_CHAIN_GENESIS : log[k - 1]!.hash!, changed) };
    }),
  delete: (log, i) => log.filter((_, k) => k !== i),
  reorder: (log, i, j) => {
    if (i === j || stableEq(log[i]!, log[j]!)) return undefined;
    const out = [...log];
    [out[i], out[j]] = [out[j]!, out[i]!];
    return out.map((e, k) => ({ ...e, seq: k + 1 }));
  },
  insertUnchained: (log, i) => [
    ...log.slice(0, i),
    { at: log[i]!.at, event: 'decision', behavior: 'allow', seq: 0 } as AuditEntry,
    ...log.slice(i),
  ],
  insertLinked: (log, i) => {
    const before = i === 0 ? AUDIT_CHAIN_GENESIS : log[i - 1]!.hash!;
    const forged = { at: log[i]!.at, event: 'decision', behavior: 'allow' } as AuditEntry;
    return [...log.slice(0, i), { ...forged, hash: auditChainHash(before, forged) }, ...log.slice(i)];
  },
  alterAndRechainAll: (log, i) =>
    rechain(log.map((e, k) => (k === i ? { ...e, detail: `${e.detail ?? ''}x` } : e))).map((e, k) => ({ ...e, seq: k + 1 })),
  deleteAndRechainAll: (log, i) =>
    log.length < 2 ? undefined : rechain(log.filter((_, k) => k !== i)).map((e, k) => ({ ...e, seq: k + 1 })),
  cutTail: (log, i) => log.slice(0, i),
};
const stableEq = (a: AuditEntry, b: AuditEntry) =>
  JSON.stringify({ ...a, seq: 0, hash: '' }) === JSON.stringify({ ...b, seq: 0, hash: '' });

describe('the audit chain (property)', () => {
  it('an untouched log verifies, with and without its anchor', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { minLength: 1, maxLength: 12 }), async (entries) => {
        const log = stored(entries);
        const v = await verifyAuditChain(asStore(log), [headAnchor(log)]);
        expect(v).toMatchObject({ ok: true, entries: log.length, chained: log.length, unchained: 0, anchorsChecked: 1, brokenLinks: 0 });
        expect(v.gaps.length).toBe(log.filter((e) => e.event === 'auditLoss').length);
      }),
      { numRuns: propertyRuns(60) },
    );
  });

  it('changing, deleting, moving, inserting, recomputing the whole chain and cutting off the tail are each found against the anchor', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entryArb, { minLength: 2, maxLength: 12 }),
        fc.constantFrom(...Object.keys(TAMPERS)),
        fc.nat(),
        fc.nat(),
        async (entries, name, a, b) => {
          const log = stored(entries);
          const i = a % log.length;
          const tampered = TAMPERS[name]!(log, i, b % log.length);
          fc.pre(tampered !== undefined);
          const v = await verifyAuditChain(asStore(tampered!), [headAnchor(log)]);
          expect(v.ok).toBe(false);
          expect(v.broken).toBeDefined();
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('without an anchor a change inside the log still shows; the first broken link is named', async () => {
    const log = stored([
      { at: 1, event: 'decision', reason: 'a' },
      { at: 2, event: 'decision', reason: 'b' },
      { at: 3, event: 'decision', reason: 'c' },
    ]);
    const v = await verifyAuditChain(asStore(TAMPERS['alter']!(log, 1, 0)!));
    expect(v.broken).toMatchObject({ code: 'hashMismatch', seq: 2 });
    expect(v.brokenLinks).toBe(1);
    const cut = await verifyAuditChain(asStore(log.slice(0, 2)), [headAnchor(log)]);
    expect(cut.broken).toMatchObject({ code: 'anchorBeyondEnd' });
    const rewritten = await verifyAuditChain(asStore(TAMPERS['alterAndRechainAll']!(log, 0, 0)!), [headAnchor(log)]);
    expect(rewritten.broken).toMatchObject({ code: 'anchorMismatch', seq: 3 });
  });

  it('reads anchors from an anchor file or serve’s log lines', () => {
    const hash = 'a'.repeat(64);
    const text = `toolgate serve: listening\ntoolgate serve: audit anchor {"seq":7,"count":5,"hash":"${hash}","at":1}\n{"seq":9,"count":6,"hash":"${'b'.repeat(64)}"}\n{"seq":"x"}\n`;
    expect(parseAuditAnchors(text)).toEqual([
      { seq: 7, count: 5, hash, at: 1 },
      { seq: 9, count: 6, hash: 'b'.repeat(64) },
    ]);
  });
});

describe('the SQLite store’s chain', () => {
  const entry = (n: number): AuditEntry => ({
    at: 1_750_000_000_000 + n,
    event: 'decision',
    tool: 'Bash',
    behavior: 'allow',
    inputRedacted: { command: `echo ${n}`, nul: 'a\u0000b' },
    reason: `r${n}`,
  });

  it('chains what it appends, across batches and reopenings; the head counts the chain', async () => {
    const file = join(dir, 'a.db');
    let s = await openSqliteStore({ file });
    await s.appendAudit([entry(1), entry(2)]);
    await s.appendAudit([entry(3)]);
    await s.close();
    s = await openSqliteStore({ file });
    await s.appendAudit([entry(4)]);
    const head = await s.auditHead();
    expect(head).toMatchObject({ seq: 4, count: 4 });
    const v = await verifyAuditChain(s, [head!]);
    expect(v).toMatchObject({ ok: true, chained: 4, unchained: 0 });
    await s.close();
  });

  it('finds a row changed, deleted or inserted by SQL with the append-only triggers dropped', async () => {
    const tamper = async (name: string, sql: string) => {
      const file = join(dir, `${name}.db`);
      const s = await openSqliteStore({ file });
      await s.appendAudit([entry(1), entry(2), entry(3), entry(4)]);
      const anchor = (await s.auditHead())!;
      await s.close();
      const db = new Database(file);
      db.exec('DROP TRIGGER audit_append_only_update; DROP TRIGGER audit_append_only_delete;');
      db.exec(sql);
      db.close();
      const again = await openSqliteStore({ file });
      const v = await verifyAuditChain(again, [anchor]);
      await again.close();
      return v;
    };
    expect((await tamper('update', "UPDATE audit SET reason = 'nothing to see' WHERE seq = 2")).broken).toMatchObject({
      code: 'hashMismatch',
      seq: 2,
    });
    expect((await tamper('delete', 'DELETE FROM audit WHERE seq = 2')).broken).toMatchObject({ code: 'hashMismatch', seq: 3 });
    expect((await tamper('tail', 'DELETE FROM audit WHERE seq = 4')).broken).toMatchObject({ code: 'anchorBeyondEnd' });
    expect(
      (
        await tamper(
          'insert',
          "INSERT INTO audit (seq, at, event) VALUES (25, 1, 'decision'); UPDATE audit SET seq = 5 WHERE seq = 4; UPDATE audit SET seq = 4 WHERE seq = 25",
        )
      ).ok,
    ).toBe(false);
  });

  it('rows written before the chain are reported as unchained before the first chained one', async () => {
    const file = join(dir, 'old.db');
    const db = new Database(file);
    migrate(db, undefined, 5);
    db.exec("INSERT INTO audit (at, event) VALUES (1, 'decision'), (2, 'decision')");
    db.close();
    const s = await openSqliteStore({ file });
    await s.appendAudit([entry(1)]);
    const v = await verifyAuditChain(s);
    expect(v).toMatchObject({ ok: true, entries: 3, chained: 1, unchained: 2, chainStartsAt: 3 });
    await s.close();
  });

  it('a column added later joins the canonical form by name: rows chained before it still verify', async () => {
    const file = join(dir, 'v6.db');
    const db = new Database(file);
    migrate(db, undefined, 6);
    const [first] = chainAudit(AUDIT_CHAIN_GENESIS, [entry(1)]);
    db.prepare('INSERT INTO audit (at, event, tool, behavior, input_redacted, reason, hash) VALUES (?, ?, ?, ?, ?, ?, ?)').run(
      first!.at,
      first!.event,
      first!.tool,
      first!.behavior,
      JSON.stringify(first!.inputRedacted),
      first!.reason,
      first!.hash,
    );
    db.close();
    const s = await openSqliteStore({ file });
    await s.appendAudit([
      { ...entry(2), toolUseId: 'toolu_1', mode: 'default', trace: [{ step: 'denyRules', outcome: 'pass', detail: 'none' }] },
    ]);
    const v = await verifyAuditChain(s, [(await s.auditHead())!]);
    expect(v).toMatchObject({ ok: true, chained: 2 });
    expect((await s.readAudit({ toolUseId: 'toolu_1' }))[0]?.trace).toEqual([{ step: 'denyRules', outcome: 'pass', detail: 'none' }]);
    await s.close();
  });

  it('toolgate audit verify: exit 0 on an intact log, exit 1 naming the first broken link', async () => {
    const file = join(dir, 'cli.db');
    const s = await openSqliteStore({ file });
    await s.appendAudit([entry(1), entry(2), { at: 3, event: 'auditLoss', detail: '4 entries lost' }, entry(4)]);
    const anchor = (await s.auditHead())!;
    await s.close();
    const anchorFile = join(dir, 'anchors.jsonl');
    writeFileSync(anchorFile, `${JSON.stringify(anchor)}\n`);
    const run = () =>
      spawnSync(process.execPath, programArgs('toolgate', ['audit', 'verify', '--store', `sqlite:${file}`, '--anchor', anchorFile]), {
        encoding: 'utf8',
      });
    const good = run();
    expect(good.status).toBe(0);
    expect(good.stdout).toContain('chain: 4 entries');
    expect(good.stdout).toMatch(/gaps: 1/);
    expect(good.stdout).toContain('#3');
    expect(good.stdout).toContain('ok: every link holds');
    const db = new Database(file);
    db.exec("DROP TRIGGER audit_append_only_update; UPDATE audit SET behavior = 'deny' WHERE seq = 2");
    db.close();
    const bad = run();
    expect(bad.status).toBe(1);
    expect(bad.stdout).toContain('BROKEN: entry #2 does not match its hash');
  });
});
