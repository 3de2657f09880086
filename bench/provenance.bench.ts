/**
 * What `onDecision` costs `evaluate`: the three reference calls of `bench/run.ts` decided with no
 * options, with an options object that has no listener, and with a listener that keeps nothing
 * (building the event: redacted input, input digest, redacted trace; the policy digest is cached
 * per policy), and with `otelListener` writing to the OpenTelemetry API's own no-op logger,
 * meter and tracer (no SDK: what building the attributes costs). Rounds alternate the order of the variants; figures over all rounds' samples.
 * With no listener no clock is read and nothing is built, so the first two rows should match;
 * `BENCH_BASELINE=<checkout> npm run bench` compares against a toolgate without `onDecision`.
 * Run: npx tsx bench/provenance.bench.ts
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { metrics, trace } from '@opentelemetry/api';
import { logs } from '@opentelemetry/api-logs';
import { Bench } from 'tinybench';
import type { ToolCall } from '../src/core/types.js';
import { evaluate, prepare, type EvaluationContext } from '../src/evaluate/index.js';
import { otelListener } from '../src/otel/index.js';
import type { DecisionEvent } from '../src/provenance/index.js';
import { policyFromObjects } from '../src/settings/index.js';

const here = import.meta.dirname;
const policyJson = JSON.parse(readFileSync(join(here, 'policy-200.json'), 'utf8')) as unknown;
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
const ROUND_MS = Number(process.env['BENCH_ROUND_MS'] ?? 400);

async function main(): Promise<void> {
  await prepare();
  const policy = policyFromObjects([{ kind: 'projectSettings', settings: policyJson }]);
  const cwd = '/home/user/project';
  const ctx: EvaluationContext = { mode: 'default', policy, cwd, home: '/home/user' };
  let i = 0;
  const calls: Record<string, () => ToolCall> = {
    a: () => ({ tool: 'Read', input: { file_path: `${cwd}/src/index${i++}.ts` } }),
    b: () => ({ tool: 'Bash', input: { command: `npm run test && git status | head -${i++ + 1}` } }),
    c: () => ({ tool: 'Bash', input: { command: `git push origin main${i++}` } }),
  };
  let kept: DecisionEvent | undefined;
  const otel = otelListener({ logger: logs.getLogger('bench'), meter: metrics.getMeter('bench'), tracer: trace.getTracer('bench') });
  const variants: Record<string, (call: ToolCall) => unknown> = {
    'no options': (call) => evaluate(call, ctx),
    'options, no listener': (call) => evaluate(call, ctx, {}),
    'a listener': (call) => evaluate(call, ctx, { onDecision: (e) => (kept = e) }),
    'otelListener, API no-ops': (call) => evaluate(call, ctx, { onDecision: otel }),
  };
  const samples = new Map<string, number[]>();
  for (let round = 0; round < ROUNDS; round++) {
    const bench = new Bench({ time: ROUND_MS, warmup: true, retainSamples: true });
    const names = Object.keys(variants);
    if (round % 2 === 1) names.reverse();
    for (const [key, make] of Object.entries(calls)) for (const v of names) bench.add(`${key}: ${v}`, () => void variants[v]!(make()));
    await bench.run();
    for (const t of bench.tasks) {
      const into = samples.get(t.name) ?? [];
      // A loop, not push(...samples): a fast task has more samples than a call's arguments may hold.
      for (const x of (t.result as { latency?: { samples?: number[] } } | undefined)?.latency?.samples ?? []) into.push(x);
      samples.set(t.name, into);
    }
  }
  const pct = (xs: number[], p: number) => {
    const s = [...xs].sort((x, y) => x - y);
    return (s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN) * 1000;
  };
  console.log(`${'task'.padEnd(32)} ${'p50 µs'.padStart(8)} ${'p99 µs'.padStart(9)} ${'samples'.padStart(8)}`);
  for (const [name, xs] of samples)
    console.log(
      `${name.padEnd(32)} ${pct(xs, 50).toFixed(2).padStart(8)} ${pct(xs, 99).toFixed(1).padStart(9)} ${String(xs.length).padStart(8)}`,
    );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; last event kept: ${kept?.behavior ?? 'none'}`,
  );
}

void main();
