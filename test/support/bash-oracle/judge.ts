/**
 * Decide a Bash call with toolgate, run it in the oracle when the answer is `allow`, and check
 * the invariant: one verdict per call.
 */
import type { ReadonlyFsView } from '../../../src/core/ports.js';
import type { Decision } from '../../../src/core/types.js';
import { normalizeMode } from '../../../src/core/types.js';
import { evaluate, prepare } from '../../../src/evaluate/index.js';
import { casePolicy } from '../../../src/testing/conformance.js';
import { HOME, PROJECT } from './fixture.js';
import { checkInvariant, type Violation } from './invariant.js';
import type { BashOracle, OracleRun, OracleSession, RunResult } from './oracle.js';
import type { ShellName } from './sandbox.js';
import { nextShellViolations } from './next-shell.js';
import type { PlacedFile } from './placed-files.js';

/** One Bash call as the oracle sees it. */
export interface BashCall {
  /** A settings object (a trusted project's own file), e.g. `{ permissions: { allow: ["Bash(echo *)"] } }`. */
  settings: unknown;
  /** Permission mode, e.g. `default`, `bypassPermissions`. */
  mode: string;
  /** Settings layers (`user`, `project`, `local`, `managed`, `cli`) instead of one project file; `settings` then holds their rules together, for the invariant. */
  layers?: Record<string, unknown>;
  /** The exact command bytes. */
  command: string;
  /** Working directory. Default `/home/user/project`. */
  cwd?: string;
  /** HOME. Default `/home/user` (the only one the sandbox has). */
  home?: string;
  /** Shell code run in the sandbox before the command (what existed before). */
  setup?: string;
  /** Files the world holds before the call (the user's start-up files, …), placed by the oracle before `setup`. */
  files?: readonly PlacedFile[];
  /**
   * After an allowed call that held, start the shells a new terminal starts (`next-shell.ts`) in the
   * files the call left, and count what they ran that the call put there as a fail-open (rule 7).
   */
  nextShell?: boolean;
  /** The user's shell, which runs the command and which toolgate is told of. Default bash. */
  shell?: ShellName;
  /** The user's environment (not told to toolgate: it is unknown to it, as to a hook that is not given it). */
  env?: Readonly<Record<string, string>>;
  /**
   * Environment facts told to toolgate (as `toolgate hook` reads its own environment, serve's
   * `X-Toolgate-Env`): these values are known, every other variable may be set. The run's shell
   * gets them too (a told value is the one the shell has).
   */
  environment?: Readonly<Record<string, string>>;
  /** toolgate was told the whole environment: a variable not in `environment` is unset (as `toolgate hook`, which reads its own). */
  environmentComplete?: boolean;
}

/** What came of one call. */
export type Verdict =
  /** toolgate did not allow: nothing to check (bash ran only if `alwaysRun`). */
  | { outcome: 'not-allowed'; decision: Decision; run?: RunResult }
  /** Allowed and run: the invariant held. */
  | { outcome: 'held'; decision: Decision; run: OracleRun }
  /** Allowed and run: the invariant broke — a fail-open. */
  | { outcome: 'fail-open'; decision: Decision; run: OracleRun; violations: Violation[] }
  /** Allowed and run: only programs inside opaque code a person consented to by name broke rules 1–2 (counted apart). */
  | { outcome: 'consented'; decision: Decision; run: OracleRun; violations: Violation[] }
  /** Allowed, but bash was not run (reason given). */
  | { outcome: 'not-run'; decision: Decision; reason: string };

/** Load what toolgate's decisions need (the shell parser). Call once before {@link decide}. */
export async function prepareDecisions(): Promise<void> {
  await prepare();
}

/**
 * toolgate's decision for a Bash call (as the conformance runner makes it), with the file-system
 * view of the world the call runs in when there is one (the oracle's `view`, a session's), as a
 * front end decides with the node view of the user's files.
 */
