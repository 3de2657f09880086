/**
 * Checkpoint benchmarks (run: `npx tsx bench/checkpoints.bench.ts`):
 * - recording 1,000 files of 10 KB (one prompt, one `recordBeforeEdit` each) vs `fs.cp` of the
 *   same tree; the ratio recording / copy (target ≤ 2×), with and without fsync;
 * - the same 10 KB content in 1,000 files is stored once (blob count);
 * - rewind of 1,000 modified files, in files/s.
 * Numbers are printed, not asserted.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { createCheckpoints, createNodeCheckpointStorage, createNodeWorkspace } from '../src/checkpoints/index.js';

const FILES = 1000;
const SIZE = 10 * 1024;

async function makeTree(dir: string, same: boolean): Promise<string[]> {
  const shared = randomBytes(SIZE);
  const paths: string[] = [];
  for (let i = 0; i < FILES; i++) {
    const sub = join(dir, `d${i % 20}`);
    await fs.mkdir(sub, { recursive: true });
    const path = join(sub, `file-${i}.txt`);
    await fs.writeFile(path, same ? shared : randomBytes(SIZE));
    paths.push(path);
  }
  return paths;
}

async function countBlobs(store: string): Promise<number> {
  const entries = await fs.readdir(join(store, 'blobs'), { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

async function record(paths: string[], root: string, store: string, fsync: boolean): Promise<void> {
  const cp = createCheckpoints({
    storage: createNodeCheckpointStorage(store, { fsync }),
    workspace: createNodeWorkspace(),
    sessionId: 'bench',
    workingDirectories: [root],
  });
  await cp.beginPrompt('p1', 'bench');
  for (const path of paths) {
    const r = await cp.recordBeforeEdit({ tool: 'Edit', input: { file_path: path } }, 'p1');
    if (r.kind !== 'recorded') throw new Error(`not recorded: ${JSON.stringify(r)}`);
  }
}

async function main(): Promise<void> {
  const base = await fs.mkdtemp(join(tmpdir(), 'toolgate-cp-bench-'));
  try {
    const root = join(base, 'src');
    const paths = await makeTree(root, false);
    let n = 0;
    const fresh = () => join(base, `out-${n++}`);
    let target = '';
    const bench = new Bench({ iterations: 5, time: 0, warmup: false });
    const opts = {
      beforeEach: () => {
        target = fresh();
      },
      afterEach: async () => {
        await fs.rm(target, { recursive: true, force: true });
      },
    };
    bench.add('fs.cp 1,000 × 10 KB', () => fs.cp(root, target, { recursive: true }), opts);
    bench.add('record 1,000 × 10 KB (fsync)', () => record(paths, root, target, true), opts);
    bench.add('record 1,000 × 10 KB (no fsync)', () => record(paths, root, target, false), opts);
    await bench.run();

    const mean = (name: string) => bench.tasks.find((t) => t.name === name)?.result as { latency?: { mean: number } } | undefined;
    const ms = (name: string) => mean(name)?.latency?.mean ?? NaN;
    const cp = ms('fs.cp 1,000 × 10 KB');
    for (const task of bench.tasks) {
      const t = ms(task.name);
      console.log(`${task.name.padEnd(36)} ${t.toFixed(1).padStart(8)} ms   ${(t / cp).toFixed(2)}× fs.cp`);
    }

    // Same content once.
    const sameRoot = join(base, 'same');
    const samePaths = await makeTree(sameRoot, true);
    const sameStore = join(base, 'same-store');
    await record(samePaths, sameRoot, sameStore, false);
    console.log(`1,000 files with identical content → ${await countBlobs(sameStore)} blob(s) stored`);

    // Rewind of 1,000 files.
    const store = join(base, 'rewind-store');
    await record(paths, root, store, true);
    for (const p of paths) await fs.writeFile(p, 'modified');
    const cpRewind = createCheckpoints({ storage: createNodeCheckpointStorage(store), workspace: createNodeWorkspace(), sessionId: 'bench', workingDirectories: [root] });
    const t0 = performance.now();
    const report = await cpRewind.rewindCode('p1');
    const elapsed = performance.now() - t0;
    if (!report.ok || report.restored.length !== FILES) throw new Error('rewind did not restore every file');
    console.log(`rewind 1,000 modified files: ${elapsed.toFixed(0)} ms → ${((FILES / elapsed) * 1000).toFixed(0)} files/s`);
    const t1 = performance.now();
    const again = await cpRewind.rewindCode('p1');
    const elapsed2 = performance.now() - t1;
    if (!again.ok || again.unchanged.length !== FILES) throw new Error('second rewind was not a no-op');
    console.log(`rewind again (all unchanged, verified by hash): ${elapsed2.toFixed(0)} ms → ${((FILES / elapsed2) * 1000).toFixed(0)} files/s`);
  } finally {
    await fs.rm(base, { recursive: true, force: true });
  }
}

void main();
