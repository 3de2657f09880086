/** Crash safety: a store killed mid-write stays readable; an interrupted rewind completes when run again. */
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCheckpoints, createNodeCheckpointStorage, createNodeWorkspace, parseIndex } from '../../src/checkpoints/index.js';
import { programArgs } from '../support/programs/run.js';
import { makeTempDir } from './helpers.js';

/** Run the child and SIGKILL it once `lines` lines matching `pattern` have been printed. */
function runAndKill(args: string[], pattern: RegExp, lines: number): Promise<{ killed: boolean; out: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, programArgs('crash-child', args), { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    let seen = 0;
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      seen = out.split('\n').filter((l) => pattern.test(l)).length;
      if (seen >= lines && proc.exitCode === null && !proc.killed) proc.kill('SIGKILL');
    });
    proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
    proc.on('error', reject);
    proc.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL' && !out.includes('done')) reject(new Error(`child exited early: ${err}`));
      else resolve({ killed: signal === 'SIGKILL', out });
    });
  });
}

let tmp: { dir: string; cleanup: () => Promise<void> };
let root: string;
let store: string;
beforeEach(async () => {
  tmp = await makeTempDir();
  root = `${tmp.dir}/project`;
  store = `${tmp.dir}/store`;
  await fs.mkdir(root);
});
afterEach(() => tmp.cleanup());

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('crash safety (child process killed with SIGKILL)', () => {
  it('leaves a store that reads back, with every recorded blob present and intact', async () => {
    for (const after of [3, 17, 41]) {
      const { killed } = await runAndKill(['record', store, root], /^recorded /, after);
      expect(killed).toBe(true);
    }
    const text = await fs.readFile(`${store}/sessions/crash.jsonl`, 'utf8');
    const parsed = parseIndex(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const files = parsed.index.prompts.flatMap((p) => p.files);
    expect(files.length).toBeGreaterThanOrEqual(3 + 17 + 41);
    for (const f of files) {
      if (f.before.kind !== 'file') continue;
      const blob = await fs.readFile(`${store}/blobs/${f.before.hash.slice(0, 2)}/${f.before.hash}`);
      expect(sha(blob)).toBe(f.before.hash);
    }
    // The store keeps working after the crashes.
    const cp = createCheckpoints({
      storage: createNodeCheckpointStorage(store),
      workspace: createNodeWorkspace(),
      sessionId: 'crash',
      workingDirectories: [root],
    });
    const points = await cp.listRewindPoints();
    expect(points.ok && points.points.length).toBeGreaterThanOrEqual(3);
    const first = points.ok ? points.points[0]!.promptId : '';
    expect(await cp.rewindCode(first)).toMatchObject({ ok: true, errors: [] });
  }, 60_000);

  it('completes an interrupted rewind when it is run again', async () => {
    const cp = createCheckpoints({
      storage: createNodeCheckpointStorage(store),
      workspace: createNodeWorkspace(),
      sessionId: 'crash',
      workingDirectories: [root],
    });
    await cp.beginPrompt('p1', 'many files');
    const originals = new Map<string, Buffer>();
    for (let i = 0; i < 300; i++) {
      const path = `${root}/d${i % 7}/f${i}.bin`;
      await fs.mkdir(`${root}/d${i % 7}`, { recursive: true });
      const data = randomBytes(20_000 + i);
      await fs.writeFile(path, data);
      originals.set(path, data);
      await cp.recordBeforeEdit({ tool: 'Edit', input: { file_path: path } }, 'p1');
      await fs.writeFile(path, `changed ${i}`);
    }
    const created = `${root}/created-later.txt`;
    await cp.recordBeforeEdit({ tool: 'Write', input: { file_path: created } }, 'p1');
    await fs.writeFile(created, 'new');

    const { killed } = await runAndKill(['rewind', store, root], /^renamed$/, 40);
    expect(killed).toBe(true);

    const again = createCheckpoints({
      storage: createNodeCheckpointStorage(store),
      workspace: createNodeWorkspace(),
      sessionId: 'crash',
      workingDirectories: [root],
    });
    expect(await again.pendingRewind()).toBe('p1');
    const r = await again.rewindCode('p1');
    expect(r).toMatchObject({ ok: true, errors: [], notRestored: [] });
    if (!r.ok) return;
    expect(r.unchanged.length).toBeGreaterThanOrEqual(40);
    expect(r.restored.length + r.unchanged.length + r.removed.length).toBe(301);
    for (const [path, data] of originals) expect((await fs.readFile(path)).equals(data)).toBe(true);
    await expect(fs.stat(created)).rejects.toThrow();
    expect(await again.pendingRewind()).toBeUndefined();
    expect((await fs.readdir(root, { recursive: true })).filter((n) => String(n).includes('toolgate-rewind'))).toEqual([]);
  }, 60_000);
});

describe('index journal cut short by a crash', () => {
  it('ignores a torn last line and never merges it with the next append', async () => {
    const open = () =>
      createCheckpoints({
        storage: createNodeCheckpointStorage(store),
        workspace: createNodeWorkspace(),
        sessionId: 'torn',
        workingDirectories: [root],
      });
    const cp = open();
    await cp.beginPrompt('p1', 'x');
    await fs.writeFile(`${root}/a`, 'a0');
    await cp.recordBeforeEdit({ tool: 'Edit', input: { file_path: `${root}/a` } }, 'p1');
    await fs.appendFile(`${store}/sessions/torn.jsonl`, '{"op":"file","promptId":"p1","fi');

    const resumed = open();
    const points = await resumed.listRewindPoints();
    expect(points.ok && points.points[0]?.filesChangedSince).toEqual([`${root}/a`]);
    await fs.writeFile(`${root}/b`, 'b0');
    expect(await resumed.recordBeforeEdit({ tool: 'Edit', input: { file_path: `${root}/b` } }, 'p1')).toMatchObject({ kind: 'recorded' });
    const text = await fs.readFile(`${store}/sessions/torn.jsonl`, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    const parsed = parseIndex(text);
    expect(parsed.ok && parsed.index.prompts[0]?.files.map((f) => f.path)).toEqual([`${root}/a`, `${root}/b`]);
  });
});
