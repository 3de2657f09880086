/**
 * `npx tsx bench/profile.ts a|b|c|settings [n]`: run one bench call in a loop, for
 * `node --cpu-prof --import tsx bench/profile.ts …` (profiles land in the current directory).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate, prepare } from '../src/evaluate/index.js';
import type { EvaluationContext } from '../src/evaluate/index.js';
import { policyFromObjects } from '../src/settings/index.js';
import type { ToolCall } from '../src/core/types.js';

const here = import.meta.dirname;
const which = process.argv[2] ?? 'a';
const n = Number(process.argv[3] ?? 200_000);
await prepare();
const policy = policyFromObjects([
  { kind: 'projectSettings', settings: JSON.parse(readFileSync(join(here, 'policy-200.json'), 'utf8')) as unknown },
]);
const ctx: EvaluationContext = { mode: 'default', policy, cwd: '/home/user/project', home: '/home/user' };
let i = 0;
const make: Record<string, () => ToolCall> = {
  a: () => ({ tool: 'Read', input: { file_path: `/home/user/project/src/index${i++}.ts` } }),
  b: () => ({ tool: 'Bash', input: { command: `npm run test && git status | head -${i++ + 1}` } }),
  c: () => ({ tool: 'Bash', input: { command: `git push origin main${i++}` } }),
};
const files = [
  '003-kludex-user-dontask.json',
  '011-dhiller-container-managed.json',
  '043-tapppi-user-ask.json',
  '052-andoroid-user-deny.json',
];
const texts = files.map((f) => readFileSync(join(here, '../examples/corpus/settings', f), 'utf8'));
const kinds = ['userSettings', 'projectSettings', 'localSettings', 'managed'] as const;
const run = (count: number) => {
  if (which === 'settings') {
    for (let k = 0; k < count; k++)
      policyFromObjects(texts.map((t, j) => ({ kind: kinds[j] ?? 'inline', settings: JSON.parse(t) as unknown })));
  } else {
    const f = make[which]!;
    for (let k = 0; k < count; k++) evaluate(f(), ctx);
  }
};
run(Math.ceil(n / 5)); // warm-up: let the JIT settle
const t0 = performance.now();
const c0 = process.cpuUsage();
run(n);
const cpu = process.cpuUsage(c0);
console.log(
  `${which}: ${(((performance.now() - t0) * 1000) / n).toFixed(2)} µs wall, ${((cpu.user + cpu.system) / n).toFixed(2)} µs CPU, mean over ${n}`,
);
