// Cold start of `toolgate hook` (one process per tool call, as Claude Code runs it) against
// `node -e 0`: median wall time of N runs each. Run after `npm run build`.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const N = Number(process.env.RUNS ?? 25);
const cli = resolve('dist/cli/main.js');
const dir = mkdtempSync(join(tmpdir(), 'toolgate-hook-bench-'));
mkdirSync(join(dir, '.claude'));
writeFileSync(join(dir, '.claude', 'settings.json'), JSON.stringify({ permissions: { allow: ['Bash(npm test *)', 'Bash(git status *)'], deny: ['Bash(rm *)', 'Read(./.env)'] } }));
const env = { ...process.env, TOOLGATE_CACHE_DIR: join(dir, 'cache'), HOME: dir };
const event = (tool, input) => JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: tool, tool_input: input, cwd: dir, permission_mode: 'default', session_id: 's', transcript_path: '' });

function median(cmd, args, input) {
  const times = [];
  for (let i = 0; i < N; i++) {
    const t = process.hrtime.bigint();
    const r = spawnSync(cmd, args, { input, env, encoding: 'utf8' });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const base = median(process.execPath, ['-e', '0'], '');
console.log(`node -e 0: ${base.toFixed(1)} ms (median of ${N})`);
const cases = [
  ['non-shell call (Read)', event('Read', { file_path: join(dir, 'src/a.ts') })],
  ['plain Bash command', event('Bash', { command: 'git status && npm test' })],
  ['compound command needing the full parser', event('Bash', { command: 'for f in $(ls); do echo "$f"; done' })],
];
for (const [name, input] of cases) {
  median(process.execPath, [cli, 'hook'], input); // warm the policy cache
  const t = median(process.execPath, [cli, 'hook'], input);
  console.log(`toolgate hook, ${name}: ${t.toFixed(1)} ms = ${(t / base).toFixed(2)}x node -e 0`);
}
