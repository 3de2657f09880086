/**
 * Hook dispatch overhead (targets: callback round trip ≤ 5 µs p50; command hook ≤ 1.3× a direct spawn).
 *
 * 1. Callback round trip: one PreToolUse event to one in-process Agent-SDK-style callback returning
 *    `{}` (output validated, answers combined). tinybench, several runs; the median p50 and the
 *    spread of the runs' p50s are printed, in microseconds.
 * 2. Command hook overhead: the same script (`sh -c test/fixtures/hooks/allow.sh`) spawned directly
 *    vs dispatched by toolgate. Spawn times on a busy machine drift by several times, so the two are
 *    **interleaved** (A B, then B A, ...) in several runs; each run gives the ratio of the two
 *    medians, and the median ratio and its spread (min, quartiles, max) over the runs are printed,
 *    with the median and quartiles of the ratios of adjacent pairs (which share the machine's load).
 *    Most of what remains is the kernel's, not toolgate's: the hook runs in its own session
 *    (`detached`, so a timeout can kill its whole process group); measured on Linux, `detached`
 *    alone adds ~0.5 ms of wall time to this script's spawn and no parent CPU time.
 *
 * Run: npx tsx bench/hooks.bench.ts [--runs N] [--pairs N]
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { compileHooks, createHookDispatcher, hookGroupsFromCallbacks } from '../src/hooks/index.js';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const RUNS = arg('runs', 9);
const PAIRS = arg('pairs', 30);
const CALLBACK_RUNS = arg('callback-runs', 5);

const script = fileURLToPath(new URL('../test/fixtures/hooks/allow.sh', import.meta.url));
const cwd = fileURLToPath(new URL('..', import.meta.url));
const input = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' };

const median = (xs: readonly number[]) => quantile(xs, 0.5);
function quantile(xs: readonly number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo]! + (s[hi]! - s[lo]!) * (pos - lo);
}

// --- callback round trip ------------------------------------------------------------------------

const callback = createHookDispatcher({
  registry: compileHooks(hookGroupsFromCallbacks({ PreToolUse: [{ hooks: [async () => ({})] }] })).registry,
  projectDir: cwd,
  cwd,
  sessionId: 'bench',
});
const check = await callback.run('PreToolUse', input);
if (check.outcomes[0]?.status !== 'success' || check.answer.decision !== undefined) throw new Error('callback bench: unexpected answer');

// What the gate passes on every call: the permission mode as `base`, and the caller's signal.
const gateStyle = { base: { permission_mode: 'default' }, signal: new AbortController().signal };
const cbP50s: number[] = [];
const cbMeans: number[] = [];
const gateP50s: number[] = [];
for (let r = 0; r < CALLBACK_RUNS; r++) {
  const bench = new Bench({ iterations: 20_000, time: 0, warmup: true, warmupIterations: 2_000, warmupTime: 0 });
  bench
    .add('dispatch PreToolUse callback hook', async () => {
      await callback.run('PreToolUse', input);
    })
    .add('same, with base + signal', async () => {
      await callback.run('PreToolUse', input, gateStyle);
    });
  await bench.run();
  const latency = (i: number) => (bench.tasks[i]?.result as { latency?: { p50?: number; mean?: number } }).latency;
  cbP50s.push((latency(0)?.p50 ?? NaN) * 1000);
  cbMeans.push((latency(0)?.mean ?? NaN) * 1000);
  gateP50s.push((latency(1)?.p50 ?? NaN) * 1000);
}

// --- command hook vs direct spawn ---------------------------------------------------------------

function spawnDirect(): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', script], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.on('data', () => {});
    child.stderr.on('data', () => {});
    child.stdin.on('error', () => {});
    child.stdin.end(JSON.stringify(input));
    child.on('close', () => resolve());
  });
}

const command = createHookDispatcher({
  registry: compileHooks([{ event: 'PreToolUse', hooks: [{ type: 'command', command: script }], source: { kind: 'inline' } }]).registry,
  projectDir: cwd,
  cwd,
  sessionId: 'bench',
});
const dispatchCommand = async () => {
  const r = await command.run('PreToolUse', input);
  if (r.answer.decision !== 'allow') throw new Error(`command bench: expected allow, got ${String(r.answer.decision)}`);
};

async function time(f: () => Promise<void>): Promise<number> {
  const t = performance.now();
  await f();
  return performance.now() - t;
}

for (let i = 0; i < 10; i++) {
  await spawnDirect();
  await dispatchCommand();
}
const ratios: number[] = [];
const pairRatios: number[] = [];
const allDirect: number[] = [];
const allDispatched: number[] = [];
for (let r = 0; r < RUNS; r++) {
  const direct: number[] = [];
  const dispatched: number[] = [];
  for (let i = 0; i < PAIRS; i++) {
    // Alternate which goes first, so neither side always runs on a warmer (or busier) machine.
    if ((i + r) % 2 === 0) {
      direct.push(await time(spawnDirect));
      dispatched.push(await time(dispatchCommand));
    } else {
      dispatched.push(await time(dispatchCommand));
      direct.push(await time(spawnDirect));
    }
  }
  ratios.push(median(dispatched) / median(direct));
  for (let i = 0; i < PAIRS; i++) pairRatios.push(dispatched[i]! / direct[i]!);
  allDirect.push(...direct);
  allDispatched.push(...dispatched);
}

// --- report -------------------------------------------------------------------------------------

const f1 = (x: number) => x.toFixed(1);
const f2 = (x: number) => x.toFixed(2);
console.table([
  {
    task: 'dispatch PreToolUse callback hook',
    'p50 (µs)': f1(median(cbP50s)),
    'mean (µs)': f1(median(cbMeans)),
    samples: `${CALLBACK_RUNS} × 20000`,
  },
  {
    task: 'same, with base + signal (as the gate calls it)',
    'p50 (µs)': f1(median(gateP50s)),
    'mean (µs)': '',
    samples: `${CALLBACK_RUNS} × 20000`,
  },
  { task: 'spawn allow.sh directly', 'p50 (µs)': f1(median(allDirect) * 1000), 'mean (µs)': '', samples: `${RUNS} × ${PAIRS}` },
  {
    task: 'dispatch PreToolUse command hook (allow.sh)',
    'p50 (µs)': f1(median(allDispatched) * 1000),
    'mean (µs)': '',
    samples: `${RUNS} × ${PAIRS}`,
  },
]);
console.log(`callback hook round trip p50: ${f1(median(cbP50s))} µs (runs: ${f1(Math.min(...cbP50s))}–${f1(Math.max(...cbP50s))} µs)`);
console.log(
  `command hook dispatch / direct spawn: median ${f2(median(ratios))}x over ${RUNS} interleaved runs ` +
    `(min ${f2(Math.min(...ratios))}, q1 ${f2(quantile(ratios, 0.25))}, q3 ${f2(quantile(ratios, 0.75))}, max ${f2(Math.max(...ratios))}); ` +
    `adjacent pairs: median ${f2(median(pairRatios))}x (q1 ${f2(quantile(pairRatios, 0.25))}, q3 ${f2(quantile(pairRatios, 0.75))})`,
);
