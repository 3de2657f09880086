import type { EventEmitter } from 'eventemitter3';
import { hookMayAnswer, type Decision, type Diagnostic, type PermissionMode, type PermissionUpdate, type ToolCall } from '../core/types.js';
import { evaluateAsync } from '../evaluate/index.js';
import { stableJson, type PreToolUseAnswer } from '../hooks/index.js';
import { TRACKED_TOOLS } from '../checkpoints/index.js';
import type { Policy } from '../settings/index.js';
import { toolFamily } from '../rules/index.js';
import {
  applyUpdates,
  ceilingState,
  createCore,
  evaluationContext,
  hasHandlers,
  startingMode,
  switchMode,
  type GateCore,
  type ModeState,
} from './core.js';
import { agentModeFor, type AgentCeiling } from '../evaluate/index.js';
import { adjustForPlanTools, allowedPromptsFrom, matchesAllowedPrompt } from './plan.js';
import { hookBase, notifyDenied, resolveAsk, type AskInfo } from './resolve.js';
import { allowResult, deferredResult, denyResult, failedResult, MAX_REWRITES, newId, type RunState } from './results.js';
import type { GateSession } from './session.js';
import { reportDecision, startClock } from './provenance.js';
import type {
  AgentRef,
  AppliedUpdate,
  AskAnswer,
  CheckOptions,
  DecidedBy,
  GateEvents,
  GateOptions,
  GateResult,
  GateWaiting,
  PendingAsk,
  SetModeResult,
} from './types.js';

/**
 * A gate: decides tool calls with hooks, rules, modes and resolvers. One per session; sub-agents
 * get views with {@link Gate.forAgent} that share the session's rules, directories and circuit
 * breaker but keep their own mode.
 * @public
 */
export interface Gate {
  /** The current permission mode of this view. */
  readonly mode: PermissionMode;
  /** The mode plan mode was entered from (restored by ExitPlanMode), while in plan mode. */
  readonly planSavedMode: PermissionMode | undefined;
  /** The policy in force (updates that remove file rules replace it). */
  readonly policy: Policy;
  /** Session state shared with sub-agents (read it; change it through updates). */
  readonly session: Readonly<GateSession>;
  readonly agent: AgentRef | undefined;
  /** Problems found compiling the hooks (unknown events, broken matchers, dropped handlers). */
  readonly hookDiagnostics: readonly Diagnostic[];
  /** Events for logging and UIs. */
  readonly events: EventEmitter<GateEvents>;
  on: EventEmitter<GateEvents>['on'];
  off: EventEmitter<GateEvents>['off'];
  /**
   * Gate one call. Never throws: every outcome, a failing hook or resolver included, is a result.
   * `allow` carries the input that must run (`result.call.input`, possibly rewritten).
   */
  check(call: ToolCall, options?: CheckOptions): Promise<GateResult>;
  /**
   * Gate a reply's calls in order; gating stops at the first ask (or deferral): the calls after it
   * come back as `waiting`, ungated (toolgate spec, "How a call is decided").
   */
  checkBatch(calls: readonly ToolCall[], options?: Omit<CheckOptions, 'toolUseId'>): Promise<(GateResult | GateWaiting)[]>;
  /**
   * Resume a parked ask with its answer, in this process or another one holding the same policy.
   * A deny denies. An allow applies `updatedPermissions` (and, with `remember`, the ask's
   * suggestions); an `updatedInput` is gated again from the top (it counts as a rewrite; PreToolUse
   * hooks run on it; the approval answers any ask it raises, but deny rules and hook denies still
   * win). Without a new input the call is checked once more against the deny rules (settings may
   * have changed while it waited) and then allowed. `answeredBy` names who answered in the
   * reason ("approved by …"; default "a person") — a front end that knows the answerer's
   * credential (toolgate serve: its token, a page sign-in, a named answerer) says which.
   */
  answer(
    pending: PendingAsk,
    answer: AskAnswer,
    options?: Omit<CheckOptions, 'toolUseId' | 'agent'> & { answeredBy?: string },
  ): Promise<GateResult>;
  /** Switch this view's mode (`setPermissionMode`). bypassPermissions and auto can be refused. */
  setMode(mode: PermissionMode | 'manual'): SetModeResult;
  /** Apply Agent SDK permission updates (the host's own: these may also remove deny rules). */
  applyUpdates(updates: readonly PermissionUpdate[]): Promise<AppliedUpdate[]>;
  /**
   * A view for a sub-agent. It starts in this view's mode; an agent definition's `permissionMode`
   * applies only when this view is not in bypassPermissions, acceptEdits, auto or plan (Claude Code
   * docs, "Subagents"; sub-agents of a planning task plan too); `$toolgate.agents.<type>.mode`
   * wins over both. Either way never a mode that lets more through than this view's, and each of
   * its calls is never more permissive than this view's would be (toolgate docs, "Sub-agent ceilings").
   */
  forAgent(agent: AgentRef & { permissionMode?: PermissionMode }): Gate;
}

