/**
 * `npx tsx bench/profile.ts a|b|c|settings [n] [--fs]`: run one bench call in a loop, for
 * `node --cpu-prof --import tsx bench/profile.ts …` (profiles land in the current directory).
 * `--fs`: decide with the Node file system's view in a real project made for the run (a git
 * repository with `package.json` and `src/index.ts`), as `toolgate hook` and `toolgate serve` do
 * and as `bench/run.ts`'s `… fs` rows measure.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { evaluate, prepare } from '../src/evaluate/index.js';
import type { EvaluationContext } from '../src/evaluate/index.js';
import { nodeFsView } from '../src/node/fs-view.js';
import { policyFromObjects } from '../src/settings/index.js';
import type { ToolCall } from '../src/core/types.js';

const here = import.meta.dirname;
const args = process.argv.slice(2).filter((a) => a !== '--fs');
const withFs = process.argv.includes('--fs');
const which = args[0] ?? 'a';
const n = Number(args[1] ?? 200_000);
await prepare();
const policy = policyFromObjects([
  { kind: 'projectSettings', settings: JSON.parse(readFileSync(join(here, 'policy-200.json'), 'utf8')) as unknown },
]);
let ctx: EvaluationContext = { mode: 'default', policy, cwd: '/home/user/project', home: '/home/user' };
let root: string | undefined;
if (withFs) {
  root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-profile-')));
  const home = join(root, 'home');
  const project = join(home, 'project');
  mkdirSync(join(project, 'src'), { recursive: true });
  writeFileSync(join(project, 'package.json'), `${JSON.stringify({ name: 'p', private: true, scripts: { test: 'vitest run' } })}\n`);
  writeFileSync(join(project, 'src/index.ts'), 'export const x = 1;\n');
  execFileSync('git', ['init', '-q', project]);
  ctx = { ...ctx, cwd: project, home, fs: nodeFsView() };
}
let i = 0;
const make: Record<string, () => ToolCall> = {
  a: () => ({ tool: 'Read', input: { file_path: `${ctx.cwd}/src/index${i++}.ts` } }),
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
  `${which}${withFs ? ' fs' : ''}: ${(((performance.now() - t0) * 1000) / n).toFixed(2)} µs wall, ${((cpu.user + cpu.system) / n).toFixed(2)} µs CPU, mean over ${n}`,
);
if (root) rmSync(root, { recursive: true, force: true });
