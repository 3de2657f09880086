// `node bench/diff-examples.mjs [cli]`: time `toolgate diff` (default: dist/cli/main.js, built by
// `npm run build`) between each pair of neighbouring settings files of examples/corpus/settings,
// as the calls are placed in /home/user/project. Prints, per pair, the calls decided, wall and
// CPU seconds, and the load average (the machine may be shared: CPU time is the steadier figure).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';

const cli = process.argv[2] ?? 'dist/cli/main.js';
const dir = 'examples/corpus/settings';
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.includes('invalid'))
  .sort();
for (let i = 0; i + 1 < files.length; i++) {
  const args = [
    cli,
    'diff',
    '--old',
    join(dir, files[i]),
    '--new',
    join(dir, files[i + 1]),
    '--cwd',
    '/home/user/project',
    '--home',
    '/home/user',
  ];
  const t0 = performance.now();
  // GNU time reports the child's CPU seconds on the last line of stderr (Node cannot see a child's).
  const timed = existsSync('/usr/bin/time');
  const r = timed
    ? spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, ...args], { encoding: 'utf8' })
    : spawnSync(process.execPath, args, { encoding: 'utf8' });
  const wall = (performance.now() - t0) / 1000;
  const cpu = timed
    ? r.stderr
        .trim()
        .split('\n')
        .at(-1)
        .split(' ')
        .map(Number)
        .reduce((a, b) => a + b, 0)
    : undefined;
  const first = r.stdout.split('\n')[0] ?? '';
  console.log(
    `${files[i]} → ${files[i + 1]}: exit ${r.status}, ${wall.toFixed(2)} s wall${cpu !== undefined ? `, ${cpu.toFixed(2)} s CPU` : ''}, load ${loadavg()[0].toFixed(1)}; ${first}`,
  );
}
