import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createAuditWriter,
  createMemoryStore,
  openSpillJournal,
  StoreReplacedError,
  type AuditEntry,
  type Store,
} from '../../src/store/index.js';

/** A memory store whose audit writes can be made to fail, standing in for a store that went away. */
function flakyStore() {
  const inner = createMemoryStore();
  let down: Error | undefined;
  let hang = false;
  const batches: number[] = [];
  const store: Pick<Store, 'appendAudit'> = {
    async appendAudit(entries) {
      if (hang) return new Promise<void>(() => {});
      if (down !== undefined) throw down;
      batches.push(entries.length);
      await inner.appendAudit(entries);
    },
  };
  return {
    store,
    inner,
    batches,
    setDown: (v: boolean | Error) => (down = v === true ? new Error('disk I/O error') : v === false ? undefined : v),
    setHang: (v: boolean) => (hang = v),
  };
}

const entry = (i: number): AuditEntry => ({ at: i, event: 'PreToolUse', tool: 'Bash', detail: String(i) });
const ats = async (s: Store) => (await s.readAudit({ limit: 10_000 })).filter((e) => e.event !== 'auditLoss').map((e) => e.at);
const range = (n: number, from = 0) => Array.from({ length: n }, (_, i) => i + from);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'toolgate-writer-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('audit writer', () => {
  it('writes what waits together in one transaction (group commit), and each write resolves once committed', async () => {
    const f = flakyStore();
    const w = createAuditWriter(f.store, { log: () => {} });
    const results = await Promise.all(range(50).map((i) => w.write(entry(i))));
    expect(results.every((r) => r.ok && r.where === 'store')).toBe(true);
    expect(f.batches).toEqual([50]);
    expect(await ats(f.inner)).toEqual(range(50));
  });

  it('writes a backlog in bounded batches', async () => {
    const f = flakyStore();
    const w = createAuditWriter(f.store, { log: () => {}, batchSize: 100 });
    await Promise.all(range(1000).map((i) => w.write(entry(i))));
    expect(Math.max(...f.batches)).toBeLessThanOrEqual(100);
    expect(await ats(f.inner)).toEqual(range(1000));
  });

  it('while the store cannot be written, entries go to the spill journal before write resolves, and back to the store in order', async () => {
    const f = flakyStore();
    const lines: string[] = [];
    const journal = openSpillJournal(join(dir, 'spill.jsonl'));
    const w = createAuditWriter(f.store, { log: (l) => lines.push(l), retryMs: 5, batchSize: 7, journal });
    f.setDown(true);
    const results = await Promise.all(range(40).map((i) => w.write(entry(i))));
    expect(results.every((r) => r.ok && r.where === 'journal')).toBe(true);
    expect(w.failing).toBe(true);
    expect(w.stopReason).toBeUndefined();
    expect(readFileSync(journal.file, 'utf8').trim().split('\n')).toHaveLength(40);
    expect(lines.join('\n')).toMatch(/cannot be written to the store \(disk I\/O error\); entries go to/);
    f.setDown(false);
    // Entries that arrive during the replay queue behind the journal's.
    const later = range(5, 40).map((i) => w.write(entry(i)));
    await new Promise((r) => setTimeout(r, 100));
    await Promise.all(later);
    expect(w.failing).toBe(false);
    expect(await ats(f.inner)).toEqual(range(45));
    expect(Math.max(...f.batches)).toBeLessThanOrEqual(7);
    expect(journal.size()).toBe(0);
    expect(lines.at(-1)).toMatch(/audit log is written again/);
  });

  it('stopping while the store is down loses nothing: the next writer writes the journal back first', async () => {
    const f = flakyStore();
    const file = join(dir, 'spill.jsonl');
    const w = createAuditWriter(f.store, { log: () => {}, journal: openSpillJournal(file) });
    f.setDown(true);
    for (let i = 0; i < 50; i++) void w.write(entry(i));
    await w.close();
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(50);
    f.setDown(false);
    const next = createAuditWriter(f.store, { log: () => {}, journal: openSpillJournal(file) });
    await next.write(entry(50));
    await next.close();
    expect(await ats(f.inner)).toEqual(range(51));
  });

  it('a line cut short by a kill is skipped, and what follows it is read', async () => {
    const f = flakyStore();
    const file = join(dir, 'spill.jsonl');
    writeFileSync(file, `${JSON.stringify(entry(0))}\n{"at":1,"event":"Pre`);
    const w = createAuditWriter(f.store, { log: () => {}, journal: openSpillJournal(file) });
    f.setDown(true);
    await w.write(entry(2));
    f.setDown(false);
    await w.close();
    expect(await ats(f.inner)).toEqual([0, 2]);
  });

  it('a store that hangs counts as failing after the write timeout: the entry goes to the journal', async () => {
    const f = flakyStore();
    const w = createAuditWriter(f.store, {
      log: () => {},
      journal: openSpillJournal(join(dir, 's.jsonl')),
      writeTimeoutMs: 50,
      retryMs: 10,
    });
    f.setHang(true);
    const started = Date.now();
    expect(await w.write(entry(0))).toEqual({ ok: true, where: 'journal' });
    expect(Date.now() - started).toBeLessThan(1000);
    f.setHang(false);
    await new Promise((r) => setTimeout(r, 100));
    expect(await ats(f.inner)).toContain(0);
    await w.close();
  });

  it('when the journal cannot be written either, allows stop: write says why and stopReason is set', async () => {
    const f = flakyStore();
    writeFileSync(join(dir, 'not-a-dir'), '');
    const w = createAuditWriter(f.store, { log: () => {}, journal: openSpillJournal(join(dir, 'not-a-dir', 'spill.jsonl')), retryMs: 5 });
    f.setDown(true);
    const r = await w.write(entry(0));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toMatch(/store: disk I\/O error; spill journal: (EEXIST|ENOTDIR)/);
    expect(w.stopReason).toMatch(/cannot be written/);
    expect(w.buffered).toBe(1);
    f.setDown(false);
    await new Promise((r) => setTimeout(r, 50));
    expect(w.stopReason).toBeUndefined();
    expect(await ats(f.inner)).toEqual([0]);
    await w.close();
  });

  it('a replaced store file stops allows for good, and its entries still go to the journal', async () => {
    const f = flakyStore();
    const w = createAuditWriter(f.store, { log: () => {}, journal: openSpillJournal(join(dir, 's.jsonl')), retryMs: 5 });
    f.setDown(new StoreReplacedError('the SQLite store file /x.db was deleted while toolgate serve had it open; restart serve'));
    expect(await w.write(entry(0))).toEqual({ ok: true, where: 'journal' });
    expect(w.stopReason).toMatch(/was deleted/);
    await w.close();
  });

  it('without a journal, drops the oldest past the limit, logs the loss at once and records it when the store is back', async () => {
    const f = flakyStore();
    const lines: string[] = [];
    const w = createAuditWriter(f.store, { log: (l) => lines.push(l), maxBuffered: 100, retryMs: 60_000 });
    f.setDown(true);
    const results = await Promise.all(range(130).map((i) => w.write(entry(i))));
    expect(results.every((r) => !r.ok)).toBe(true);
    expect(w.buffered).toBe(100);
    expect(w.lost).toBe(30);
    expect(lines.some((l) => /dropped/.test(l))).toBe(true);
    f.setDown(false);
    await w.flush();
    const log = await f.inner.readAudit({ limit: 10_000 });
    expect(log[0]).toMatchObject({ event: 'auditLoss' });
    expect(log[0]?.detail).toMatch(/^30 audit entries were dropped/);
    expect(log.slice(1).map((e) => e.at)).toEqual(range(100, 30));
  });
});
