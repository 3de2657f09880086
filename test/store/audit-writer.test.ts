import { describe, expect, it } from 'vitest';
import { createAuditWriter, createMemoryStore, type AuditEntry, type Store } from '../../src/store/index.js';

/** A memory store whose audit writes can be made to fail, standing in for a store that went away. */
function flakyStore() {
  const inner = createMemoryStore();
  let down = false;
  const batches: number[] = [];
  const store: Pick<Store, 'appendAudit'> = {
    async appendAudit(entries) {
      if (down) throw new Error('disk I/O error');
      batches.push(entries.length);
      await inner.appendAudit(entries);
    },
  };
  return { store, inner, batches, setDown: (v: boolean) => (down = v) };
}

const entry = (i: number): AuditEntry => ({ at: i, event: 'PreToolUse', tool: 'Bash', detail: String(i) });

describe('audit writer', () => {
  it('writes what arrives together in one transaction (group commit)', async () => {
    const f = flakyStore();
    const w = createAuditWriter(f.store, { log: () => {} });
    for (let i = 0; i < 50; i++) w.write(entry(i));
    await w.flush();
    expect(f.batches).toEqual([50]);
    expect((await f.inner.readAudit()).map((e) => e.at)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('keeps entries while the store cannot be written and writes them, in order, once it can', async () => {
    const f = flakyStore();
    const lines: string[] = [];
    const w = createAuditWriter(f.store, { log: (l) => lines.push(l), retryMs: 5 });
    f.setDown(true);
    for (let i = 0; i < 10; i++) w.write(entry(i));
    await w.flush();
    expect(w.failing).toBe(true);
    expect(w.buffered).toBe(10);
    expect(lines.join('\n')).toMatch(/cannot be written \(disk I\/O error\)/);
    f.setDown(false);
    await new Promise((r) => setTimeout(r, 30));
    expect(w.failing).toBe(false);
    expect((await f.inner.readAudit()).map((e) => e.at)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(lines.at(-1)).toMatch(/written again/);
  });

  it('drops the oldest past the limit, logs the loss at once and records it when the store is back', async () => {
    const f = flakyStore();
    const lines: string[] = [];
    const w = createAuditWriter(f.store, { log: (l) => lines.push(l), maxBuffered: 100, retryMs: 60_000 });
    f.setDown(true);
    for (let i = 0; i < 130; i++) w.write(entry(i));
    await w.flush();
    expect(w.buffered).toBe(100);
    expect(w.lost).toBe(30);
    expect(lines.some((l) => /dropped/.test(l))).toBe(true);
    f.setDown(false);
    await w.flush();
    const log = await f.inner.readAudit({ limit: 10_000 });
    expect(log[0]).toMatchObject({ event: 'auditLoss' });
    expect(log[0]?.detail).toMatch(/^30 audit entries were dropped/);
    expect(log.slice(1).map((e) => e.at)).toEqual(Array.from({ length: 100 }, (_, i) => i + 30));
  });
});
