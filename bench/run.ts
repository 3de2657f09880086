/**
 * `npm run bench`: evaluate() on the 180-rule policy of bench/policy-200.json for the three
 * reference calls, and loading + compiling 4 settings files. Prints ops/s, p50 and p99 in µs,
 * and each call's decision so the work is visibly real.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { evaluate, prepare } from '../src/evaluate/index.js';
import type { EvaluationContext } from '../src/evaluate/index.js';
import { policyFromObjects } from '../src/settings/index.js';
import type { ToolCall } from '../src/core/types.js';

const here = import.meta.dirname;
const policyJson = JSON.parse(readFileSync(join(here, 'policy-200.json'), 'utf8')) as unknown;

async function main(): Promise<void> {
  await prepare();
  const policy = policyFromObjects([{ kind: 'projectSettings', settings: policyJson }]);
  const ctx: EvaluationContext = { mode: 'default', policy, cwd: '/home/user/project', home: '/home/user' };

  // Distinct command strings (a varying numeric argument) so no cache can flatter the figures.
  let i = 0;
  const calls: Record<string, () => ToolCall> = {
    'a: Read src/index.ts (expect allow)': () => ({ tool: 'Read', input: { file_path: `/home/user/project/src/index${i++ % 1000}.ts` } }),
    'b: Bash npm run test && git status | head -5 (expect allow)': () => ({ tool: 'Bash', input: { command: `npm run test && git status | head -${(i++ % 1000) + 1}` } }),
    'c: Bash git push origin main (expect ask)': () => ({ tool: 'Bash', input: { command: `git push origin main${i++ % 1000}` } }),
  };

  for (const [name, make] of Object.entries(calls)) {
    const d = evaluate(make(), ctx);
    console.log(`${name} -> ${d.behavior}${d.askKind ? ` (${d.askKind})` : ''}: ${d.reason.message}`);
  }

  const bench = new Bench({ time: 1500, warmup: true });
  for (const [name, make] of Object.entries(calls)) bench.add(name, () => void evaluate(make(), ctx));

  const settingsFiles = ['003-kludex-user-dontask.json', '011-dhiller-container-managed.json', '043-tapppi-user-ask.json', '052-andoroid-user-deny.json'];
  const texts = settingsFiles.map((f) => readFileSync(join(here, '../examples/corpus/settings', f), 'utf8'));
  bench.add('load + compile 4 settings files (user, project, local, managed layers)', () => {
    void policyFromObjects(texts.map((t, k) => ({ kind: (['userSettings', 'projectSettings', 'localSettings', 'managed'] as const)[k] ?? 'inline', settings: JSON.parse(t) as unknown })));
  });

  await bench.run();
  console.log('\nvariation: each call uses a distinct command string or path (a rotating numeric suffix)\n');
  console.log(`${'task'.padEnd(72)} ${'ops/s'.padStart(10)} ${'p50 µs'.padStart(9)} ${'p99 µs'.padStart(9)}`);
  for (const task of bench.tasks) {
    const r = task.result as { throughput?: { mean: number }; latency?: { p50?: number; p99?: number } } | undefined;
    const ops = r?.throughput?.mean ?? 0;
    const p50 = (r?.latency?.p50 ?? 0) * 1000;
    const p99 = (r?.latency?.p99 ?? 0) * 1000;
    console.log(`${task.name.padEnd(72)} ${ops.toFixed(0).padStart(10)} ${p50.toFixed(1).padStart(9)} ${p99.toFixed(1).padStart(9)}`);
  }
}

void main();
