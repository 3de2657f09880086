/**
 * Differential test against real bash: every program bash actually starts must be among the
 * commands toolgate reports (no hidden execution). Made safe: restricted bash (`-r`: no `/` in
 * command names, no `cd`, no output redirection), `env -i`, HOME and cwd in a fresh temp
 * directory, PATH holding only logging stubs. Commands naming an absolute path, /dev/tcp,
 * /dev/udp, or `kill` are skipped. Nothing outside the temp directory is touched.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../src/shell/index.js';
import { loadBattery } from './battery-helpers.js';

const BASH = ['/bin/bash', '/usr/bin/bash'].find((p) => existsSync(p));
const SH = ['/bin/sh', '/usr/bin/sh'].find((p) => existsSync(p));

const BASE_STUBS = [
  'rm',
  'ls',
  'cat',
  'git',
  'curl',
  'sh',
  'bash',
  'zsh',
  'dash',
  'env',
  'xargs',
  'timeout',
  'nice',
  'nohup',
  'stdbuf',
  'sudo',
  'find',
  'make',
  'npm',
  'grep',
  'head',
  'tail',
  'tee',
  'sort',
  'uniq',
  'wc',
  'diff',
  'sleep',
  'date',
  'whoami',
  'touch',
  'chmod',
  'dd',
  'mkdir',
  'cp',
  'mv',
  'sed',
  'awk',
  'watch',
  'setsid',
  'ionice',
  'flock',
  'su',
  'go',
  'node',
  'python3',
  'a',
  'b',
  'c',
  'd',
  'e',
  'f',
  'x',
  'y',
  'z',
  'tool',
  'script.sh',
  'coproc',
  'time',
  'noglob',
  'nocorrect',
  'doas',
  'make',
  'pwd',
  'echo',
  'printf',
  'test',
  'true',
  'false',
];

function unsafe(command: string): boolean {
  return /\/dev\/(tcp|udp)|kill|(^|[\s'"=<>|;&(`])\//.test(command);
}

describe.skipIf(!BASH || !SH)('differential against restricted bash', () => {
  let root = '';
  const names = new Set(BASE_STUBS);
  let observed = 0;

  beforeAll(async () => {
    await prepareShell();
    root = mkdtempSync(join(tmpdir(), 'toolgate-bash-'));
    for (const d of ['bin', 'home', 'work']) mkdirSync(join(root, d));
    const cases = [...loadBattery('shell-battery.jsonl'), ...loadBattery('own-battery.jsonl')];
    for (const c of cases)
      for (const argv of c.expect.commands) if (argv[0] && /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(argv[0])) names.add(argv[0]);
    const stub = (name: string, body: string) => {
      const path = join(root, 'bin', name);
      writeFileSync(path, `#!${SH}\n${body}\n`);
      chmodSync(path, 0o755);
    };
    for (const n of names) stub(n, `printf '%s\\n' '${n}' >> "$TG_LOG"`);
    stub('__tg_log', `printf '%s\\n' "$1" >> "$TG_LOG"`);
  });

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  const commands = [...loadBattery('shell-battery.jsonl'), ...loadBattery('own-battery.jsonl')]
    .map((c) => c.command)
    .filter((c) => !unsafe(c));

  /**
   * The programs bash started for each command toolgate claims to know (by its index in
   * `commands`), every bash run from one driver process: forking the vitest worker for each of
   * them was most of the file's time. Each command runs as before: `env -i` with HOME, the log and
   * the stubs' PATH, restricted bash in the work directory, killed after 1.5 s; its own log, so
   * background jobs of earlier commands cannot write into it. The logs are read 100 ms after the
   * last command ends, so a background job of any command has had at least that long.
   */
  const started = new Map<number, Set<string>>();
  beforeAll(() => {
    const judged = commands.flatMap((c, i) => (analyzeShell(c).unknown.length > 0 ? [] : [i]));
    const driver = `root=$1 bash=$2; shift 2
while [ $# -gt 0 ]; do
  log="$root/log-$1"; : >"$log"
  (cd "$root/work" && exec timeout -s KILL 1.5 env -i "HOME=$root/home" "TG_LOG=$log" "PATH=$root/bin" "$bash" --norc --noprofile -r -c "$2") </dev/null >/dev/null 2>&1
  shift 2
done
sleep 0.1`;
    const args = judged.flatMap((i) => [String(i), `command_not_found_handle() { __tg_log "$1"; return 127; }\n${commands[i]!}`]);
    const r = spawnSync(BASH!, ['-c', driver, 'bash-differential', root, BASH!, ...args], { stdio: 'ignore' });
    if (r.status !== 0) throw new Error(`the bash driver failed: ${String(r.status ?? r.signal)}`);
    for (const i of judged)
      started.set(
        i,
        new Set(
          readFileSync(join(root, `log-${i}`), 'utf8')
            .split('\n')
            .filter(Boolean),
        ),
      );
    // About 330 runs of bash, a few of which run until they are killed at 1.5 s.
  }, 120_000);

  it.each(commands.map((c, i) => [c, i] as const))('%j', (command, i) => {
    const analysis = analyzeShell(command);
    if (analysis.unknown.length > 0) return; // fail-closed: toolgate claims nothing
    const ran = started.get(i)!;
    if (ran.size > 0) observed++;
    const reported = new Set(analysis.commands.map((c) => c.argv[0]!.split('/').pop()!));
    for (const program of ran) expect(reported, `bash started ${program}`).toContain(program);
  });

  it('ran bash for most commands and saw programs start', () => {
    expect(commands.length).toBeGreaterThan(150);
    expect(observed).toBeGreaterThan(100);
    expect(execFileSync(BASH!, ['--version'], { encoding: 'utf8' })).toMatch(/bash/);
  });
});
