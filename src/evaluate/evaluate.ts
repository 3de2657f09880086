import { askWhileHomeUnknown } from './home-unknown.js';
import type { Decision, PermissionMode, Platform, Step, ToolCall } from '../core/types.js';
import { normalizeMode } from '../core/types.js';
import { legacyToolName } from '../rules/tools.js';
import type { EvaluationContext } from './context.js';
import { makeState } from './pipeline.js';
import { failClosedForBrokenSettings } from './broken-settings.js';
import { askWhileProjectUnknown } from './project-unknown.js';
import { askWhileParserMissing, parserMissingMark } from './parser-missing.js';
import { claudeCode, type Dialect } from './dialect.js';
import { preparedContext } from './prepared.js';
import { sessionEnvironment } from './shell-world.js';
import type { DecisionListener } from '../provenance/types.js';
import { decisionEvent, emitDecision, monotonicMs, outcomeOf, sourceOfDecision } from '../provenance/event.js';
import { policyDigest } from '../provenance/digest.js';
import { agentModeFor, agentName, capDecision, parentModeOf, policyForAgent } from './agent-ceiling.js';
import type { AgentCeiling } from './types.js';
import type { Policy } from '../settings/types.js';

/**
 * Per-call options of `evaluate` that are not part of what decides.
 * @public
 */
export interface EvaluateCallOptions {
  /**
   * Called once with the {@link DecisionEvent} of this decision. Front ends (a gate, `toolgate
   * hook`, `toolgate serve`) take their own listener and report their final decision; they call
   * `evaluate` without one, so each decision is reported once. Without a listener nothing is built.
   */
  onDecision?: DecisionListener;
}

/**
 * Decide one tool call: `allow`, `ask` or `deny`, with the reason, the deciding rule and a
 * trace of every step consulted.
 *
 * Order (Claude Code docs, "Configure permissions" and "Permission modes"; toolgate spec):
 * malformed input → tools removed by bare deny rules → deny rules → ask rules (firm) →
 * critical-path removals (firm) and protected-path writes → allow rules → what the call touches
 * (reads and read-only commands inside the working directories allow; edits ask, or allow in
 * acceptEdits) → the mode (dontAsk denies, bypassPermissions allows, auto hands to the classifier).
 * While the policy lists a broken settings file (`policy.brokenFiles`), every allow becomes a
 * firm ask naming the file (a deny in dontAsk) and every ask is firm; deny stays deny. While the
 * session's project is unknown (`ctx.projectUnknown`), every allow becomes a plain ask saying so.
 *
 * Synchronous. Shell commands outside the fast lexer's subset need the full parser: call
 * `await prepare()` (or use `createEvaluator`) once first, or such commands ask.
 *
 * Never throws: bad input gives an `ask`; a failure inside a check gives `deny` with reason
 * kind `checkFailed` ("permission check failed: …").
 *
 * With `options.onDecision`, the listener receives the decision's {@link DecisionEvent}
 * (front end `evaluate`).
 * @public
 */
export function evaluate(call: ToolCall, ctx: EvaluationContext, options?: EvaluateCallOptions): Decision {
  const listener = options?.onDecision;
  if (listener === undefined) return decideSafely(call, ctx);
  const start = monotonicMs();
  const d = decideSafely(call, ctx);
  const totalMs = monotonicMs() - start;
  emitDecision(listener, () =>
    decisionEvent(call, outcomeOf(d), {
      frontEnd: 'evaluate',
      at: Date.now(),
      totalMs,
      policyDigest: policyDigest(ctx.policy),
      decidedBy: sourceOfDecision(d),
      mode: modeIn(ctx),
    }),
  );
  return d;
}

/** The mode `run` decides in (the dialect's names read, switched-off modes as `default`). */
function modeIn(ctx: EvaluationContext): PermissionMode {
  const mode = (ctx.dialect ?? claudeCode).modeAliases[ctx.mode] ?? normalizeMode(ctx.mode) ?? 'default';
  if (mode === 'bypassPermissions' && ctx.policy?.disableBypassPermissionsMode) return 'default';
  if (mode === 'auto' && ctx.policy?.disableAutoMode) return 'default';
  return mode;
}

