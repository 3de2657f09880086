import type { Decision } from '../core/types.js';

/**
 * One conformance case (one line of a case file). The shape is documented in the README
 * ("Conformance cases"): `case` holds settings or layers, mode, call, cwd, home, platform, fs;
 * `expected.result` is `allow` / `ask` / `deny` (or a case-specific word), `expected.acceptable`
 * lists other safe answers, and `expected.ask_kind` (`firm`, `protected`, `plain`) the kind an
 * ask must be.
 * @public
 */
export interface ConformanceCase {
  /** Unique case id (`cc-017`, `robota-042`, …). */
  id: string;
  /** What the case is about (`rule-matching`, `hooks`, `checkpoint-rewind`, …). */
  kind?: string;
  /** Whose semantics the case follows (`claude-code` when absent, `noeta`, `biu`, `robota`). */
  dialect?: string;
  /** The inputs: settings or layers, mode, call, cwd, home, platform, fs. */
  case?: Record<string, unknown>;
  /** The expected answer and the other safe answers. */
  expected: { result?: unknown; acceptable?: unknown[]; why?: string; [k: string]: unknown };
  /**
   * Why the case cannot be replayed, written on the line itself (an assertion of another system
   * toolgate has no input for): reported as skipped with this reason, never dropped.
   */
  skip?: string;
  /** Fields of predicate cases (a rule, a mode string, …), read by the dialect's runner. */
  [k: string]: unknown;
}

/** What replaying a case gave. @public */
export type CaseOutcome =
  | { status: 'pass'; got: string; decision?: Decision }
  | { status: 'fail'; got: string; expected: string; decision?: Decision; message: string }
  | { status: 'skip'; reason: string };

/**
 * How a dialect replays its own conformance cases: decision cases through `evaluate` with the
 * dialect's extra inputs, predicate cases (rule parsing, mode names, hook outputs) through the
 * dialect's own functions. `runCase` in `toolgate/testing` hands every case of a dialect other than
 * Claude Code to it.
 * @public
 */
export interface DialectCaseRunner {
  /** Why the case cannot be replayed, or `undefined` when it can. */
  skipReason(c: ConformanceCase): string | undefined;
  /** Replay the case. Never throws. */
  run(c: ConformanceCase): CaseOutcome;
}
