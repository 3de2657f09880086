/**
 * The bash oracle: asks real bash, in a sandbox, what a command does — and checks toolgate's
 * `allow` against it. See docs/bash-oracle.md.
 *
 * ```ts
 * const opened = openOracle();
 * if (!opened.ok) return skip(opened.reason);            // "no sandbox: not root", …
 * await prepareDecisions();
 * const v = judge(opened.oracle, { settings, mode: 'default', command: 'ls {.,..}' });
 * if (v.outcome === 'fail-open') console.log(v.violations);
 * const run = opened.oracle.run({ command: 'git status' }); // bash alone: execs, changes, leaks
 * opened.oracle.close();
 * ```
 */
export {
  openOracle,
  type BashOracle,
  type OracleOptions,
  type OracleRun,
  type OracleSession,
  type RunInput,
  type RunResult,
  type SessionCall,
  type SkippedRun,
  type Leak,
} from './oracle.js';
export { judge, decide, prepareDecisions, afterNextShell, type BashCall, type Verdict } from './judge.js';
export { checkInvariant, describeRun, READ_ONLY_PROGRAMS, type Violation, type ViolationKind, type InvariantInput } from './invariant.js';
export { probeSandbox, type SandboxProbe } from './sandbox.js';
export { selfTest, hostileCommands, type SelfTestCheck } from './self-test.js';
export { SETTINGS_PRESETS, presetNamed, type SettingsPreset } from './presets.js';
export { AREAS, HOME, PROJECT, SANDBOX_UID, type Canary, type Canaries } from './fixture.js';
export type { Exec } from './trace.js';
export type { FileChange } from './snapshot.js';
export { STUB_PROGRAMS } from './stubs.js';
export { describeWithOracle } from './describe.js';
export { judgeScenario, nextCwd, type Scenario, type ScenarioStep, type ScenarioVerdict } from './scenario.js';
export { SHELLS, SHELL_PATHS, type ShellName } from './sandbox.js';
export { WORLD } from './world.js';
export { placeFiles, type PlacedFile } from './placed-files.js';
export { NEXT_SHELLS, NEXT_SHELLS_COMMAND, nextShellViolations } from './next-shell.js';
export { drawEnvironment, USER_ENVIRONMENT, type UserEnvironment } from './environment.js';
export { verdictOf } from './judge.js';
