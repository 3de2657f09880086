/**
 * The bash oracle: run a command in real bash, in a sandbox, and report what bash did — the
 * programs it ran, the files it created, changed or removed, the canaries it printed.
 */
import { accessSync, constants, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTemplate, copyTree, makeCanaries, PROJECT, type Canaries, type Canary } from './fixture.js';
import { probeSandbox, runSandboxed } from './sandbox.js';
import { diffSnapshots, snapshot, type FileChange, type Snapshot } from './snapshot.js';
import { writeStubs } from './stubs.js';
import { commandExecs, parseTrace, type Exec } from './trace.js';

/** How an oracle runs commands. */
export interface OracleOptions {
  /** Kill everything a command started after this long (ms). Default 2000. */
  timeLimitMs?: number;
  /** Most processes of the sandbox user at once (RLIMIT_NPROC). Default 64. */
  maxProcesses?: number;
  /** Largest file a command may write (bytes). Default 16 MiB. */
  maxFileBytes?: number;
  /** Where the oracle keeps its template and runs. Default: a new directory under /dev/shm (memory; file operations on disk cost more than bash here), else the OS temp dir. */
  baseDir?: string;
  /** Keep each run's directory after the run (for debugging). Default false. */
  keepRuns?: boolean;
}

/** One command to run. */
export interface RunInput {
  /** The exact bytes given to `bash -c`. */
  command: string;
  /** Working directory inside the sandbox. Default `/home/user/project`. */
  cwd?: string;
  /** Shell code run first (in `cwd`, same user, not traced); what it makes counts as "before". */
  setup?: string;
}

/** A canary seen in the output. */
export interface Leak {
  canary: Canary;
  stream: 'stdout' | 'stderr';
}

/** What bash did with one command. */
export interface OracleRun {
  status: 'ran';
  command: string;
  cwd: string;
  /** Exit status of bash (128 + signal when killed); `undefined` when it never finished. */
  exitCode: number | undefined;
  /** Killed at the time limit. */
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** Every program the command ran (bash's children and theirs), in order. */
  execs: Exec[];
  /** Files, directories and links created, modified or removed under the writable areas. */
  changes: FileChange[];
  /** Canaries that appeared in stdout or stderr. */
  leaks: Leak[];
  /** stderr says a write hit the read-only rest of the system (EROFS). */
  writeOutsideAttempted: boolean;
  /** The setup's own failure, when it failed (the command still ran). */
  setupError?: string;
  /** Wall time (ms): the whole run, and the sandboxed part alone. */
  ms: { total: number; sandbox: number };
}

/** Bash was not run, and why. */
export interface SkippedRun {
  status: 'skipped';
  command: string;
  reason: string;
}

/** The result of {@link BashOracle.run}. */
export type RunResult = OracleRun | SkippedRun;

/** An open oracle: a template built, ready to run commands one after another. */
export interface BashOracle {
  /** The canaries (random per oracle). */
  readonly canaries: Canaries;
  /** Run one command in a fresh copy of the template. Never throws for what the command does. */
  run(input: RunInput): RunResult;
  /** Remove the template and every run directory. */
  close(): void;
}

/** Open an oracle, or say why none can be made here (then bash must never be run). */
export function openOracle(options: OracleOptions = {}): { ok: true; oracle: BashOracle } | { ok: false; reason: string } {
  const probe = probeSandbox();
  if (!probe.ok) return { ok: false, reason: `no sandbox: ${probe.reason}` };
  const base = options.baseDir ?? mkdtempSync(join(scratchRoot(), 'toolgate-oracle-'));
  mkdirSync(base, { recursive: true, mode: 0o700 });
  const canaries = makeCanaries();
  const template = join(base, 'template');
  const stubs = join(base, 'stubs');
  mkdirSync(template);
  buildTemplate(template, canaries);
  writeStubs(stubs);
  const before: Snapshot = snapshot(template);
  const limits = {
    timeLimitMs: options.timeLimitMs ?? 2000,
    maxProcesses: options.maxProcesses ?? 64,
    maxFileBytes: options.maxFileBytes ?? 16 * 1024 * 1024,
  };
  let n = 0;

  const run = (input: RunInput): RunResult => {
    const command = input.command;
    if (command.includes('\0')) return { status: 'skipped', command, reason: 'a NUL byte cannot be passed to bash -c (no program argument can hold one)' };
    const cwd = input.cwd ?? PROJECT;
    const started = performance.now();
    const id = ++n;
    const runDir = join(base, `run-${id}`);
    const metaDir = join(base, `meta-${id}`);
    copyTree(template, runDir);
    mkdirSync(metaDir, { mode: 0o700 });
    try {
      let start = before;
      let setupError: string | undefined;
      if (input.setup !== undefined) {
        const s = runSandboxed({ ...limits, runDir, metaDir, stubsDir: stubs, command: input.setup, cwd, trace: false });
        if (s.exitCode !== 0) setupError = `setup exited ${s.exitCode ?? 'killed'}: ${s.stderr.trim().slice(0, 300)}`;
        start = snapshot(runDir);
      }
      const raw = runSandboxed({ ...limits, runDir, metaDir, stubsDir: stubs, command, cwd, trace: true });
      const changes = diffSnapshots(start, snapshot(runDir));
      const execs = commandExecs(parseTrace(raw.trace, cwd));
      const leaks: Leak[] = [];
      for (const canary of canaries.all) {
        if (raw.stdout.includes(canary.token)) leaks.push({ canary, stream: 'stdout' });
        else if (raw.stderr.includes(canary.token)) leaks.push({ canary, stream: 'stderr' });
      }
      const out: OracleRun = {
        status: 'ran',
        command,
        cwd,
        exitCode: raw.exitCode,
        timedOut: raw.timedOut,
        stdout: raw.stdout,
        stderr: raw.stderr,
        execs,
        changes,
        leaks,
        writeOutsideAttempted: /Read-only file system/.test(raw.stderr),
        ms: { total: performance.now() - started, sandbox: raw.ms },
      };
      if (setupError !== undefined) out.setupError = setupError;
      return out;
    } catch (e) {
      return { status: 'skipped', command, reason: (e as Error).message };
    } finally {
      if (!options.keepRuns) {
        rmSync(runDir, { recursive: true, force: true });
        rmSync(metaDir, { recursive: true, force: true });
      }
    }
  };

  return {
    ok: true,
    oracle: {
      canaries,
      run,
      close: () => rmSync(base, { recursive: true, force: true }),
    },
  };
}

function scratchRoot(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}
