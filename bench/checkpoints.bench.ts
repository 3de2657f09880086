/**
 * Checkpoint benchmarks (run: `npx tsx bench/checkpoints.bench.ts`):
 * - recording 1,000 files of 10 KB (one prompt, one `recordBeforeEdit` each) vs `fs.cp` of the
 *   same tree; the ratio recording / copy (target ≤ 2×), with and without fsync;
 * - the same 10 KB content in 1,000 files is stored once (blob count);
 * - rewind of 1,000 modified files, in files/s.
 * Recording is timed in interleaved rounds against `fs.cp` and the median is printed, with the
 * fsync and no-fsync ratios. Numbers are printed, not asserted.
 */
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCheckpoints, createNodeCheckpointStorage, createNodeWorkspace } from '../src/checkpoints/index.js';

const FILES = 1000;
const SIZE = 10 * 1024;
/** Measured rounds, after one warm-up round. */
const ROUNDS = 7;

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
    // Interleaved rounds (the order rotates each round), so drift in the machine's load or the
    // page cache hits every variant alike; the median of the rounds is reported. Round 0 warms up.
    const variants: { name: string; run: (target: string) => Promise<unknown> }[] = [
      { name: 'fs.cp 1,000 × 10 KB', run: (target) => fs.cp(root, target, { recursive: true }) },
      { name: 'record 1,000 × 10 KB (fsync)', run: (target) => record(paths, root, target, true) },
      { name: 'record 1,000 × 10 KB (no fsync)', run: (target) => record(paths, root, target, false) },
    ];
    const times = new Map<string, number[]>(variants.map((v) => [v.name, []]));
    for (let round = 0; round <= ROUNDS; round++) {
      for (let k = 0; k < variants.length; k++) {
        const v = variants[(k + round) % variants.length]!;
        const target = fresh();
        const t0 = performance.now();
        await v.run(target);
        const elapsed = performance.now() - t0;
        if (round > 0) times.get(v.name)!.push(elapsed);
        await fs.rm(target, { recursive: true, force: true });
      }
    }
    const median = (xs: number[]) => {
      const s = [...xs].sort((a, b) => a - b);
      const m = s.length >> 1;
      return s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
    };
    const cp = median(times.get(variants[0]!.name)!);
    console.log(`median of ${ROUNDS} interleaved rounds (min–max in brackets)`);
    for (const v of variants) {
      const xs = times.get(v.name)!;
      const t = median(xs);
      const range = `[${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}]`;
      console.log(`${v.name.padEnd(36)} ${t.toFixed(1).padStart(8)} ms ${range.padStart(13)}   ${(t / cp).toFixed(2)}× fs.cp`);
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
    const cpRewind = createCheckpoints({
      storage: createNodeCheckpointStorage(store),
      workspace: createNodeWorkspace(),
      sessionId: 'bench',
      workingDirectories: [root],
    });
    const t0 = performance.now();
    const report = await cpRewind.rewindCode('p1');
    const elapsed = performance.now() - t0;
    if (!report.ok || report.restored.length !== FILES) throw new Error('rewind did not restore every file');
    console.log(`rewind 1,000 modified files: ${elapsed.toFixed(0)} ms → ${((FILES / elapsed) * 1000).toFixed(0)} files/s`);
    const t1 = performance.now();
    const again = await cpRewind.rewindCode('p1');
    const elapsed2 = performance.now() - t1;
    if (!again.ok || again.unchanged.length !== FILES) throw new Error('second rewind was not a no-op');
    console.log(
      `rewind again (all unchanged, verified by hash): ${elapsed2.toFixed(0)} ms → ${((FILES / elapsed2) * 1000).toFixed(0)} files/s`,
    );
  } finally {
    await fs.rm(base, { recursive: true, force: true });
  }
}

void main();
