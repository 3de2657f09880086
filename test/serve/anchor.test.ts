/**
 * serve anchors the audit chain outside the store: the head's position, count and hash in its log
 * and, with a file, one JSON line each — every N entries and at close — and `verifyAuditChain`
 * checks the stored chain against them.
 */
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
    for (const command of ['npm run lint', 'rm -rf x', 'npm run lint', 'rm -rf y', 'npm run lint']) await s.hook(preToolUse(project, 'Bash', { command }));
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
});
