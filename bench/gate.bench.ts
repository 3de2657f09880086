/**
 * gate.check with no hooks against evaluate on the same policy (p50; target: at most 2x).
 * Run: npx tsx bench/gate.bench.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import type { ToolCall } from '../src/core/types.js';
import { evaluate, prepare, type EvaluationContext } from '../src/evaluate/index.js';
import { createGate } from '../src/gate/index.js';
import { policyFromObjects } from '../src/settings/index.js';

const here = import.meta.dirname;
const policyJson = JSON.parse(readFileSync(join(here, 'policy-200.json'), 'utf8')) as unknown;

async function main(): Promise<void> {
  await prepare();
  const policy = policyFromObjects([{ kind: 'projectSettings', settings: policyJson }]);
  const cwd = '/home/user/project';
  const home = '/home/user';
  const ctx: EvaluationContext = { mode: 'default', policy, cwd, home };
  // Asks would park; the gate is measured on what it decides without a person.
  const gate = createGate({ policy, cwd, home, mode: 'default', canUseTool: async () => ({ behavior: 'deny', message: 'bench' }) });

  let i = 0;
  const calls: Record<string, () => ToolCall> = {
    'Read src/index.ts (allow)': () => ({ tool: 'Read', input: { file_path: `${cwd}/src/index${i++ % 1000}.ts` } }),
    'Bash npm run test && git status | head (allow)': () => ({
      tool: 'Bash',
      input: { command: `npm run test && git status | head -${(i++ % 1000) + 1}` },
    }),
    'Bash git push origin main (ask → canUseTool)': () => ({ tool: 'Bash', input: { command: `git push origin main${i++ % 1000}` } }),
  };

  const bench = new Bench({ time: 1500, warmup: true });
  for (const [name, make] of Object.entries(calls)) {
    bench.add(`evaluate   ${name}`, () => void evaluate(make(), ctx));
    bench.add(`gate.check ${name}`, async () => void (await gate.check(make())));
  }
  await bench.run();

  const p50 = (name: string) =>
    ((bench.tasks.find((t) => t.name === name)?.result as { latency?: { p50?: number } } | undefined)?.latency?.p50 ?? NaN) * 1000;
  console.log(`${'call'.padEnd(52)} ${'evaluate p50 µs'.padStart(16)} ${'gate p50 µs'.padStart(12)} ${'ratio'.padStart(7)}`);
  for (const name of Object.keys(calls)) {
    const e = p50(`evaluate   ${name}`);
    const g = p50(`gate.check ${name}`);
    console.log(`${name.padEnd(52)} ${e.toFixed(1).padStart(16)} ${g.toFixed(1).padStart(12)} ${(g / e).toFixed(2).padStart(6)}x`);
  }
}

void main();
