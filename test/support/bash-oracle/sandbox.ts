/**
 * Starting one sandboxed bash: `unshare` (mount, net, uts, ipc, pid namespaces) runs
 * `sandbox.pl` as the namespace's pid 1, which mounts the run's directories, makes everything
 * else read-only and runs the command as uid 65534 under strace. See `sandbox.pl` for the
 * recipe and docs/bash-oracle.md for why.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The sandbox script (pid 1 of each run). */
export const SANDBOX_SCRIPT = fileURLToPath(new URL('./sandbox.pl', import.meta.url));

/** Programs the sandbox needs on the host. */
export const SANDBOX_TOOLS = ['unshare', 'setpriv', 'strace', 'perl', 'bash', 'sh', 'git'] as const;

/** The shells a command can be run in (the user's shell: Claude Code runs the Bash tool in it). */
export type ShellName = 'bash' | 'sh' | 'zsh';

/** Every shell the oracle runs commands in. */
export const SHELLS: readonly ShellName[] = ['bash', 'sh', 'zsh'];

/** The executable of each shell, as the wrapper execs it (and strace logs it). */
export const SHELL_PATHS: Readonly<Record<ShellName, string>> = { bash: '/bin/bash', sh: '/bin/sh', zsh: '/usr/bin/zsh' };

/** Whether a sandbox can be made here; when not, why (bash is then never run). */
export type SandboxProbe = { ok: true } | { ok: false; reason: string };

/** What one sandboxed run left behind. */
export interface RawRun {
  /** The command's exit status (128 + signal when killed); `undefined` when it did not finish. */
  exitCode: number | undefined;
  /** Killed at the time limit. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** strace output (empty when not traced). */
  trace: string;
  /** Wall time of the whole run, sandbox included (ms). */
  ms: number;
}

/** Options of one sandboxed run. */
export interface SandboxRunOptions {
  runDir: string;
  metaDir: string;
  stubsDir: string;
  command: string;
  cwd: string;
  trace: boolean;
  /** The shell that runs the command. Default bash. */
  shell?: ShellName;
  /** The user's environment, on top of the fixed one. */
  env?: Readonly<Record<string, string>>;
  /** Kill everything the command started after this long (ms). */
  timeLimitMs: number;
  /** At most this many processes of the sandbox user (RLIMIT_NPROC). */
  maxProcesses: number;
  /** Largest file the command may write (bytes, RLIMIT_FSIZE). */
  maxFileBytes: number;
}

const UNSHARE = ['--mount', '--net', '--uts', '--ipc', '--pid', '--fork', '--kill-child=SIGKILL', '--mount-proc'];

/** Run one command in a fresh sandbox; throws when the sandbox itself failed (nothing ran then). */
export function runSandboxed(o: SandboxRunOptions): RawRun {
  const limitS = (o.timeLimitMs / 1000).toFixed(3);
  const args = [
    ...UNSHARE,
    'perl',
    SANDBOX_SCRIPT,
    o.runDir,
    o.metaDir,
    o.stubsDir,
    o.trace ? '1' : '0',
    limitS,
    String(o.maxProcesses),
    String(o.maxFileBytes),
    o.cwd,
    SHELL_PATHS[o.shell ?? 'bash'],
    o.command,
    ...Object.entries(o.env ?? {}).map(([k, v]) => `${k}=${v}`),
  ];
  const started = performance.now();
  const r = spawnSync('unshare', args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // The sandbox kills the command at the limit itself; this is the backstop for a sandbox that
    // hangs. It is wide: on a loaded machine (load average 30 on 2 cores) making the namespaces
    // and mounts alone took over 5 s, and a long run died on a backstop of limit + 5 s.
    timeout: o.timeLimitMs + 60_000,
    killSignal: 'SIGKILL',
    encoding: 'utf8',
  });
  const ms = performance.now() - started;
  if (r.error || r.status !== 0) {
    const why = r.error ? r.error.message : `exit ${r.status ?? r.signal}: ${(r.stderr || r.stdout).trim()}`;
    throw new Error(`bash oracle: the sandbox could not be made (${why})`);
  }
  const read = (name: string) => {
    const path = join(o.metaDir, name);
    return existsSync(path) ? readFileSync(path, 'utf8') : '';
  };
  const rc = read('rc').trim();
  return {
    exitCode: rc === '' ? undefined : Number(rc),
    timedOut: read('timeout').trim() === 'timeout',
    stdout: read('stdout'),
    stderr: read('stderr'),
    trace: read('trace'),
    ms,
  };
}

/** Can a sandbox be made here? Root, the tools, and namespaces that really open. */
export function probeSandbox(): SandboxProbe {
  if (process.platform !== 'linux') return { ok: false, reason: `not Linux (${process.platform})` };
  if (typeof process.getuid === 'function' && process.getuid() !== 0)
    return { ok: false, reason: 'not root (namespaces and uid changes need root)' };
  for (const tool of SANDBOX_TOOLS) {
    const r = spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' });
    if (r.status !== 0) return { ok: false, reason: `${tool} is not installed` };
  }
  const r = spawnSync('unshare', [...UNSHARE, 'true'], { encoding: 'utf8', timeout: 10_000 });
  if (r.status !== 0) return { ok: false, reason: `namespaces cannot be made: ${(r.stderr || r.error?.message || '').trim()}` };
  return { ok: true };
}
