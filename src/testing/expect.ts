import type { AskKind, Behavior, Decision, PermissionMode, Platform, ReasonKind, ToolCall } from '../core/types.js';
import { evaluate, type EvaluationContext } from '../evaluate/index.js';
import { readCall } from '../policy-test/call.js';
import { describeCall, formatDecisionTrace } from '../policy-test/trace.js';
import { policyFromObjects } from '../settings/index.js';
import type { Policy } from '../settings/types.js';
import type { ProjectFixture } from './fixture.js';

/**
 * What `expectDecision` decides against: an `EvaluationContext`, a `ProjectFixture`, a loaded
 * `Policy`, or a settings object as written in settings.json (read as a trusted project's own
 * `.claude/settings.json`).
 * @public
 */
export type DecisionSubject = EvaluationContext | ProjectFixture | Policy | Record<string, unknown>;

/** Options of {@link expectDecision}; they override the subject's context. @public */
export interface ExpectDecisionOptions {
  mode?: PermissionMode | 'manual';
  cwd?: string;
  home?: string;
  projectDir?: string;
  platform?: Platform;
}

/** Thrown by a failed {@link DecisionAssertion}: the message holds what differed and the whole trace. @public */
export class PolicyAssertionError extends Error {
  override name = 'PolicyAssertionError';
  constructor(
    message: string,
    readonly decision: Decision,
    readonly call: ToolCall,
  ) {
    super(message);
  }
}

/** Chainable assertions on one decision; each returns the assertion, or throws {@link PolicyAssertionError}. @public */
export interface DecisionAssertion {
  /** The decision under test. */
  readonly decision: Decision;
  toBe(behavior: Behavior): DecisionAssertion;
  toAllow(): DecisionAssertion;
  /** With `kind`, the ask must also be of that kind (`firm`, `protected`, `plain`). */
  toAsk(kind?: AskKind): DecisionAssertion;
  toDeny(): DecisionAssertion;
  /** The deciding rule's text, as written in settings. */
  withRule(text: string): DecisionAssertion;
  /** The decision's reason kind. */
  withReason(kind: ReasonKind): DecisionAssertion;
}

function isContext(s: DecisionSubject): s is EvaluationContext {
  return (
    typeof (s as EvaluationContext).mode === 'string' &&
    typeof (s as EvaluationContext).policy === 'object' &&
    typeof (s as EvaluationContext).cwd === 'string'
  );
}

function isFixture(s: DecisionSubject): s is ProjectFixture {
  const c = (s as ProjectFixture).context;
  return typeof c === 'object' && c !== null && isContext(c);
}

function isPolicy(s: DecisionSubject): s is Policy {
  return Array.isArray((s as Policy).rules) && Array.isArray((s as Policy).diagnostics) && Array.isArray((s as Policy).hooks);
}

function contextOf(subject: DecisionSubject, options: ExpectDecisionOptions): EvaluationContext {
  let base: EvaluationContext;
  if (isFixture(subject)) base = subject.context;
  else if (isContext(subject)) base = subject;
  else {
    const policy = isPolicy(subject) ? subject : policyFromObjects([{ kind: 'projectSettings', settings: subject }]);
    // The world of a test built from settings alone: no environment variable that matters is set
    // (as `toolgate hook` sees a usual shell); pass a context to test another environment.
    base = {
      mode: policy.defaultMode?.value ?? 'default',
      policy,
      cwd: '/home/user/project',
      home: '/home/user',
      environment: { values: {}, complete: true },
    };
  }
  return {
    ...base,
    ...(options.mode !== undefined ? { mode: options.mode } : {}),
    ...(options.cwd !== undefined ? { cwd: options.cwd } : {}),
    ...(options.home !== undefined ? { home: options.home } : {}),
    ...(options.projectDir !== undefined ? { projectDir: options.projectDir } : {}),
    ...(options.platform !== undefined ? { platform: options.platform } : {}),
  };
}

/**
 * Decide `call` and return chainable assertions on the decision — for vitest, jest, node:test or
 * any runner, since a failure is a plain thrown Error whose message shows the whole trace:
 *
 * ```ts
 * expectDecision(settings, 'Bash(rm -rf build)').toDeny().withRule('Bash(rm *)');
 * expectDecision(project, { tool: 'Read', input: { file_path: '.env' } }).toDeny();
 * ```
 *
 * `call` is `{ tool, input }` or the shorthand `Tool(content)`. Decisions come from the
 * synchronous `evaluate`: commands outside the fast shell lexer need `await prepare()` once
 * (e.g. in `beforeAll`), or they ask. A shorthand that cannot be read throws a TypeError.
 * @public
 */
export function expectDecision(subject: DecisionSubject, call: ToolCall | string, options: ExpectDecisionOptions = {}): DecisionAssertion {
  const parsed = readCall(call);
  if (!parsed.ok) throw new TypeError(`expectDecision: ${parsed.message}`);
  const theCall = parsed.call;
  const decision = evaluate(theCall, contextOf(subject, options));
  const fail = (what: string): never => {
    throw new PolicyAssertionError(`${describeCall(theCall)}: ${what}\n${formatDecisionTrace(theCall, decision)}`, decision, theCall);
  };
  const assertion: DecisionAssertion = {
    decision,
    toBe(behavior) {
      if (decision.behavior !== behavior) fail(`expected ${behavior}, got ${decision.behavior}`);
      return assertion;
    },
    toAllow: () => assertion.toBe('allow'),
    toDeny: () => assertion.toBe('deny'),
    toAsk(kind) {
      assertion.toBe('ask');
      if (kind !== undefined && decision.askKind !== kind) fail(`expected a ${kind} ask, got a ${decision.askKind ?? 'kindless'} ask`);
      return assertion;
    },
    withRule(text) {
      if (decision.rule?.text !== text)
        fail(`expected the deciding rule "${text}", got ${decision.rule ? `"${decision.rule.text}"` : 'no rule'}`);
      return assertion;
    },
    withReason(kind) {
      if (decision.reason.kind !== kind) fail(`expected reason ${kind}, got ${decision.reason.kind}`);
      return assertion;
    },
  };
  return assertion;
}