/** Tool families whose decisions depend on paths. */
const PATH_FAMILIES: ReadonlySet<string> = new Set(['shell', 'read', 'edit']);

/**
 * Create a gate (toolgate spec, "How a call is decided"): PreToolUse hooks first, then `evaluate`,
 * combined by the kernel rules — a deny from anyone wins; a check that throws is a deny; a rewrite
 * is gated again from the top, at most 3 times; a hook's allow answers plain and protected asks
 * only; a hook's ask is firm; `defer` defers. Asks go to PermissionRequest hooks, the auto-mode
 * classifier, `canUseTool` and a prompt tool, in that order, and otherwise park.
 * @public
 */
export function createGate(options: GateOptions): Gate {
  const core = createCore(options);
  return makeView(core, { mode: startingMode(core) });
}

function makeView(core: GateCore, ms: ModeState): Gate {
  const view: Gate = {
    get mode() {
      return ms.mode;
    },
    get planSavedMode() {
      return ms.planSavedMode;
    },
    get policy() {
      return core.policy;
    },
    get session() {
      return core.session;
    },
    get agent() {
      return ms.agent;
    },
    get hookDiagnostics() {
      return core.hookDiagnostics;
    },
    events: core.emitter,
    on: core.emitter.on.bind(core.emitter) as Gate['on'],
    off: core.emitter.off.bind(core.emitter) as Gate['off'],
    check: (call, opts = {}) => check(core, ms, call, opts),
    async checkBatch(calls, opts = {}) {
      const out: (GateResult | GateWaiting)[] = [];
      let stopped = false;
      for (const call of calls) {
        if (stopped) {
          out.push({ behavior: 'waiting', call });
          continue;
        }
        const r = await check(core, ms, call, opts);
        out.push(r);
        if (r.behavior === 'ask' || r.behavior === 'deferred') stopped = true;
      }
      return out;
    },
    answer: (pending, answer, opts = {}) => answerPending(core, ms, pending, answer, opts),
    setMode: (mode) => switchMode(core, ms, mode),
    applyUpdates: (updates) => applyUpdates(core, ms, updates, 'host'),
    forAgent(agent) {
      const inherit = ms.mode;
      const fixed = inherit === 'bypassPermissions' || inherit === 'acceptEdits' || inherit === 'auto' || inherit === 'plan';
      const requested = !fixed && agent.permissionMode !== undefined ? agent.permissionMode : inherit;
      // Never more than the parent's mode (stricter than Claude Code: see "Sub-agent ceilings").
      const mode = agentModeFor(requested, inherit, core.policy, agent.type);
      const { permissionMode: _ignored, ...ref } = agent;
      const child: ModeState = { mode, agent: ref, parent: ms.parent ?? ms };
      if (mode === 'plan' && ms.planSavedMode !== undefined) child.planSavedMode = ms.planSavedMode;
      return makeView(core, child);
    },
  };
  return view;
}

