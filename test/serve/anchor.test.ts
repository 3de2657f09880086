/**
 * serve anchors the audit chain outside the store: the head's position, count and hash in its log
 * and, with a file, one JSON line each — every N entries and at close — and `verifyAuditChain`
 * checks the stored chain against them.
 */
import Database from 'better-sqlite3';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, parseAuditAnchors, verifyAuditChain } from '../../src/store/index.js';
import { preToolUse, sandbox, start, type Sandbox } from './helpers.js';

let sb: Sandbox;
let project: string;
beforeAll(() => {
  sb = sandbox();
  project = sb.project('proj', { permissions: { allow: ['Bash(npm run lint)'], deny: ['Bash(rm *)'] } });
});
afterAll(() => sb.cleanup());

describe('audit anchors', () => {
  it('are logged and written every N entries and at close, and the chain verifies against them', async () => {
    const file = join(sb.root, 'anchors.jsonl');
    const s = await start(sb, { projects: [project], auditAnchors: { file, everyEntries: 2 } });
    for (const command of ['npm run lint', 'rm -rf x', 'npm run lint', 'rm -rf y', 'npm run lint'])
      await s.hook(preToolUse(project, 'Bash', { command }));
    const location = s.store.location;
    await s.stop();
    const anchors = parseAuditAnchors(readFileSync(file, 'utf8'));
    expect(anchors.length).toBeGreaterThanOrEqual(2);
    expect(anchors.at(-1)).toMatchObject({ count: 5 });
    expect(s.lines.filter((l) => l.startsWith('toolgate serve: audit anchor {')).length).toBe(anchors.length);
    const store = await openSqliteStore({ file: location });
    try {
      expect(await verifyAuditChain(store, anchors)).toMatchObject({ ok: true, entries: 5, anchorsChecked: anchors.length });
    } finally {
      await store.close();
    }
  });

  it('does not anchor away entries cut off the log while serve runs: the anchor keeps the count serve wrote', async () => {
    const file = join(sb.root, 'anchors-cut.jsonl');
    const storeFile = join(sb.root, 'state', 'cut.db');
    // A log that already holds entries from an earlier run: they count toward what it must hold.
    const first = await start(sb, { projects: [project], storeFile, auditAnchors: { file } });
    await first.hook(preToolUse(project, 'Bash', { command: 'npm run lint' }));
    await first.stop();
    const s = await start(sb, { projects: [project], storeFile, auditAnchors: { file } });
    for (const command of ['npm run lint', 'rm -rf x', 'npm run lint']) await s.hook(preToolUse(project, 'Bash', { command }));
    // Someone with write access to the store removes the newest entries (the deny), as no anchor names them yet.
    const db = new Database(storeFile);
    db.exec('DROP TRIGGER audit_append_only_delete');
    db.prepare('DELETE FROM audit WHERE seq >= ?').run(3);
    db.close();
    await s.hook(preToolUse(project, 'Bash', { command: 'npm run lint' }));
    await s.stop();
    expect(s.lines).toContainEqual(
      expect.stringMatching(
        /^toolgate serve: the audit log holds 3 entries up to #5, but at least 5 were written to it: entries were removed from the store$/,
      ),
    );
    expect(first.lines.some((l) => l.includes('removed from the store'))).toBe(false);
    const store = await openSqliteStore({ file: storeFile });
    try {
      // Without the anchors the chain holds (serve chained its next entry after the cut).
      expect(await verifyAuditChain(store)).toMatchObject({ ok: true, entries: 3 });
      const v = await verifyAuditChain(store, parseAuditAnchors(readFileSync(file, 'utf8')));
      expect(v).toMatchObject({ ok: false, broken: { code: 'anchorMismatch', seq: 5 } });
    } finally {
      await store.close();
    }
  });

  it('a log emptied while serve runs is anchored at position 0, which no log holds', async () => {
    const file = join(sb.root, 'anchors-empty.jsonl');
    const storeFile = join(sb.root, 'state', 'emptied.db');
    const s = await start(sb, { projects: [project], storeFile, auditAnchors: { file } });
    await s.hook(preToolUse(project, 'Bash', { command: 'rm -rf x' }));
    const db = new Database(storeFile);
    db.exec('DROP TRIGGER audit_append_only_delete');
    db.exec('DELETE FROM audit');
    db.close();
    await s.stop();
    expect(s.lines).toContainEqual(
      'toolgate serve: the audit log holds 0 entries, but at least 1 were written to it: entries were removed from the store',
    );
    const store = await openSqliteStore({ file: storeFile });
    try {
      expect(await verifyAuditChain(store, parseAuditAnchors(readFileSync(file, 'utf8')))).toMatchObject({
        ok: false,
        broken: { code: 'anchorBeyondEnd' },
      });
    } finally {
      await store.close();
    }
  });
});
