/**
 * The bash oracle: run a command in real bash, in a sandbox, and report what bash did — the
 * programs it ran, the files it created, changed or removed, the canaries it printed.
 */
import { accessSync, constants, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildTemplate, copyTree, HOME, makeCanaries, PROJECT, type Canaries, type Canary } from './fixture.js';
import { physicalPath } from './physical.js';
import { probeSandbox, runSandboxed, SHELL_PATHS, type ShellName } from './sandbox.js';
import { diffSnapshots, snapshot, type FileChange, type Snapshot } from './snapshot.js';
import type { ReadonlyFsView } from '../../../src/core/ports.js';
import { writeStubs } from './stubs.js';
import { NEXT_SHELLS_COMMAND } from './next-shell.js';
import { placeFiles, type PlacedFile } from './placed-files.js';
import { commandExecs, parseTrace, shellCwdAfter, type Exec } from './trace.js';
import { sandboxView } from './view.js';

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
  /** Shell code run first (in `cwd`, same user, not traced, by bash); what it makes counts as "before". */
  setup?: string;
  /** The shell that runs the command (`bash -c`, `sh -c` (dash), `zsh -c`). Default bash. */
  shell?: ShellName;
  /** The user's environment: variables set on top of the fixed one (HOME, PATH, LANG, …), as a real shell would have exported them. */
  env?: Readonly<Record<string, string>>;
}

/** One call of a session (its files stay for the next call; the setup is the session's). */
export type SessionCall = Omit<RunInput, 'setup'>;

/** Several calls in one world: the files and the working directory carry over, the environment does not. */
export interface OracleSession {
  /** Run one call in the files the earlier calls left; its `changes` are against that state. */
  run(call: SessionCall): RunResult;
  /** The session's files as they are now, in sandbox paths (what toolgate decides the next call with). */
  readonly view: ReadonlyFsView;
  /**
   * Start the shells a new terminal starts (`next-shell.ts`: `bash -i`, `bash -l -i`, `zsh -l -i`,
   * `sh -l -i`, each running `:`) in the files as they are now, with the user's environment; traced.
   */
  nextShell(env?: Readonly<Record<string, string>>): RunResult;
  /** Remove the session's files. */
  close(): void;
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
  /** The shell that ran it. */
  shell: ShellName;
  /**
   * The physical working directory the shell was in at its end (what Claude Code records with
   * `pwd -P` for the next call); `undefined` when it cannot be told (an `fchdir`, a directory since removed).
   */
  cwdAfter: string | undefined;
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
  /** The template's files in sandbox paths: what toolgate decides a call with before it runs (the world each run starts from). */
  readonly view: ReadonlyFsView;
  /** Run one command in a fresh copy of the template. Never throws for what the command does. */
  run(input: RunInput): RunResult;
  /**
   * Start a session: a fresh copy of the template (with `files` placed in it, then after `setup`,
   * run by bash), for several calls in turn.
   */
  session(setup?: string, setupCwd?: string, files?: readonly PlacedFile[]): OracleSession;
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

  /** A fresh copy of the template, with the setup run in it; the snapshot after the setup. */
  const open = (setup: string | undefined, cwd: string, files: readonly PlacedFile[] = []) => {
    const id = ++n;
    const runDir = join(base, `run-${id}`);
    const metaDir = join(base, `meta-${id}`);
    copyTree(template, runDir);
    mkdirSync(metaDir, { mode: 0o700 });
    if (files.length > 0) placeFiles(runDir, files);
    let start = files.length > 0 ? snapshot(runDir) : before;
    let setupError: string | undefined;
    if (setup !== undefined) {
      const s = runSandboxed({ ...limits, runDir, metaDir, stubsDir: stubs, command: setup, cwd, trace: false });
      if (s.exitCode !== 0) setupError = `setup exited ${s.exitCode ?? 'killed'}: ${s.stderr.trim().slice(0, 300)}`;
      start = snapshot(runDir);
    }
    const dispose = () => {
      if (options.keepRuns) return;
      rmSync(runDir, { recursive: true, force: true });
      rmSync(metaDir, { recursive: true, force: true });
    };
    return { runDir, metaDir, start, setupError, dispose };
  };

  /** Run one call in `runDir`, whose state before is `start`. */
  const runIn = (
    w: { runDir: string; metaDir: string; start: Snapshot },
    input: SessionCall,
    started: number,
    timeLimitMs = limits.timeLimitMs,
  ): RunResult => {
    const command = input.command;
    if (command.includes('\0'))
      return { status: 'skipped', command, reason: 'a NUL byte cannot be passed to bash -c (no program argument can hold one)' };
    const shell = input.shell ?? 'bash';
    if (!existsSync(SHELL_PATHS[shell])) return { status: 'skipped', command, reason: `${shell} is not installed (${SHELL_PATHS[shell]})` };
    const cwd = input.cwd ?? PROJECT;
    try {
      const raw = runSandboxed({
        ...limits,
        timeLimitMs,
        runDir: w.runDir,
        metaDir: w.metaDir,
        stubsDir: stubs,
        command,
        cwd,
        trace: true,
        shell,
        ...(input.env ? { env: input.env } : {}),
      });
      const changes = diffSnapshots(w.start, snapshot(w.runDir));
      const trace = parseTrace(raw.trace, cwd);
      const execs = commandExecs(trace);
      const logical = shellCwdAfter(trace, cwd);
      const leaks: Leak[] = [];
      for (const canary of canaries.all) {
        if (raw.stdout.includes(canary.token)) leaks.push({ canary, stream: 'stdout' });
        else if (raw.stderr.includes(canary.token)) leaks.push({ canary, stream: 'stderr' });
      }
      return {
        status: 'ran',
        command,
        cwd,
        shell,
        cwdAfter: logical === undefined ? undefined : physicalPath(w.runDir, logical),
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
    } catch (e) {
      return { status: 'skipped', command, reason: (e as Error).message };
    }
  };

  const run = (input: RunInput): RunResult => {
    const started = performance.now();
    if (input.command.includes('\0'))
      return {
        status: 'skipped',
        command: input.command,
        reason: 'a NUL byte cannot be passed to bash -c (no program argument can hold one)',
      };
    const w = open(input.setup, input.cwd ?? PROJECT);
    try {
      const r = runIn(w, input, started);
      if (r.status === 'ran' && w.setupError !== undefined) r.setupError = w.setupError;
      return r;
    } finally {
      w.dispose();
    }
  };

  const session = (setup?: string, setupCwd: string = PROJECT, files: readonly PlacedFile[] = []): OracleSession => {
    const w = open(setup, setupCwd, files);
    return {
      view: sandboxView(w.runDir),
      nextShell: (env) => {
        // Four shells start one after another: each gets the time a call has.
        const r = runIn(
          w,
          { command: NEXT_SHELLS_COMMAND, cwd: HOME, shell: 'sh', ...(env ? { env } : {}) },
          performance.now(),
          limits.timeLimitMs * 4,
        );
        if (r.status === 'ran') w.start = snapshot(w.runDir);
        return r;
      },
      run: (call) => {
        const r = runIn(w, call, performance.now());
        if (r.status === 'ran') {
          if (w.setupError !== undefined) r.setupError = w.setupError;
          w.start = snapshot(w.runDir);
        }
        return r;
      },
      close: w.dispose,
    };
  };

  return {
    ok: true,
    oracle: {
      canaries,
      view: sandboxView(template),
      run,
      session,
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
