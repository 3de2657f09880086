/**
 * Shell analysis benchmarks (run: `npx tsx bench/shell.bench.ts`):
 * - cold start of `prepareShell()` (WASM runtime + grammar), in a fresh child process, ms;
 * - `analyzeShell` per call on the lexer path vs the tree-sitter path, µs;
 * - a 3-part command through the fast path.
 * Numbers are printed, not asserted.
 */
import { execFileSync } from 'node:child_process';
import { Bench } from 'tinybench';
import { analyzeShell, prepareShell } from '../src/shell/index.js';
import { analyzeShellWith } from '../src/shell/analyze.js';

function coldStart(): number[] {
  const script = `
    const t0 = performance.now();
    const { prepareShell, analyzeShell } = await import(${JSON.stringify(new URL('../src/shell/index.ts', import.meta.url).href)});
    const t1 = performance.now();
    await prepareShell();
    const t2 = performance.now();
    analyzeShell('echo $(rm x)');
    const t3 = performance.now();
    console.log(JSON.stringify([t1 - t0, t2 - t1, t3 - t2]));
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop()!) as number[];
}

async function main(): Promise<void> {
  const runs = [coldStart(), coldStart(), coldStart()];
  const median = (i: number) => runs.map((r) => r[i]!).sort((a, b) => a - b)[1]!;
  console.log(
    `cold start (median of 3 fresh processes): import ${median(0).toFixed(1)} ms, prepareShell ${median(1).toFixed(1)} ms, first parse ${median(2).toFixed(2)} ms`,
  );

  await prepareShell();
  const lexerCommand = 'git status && npm test 2>&1 | tee build.log';
  const parserCommand = 'for f in *.ts; do grep -n "$(date)" "$f"; done';
  const bench = new Bench({ time: 1000 });
  bench
    .add('lexer path: git status && npm test 2>&1 | tee build.log', () => {
      analyzeShell(lexerCommand);
    })
    .add('same command, tree-sitter forced', () => {
      analyzeShellWith('parser', lexerCommand);
    })
    .add('tree-sitter path: for loop with $(…)', () => {
      analyzeShell(parserCommand);
    })
    .add('3-part command (lexer): git log --oneline -5; ls -la src | wc -l', () => {
      analyzeShell('git log --oneline -5; ls -la src | wc -l');
    });
  await bench.run();
  for (const task of bench.tasks) {
    const r = task.result;
    if (!r || !('latency' in r)) continue;
    const lat = r.latency as { p50?: number; p99?: number; mean: number };
    console.log(`${task.name}: p50 ${((lat.p50 ?? lat.mean) * 1000).toFixed(1)} µs, p99 ${((lat.p99 ?? 0) * 1000).toFixed(1)} µs`);
  }
}

await main();