function agentState(ms: ModeState, agent: AgentRef | undefined): ModeState {
  if (agent === undefined || ms.agent !== undefined) return ms;
  // A one-off agent on a main-agent call: same mode object (mode changes stay shared), agent set for inputs.
  return new Proxy(ms, {
    get: (t, k) => (k === 'agent' ? agent : (t as unknown as Record<string | symbol, unknown>)[k]),
    set: (t, k, v) => Reflect.set(t, k, v),
  });
}

/** A sub-agent's ceiling as `evaluate` gets it: the parent's dontAsk as default when the gate refuses what still asks itself. */
function evalCeiling(ms: ModeState, gateOwnsDontAsk: boolean): AgentCeiling | undefined {
  const c = ms.ceiling;
  if (c === undefined || !gateOwnsDontAsk || c.parentMode !== 'dontAsk') return c;
  return { ...c, parentMode: 'default' };
}

const NEVER = new AbortController().signal;

async function check(core: GateCore, ms0: ModeState, call: ToolCall, opts: CheckOptions): Promise<GateResult> {
  const start = startClock(core);
  const ms = ceilingState(core, agentState(ms0, opts.agent), opts.agent !== undefined ? opts.agentMode : undefined);
  const st: RunState = {
    call,
    original: call,
    ...(opts.promptId !== undefined ? { promptId: opts.promptId } : {}),
    ...(typeof opts.cwd === 'string' && opts.cwd !== '' ? { cwd: opts.cwd } : {}),
    ...(opts.environment !== undefined ? { environment: opts.environment } : {}),
    toolUseId: opts.toolUseId ?? (typeof call?.id === 'string' ? call.id : newId('toolu')),
    rewrites: 0,
    trace: [],
    additionalContext: [],
    systemMessages: [],
  };
  let result: GateResult;
  try {
    result = await loop(core, ms, st, opts.signal ?? NEVER, opts.promptId);
  } catch (e) {
    result = failedResult(st, 'the gate', e);
  }
  core.emitter.emit('decision', result, call);
  reportDecision(core, ms, st, result, start, true);
  return result;
}

