/**
 * `npm run bench`: evaluate() on the 180-rule policy of bench/policy-200.json for the three
 * reference calls, and loading + compiling 4 settings files. Prints ops/s, p50 and p99 in µs, and
 * each call's decision so the work is visibly real.
 *
 * When the peer engine is installed (`npm ci --prefix bench/peer`), the same three calls are
 * measured on it in the same run, on the same policy (200 rules in its own format; see
 * bench/peer/peer.mjs), and the table gives the ratios.
 *
 * The machine may be shared: each task runs in several short rounds, toolgate and the peer
 * alternating (which goes first flips each round), and the figures are taken over all rounds'
 * samples; the load average is printed beside them. Then 10⁶ decisions (`BENCH_DECISIONS`) show
 * whether heap and RSS stay flat.
 *
 * With `BENCH_BASELINE=<dir>` (another toolgate checkout, say the commit before a change), its
 * `evaluate` runs the same calls in the same rounds too (`base a:` rows), so a change is measured
 * before and after in one run.
 *
 * toolgate is measured as it ships: `src/index.ts` bundled with esbuild the way the package build
 * bundles it (ESM, node20, dependencies external, no `keepNames`), into the checkout's
 * `node_modules/.cache/toolgate-bench/`. `BENCH_FROM=src` measures the TypeScript sources run
 * through tsx instead: tsx keeps function names (a `__name` call for every closure it creates), a
 * cost the shipped code does not have.
 *
 * Environment: `BENCH_ROUNDS` (default 5), `BENCH_ROUND_MS` (per task and round, default 400),
 * `BENCH_DECISIONS` (default 1000000; 0 skips), `BENCH_PEER=0` (skip the peer), `BENCH_BASELINE`,
 * `BENCH_FROM` (`dist`, the default, or `src`), `BENCH_FS=0` (skip the rows with the Node
 * file-system view).
 *
 * The `… fs` rows decide the same three calls as `toolgate hook` and `toolgate serve` do: with the
 * Node file system's view (`nodeFsView`, symbolic links followed) in the context, in a real
 * project directory made for the run (a git repository with `package.json` and `src/index.ts`),
 * so the checks that look at the world (links, hard links, the repository, PATH) do their I/O.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { build } from 'esbuild';
import type { evaluate, prepare } from '../src/evaluate/index.js';
import type { EvaluationContext } from '../src/evaluate/index.js';
import type { policyFromObjects } from '../src/settings/index.js';
import type { ToolCall } from '../src/core/types.js';
import type { nodeFsView } from '../src/node/fs-view.js';

const here = import.meta.dirname;
const policyFile = join(here, 'policy-200.json');
const policyJson = JSON.parse(readFileSync(policyFile, 'utf8')) as unknown;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const ROUND_MS = Number(process.env['BENCH_ROUND_MS'] ?? 400);
const DECISIONS = Number(process.env['BENCH_DECISIONS'] ?? 1_000_000);
const BASELINE = process.env['BENCH_BASELINE'];

interface Engine {
  evaluate: typeof evaluate;
  prepare: typeof prepare;
  policyFromObjects: typeof policyFromObjects;
  nodeFsView: typeof nodeFsView;
}

const FROM = process.env['BENCH_FROM'] ?? 'dist';

/** A checkout's engine: bundled as the package ships it, or its sources through tsx (`BENCH_FROM=src`). */
async function engineOf(dir: string): Promise<Engine> {
  if (FROM === 'src') {
    const ev = (await import(join(dir, 'src/evaluate/index.ts'))) as Engine;
    const settings = (await import(join(dir, 'src/settings/index.ts'))) as Engine;
    const node = (await import(join(dir, 'src/node/fs-view.ts'))) as Engine;
    return { evaluate: ev.evaluate, prepare: ev.prepare, policyFromObjects: settings.policyFromObjects, nodeFsView: node.nodeFsView };
  }
  // One file per checkout: worktrees often share one node_modules.
  const outfile = join(dir, 'node_modules/.cache/toolgate-bench', `${createHash('sha256').update(dir).digest('hex').slice(0, 12)}.mjs`);
  const contents = "export * from './src/index.ts';\nexport { nodeFsView } from './src/node/fs-view.ts';\n";
  await build({
    stdin: { contents, resolveDir: dir, loader: 'ts' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    logLevel: 'error',
  });
  const m = (await import(`${outfile}?t=${Date.now()}`)) as Engine;
  return { evaluate: m.evaluate, prepare: m.prepare, policyFromObjects: m.policyFromObjects, nodeFsView: m.nodeFsView };
}

/**
 * A project directory for the `… fs` rows: a git repository with a `package.json` whose `test`
 * script runs vitest and a `src/index.ts`, under a home directory of its own.
 */
function makeProject(): { home: string; project: string; remove: () => void } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-bench-')));
  const home = join(root, 'home');
  const project = join(home, 'project');
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'bench-project', private: true, scripts: { test: 'vitest run' } }, null, 2)}\n`,
  );
  writeFileSync(join(project, 'src/index.ts'), 'export const x = 1;\n');
  execFileSync('git', ['init', '-q', project]);
  return { home, project, remove: () => rmSync(root, { recursive: true, force: true }) };
}

interface Peer {
  check(call: ToolCall): Promise<string>;
  rules: number;
  importMs: number;
  version: string;
}

async function loadPeer(): Promise<Peer | string> {
  if (process.env['BENCH_PEER'] === '0') return 'skipped (BENCH_PEER=0)';
  const module = './peer/peer.mjs';
  try {
    const { loadPeer: load } = (await import(module)) as { loadPeer(file: string, cwd: string): Promise<Peer | { missing: string }> };
    const peer = await load(policyFile, '/home/user/project');
    return 'missing' in peer ? `not installed (npm ci --prefix bench/peer): ${peer.missing}` : peer;
  } catch (e) {
    return `could not load: ${e instanceof Error ? e.message : String(e)}`;
  }
}

const la = () =>
  loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (pos - lo);
}

async function main(): Promise<void> {
  const { evaluate, prepare, policyFromObjects, nodeFsView } = await engineOf(join(here, '..'));
  console.log(
    `toolgate ${FROM === 'src' ? 'from its TypeScript sources through tsx (BENCH_FROM=src)' : 'as shipped: src/index.ts bundled with esbuild (BENCH_FROM=src for the sources through tsx)'}`,
  );
  await prepare();
  const policy = policyFromObjects([{ kind: 'projectSettings', settings: policyJson }]);
  const ctx: EvaluationContext = { mode: 'default', policy, cwd: '/home/user/project', home: '/home/user' };

  // Distinct command strings and paths (an ever-growing counter) so no cache can flatter the figures.
  let i = 0;
  const readCall = (cwd: string) => () => ({ tool: 'Read', input: { file_path: `${cwd}/src/index${i++}.ts` } });
  const cases: { key: string; name: string; make: () => ToolCall; ctx: EvaluationContext; fs?: true }[] = [
    { key: 'a', name: 'Read src/index.ts (expect allow)', make: readCall(ctx.cwd), ctx },
    {
      key: 'b',
      name: 'Bash npm run test && git status | head -5 (expect allow)',
      make: () => ({ tool: 'Bash', input: { command: `npm run test && git status | head -${i++ + 1}` } }),
      ctx,
    },
    {
      key: 'c',
      name: 'Bash git push origin main (expect ask)',
      make: () => ({ tool: 'Bash', input: { command: `git push origin main${i++}` } }),
      ctx,
    },
  ];
  const world = process.env['BENCH_FS'] === '0' ? undefined : makeProject();
  if (world) {
    // The same calls as hook and serve decide them: the Node file system's view, in a real project.
    const fsCtx: EvaluationContext = { ...ctx, cwd: world.project, home: world.home, fs: nodeFsView() };
    cases.push(
      { key: 'a', name: 'Read src/index.ts, Node fs view (expect allow)', make: readCall(world.project), ctx: fsCtx, fs: true },
      {
        key: 'b',
        name: 'Bash npm run test && git status | head -5, Node fs view (expect allow)',
        make: cases[1]!.make,
        ctx: fsCtx,
        fs: true,
      },
      { key: 'c', name: 'Bash git push origin main, Node fs view (expect ask)', make: cases[2]!.make, ctx: fsCtx, fs: true },
    );
  }

  const peer = await loadPeer();
  const base = BASELINE !== undefined ? await engineOf(BASELINE) : undefined;
  if (base) await base.prepare();
  const basePolicy = base?.policyFromObjects([{ kind: 'projectSettings', settings: policyJson }]);
  /** The baseline's context for a case: the case's, with the baseline's policy (and its own fs view). */
  const baseCtxOf = (c: (typeof cases)[number]): EvaluationContext | undefined =>
    base && basePolicy ? { ...c.ctx, policy: basePolicy, ...(c.fs ? { fs: base.nodeFsView() } : {}) } : undefined;
  // The peer has no file-system view: an `… fs` row is compared with the peer's row of the same call.
  for (const c of cases) {
    const call = c.make();
    const d = evaluate(call, c.ctx);
    const theirs = typeof peer === 'string' || c.fs ? '' : `   [peer: ${await peer.check(call)}]`;
    const baseCtx = baseCtxOf(c);
    const old = base && baseCtx ? `   [base: ${base.evaluate(call, baseCtx).behavior}]` : '';
    console.log(`${c.key}: ${c.name} -> ${d.behavior}${d.askKind ? ` (${d.askKind})` : ''}: ${d.reason.message}${theirs}${old}`);
  }
  if (BASELINE !== undefined)
    console.log(`
