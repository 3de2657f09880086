/**
 * Several calls, as Claude Code's Bash tool makes them: the files and the working directory carry
 * over from one call to the next, the environment does not (each call starts a new shell with the
 * user's environment). Each call is decided with the working directory the previous one left and
 * the project as the launch directory; the scenario stops at the first call not allowed, and the
 * invariant is checked after each allowed call, against the state the earlier calls left.
 */
import type { Decision } from '../../../src/core/types.js';
import { PROJECT } from './areas.js';
import { decide, runEnv, verdictOf, type BashCall, type Verdict } from './judge.js';
import { nextShellViolations } from './next-shell.js';
import type { BashOracle, OracleRun, OracleSession } from './oracle.js';

/** A scenario: one settings, mode, shell and environment; calls in order. */
export interface Scenario extends Omit<BashCall, 'command' | 'cwd'> {
  /** The commands of the calls, in order. */
  calls: readonly string[];
}

/** What came of each call decided (the last one decided is the one that stopped it, if any). */
export interface ScenarioStep {
  command: string;
  /** The working directory the call was decided and run in. */
  cwd: string;
  decision: Decision;
  verdict: Verdict;
}

/** What came of a scenario. */
export interface ScenarioVerdict {
  /**
   * `not-allowed`: a call was not allowed (the scenario stopped there, every earlier call held);
   * `held`: every call allowed and held; `consented`: as held, but consented opaque code broke
   * rules 1–2; `fail-open`: an allowed call broke the invariant (the scenario stopped there);
   * `not-run`: an allowed call could not be run.
   */
  outcome: Verdict['outcome'];
  steps: ScenarioStep[];
}

/**
 * The working directory the next call starts in: where the previous shell ended, physically (as
 * Claude Code records it with `pwd -P`); the project again when that is unknown or outside it
 * (Claude Code resets a working directory outside the session's directories: "Shell cwd was
 * reset to …").
 */
export function nextCwd(after: string | undefined): string {
  if (after === undefined) return PROJECT;
  return after === PROJECT || after.startsWith(`${PROJECT}/`) ? after : PROJECT;
}

/** Decide and run a scenario's calls in one session of the oracle. */
export function judgeScenario(oracle: BashOracle, scenario: Scenario): ScenarioVerdict {
  const session = oracle.session(scenario.setup, undefined, scenario.files);
  const steps: ScenarioStep[] = [];
  const { setup: _setup, files: _files, nextShell: _next, calls, ...common } = scenario;
  let cwd: string = PROJECT;
  let consented = false;
  /** What the calls that ran changed, together (the next terminal is judged against all of it). */
  const changes: OracleRun['changes'] = [];
  try {
    for (const command of calls) {
      const call: BashCall = { ...common, command, cwd };
      const decision = decide(call, session.view);
      if (decision.behavior !== 'allow') {
        steps.push({ command, cwd, decision, verdict: { outcome: 'not-allowed', decision } });
        return afterScenario(session, scenario, { outcome: 'not-allowed', steps }, changes);
      }
      const run = session.run({ command, cwd, ...(scenario.shell ? { shell: scenario.shell } : {}), ...runEnv(scenario) });
      if (run.status !== 'ran') {
        steps.push({ command, cwd, decision, verdict: { outcome: 'not-run', decision, reason: run.reason } });
        return { outcome: 'not-run', steps };
      }
      const verdict = verdictOf(call, decision, run);
      steps.push({ command, cwd, decision, verdict });
      if (verdict.outcome === 'fail-open') return { outcome: 'fail-open', steps };
      if (verdict.outcome === 'consented') consented = true;
      changes.push(...run.changes);
      cwd = nextCwd(run.cwdAfter);
    }
    return afterScenario(session, scenario, { outcome: consented ? 'consented' : 'held', steps }, changes);
  } finally {
    session.close();
  }
}

/**
 * With `nextShell`, a scenario whose allowed calls held (whether it ran to the end or stopped at a
 * call not allowed: what the earlier calls wrote stays) is judged again by the next terminal; what
 * it ran that the calls put there makes the last allowed call a fail-open, and the steps end there.
 */
function afterScenario(session: OracleSession, scenario: Scenario, v: ScenarioVerdict, changes: OracleRun['changes']): ScenarioVerdict {
  if (scenario.nextShell !== true) return v;
  const last = v.steps.findLastIndex((s) => s.verdict.outcome === 'held' || s.verdict.outcome === 'consented');
  if (last < 0) return v;
  const step = v.steps[last]!;
  if (step.verdict.outcome !== 'held' && step.verdict.outcome !== 'consented') return v;
  const next = session.nextShell(runEnv(scenario).env);
  if (next.status !== 'ran') return v;
  const violations = nextShellViolations({ ...step.verdict.run, changes }, next);
  if (violations.length === 0) return v;
  const failed: ScenarioStep = { ...step, verdict: { outcome: 'fail-open', decision: step.decision, run: step.verdict.run, violations } };
  return { outcome: 'fail-open', steps: [...v.steps.slice(0, last), failed] };
}