/** Gate `st.call` from the top until it is decided, rewriting at most {@link MAX_REWRITES} times. */
async function loop(core: GateCore, ms: ModeState, st: RunState, signal: AbortSignal, promptId: string | undefined): Promise<GateResult> {
  for (;;) {
    if (signal.aborted) return denyResult(st, 'gate', 'checkFailed', 'the check was cancelled', { step: 'cancelled' });
    const call = st.call;
    if (
      call === null ||
      typeof call !== 'object' ||
      typeof call.tool !== 'string' ||
      call.input === null ||
      typeof call.input !== 'object'
    ) {
      return denyResult(st, 'gate', 'invalidInput', 'malformed tool call: expected { tool: string, input: object }', {
        step: 'validInput',
      });
    }

    // 1. PreToolUse hooks.
    let hook: PreToolUseAnswer | undefined;
    if (hasHandlers(core, 'PreToolUse')) {
      let run;
      try {
        run = await core.dispatcher.run(
          'PreToolUse',
          { tool_name: call.tool, tool_input: call.input, tool_use_id: st.toolUseId },
          { signal, toolCall: call, base: hookBase(ms) },
        );
      } catch (e) {
        return failedResult(st, 'PreToolUse hooks', e);
      }
      core.emitter.emit('hook', run);
      (st.hookRuns ??= []).push(run);
      hook = run.answer;
      for (const o of run.outcomes) {
        const dec = o.output?.hookSpecificOutput?.permissionDecision;
        st.trace.push({
          step: 'preToolUseHook',
          outcome: o.status === 'blocked' ? 'deny' : dec === 'defer' ? 'pass' : (dec ?? 'pass'),
          detail: `${o.id} (${o.type} ${o.label}): ${o.status}${o.message ? ` — ${o.message}` : ''}`,
        });
      }
      st.additionalContext.push(...hook.additionalContext);
      st.systemMessages.push(...hook.systemMessages);
      const thrown = run.outcomes.find((o) => o.type === 'callback' && o.status === 'error');
      if (thrown !== undefined) return failedResult(st, `PreToolUse hook ${thrown.id}`, new Error(thrown.message ?? 'the callback threw'));
      st.trace.push({
        step: 'preToolUseHooks',
        outcome: hook.decision === 'defer' || hook.decision === undefined ? 'pass' : hook.decision,
        detail:
          hook.decision === undefined
            ? 'no hook decided'
            : `${hook.decision} by ${hook.decidedBy ?? 'a hook'}${hook.reason ? `: ${hook.reason}` : ''}`,
      });
      if (hook.decision === 'deny') {
        const message = hook.reason ?? 'blocked by a PreToolUse hook';
        await notifyDenied(core, ms, st, message, signal);
        return denyResult(st, 'preToolUseHook', 'hook', message, {
          ...(hook.stop !== undefined ? { stop: hook.stop } : {}),
          step: 'preToolUseHooks',
        });
      }
      if (hook.decision === 'defer') return deferredResult(st, hook.reason);
      if (hook.updatedInput !== undefined && stableJson(hook.updatedInput) !== stableJson(call.input)) {
        const next = rewrite(st, hook.updatedInput, 'a PreToolUse hook');
        if (next !== undefined) return next;
        if (hook.decision === 'allow' || hook.decision === 'ask') {
          st.carried = {
            by: 'preToolUseHook',
            answersFirm: false,
            message: hook.reason ?? `the rewriting hook's ${hook.decision}`,
            ...(hook.decision === 'ask' ? { ask: true } : {}),
          };
        } else delete st.carried;
        continue;
      }
    }
    const carried = st.carried;
    const hookAsk = hook?.decision === 'ask' || carried?.ask === true;
    const hooksCanApprove = core.options.dialect?.hooksCanApprove !== false;
    const hookAllow =
      hooksCanApprove && !hookAsk && (hook?.decision === 'allow' || (carried !== undefined && carried.by === 'preToolUseHook'));
    const hookReason = hook?.reason ?? carried?.message;

    // 2. The rules and the mode.
    const gateOwnsDontAsk = core.options.dialect?.ownsDontAsk !== true;
    const evalMode: PermissionMode = ms.mode === 'dontAsk' && gateOwnsDontAsk ? 'default' : ms.mode;
    let d: Decision;
    try {
      d = await evaluateAsync(call, evaluationContext(core, evalMode, st.cwd, st.environment, evalCeiling(ms, gateOwnsDontAsk)));
    } catch (e) {
      return failedResult(st, 'evaluate', e);
    }
    d = adjustForPlanTools(call, d, ms.mode);
    st.decision = d;
    if (core.options.fsView === undefined && PATH_FAMILIES.has(toolFamily(call.tool))) {
      st.trace.push({
        step: 'fileSystemView',
        outcome: 'pass',
        detail: 'no file-system view: paths judged lexically (symbolic links are not followed)',
      });
    }
    st.trace.push(...d.trace);

    // 3. Combine: a deny wins; a hook's ask is firm; a hook's allow answers plain and protected asks.
    if (d.behavior === 'deny') {
      await notifyDenied(core, ms, st, d.reason.message, signal);
      return denyResult(st, 'rules', d.reason.kind, d.reason.message, { step: 'gate' });
    }
    let ask: AskInfo;
    if (hookAsk) {
      ask = { kind: 'firm', decision: d, hookReason: hookReason ?? 'a PreToolUse hook asks' };
    } else if (d.behavior === 'allow') {
      return finishAllow(core, ms, st, 'rules', d.reason.kind, d.reason.message, promptId);
    } else {
      const kind = d.askKind ?? 'firm';
      if (hookAllow && hookMayAnswer(kind)) {
        st.trace.push({ step: 'gate', outcome: 'allow', detail: `a PreToolUse hook's allow answers this ${kind} ask` });
        return finishAllow(core, ms, st, 'preToolUseHook', 'hook', hookReason ?? 'allowed by a PreToolUse hook', promptId);
      }
      ask = { kind, decision: d };
    }
    if (carried !== undefined && carried.by !== 'preToolUseHook' && (carried.answersFirm || ask.kind !== 'firm')) {
      st.trace.push({
        step: 'gate',
        outcome: 'allow',
        detail: `the approval of the rewritten input (${carried.by}) answers this ${ask.kind} ask`,
      });
      return finishAllow(core, ms, st, carried.by, 'resolver', carried.message, promptId);
    }
    if (hookMayAnswer(ask.kind) && ms.mode !== 'plan' && matchesAllowedPrompt(core, call)) {
      st.trace.push({ step: 'allowedPrompts', outcome: 'allow', detail: 'an approved plan authorised this call' });
      return finishAllow(core, ms, st, 'allowedPrompt', 'planApproval', 'authorised by the approved plan', promptId);
    }
    // permissions.denyInsteadOfPrompting: what a PreToolUse hook's allow did not answer is refused
    // before anyone would be asked (Claude Code 2.1.332 runs a call a hook allowed).
    if (core.policy.denyInsteadOfPrompting === true)
      return denyResult(
        st,
        'gate',
        ask.hookReason !== undefined ? 'hook' : d.reason.kind,
        `${ask.hookReason ?? d.reason.message} (permissions.denyInsteadOfPrompting refuses what would ask)`,
        { step: 'mode' },
      );
    if (ms.mode === 'dontAsk' && gateOwnsDontAsk)
      return denyResult(
        st,
        'gate',
        ask.hookReason !== undefined ? 'hook' : d.reason.kind,
        `dontAsk refuses what would ask: ${ask.hookReason ?? d.reason.message}`,
        { step: 'mode' },
      );

    // 4. Resolvers, else park.
    const r = await resolveAsk(core, ms, st, ask, signal);
    switch (r.kind) {
      case 'deny':
        return r.result;
      case 'park':
        core.emitter.emit('park', r.pending);
        return {
          behavior: 'ask',
          call: st.call,
          toolUseId: st.toolUseId,
          decision: d,
          trace: r.pending.trace,
          rewrites: st.rewrites,
          pending: r.pending,
          ...extras(st),
        };
      case 'allow':
        if (r.person) personApproved(core);
        return finishAllow(
          core,
          ms,
          st,
          r.by,
          r.by === 'classifier' ? 'classifier' : r.by === 'permissionRequestHook' ? 'hook' : 'resolver',
          r.message,
          promptId,
        );
      case 'rewrite': {
        const next = rewrite(st, r.input, r.by);
        if (next !== undefined) return next;
        st.carried = { by: r.by, answersFirm: true, message: `approved by ${r.by} with an edited input` };
        continue;
      }
    }
  }
}