export function decide(call: BashCall, view?: ReadonlyFsView): Decision {
  return evaluate(
    { tool: 'Bash', input: { command: call.command } },
    {
      mode: normalizeMode(call.mode) ?? 'default',
      policy: casePolicy(call.layers ? { layers: call.layers } : { settings: call.settings }),
      cwd: call.cwd ?? PROJECT,
      home: call.home ?? HOME,
      // The session was launched in the project, whatever directory an earlier call left.
      ...(call.cwd !== undefined && call.cwd !== PROJECT ? { projectDir: PROJECT, workingDirectories: [PROJECT] } : {}),
      platform: 'linux',
      ...(view !== undefined ? { fs: view } : {}),
      options: { shell: call.shell ?? 'bash' },
      ...(call.environment !== undefined || call.environmentComplete === true
        ? { environment: { values: { ...call.environment }, ...(call.environmentComplete === true ? { complete: true } : {}) } }
        : {}),
    },
  );
}

/** The environment a call's shell runs with: the user's, and what toolgate was told (the same values). */
export function runEnv(call: Pick<BashCall, 'env' | 'environment'>): { env?: Readonly<Record<string, string>> } {
  if (call.env === undefined && call.environment === undefined) return {};
  return { env: { ...(call.env ?? {}), ...(call.environment ?? {}) } };
}

/** The outcome of a run against the invariant: held, consented opaque code, or a fail-open. */
export function verdictOf(call: BashCall, decision: Decision, run: OracleRun): Verdict {
  const violations = checkInvariant({ settings: call.settings, mode: call.mode, decision, run });
  if (violations.length === 0) return { outcome: 'held', decision, run };
  return violations.every((v) => v.consented)
    ? { outcome: 'consented', decision, run, violations }
    : { outcome: 'fail-open', decision, run, violations: violations.filter((v) => !v.consented) };
}

/** Decide, run when allowed (or always, with `alwaysRun`), check. */
export function judge(oracle: BashOracle, call: BashCall, opts: { alwaysRun?: boolean } = {}): Verdict {
  // With a setup or files, the world the call meets is the template after them: decided in a session that holds it.
  if (call.setup !== undefined || call.files !== undefined || call.nextShell === true) return judgeAfterSetup(oracle, call, opts);
  const decision = decide(call, oracle.view);
  if (decision.behavior !== 'allow' && !opts.alwaysRun) return { outcome: 'not-allowed', decision };
  const input = {
    command: call.command,
    ...(call.cwd !== undefined ? { cwd: call.cwd } : {}),
    ...(call.setup !== undefined ? { setup: call.setup } : {}),
    ...(call.shell !== undefined ? { shell: call.shell } : {}),
    ...runEnv(call),
  };
  const run = oracle.run(input);
  if (decision.behavior !== 'allow') return { outcome: 'not-allowed', decision, run };
  if (run.status !== 'ran') return { outcome: 'not-run', decision, reason: run.reason };
  return verdictOf(call, decision, run);
}

/**
 * {@link judge} for a call with a setup or files: they are made first, then the call is decided with
 * the view of what they left; with `nextShell`, a held call is judged again by the next terminal.
 */
function judgeAfterSetup(oracle: BashOracle, call: BashCall, opts: { alwaysRun?: boolean }): Verdict {
  const session = oracle.session(call.setup, call.cwd, call.files);
  try {
    const decision = decide(call, session.view);
    if (decision.behavior !== 'allow' && !opts.alwaysRun) return { outcome: 'not-allowed', decision };
    const run = session.run({
      command: call.command,
      ...(call.cwd !== undefined ? { cwd: call.cwd } : {}),
      ...(call.shell !== undefined ? { shell: call.shell } : {}),
      ...runEnv(call),
    });
    if (decision.behavior !== 'allow') return { outcome: 'not-allowed', decision, run };
    if (run.status !== 'ran') return { outcome: 'not-run', decision, reason: run.reason };
    const verdict = verdictOf(call, decision, run);
    return call.nextShell === true ? afterNextShell(session, call, verdict) : verdict;
  } finally {
    session.close();
  }
}

/**
 * A held (or consented) verdict judged again by the next terminal: what the shells a new terminal
 * starts ran that the call put there makes it a fail-open (rule 7). A fail-open stays one.
 */
export function afterNextShell(session: OracleSession, call: BashCall, verdict: Verdict): Verdict {
  if (verdict.outcome !== 'held' && verdict.outcome !== 'consented') return verdict;
  const next = session.nextShell(runEnv(call).env);
  if (next.status !== 'ran') return verdict;
  const violations = nextShellViolations(verdict.run, next);
  return violations.length === 0 ? verdict : { outcome: 'fail-open', decision: verdict.decision, run: verdict.run, violations };
}
