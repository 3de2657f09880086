// Cold start of `toolgate hook` (one process per tool call, as Claude Code runs it) against
// `node -e 0`: median wall time of N runs each, and the mean CPU time (user + system) of the
// child processes, read from /proc/self/stat (cutime + cstime, in clock ticks) — less sensitive
// to other work on the machine than wall time. Run after `npm run build`.
//
// `CLI=<path to another build's dist/cli/main.js>` adds `base` rows from that build, run
// alternately with this one (before/after in the same run).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const N = Number(process.env.RUNS ?? 25);
const cli = resolve('dist/cli/main.js');
const base = process.env.CLI ? resolve(process.env.CLI) : undefined;
const dir = mkdtempSync(join(tmpdir(), 'toolgate-hook-bench-'));
mkdirSync(join(dir, '.claude'));
writeFileSync(
  join(dir, '.claude', 'settings.json'),
  JSON.stringify({ permissions: { allow: ['Bash(npm test *)', 'Bash(git status *)'], deny: ['Bash(rm *)', 'Read(./.env)'] } }),
);
const env = { ...process.env, TOOLGATE_CACHE_DIR: join(dir, 'cache'), HOME: dir };
const event = (tool, input) =>
  JSON.stringify({
    hook_event_name: 'PreToolUse',
    tool_name: tool,
    tool_input: input,
    cwd: dir,
    permission_mode: 'default',
    session_id: 's',
    transcript_path: '',
  });

const hasProc = existsSync('/proc/self/stat');
/** CPU time of this process's waited-for children so far, in ms (Linux; 0 elsewhere). */
function childCpuMs() {
  if (!hasProc) return 0;
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of proc(5) (cutime, cstime); the slice starts at field 3. Clock ticks of 10 ms.
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

/** One run each of the given commands, N rounds, alternating; median wall ms and mean CPU ms per command. */
function measure(cmds) {
  const wall = cmds.map(() => []);
  const cpu = cmds.map(() => 0);
  for (let i = 0; i < N; i++) {
    cmds.forEach(([cmd, args, input], k) => {
      const c = childCpuMs();
      const t = process.hrtime.bigint();
      const r = spawnSync(cmd, args, { input, env, encoding: 'utf8' });
      wall[k].push(Number(process.hrtime.bigint() - t) / 1e6);
      cpu[k] += childCpuMs() - c;
      if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
    });
  }
  return wall.map((w, k) => {
    w.sort((a, b) => a - b);
    return { wall: w[Math.floor(w.length / 2)], cpu: cpu[k] / N };
  });
}

const cases = [
  ['non-shell call (Read)', event('Read', { file_path: join(dir, 'src/a.ts') })],
  ['plain Bash command', event('Bash', { command: 'git status && npm test' })],
  ['compound command needing the full parser', event('Bash', { command: 'for f in $(ls); do echo "$f"; done' })],
];
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}; ${N} runs each${base ? `; base = ${base}` : ''}`,
);
const [node] = measure([[process.execPath, ['-e', '0'], '']]);
console.log(`node -e 0: ${node.wall.toFixed(1)} ms wall (median), ${node.cpu.toFixed(1)} ms CPU (mean)`);
for (const [name, input] of cases) {
  const builds = base ? [cli, base] : [cli];
  // Warm the caches: the first call writes the policy cache, the next the code caches (a call that
  // read the settings leaves the code cache to the next one, src/cli/hook-loader.ts).
  for (let i = 0; i < 2; i++) for (const b of builds) spawnSync(process.execPath, [b, 'hook'], { input, env });
  const cmds = [[process.execPath, ['-e', '0'], ''], ...builds.map((b) => [process.execPath, [b, 'hook'], input])];
  const [n, ...rows] = measure(cmds);
  rows.forEach((r, k) => {
    const label = k === 0 ? 'toolgate hook' : 'base hook    ';
    console.log(
      `${label}, ${name}: ${r.wall.toFixed(1)} ms wall = ${(r.wall / n.wall).toFixed(2)}x node -e 0 (${n.wall.toFixed(1)} ms); CPU ${r.cpu.toFixed(1)} ms = ${(r.cpu / n.cpu).toFixed(2)}x (${n.cpu.toFixed(1)} ms)`,
    );
  });
}
console.log(
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
