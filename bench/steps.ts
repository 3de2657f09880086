/**
 * `npx tsx bench/steps.ts`: where evaluate() spends its time, step by step, for the three
 * reference calls of bench/run.ts on the 180-rule policy. Each step of the Claude Code dialect is
 * wrapped with a timer; "facts and setup" is the rest (working out the call's facts — for Bash,
 * the shell analysis and path effects — and the context). Means in µs over many calls.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { claudeCode, evaluate, prepare } from '../src/evaluate/index.js';
import type { EvaluationContext, PipelineStep } from '../src/evaluate/index.js';
import { policyFromObjects } from '../src/settings/index.js';
import type { ToolCall } from '../src/core/types.js';

const here = import.meta.dirname;
const policyJson = JSON.parse(readFileSync(join(here, 'policy-200.json'), 'utf8')) as unknown;
const N = 30_000;

async function main(): Promise<void> {
  await prepare();
  const spent = new Map<string, number>();
  const steps: PipelineStep[] = claudeCode.steps.map((s) => ({
    name: s.name,
    run(state) {
      const t0 = performance.now();
      const result = s.run(state);
      spent.set(s.name, (spent.get(s.name) ?? 0) + performance.now() - t0);
      return result;
    },
  }));
  const policy = policyFromObjects([{ kind: 'projectSettings', settings: policyJson }]);
  const ctx: EvaluationContext = {
    mode: 'default',
    policy,
    cwd: '/home/user/project',
    home: '/home/user',
    dialect: { ...claudeCode, steps },
  };
  let i = 0;
  const calls: Record<string, () => ToolCall> = {
    'a: Read src/index.ts': () => ({ tool: 'Read', input: { file_path: `/home/user/project/src/index${i++ % 1000}.ts` } }),
    'b: Bash npm run test && git status | head -5': () => ({
      tool: 'Bash',
      input: { command: `npm run test && git status | head -${(i++ % 1000) + 1}` },
    }),
    'c: Bash git push origin main': () => ({ tool: 'Bash', input: { command: `git push origin main${i++ % 1000}` } }),
  };
  for (const [name, make] of Object.entries(calls)) {
    for (let k = 0; k < N; k++) evaluate(make(), ctx);
    spent.clear();
    const t0 = performance.now();
    for (let k = 0; k < N; k++) evaluate(make(), ctx);
    const total = ((performance.now() - t0) * 1000) / N;
    let inSteps = 0;
    console.log(`\n${name}: ${total.toFixed(1)} µs per call`);
    for (const [step, ms] of spent) {
      const us = (ms * 1000) / N;
      inSteps += us;
      console.log(`  ${step.padEnd(28)} ${us.toFixed(2).padStart(7)}`);
    }
    console.log(`  ${'facts and setup'.padEnd(28)} ${(total - inSteps).toFixed(2).padStart(7)}`);
  }
}

void main();
