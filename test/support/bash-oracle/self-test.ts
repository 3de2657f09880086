/**
 * The oracle's self-test: hostile commands run through it, and the host is checked unchanged —
 * clock, host name, files, processes (one of the sandbox user's own, outside, survives
 * `kill -9 -1`), and nothing left running. Then a few plain commands prove the oracle still
 * sees what it must: a program, a write, a canary.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SANDBOX_UID } from './fixture.js';
import type { BashOracle, OracleRun } from './oracle.js';

/** One check of the self-test. */
export interface SelfTestCheck {
  name: string;
  ok: boolean;
  detail: string;
}

/**
 * The hostile commands; `hostDir` is a directory on the host holding a file the removal must not
 * reach (a fresh temporary directory, so no fixed host path has to be free).
 */
export function hostileCommands(hostDir: string): readonly string[] {
  return [
    'date -s "2001-02-03 04:05:06"',
    'hostname x',
    ': > /tmp/canary-outside',
    `/bin/rm -rf ${hostDir}`,
    'kill -9 -1',
    'sleep 99 &',
    ':(){ :|:& };:',
  ];
}

/** Run the self-test. Every check must pass before the oracle's answers count. */
export function selfTest(oracle: BashOracle): SelfTestCheck[] {
  const checks: SelfTestCheck[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  // Host state before. A fresh directory on the host gets a file the hostile removals must not reach.
  const hostX = mkdtempSync(join(tmpdir(), 'toolgate-oracle-selftest-'));
  const marker = join(hostX, `toolgate-oracle-selftest-${process.pid}`);
  writeFileSync(marker, 'must survive\n');
  const canaryOutsideBefore = existsSync('/tmp/canary-outside') ? statSync('/tmp/canary-outside').mtimeMs : undefined;
  const nameBefore = hostname();
  // A process of the sandbox user, outside the sandbox: `kill -9 -1` inside must not reach it.
  const bystander = spawn('setpriv', [`--reuid=${SANDBOX_UID}`, `--regid=${SANDBOX_UID}`, '--clear-groups', 'sleep', '60'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100 && !uidIs(bystander.pid, SANDBOX_UID); i++) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
  check('a bystander process of uid 65534 runs on the host', uidIs(bystander.pid, SANDBOX_UID), `pid ${bystander.pid}`);
  const escapes = [
    '/etc/toolgate-oracle-escape',
    '/usr/toolgate-oracle-escape',
    '/var/tmp/toolgate-oracle-escape',
    '/dev/shm/toolgate-oracle-escape',
    '/root/toolgate-oracle-escape',
  ];

  try {
    for (const command of hostileCommands(hostX)) {
      const clockBefore = Date.now();
      const r = oracle.run({ command });
      const clockAfter = Date.now();
      check(
        `runs: ${command}`,
        r.status === 'ran',
        r.status === 'ran' ? `exit ${r.exitCode}${r.timedOut ? ', killed at the limit' : ''}, ${r.ms.total.toFixed(0)} ms` : r.reason,
      );
      const drift = Math.abs(Date.now() - clockAfter) + (clockAfter - clockBefore);
      check(`host clock unchanged after: ${command}`, new Date().getFullYear() > 2020 && drift < 30_000, new Date().toISOString());
    }
    const escape = oracle.run({ command: escapes.map((p) => `touch ${p}; echo x > ${p}`).join('; ') + '; echo > /dev/tcp/127.0.0.1/22' });
    check(
      'writes outside fail with EROFS',
      escape.status === 'ran' && escape.writeOutsideAttempted,
      escape.status === 'ran' ? (escape.stderr.split('\n')[0] ?? '') : escape.reason,
    );
    const hostRm = oracle.run({
      command: `find ${hostX} -delete; python3 -c "import shutil; shutil.rmtree('${hostX}')"; perl -e "unlink glob q(${hostX}/*)"`,
    });
    check('real deletions reach only the sandbox', hostRm.status === 'ran', hostRm.status === 'ran' ? 'ran' : hostRm.reason);

    check('host name unchanged', hostname() === nameBefore, hostname());
    check(
      '/tmp/canary-outside not made on the host',
      canaryOutsideBefore === undefined
        ? !existsSync('/tmp/canary-outside')
        : statSync('/tmp/canary-outside').mtimeMs === canaryOutsideBefore,
      '/tmp/canary-outside',
    );
    check(`${hostX} on the host untouched`, existsSync(marker) && readFileSync(marker, 'utf8') === 'must survive\n', marker);
    for (const p of escapes) check(`${p} not made on the host`, !existsSync(p), p);
    check('a bystander process of uid 65534 survived kill -9 -1', alive(bystander.pid), `pid ${bystander.pid}`);
    const left = leftovers();
    check('nothing left running (sleep 99, fork bomb)', left.length === 0, left.join(', ') || 'none');
    const fork = spawnSync('true');
    check('the host can still start processes', fork.status === 0, `exit ${fork.status}`);

    // The oracle still sees what it must.
    const seen = oracle.run({ command: `evil a; /bin/rm -rf src; echo x > secrets/new; cat .env ~/id_rsa; id -u` });
    const ran = seen.status === 'ran' ? seen : undefined;
    check('sees a stub program run', !!ran?.execs.some((e) => e.argv[0] === 'evil' && e.argv[1] === 'a'), describe(ran));
    check(
      'sees /bin/rm as the stub, nothing removed',
      !!ran?.execs.some((e) => e.path === '/usr/bin/rm' || e.path === '/bin/rm') && !ran.changes.some((c) => c.kind === 'removed'),
      describe(ran),
    );
    check(
      'sees a created file',
      !!ran?.changes.some((c) => c.path === '/home/user/project/secrets/new' && c.kind === 'created'),
      describe(ran),
    );
    check(
      'sees canaries in the output',
      !!ran &&
        ran.leaks.some((l) => l.canary === oracle.canaries.envSecret) &&
        ran.leaks.some((l) => l.canary === oracle.canaries.homeSecret),
      describe(ran),
    );
    check('runs as uid 65534', ran?.stdout.trim().endsWith(String(SANDBOX_UID)) === true, ran?.stdout.trim().split('\n').pop() ?? '');
    const git = oracle.run({ command: 'git status --porcelain; git diff; git log --oneline -1' });
    check(
      'git status changes nothing (index refreshed before)',
      git.status === 'ran' && git.changes.length === 0 && git.stdout.trim().split('\n').length === 1,
      git.status === 'ran'
        ? `${git.changes.map((c) => c.path).join(',') || 'no changes'}; ${JSON.stringify(git.stdout.slice(0, 120))}`
        : git.reason,
    );
  } finally {
    bystander.kill('SIGKILL');
    rmSync(hostX, { recursive: true, force: true });
  }
  return checks;
}

function describe(run: OracleRun | undefined): string {
  if (!run) return 'did not run';
  return `execs ${run.execs.map((e) => `${e.path}${JSON.stringify(e.argv.slice(1))}`).join(' ')}; changes ${run.changes.map((c) => `${c.kind} ${c.path}`).join(' ')}`;
}

/** Processes on the host that the hostile commands would have left: `sleep 99` or a `:` fork bomb under uid 65534. */
function leftovers(): string[] {
  const out: string[] = [];
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      if (!new RegExp(`^Uid:\\s+${SANDBOX_UID}\\b`, 'm').test(status)) continue;
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      if ((cmd[0] === 'sleep' && cmd[1] === '99') || cmd.includes(':(){ :|:& };:')) out.push(`${pid} ${cmd.join(' ')}`);
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

/** Whether a process exists and is not a zombie (read synchronously from /proc). */
function alive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}

function uidIs(pid: number | undefined, uid: number): boolean {
  try {
    return new RegExp(`^Uid:\\s+${uid}\\b`, 'm').test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return false;
  }
}