base: the toolgate checkout at ${BASELINE}`);
  if (typeof peer === 'string') console.log(`\npeer: ${peer}`);
  else
    console.log(
      `\npeer: @google/gemini-cli-core ${peer.version} PolicyEngine, ${peer.rules} rules; its import took ${(peer.importMs / 1000).toFixed(1)} s`,
    );

  const settingsFiles = [
    '003-kludex-user-dontask.json',
    '011-dhiller-container-managed.json',
    '043-tapppi-user-ask.json',
    '052-andoroid-user-deny.json',
  ];
  const texts = settingsFiles.map((f) => readFileSync(join(here, '../examples/corpus/settings', f), 'utf8'));
  const kinds = ['userSettings', 'projectSettings', 'localSettings', 'managed'] as const;
  const loadSettings = () =>
    void policyFromObjects(texts.map((t, k) => ({ kind: kinds[k] ?? 'inline', settings: JSON.parse(t) as unknown })));

  interface Task {
    name: string;
    run: () => unknown;
    samples: number[];
  }
  const tasks: Task[][] = [];
  for (const c of cases) {
    const pair: Task[] = [{ name: `${c.key}: ${c.name}`, run: () => void evaluate(c.make(), c.ctx), samples: [] }];
    const baseCtx = baseCtxOf(c);
    if (base && baseCtx)
      pair.push({
        name: `base ${c.key}${c.fs ? ' fs' : ''}: same call, baseline toolgate`,
        run: () => void base.evaluate(c.make(), baseCtx),
        samples: [],
      });
    if (typeof peer !== 'string' && !c.fs)
      pair.push({ name: `peer ${c.key}: same call, peer engine`, run: () => peer.check(c.make()), samples: [] });
    tasks.push(pair);
  }
  const settingsTasks: Task[] = [
    { name: 'load + compile 4 settings files (user, project, local, managed layers)', run: loadSettings, samples: [] },
  ];
  if (base) {
    const loadBase = () =>
      void base.policyFromObjects(texts.map((t, k) => ({ kind: kinds[k] ?? 'inline', settings: JSON.parse(t) as unknown })));
    settingsTasks.push({ name: 'base: load + compile 4 settings files, baseline toolgate', run: loadBase, samples: [] });
  }
  tasks.push(settingsTasks);

  const loads: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bench = new Bench({ time: ROUND_MS, warmup: true, retainSamples: true });
    const order: Task[] = [];
    for (const pair of tasks) order.push(...(round % 2 === 0 ? pair : [...pair].reverse()));
    for (const t of order) bench.add(t.name, t.run);
    await bench.run();
    for (const t of order) {
      const r = bench.getTask(t.name)?.result as { latency?: { samples?: number[] } } | undefined;
      // A loop, not push(...samples): a fast task has more samples than a call's arguments may hold.
      for (const x of r?.latency?.samples ?? []) t.samples.push(x);
    }
    loads.push(la());
  }

  console.log(`\nvariation: each call uses a distinct command string or path (a counter that never repeats)`);
  console.log(
    `rounds: ${ROUNDS} × ${ROUND_MS} ms per task, toolgate and the peer alternating; load average (1, 5, 15 min) after each round: ${loads.join(' | ')}\n`,
  );
  console.log(`${'task'.padEnd(72)} ${'ops/s'.padStart(10)} ${'p50 µs'.padStart(9)} ${'p99 µs'.padStart(9)}`);
  const p50s = new Map<string, number>();
  for (const t of tasks.flat()) {
    const s = [...t.samples].sort((x, y) => x - y);
    const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
    const p50 = quantile(s, 0.5) * 1000;
    const p99 = quantile(s, 0.99) * 1000;
    p50s.set(t.name, p50);
    console.log(
      `${t.name.padEnd(72)} ${(mean > 0 ? 1000 / mean : 0).toFixed(0).padStart(10)} ${p50.toFixed(1).padStart(9)} ${p99.toFixed(1).padStart(9)}`,
    );
  }
  const ratio = (prefix: string, fs: boolean) =>
    tasks
      .map((group, g) => {
        const ours = group[0]!;
        const c = cases[g];
        if (c !== undefined && (c.fs === true) !== fs) return undefined;
        if (c === undefined && fs) return undefined;
        // An `… fs` row meets the peer's row of the same call (the peer has no file-system view).
        const other =
          group.find((t) => t.name.startsWith(prefix)) ??
          (prefix === 'peer ' && c !== undefined ? tasks.flat().find((t) => t.name.startsWith(`peer ${c.key}:`)) : undefined);
        return other === undefined
          ? undefined
          : `${c === undefined ? 'settings' : c.key} ${((p50s.get(other.name) ?? 0) / (p50s.get(ours.name) ?? 1)).toFixed(1)}×`;
      })
      .filter((x) => x !== undefined)
      .join(', ');
  if (typeof peer !== 'string') {
    console.log(`\ntoolgate faster than the peer at p50, same run: ${ratio('peer ', false)}`);
    if (world) console.log(`with the Node fs view (as hook and serve decide), against the same peer rows: ${ratio('peer ', true)}`);
  }
  if (base)
    console.log(
      `toolgate faster than the baseline at p50, same run: ${ratio('base', false)}${world ? `; with the Node fs view: ${ratio('base', true)}` : ''}`,
    );

  if (DECISIONS > 0) {
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
    const memory = () => {
      (globalThis as { gc?: () => void }).gc?.();
      const m = process.memoryUsage();
      return `heap ${mb(m.heapUsed)}, RSS ${mb(m.rss)}`;
    };
    const before = memory();
    const t0 = performance.now();
    for (let k = 0; k < DECISIONS; k++) evaluate(cases[k % 3]!.make(), ctx);
    world?.remove();
    const seconds = (performance.now() - t0) / 1000;
    const gcNote = (globalThis as { gc?: unknown }).gc ? 'after a full GC' : 'run node with --expose-gc for figures after a full GC';
    console.log(
      `\nmemory over ${DECISIONS.toLocaleString('en')} decisions (a, b, c in turn, ${seconds.toFixed(1)} s; ${gcNote}): before ${before}; after ${memory()}; load ${la()}`,
    );
  }
  world?.remove();
  process.exit(0);
}

void main();