function extras(st: RunState) {
  return {
    ...(st.additionalContext.length > 0 ? { additionalContext: st.additionalContext } : {}),
    ...(st.systemMessages.length > 0 ? { systemMessages: st.systemMessages } : {}),
  };
}

/** Replace the call's input; a 4th rewrite is denied. Returns a result only when it ends the run. */
function rewrite(st: RunState, input: Record<string, unknown>, by: string): GateResult | undefined {
  st.rewrites++;
  if (st.rewrites > MAX_REWRITES) {
    return denyResult(st, 'gate', 'hook', `the call was rewritten more than ${MAX_REWRITES} times; the last rewrite came from ${by}`, {
      step: 'rewrite',
    });
  }
  st.call = { ...st.call, input };
  st.trace.push({ step: 'rewrite', outcome: 'pass', detail: `rewrite ${st.rewrites} by ${by}: the call is gated again from the top` });
  return undefined;
}

function personApproved(core: GateCore): void {
  const b = core.session.breaker;
  if (b.personApproved()) core.emitter.emit('autoModePaused', { paused: false, consecutive: b.consecutive, total: b.total });
}

/**
 * Finish an allowed call: plan-mode transitions (EnterPlanMode enters plan, ExitPlanMode leaves it
 * and turns the plan's `allowedPrompts` into session authorizations) and, with a checkpoint store
 * and a prompt id, recording the file an edit is about to change.
 */
