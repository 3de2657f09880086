/**
 * Hook dispatch overhead: a command hook dispatched by toolgate vs spawning the same script
 * directly (ratio), and the round trip of an in-process callback hook (p50, microseconds).
 * Run: npx tsx bench/hooks.bench.ts
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { compileHooks, createHookDispatcher, hookGroupsFromCallbacks } from '../src/hooks/index.js';

const script = fileURLToPath(new URL('../test/fixtures/hooks/allow.sh', import.meta.url));
const cwd = fileURLToPath(new URL('..', import.meta.url));
const input = { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' };

function spawnDirect(): Promise<void> {
  return new Promise((resolve) => {
    const child = spawn('sh', ['-c', script], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdout.on('data', () => {});
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
const callback = createHookDispatcher({
  registry: compileHooks(hookGroupsFromCallbacks({ PreToolUse: [{ hooks: [async () => ({})] }] })).registry,
  projectDir: cwd,
  cwd,
  sessionId: 'bench',
});

const spawnBench = new Bench({ iterations: 200, time: 0 });
spawnBench
  .add('spawn allow.sh directly', spawnDirect)
  .add('dispatch PreToolUse command hook (allow.sh)', async () => {
    await command.run('PreToolUse', input);
  });
await spawnBench.run();

const cbBench = new Bench({ iterations: 20_000, time: 0 });
cbBench.add('dispatch PreToolUse callback hook', async () => {
  await callback.run('PreToolUse', input);
});
await cbBench.run();

console.table([...spawnBench.table(), ...cbBench.table()]);
const [direct, dispatched] = spawnBench.tasks.map((t) => (t.result as { latency?: { p50?: number } }).latency?.p50 ?? NaN);
const cbP50 = (cbBench.tasks[0]?.result as { latency?: { p50?: number } }).latency?.p50 ?? NaN;
console.log(`command hook dispatch / direct spawn (p50): ${(dispatched! / direct!).toFixed(2)}x`);
console.log(`callback hook round trip p50: ${(cbP50 * 1000).toFixed(1)} µs`);