function decideSafely(call: ToolCall, ctx: EvaluationContext, runs?: SharedRuns): Decision {
  try {
    const dialect = ctx.dialect ?? claudeCode;
    return ctx.agent === undefined ? run(call, ctx, dialect, runs) : runForAgent(call, ctx, ctx.agent, dialect, runs);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      behavior: 'deny',
      reason: { kind: 'checkFailed', message: `permission check failed: ${message}` },
      trace: [{ step: 'checkFailed', outcome: 'deny', detail: `permission check failed: ${message}` }],
    };
  }
}

/**
 * `permissions.denyInsteadOfPrompting` (Claude Code 2.1.319): what would ask a person is refused,
 * with the reason it would have asked. A host that lets hooks and resolvers answer first (the gate)
 * says so with `EvaluateOptions.promptsDeniedLater`, and refuses what is still asking itself.
 */
function denyInsteadOfAsking(d: Decision, ctx: EvaluationContext): Decision {
  if (d.behavior !== 'ask' || ctx.policy.denyInsteadOfPrompting !== true || ctx.options?.promptsDeniedLater === true) return d;
  const message = `${d.reason.message} (permissions.denyInsteadOfPrompting refuses what would ask)`;
  const { askKind: _kind, suggestions: _none, ...rest } = d;
  return {
    ...rest,
    behavior: 'deny',
    reason: { ...d.reason, message },
    trace: [...d.trace, { step: 'denyInsteadOfPrompting', outcome: 'deny', detail: message }],
  };
}

/**
 * A sub-agent's call (toolgate docs, "Sub-agent ceilings"): decided as its parent would decide it
 * (the policy, the parent's mode) and as the sub-agent (its rules added, its mode capped at the
 * parent's), and the sub-agent's outcome capped at the parent's. One run when the two are the same.
 */
function runForAgent(call: ToolCall, ctx: EvaluationContext, agent: AgentCeiling, dialect: Dialect, runs?: SharedRuns): Decision {
  const { agent: _agent, ...base } = ctx;
  const parentMode = parentModeOf(agent.parentMode, dialect.modeAliases);
  const requested = dialect.modeAliases[ctx.mode] ?? normalizeMode(ctx.mode) ?? 'default';
  const childMode = agentModeFor(requested, parentMode, ctx.policy, agent.type);
  const parent = run(call, { ...base, mode: parentMode }, dialect, runs);
  const policy = policyForAgent(ctx.policy, agent.type);
  const child = childMode === parentMode && policy === ctx.policy ? parent : run(call, { ...base, mode: childMode, policy }, dialect, runs);
  return capDecision(child, parent, { agent: agentName(agent), childMode, parentMode });
}

function run(call: ToolCall, ctx: EvaluationContext, dialect: Dialect, runs?: SharedRuns): Decision {
  if (runs === undefined) return runSteps(call, ctx, dialect, undefined)!;
  let byMode = runs.get(ctx.policy);
  if (byMode === undefined) runs.set(ctx.policy, (byMode = new Map()));
  let d = byMode.get(ctx.mode);
  if (d === undefined) byMode.set(ctx.mode, (d = runSteps(call, ctx, dialect, undefined)!));
  return d;
}

/**
 * The main agent's decisions of one call, by policy and mode, kept for other contexts deciding
 * the same call ({@link evaluateSharingRuns}). @internal
 */
export type SharedRuns = Map<Policy, Map<string, Decision>>;

/**
 * {@link evaluate} without a listener, for several contexts deciding one call that differ only in
 * their mode and their sub-agent (`agent`) — `toolgate diff`'s sides: a sub-agent's call is
 * decided as its parent would decide it and as the sub-agent, and its parent's decision is the
 * main agent's under that mode, which another side (or another sub-agent type under the same
 * parent) has often made already. `runs` holds those decisions (start with an empty map per call
 * and per place); each is what `evaluate` would make again — the steps read only the call and the
 * context — so the decision is the same. @internal
 */
export function evaluateSharingRuns(call: ToolCall, ctx: EvaluationContext, runs: SharedRuns): Decision {
  return decideSafely(call, ctx, runs);
}

