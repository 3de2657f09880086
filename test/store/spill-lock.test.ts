import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockSpillJournal } from '../../src/store/spill-lock.js';
import { StoreOpenError } from '../../src/store/index.js';

const dir = mkdtempSync(join(tmpdir(), 'toolgate-spill-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('one writer per audit spill journal (decision 0074)', () => {
  it('refuses a second holder, naming the journal and what to do; the journal is free again once released', async () => {
    const file = join(dir, 'state', 'audit-spill-abc.jsonl');
    const first = await lockSpillJournal(file, () => {});
    expect(existsSync(`${file}.lock`)).toBe(true);
    const second = lockSpillJournal(file, () => {}, 400);
    await expect(second).rejects.toBeInstanceOf(StoreOpenError);
    await expect(second).rejects.toThrow(
      `another toolgate serve on this machine writes the audit spill journal ${file} (it holds ${file}.lock): one serve per journal. Give each replica of a database on one machine a state directory of its own (XDG_STATE_HOME)`,
    );
    await first.release();
    expect(existsSync(`${file}.lock`)).toBe(false);
    const third = await lockSpillJournal(file, () => {}, 400);
    await third.release();
  });
});
