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
  let run = 0;
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

  it.each(commands.map((c) => [c]))('%j', (command) => {
    const analysis = analyzeShell(command);
    if (analysis.unknown.length > 0) return; // fail-closed: toolgate claims nothing
    // One log per command: background jobs of earlier commands cannot write into it.
    const log = join(root, `log-${++run}`);
    writeFileSync(log, '');
    const script = `command_not_found_handle() { __tg_log "$1"; return 127; }\n${command}`;
    spawnSync(
      'env',
      [
        '-i',
        `HOME=${join(root, 'home')}`,
        `TG_LOG=${log}`,
        `PATH=${join(root, 'bin')}`,
        BASH!,
        '--norc',
        '--noprofile',
        '-r',
        '-c',
        script,
      ],
      {
        cwd: join(root, 'work'),
        stdio: ['ignore', 'ignore', 'ignore'],
        timeout: 1500,
        killSignal: 'SIGKILL',
      },
    );
    if (command.includes('&')) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    const started = new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean));
    if (started.size > 0) observed++;
    const reported = new Set(analysis.commands.map((c) => c.argv[0]!.split('/').pop()!));
    for (const program of started) expect(reported, `bash started ${program}`).toContain(program);
  });

  it('ran bash for most commands and saw programs start', () => {
    expect(commands.length).toBeGreaterThan(150);
    expect(observed).toBeGreaterThan(100);
    expect(execFileSync(BASH!, ['--version'], { encoding: 'utf8' })).toMatch(/bash/);
  });
});