/**
 * The decision {@link evaluate} gives `call` when a step up to and including the ask rules
 * (malformed input, a tool removed by a bare deny rule, the deny rules, the working directories,
 * sandbox credentials, the ask rules) decides it or holds an ask — then every later step runs as
 * in `evaluate`, so the decision is the same — and `undefined` when none of them does: the
 * decision then comes from a later step (protected paths, allow rules, what the call touches, the
 * mode), none of which a deny or ask rule decides. For `toolgate lint`'s "is this call settled by
 * the deny and ask rules?", which most calls it tries are not. A sub-agent's context is decided
 * in full. Never throws, as `evaluate`. @internal
 */
export function decidedByRestrictiveSteps(call: ToolCall, ctx: EvaluationContext): Decision | undefined {
  if (ctx.agent !== undefined) return decideSafely(call, ctx);
  try {
    return runSteps(call, ctx, ctx.dialect ?? claudeCode, 'askRules');
  } catch {
    return decideSafely(call, ctx);
  }
}

/** `run`, or with `until` the steps up to the one of that name when none of them decides or holds an ask (`undefined`). */
function runSteps(call: ToolCall, ctx: EvaluationContext, dialect: Dialect, until: string | undefined): Decision | undefined {
  if (
    call === null ||
    typeof call !== 'object' ||
    typeof call.tool !== 'string' ||
    call.tool === '' ||
    call.input === null ||
    typeof call.input !== 'object' ||
    Array.isArray(call.input)
  ) {
    const message = 'malformed tool call: expected { tool: string, input: object }';
    return {
      behavior: 'ask',
      askKind: 'firm',
      reason: { kind: 'invalidInput', message },
      trace: [{ step: 'validInput', outcome: 'ask', detail: message }],
    };
  }
  // A call under a legacy name (`Task`) is decided as the tool it now is (`Agent`).
  // Entries made before the state exists (a legacy name, the mode): rare, so made only when needed.
  let trace: Step[] | undefined;
  const canonical = legacyToolName(call.tool);
  if (canonical !== undefined) {
    (trace ??= []).push({
      step: 'validInput',
      outcome: 'pass',
      detail: `${call.tool} is the legacy name of ${canonical}: decided as ${canonical}`,
    });
    call = { ...call, tool: canonical };
  }
  const platform: Platform = ctx.platform ?? 'linux';
  const named = dialect.modeAliases[ctx.mode] ?? normalizeMode(ctx.mode);
  let mode: PermissionMode = named ?? 'default';
  if (named === undefined) {
    (trace ??= []).push({ step: 'mode', outcome: 'pass' as const, detail: `unknown mode "${String(ctx.mode)}" taken as default` });
  }
  if (mode === 'bypassPermissions' && ctx.policy.disableBypassPermissionsMode) {
    mode = 'default';
    (trace ??= []).push({
      step: 'mode',
      outcome: 'pass' as const,
      detail: 'bypassPermissions is disabled by settings; deciding as default',
    });
  }
  if (mode === 'auto' && ctx.policy.disableAutoMode) {
    mode = 'default';
    (trace ??= []).push({ step: 'mode', outcome: 'pass' as const, detail: 'auto mode is disabled by settings; deciding as default' });
  }
  // Judged with the variables the settings' `env` sets for every command and hook (decision 0141).
  const environment = sessionEnvironment(ctx);
  if (environment !== ctx.environment && environment !== undefined) ctx = { ...ctx, environment };
  const prepared = preparedContext(ctx, platform);
  const { cwd, home } = prepared;
  // Steps read the normalised cwd and home from `state.ctx`: a context that already holds them is used as it is.
  const stateCtx = ctx.cwd === cwd && ctx.home === home ? ctx : { ...ctx, cwd, home };
  const mark = parserMissingMark();
  const state = makeState(call, stateCtx, mode, prepared, dialect);
  if (trace !== undefined) state.trace.push(...trace);
  for (const step of dialect.steps) {
    const result = step.run(state);
    if (!result && step.name === until && state.pendingAsk === undefined) return undefined;
    if (result)
      return denyInsteadOfAsking(
        failClosedForBrokenSettings(
          askWhileHomeUnknown(
            askWhileProjectUnknown(askWhileParserMissing(result, mark, mode), ctx.projectUnknown, mode),
            call,
            ctx.homeUnknown,
            mode,
          ),
          ctx.policy,
          mode,
        ),
        ctx,
      );
  }
  throw new Error('the pipeline ended without a decision');
}
