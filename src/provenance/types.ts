import type { AskKind, PermissionMode, ReasonKind, RuleList, SettingsSourceKind, Step } from '../core/types.js';

/**
 * Which front end reported a decision: the outermost one the call went through. A gate inside an
 * adapter reports as `gate` (the adapters decide nothing themselves); `serve` decides with gates
 * and `evaluate` of its own and reports once for all of them.
 * @public
 */
export type DecisionFrontEnd = 'evaluate' | 'gate' | 'hook' | 'serve';

/**
 * Who settled a call: a rule (`rules`), the permission mode with no rule deciding (`mode`), a
 * hook, the auto-mode classifier, a person, the host's own resolver (`canUseTool`, a prompt tool),
 * a stored grant, an approved plan, or toolgate itself (a failed check, serve guarding its own files).
 * @public
 */
export type DecisionSource = 'rules' | 'mode' | 'hook' | 'classifier' | 'person' | 'host' | 'grant' | 'plan' | 'toolgate';

/** The rule that decided a call, with where it was written. @public */
export interface DecisionRule {
  /** The rule as written, e.g. `Bash(git push *)`. */
  text: string;
  /** The list it is in: `allow`, `ask` or `deny`. */
  list: RuleList;
  /** The settings layer it came from (`userSettings`, `projectSettings`, `managed`, `session`, …). */
  layer: SettingsSourceKind;
  /** The file it was read from, when it was read from one. */
  file?: string;
  /** Its index in its list in that file (0-based). */
  index?: number;
}

/** One hook handler that ran for the call: which, and what it said. @public */
export interface DecisionHookOutcome {
  /** `PreToolUse`, `PermissionRequest`, `PermissionDenied`. */
  event: string;
  /** Registry id, e.g. `PreToolUse#0.1`. */
  id: string;
  /** `command`, `http`, `callback`, … */
  type: string;
  /** How the handler ended (`ok`, `blocked`, `error`, `timeout`, …). */
  status: string;
  /** The permission decision it returned, when it returned one. */
  decision?: string;
  /** How long the handler ran, in milliseconds. */
  durationMs: number;
}

/** How long the decision took, in milliseconds. @public */
export interface DecisionDurations {
  /** From the call reaching the front end to the decision. */
  totalMs: number;
  /** How long the call waited for a person (an answered or expired ask), when the front end knows. */
  waitMs?: number;
}

/**
 * What a shadow policy would have decided for the call (toolgate docs, "Shadow policies"): never
 * enforced. `error` when its evaluation threw or timed out; the live decision stood.
 * @public
 */
export interface DecisionShadow {
  behavior: 'allow' | 'ask' | 'deny' | 'error';
  /** Why, with a stable code; the message redacted. */
  reason?: { kind: ReasonKind; message: string };
  rule?: DecisionRule;
  askKind?: AskKind;
  /** The mode the shadow decided in. */
  mode?: PermissionMode;
  /** Digest of the shadow policy. */
  policyDigest?: string;
}

/**
 * One decision, as `onDecision` listeners receive it: emitted once per decision by the outermost
 * front end (a gate, `toolgate hook`, `toolgate serve`) or by `evaluate` when it is given a
 * listener itself. A parked ask is one decision (`behavior: 'ask'`, with `askId`); its answer is
 * another (`allow` or `deny`, `decidedBy: 'person'`, the same `askId`). The call's input is
 * redacted as the audit log redacts it, and so are the reason and the trace's details. Fields a
 * front end cannot know are absent.
 * @public
 */
export interface DecisionEvent {
  /** Format version of this record. */
  version: 1;
  frontEnd: DecisionFrontEnd;
  /** When it was decided, milliseconds since the epoch. */
  at: number;
  /** `deferred`: a PreToolUse hook deferred the call (gates only). */
  behavior: 'allow' | 'ask' | 'deny' | 'deferred';
  /** The tool as decided (a legacy name read as the tool it now is). */
  tool: string;
  /** The model's tool-use id, when the front end was given one. */
  toolUseId?: string;
  /** The input as decided (after rewrites), secrets replaced (`redactInput`). */
  input: unknown;
  /** Lowercase hex SHA-256 of the canonical JSON of the unredacted input, as the audit log keeps it. */
  inputSha256: string;
  /** Why, with a stable code; the message redacted. */
  reason?: { kind: ReasonKind; message: string };
  rule?: DecisionRule;
  /** Set when `behavior` is `ask`, and on the answer to one. */
  askKind?: AskKind;
  /** The parked ask this decision made or answered. */
  askId?: string;
  /** The permission mode the call was decided in. */
  mode?: PermissionMode;
  sessionId?: string;
  agent?: { id: string; type?: string };
  /** The hook handlers that ran for the call, in order. */
  hooks?: DecisionHookOutcome[];
  decidedBy: DecisionSource;
  /** Who answered: a person's or answerer's name, when known. */
  answerer?: string;
  /** The stored grant that answered the ask. */
  grantId?: string;
  /**
   * How far the answer reaches: a person's answer for this call only (`once`), for the session,
   * the project or all of the user's projects (a grant saved with it); for a call a stored grant
   * answered, the grant's scope. Absent where the front end cannot know.
   */
  answerScope?: 'once' | 'session' | 'project' | 'user';
  durations: DecisionDurations;
  /** Lowercase hex SHA-256 of what the policy decides with (`policyDigest`); absent when no policy could be loaded. */
  policyDigest?: string;
  /** Every step consulted, in order; details redacted. */
  trace: Step[];
  /**
   * What the shadow policy would have decided, when one is configured (`$toolgate.shadow`,
   * `--shadow`). serve reports the event once the shadow is decided, after the reply.
   */
  shadow?: DecisionShadow;
}

/**
 * Receives each {@link DecisionEvent}. Called synchronously once the decision is made; what it
 * throws is caught and ignored (a listener never changes a decision). Keep it quick: hand slow
 * work (a network export) to a queue.
 * @public
 */
export type DecisionListener = (event: DecisionEvent) => void;
