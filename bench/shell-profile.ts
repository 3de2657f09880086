/**
 * `npx tsx bench/shell-profile.ts b|c [n]`: the shell layer alone for one bench call (analysis,
 * path effects, critical removals, read-only checks), in a loop, reporting CPU µs per call.
 * Pair with `node --cpu-prof --import tsx bench/shell-profile.ts …` to see where it goes.
 */
import { analyzeShell, criticalRemovals, isReadOnly, prepareShell, shellPathEffects } from '../src/shell/index.js';
import { wordsOfUnknownPrograms } from '../src/shell/unknown-programs.js';

const which = process.argv[2] ?? 'b';
const n = Number(process.argv[3] ?? 100_000);
await prepareShell();
let i = 0;
const make: Record<string, () => string> = {
  b: () => `npm run test && git status | head -${i++ + 1}`,
  c: () => `git push origin main${i++}`,
};
const ctx = { cwd: '/home/user/project', home: '/home/user', platform: 'linux' as const };
const wctx = { ...ctx, workingDirectories: ['/home/user/project'] };
let sink = 0;
const run = (count: number): void => {
  const f = make[which]!;
  for (let k = 0; k < count; k++) {
    const a = analyzeShell(f());
    sink += shellPathEffects(a, ctx).effects.length;
    sink += criticalRemovals(a, wctx).length;
    for (const cmd of a.commands) sink += isReadOnly(cmd, { set: 'claudeCode' }).readOnly ? 1 : 0;
    sink += wordsOfUnknownPrograms(a).size;
  }
};
run(Math.ceil(n / 5));
const c0 = process.cpuUsage();
run(n);
const cpu = process.cpuUsage(c0);
console.log(`${which} (shell layer): ${((cpu.user + cpu.system) / n).toFixed(2)} µs CPU, mean over ${n} (sink ${sink})`);