async function finishAllow(
  core: GateCore,
  ms: ModeState,
  st: RunState,
  by: DecidedBy,
  kind: Decision['reason']['kind'],
  message: string,
  promptId: string | undefined,
  chosenMode?: PermissionMode,
): Promise<GateResult> {
  const call = st.call;
  if (call.tool === 'EnterPlanMode' && ms.mode !== 'plan') {
    switchMode(core, ms, 'plan');
    st.trace.push({ step: 'planMode', outcome: 'pass', detail: `entered plan mode (from ${ms.planSavedMode ?? 'default'})` });
  } else if (call.tool === 'ExitPlanMode' && ms.mode === 'plan') {
    const target = chosenMode !== undefined && chosenMode !== 'plan' ? chosenMode : (ms.planSavedMode ?? 'default');
    const r = switchMode(core, ms, target);
    if (!r.ok) switchMode(core, ms, 'default');
    const prompts = allowedPromptsFrom(call.input);
    core.session.allowedPrompts.push(...prompts);
    st.trace.push({
      step: 'planMode',
      outcome: 'pass',
      detail: `left plan mode for ${ms.mode}${r.ok ? '' : ` (${r.reason})`}; ${prompts.length} approved prompt(s)`,
    });
  }
  const result = allowResult(st, by, kind, message);
  const cp = core.options.checkpoints;
  if (cp !== undefined && promptId !== undefined && Object.hasOwn(TRACKED_TOOLS, call.tool)) {
    let record;
    try {
      record = await cp.recordBeforeEdit(call, promptId);
    } catch (e) {
      record = { kind: 'failed' as const, code: 'io' as never, message: e instanceof Error ? e.message : String(e) };
    }
    result.checkpoint = record;
    if (record.kind === 'failed' && (core.options.onCheckpointFailure ?? 'deny') === 'deny') {
      return denyResult(
        st,
        'gate',
        'checkFailed',
        `the file could not be recorded before the edit (${record.message}); the edit does not run`,
        { step: 'checkpoint' },
      );
    }
  }
  return result;
}

async function answerPending(
  core: GateCore,
  ms: ModeState,
  pending: PendingAsk,
  answer: AskAnswer,
  opts: Omit<CheckOptions, 'toolUseId' | 'agent'> & { answeredBy?: string },
): Promise<GateResult> {
  const start = startClock(core);
  const st: RunState = {
    call: pending?.call,
    original: pending?.originalCall ?? pending?.call,
    ...((opts.promptId ?? pending?.promptId) ? { promptId: (opts.promptId ?? pending?.promptId) as string } : {}),
    ...(typeof opts.cwd === 'string' && opts.cwd !== '' ? { cwd: opts.cwd } : {}),
    ...(opts.environment !== undefined ? { environment: opts.environment } : {}),
    toolUseId: pending?.toolUseId ?? newId('toolu'),
    rewrites: typeof pending?.rewrites === 'number' ? pending.rewrites : MAX_REWRITES,
    trace: Array.isArray(pending?.trace) ? [...pending.trace] : [],
    additionalContext: [],
    systemMessages: [],
    ...(typeof pending?.id === 'string' && typeof pending.askKind === 'string'
      ? { answering: { id: pending.id, askKind: pending.askKind } }
      : {}),
  };
  const view = ceilingState(core, pending?.agent !== undefined && ms.agent === undefined ? agentState(ms, pending.agent) : ms);
  let result: GateResult;
  try {
    result = await resume(core, view, st, pending, answer, opts);
  } catch (e) {
    result = failedResult(st, 'answer', e);
  }
  core.emitter.emit('decision', result, st.call);
  reportDecision(core, view, st, result, start);
  return result;
}

