/**
 * An agent in bypassPermissions must not reach serve's process: its memory holds the token. Here
 * serve runs in the test's own process, so serve's process id is `process.pid`.
 */
import { readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionOf, eventually, preToolUse, reasonOf, sandbox, spawnServe, start, type Running, type Sandbox } from './helpers.js';

let sb: Sandbox;
let s: Running;
let project: string;
const PID = process.pid;
// A thread of serve's process: /proc/TID/ and ptrace reach the same memory.
const TID = readdirSync('/proc/self/task').find((t) => t !== String(PID));
// serve's process group (field 5 of /proc/self/stat): `kill -SIG -PGID` reaches serve too.
const stat = readFileSync('/proc/self/stat', 'utf8');
const PGID = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2];

beforeAll(async () => {
  sb = sandbox();
  project = sb.project('attacker', { permissions: { allow: ['Bash(cat *)'] } });
  symlinkSync(`/proc/${PID}`, join(project, 'serve-proc'));
  s = await start(sb, { projects: [project], holdTimeoutSeconds: 5 });
});
afterAll(async () => {
  await s.stop();
  sb.cleanup();
});

const bypass = async (tool: string, input: Record<string, unknown>) => {
  const r = await s.hook(preToolUse(project, tool, input, { permission_mode: 'bypassPermissions', session_id: 'proc-1' }));
  return { decision: decisionOf(r.body), reason: reasonOf(r.body) ?? '' };
};

describe("serve's process is denied to a gated agent in every mode", () => {
  it.each([
    `gcore ${PID}`,
    `gcore -o core ${PID} && strings core.${PID} | grep -a token`,
    `gdb -p ${PID} -batch -ex 'generate-core-file'`,
    `sudo gdb --batch -ex 'attach ${PID}'`,
    `strace -f -p ${PID} -e read`,
    `timeout 5 ltrace -p ${PID}`,
    `perf record -p ${PID}`,
    `pstack ${PID}`,
    `eu-stack -p ${PID}`,
    `node inspect -p ${PID}`,
    `kill -ABRT ${PID}`,
    `kill -s USR1 ${PID}`,
    `kill -SEGV -1`,
    `bash -c 'kill -QUIT ${PID}'`,
    `cat /proc/${PID}/environ`,
    `cat /proc/${PID}/mem`,
    `dd if=/proc/${PID}/mem bs=1 skip=4096 count=64`,
    `ls -l /proc/${PID}/fd`,
    `grep -ra token /proc/${PID}/`,
    `cat /proc//${PID}/./cmdline`,
    `cat serve-proc/environ`,
    `echo x > /proc/${PID}/oom_adj`,
    `gcore 0${PID}`,
    `kill -6 00${PID}`,
    `kill -TERM ${PID}`,
    `kill ${PID}`,
    `kill -9 -- ${PID}`,
    `kill -TERM -1`,
    `prlimit --pid ${PID} --core=unlimited`,
    `prlimit --core=unlimited:unlimited -p0${PID}`,
    `prlimit --pid=${PID}`,
    `ps eww ${PID}`,
    `ps e -p ${PID}`,
  ])('%s', async (command) => {
    const r = await bypass('Bash', { command });
    expect(r.decision).toBe('deny');
    expect(r.reason).toMatch(/toolgate serve|\/proc\//);
  });

  it.skipIf(TID === undefined)('through a thread of its process: /proc/TID/ and gdb -p TID', async () => {
    for (const command of [`cat /proc/${TID}/environ`, `gdb -p ${TID}`, `strace -p ${TID}`])
      expect((await bypass('Bash', { command })).decision, command).toBe('deny');
  });

  it.skipIf(PGID === undefined || PGID === '0')('through its process group: kill -SIG -PGID', async () => {
    for (const command of [`kill -ABRT -${PGID}`, `kill -s QUIT -- -${PGID}`, `kill -TERM -0${PGID}`]) {
      const r = await bypass('Bash', { command });
      expect(r.decision, command).toBe('deny');
      expect(r.reason, command).toMatch(/process group/);
    }
  });

  it('through the Read tool, a link included', async () => {
    expect((await bypass('Read', { file_path: `/proc/${PID}/environ` })).decision).toBe('deny');
    expect((await bypass('Read', { file_path: join(project, 'serve-proc', 'maps') })).decision).toBe('deny');
  });

  it('leaves other processes and the agent’s own /proc/self to the rules (allowed in bypassPermissions)', async () => {
    for (const command of [
      'cat /proc/self/status',
      'cat /proc/self/environ',
      'gcore 1',
      `ps -p ${PID} -o comm=`,
      `ps -ef`,
      `kill -0 ${PID}`,
      'kill 1',
      'kill -TERM -1234567',
      'prlimit --core=0 make',
      'strings core.1 | grep token',
    ]) {
      expect((await bypass('Bash', { command })).decision, command).toBe('allow');
    }
    expect((await bypass('Read', { file_path: '/proc/self/environ' })).decision).toBe('allow');
  });
});

describe('toolgate serve keeps the Node inspector closed', () => {
  it('SIGUSR1 (what `node inspect -p PID` sends) opens no inspector: serve says so and keeps serving', async () => {
    const box = sandbox();
    const dir = box.project('usr1');
    const { child, port } = await spawnServe(box, dir, []);
    let err = '';
    child.stderr?.on('data', (d: Buffer) => (err += d.toString()));
    try {
      process.kill(child.pid as number, 'SIGUSR1');
      await eventually(() => (err.includes('ignored SIGUSR1') ? true : undefined), 10_000);
      expect(err).not.toMatch(/Debugger listening/);
      expect((await fetch(`http://127.0.0.1:${port}/v1/health`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await new Promise((ok) => child.once('exit', ok));
      box.cleanup();
    }
  });
});