async function resume(
  core: GateCore,
  ms: ModeState,
  st: RunState,
  pending: PendingAsk,
  answer: AskAnswer,
  opts: Omit<CheckOptions, 'toolUseId' | 'agent'> & { answeredBy?: string },
): Promise<GateResult> {
  if (
    pending === null ||
    typeof pending !== 'object' ||
    pending.version !== 1 ||
    st.call === null ||
    typeof st.call !== 'object' ||
    typeof st.call.tool !== 'string'
  ) {
    return denyResult(st, 'gate', 'invalidInput', 'not a pending ask this gate can resume', { step: 'answer' });
  }
  if (answer === null || typeof answer !== 'object' || (answer.behavior !== 'allow' && answer.behavior !== 'deny')) {
    return denyResult(st, 'gate', 'invalidInput', 'the answer is neither allow nor deny', { step: 'answer' });
  }
  if (answer.behavior === 'deny') {
    const message = typeof answer.message === 'string' && answer.message !== '' ? answer.message : 'The user refused this call.';
    await notifyDenied(core, ms, st, message, opts.signal ?? NEVER);
    return denyResult(st, 'answer', 'resolver', message, { ...(answer.interrupt === true ? { interrupt: true } : {}), step: 'answer' });
  }
  personApproved(core);
  const updates: PermissionUpdate[] = [...(Array.isArray(answer.updatedPermissions) ? answer.updatedPermissions : [])];
  if (answer.remember === true) updates.push(...(Array.isArray(pending.suggestions) ? pending.suggestions : []));
  if (updates.length > 0) {
    const by = typeof opts.answeredBy === 'string' && opts.answeredBy !== '' ? { answeredBy: opts.answeredBy } : {};
    const applied = await applyUpdates(core, ms, updates, 'answer', { askId: pending.id, ...by });
    for (const a of applied)
      st.trace.push({
        step: 'permissionUpdate',
        outcome: 'pass',
        detail: `${a.update.type} (${a.update.destination}): ${a.applied}${a.note ? ` — ${a.note}` : ''}`,
      });
  }
  const signal = opts.signal ?? NEVER;
  if (answer.updatedInput !== undefined && stableJson(answer.updatedInput) !== stableJson(st.call.input)) {
    if (answer.updatedInput === null || typeof answer.updatedInput !== 'object' || Array.isArray(answer.updatedInput))
      return denyResult(st, 'gate', 'invalidInput', 'updatedInput is not an object', { step: 'answer' });
    const next = rewrite(st, answer.updatedInput, 'the answer');
    if (next !== undefined) return next;
    st.carried = { by: 'answer', answersFirm: true, message: 'approved with an edited input' };
    return loop(core, ms, st, signal, opts.promptId ?? pending.promptId);
  }
  // Settings may have changed while the call waited: a deny rule still wins.
  let d: Decision;
  try {
    d = await evaluateAsync(
      st.call,
      evaluationContext(core, ms.mode === 'dontAsk' ? 'default' : ms.mode, st.cwd, st.environment, evalCeiling(ms, true)),
    );
  } catch (e) {
    return failedResult(st, 'evaluate', e);
  }
  st.decision = d;
  if (d.behavior === 'deny') {
    st.trace.push(...d.trace);
    return denyResult(st, 'rules', d.reason.kind, d.reason.message, { step: 'answer' });
  }
  const by = typeof opts.answeredBy === 'string' && opts.answeredBy !== '' ? opts.answeredBy : 'a person';
  st.trace.push({ step: 'answer', outcome: 'allow', detail: `${by} approved the call` });
  return finishAllow(core, ms, st, 'answer', 'resolver', `approved by ${by}`, opts.promptId ?? pending.promptId, answer.mode);
}
