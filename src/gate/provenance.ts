import type { HookRunResult } from '../hooks/index.js';
import { evaluateAsync } from '../evaluate/index.js';
import { decisionEvent, decisionShadow, emitDecision, monotonicMs, sourceOfDecision } from '../provenance/event.js';
import { runShadow, type ShadowOutcome } from '../shadow/outcome.js';
import { policyDigest } from '../provenance/digest.js';
import type { DecisionHookOutcome, DecisionSource } from '../provenance/types.js';
import { evaluationContext, type GateCore, type ModeState } from './core.js';
import type { RunState } from './results.js';
import type { DecidedBy, GateResult } from './types.js';

/** Who settled a gate's result, in the words of a decision event. */
function sourceOf(result: GateResult, by: DecidedBy): DecisionSource {
  switch (by) {
    case 'rules':
      return sourceOfDecision(result.decision);
    case 'preToolUseHook':
    case 'permissionRequestHook':
      return 'hook';
    case 'classifier':
      return 'classifier';
    case 'canUseTool':
    case 'promptTool':
      return 'host';
    case 'answer':
      return 'person';
    case 'allowedPrompt':
      return 'plan';
    case 'gate':
      // The gate refuses what would ask in dontAsk (its `mode` step); anything else it decides itself.
      return result.trace.at(-1)?.step === 'mode' ? 'mode' : 'toolgate';
  }
}

function hookOutcomes(runs: readonly HookRunResult[] | undefined): DecisionHookOutcome[] {
  const out: DecisionHookOutcome[] = [];
  for (const run of runs ?? []) {
    for (const o of run.outcomes) {
      const specific = o.output?.hookSpecificOutput as { permissionDecision?: unknown; decision?: { behavior?: unknown } } | undefined;
      const decision = specific?.permissionDecision ?? specific?.decision?.behavior;
      out.push({
        event: run.event,
        id: o.id,
        type: o.type,
        status: o.status,
        ...(typeof decision === 'string' ? { decision } : {}),
        durationMs: o.durationMs,
      });
    }
  }
  return out;
}

/** A gate's start time for a call, when it has a listener (no clock is read otherwise). */
export const startClock = (core: GateCore): number | undefined => (core.options.onDecision !== undefined ? monotonicMs() : undefined);

/**
 * Report a gate's final result to its `onDecision` listener, once per `check` or `answer`. A
 * parked ask is reported as an ask; its answer, through `answer`, as the person's decision.
 */
export function reportDecision(
  core: GateCore,
  ms: ModeState,
  st: RunState,
  result: GateResult,
  start: number | undefined,
  withShadow = false,
): void {
  const listener = core.options.onDecision;
  if (listener === undefined) return;
  const totalMs = start !== undefined ? monotonicMs() - start : 0;
  const shadow = core.shadow;
  if (!withShadow || shadow === undefined) {
    emitDecision(listener, () => eventOf(core, ms, st, result, totalMs));
    return;
  }
  // The shadow is decided a turn later, off the call's path; the event waits for it.
  const event = eventOf(core, ms, st, result, totalMs);
  setImmediate(() => {
    void runShadow(() => shadowDecision(core, ms, st, result)).then((o) =>
      emitDecision(listener, () => ({ ...event, shadow: decisionShadow(o) })),
    );
  });
}

/**
 * What the gate's shadow policy decides for the call as decided (after rewrites): the policy's own
 * decision in the shadow's mode, else the view's (dontAsk: what would ask is refused, as the gate
 * does), within the same sub-agent ceiling; hooks and resolvers are not consulted.
 */
async function shadowDecision(core: GateCore, ms: ModeState, st: RunState, result: GateResult): Promise<Omit<ShadowOutcome, 'durationMs'>> {
  const shadow = core.shadow!;
  const mode = shadow.mode ?? ms.mode;
  const dontAsk = mode === 'dontAsk';
  const d = await evaluateAsync(
    result.call,
    evaluationContext({ ...core, policy: shadow.policy }, dontAsk ? 'default' : mode, st.cwd, st.environment, ms.ceiling),
  );
  const behavior = dontAsk && d.behavior === 'ask' ? 'deny' : d.behavior;
  return {
    behavior,
    reason: d.reason,
    ...(d.rule !== undefined ? { rule: d.rule } : {}),
    ...(behavior === 'ask' && d.askKind !== undefined ? { askKind: d.askKind } : {}),
    mode,
    policyDigest: policyDigest(shadow.policy),
  };
}

function eventOf(core: GateCore, ms: ModeState, st: RunState, result: GateResult, totalMs: number) {
  {
    const ask = result.behavior === 'ask' ? result.pending : undefined;
    const by: DecidedBy | undefined = result.behavior === 'allow' || result.behavior === 'deny' ? result.decidedBy : undefined;
    const reason =
      result.behavior === 'allow' || result.behavior === 'deny'
        ? result.reason
        : result.behavior === 'ask'
          ? result.pending.reason
          : result.reason !== undefined
            ? { kind: 'hook' as const, message: result.reason }
            : undefined;
    const rule = ask !== undefined ? ask.rule : by === 'rules' ? result.decision?.rule : undefined;
    const askKind = ask?.askKind ?? (st.answering !== undefined ? st.answering.askKind : undefined);
    const decidedBy: DecisionSource =
      by !== undefined ? sourceOf(result, by) : result.behavior === 'deferred' ? 'hook' : sourceOfDecision(result.decision);
    const agent = ms.agent;
    return decisionEvent(
      result.call,
      { behavior: result.behavior, reason, rule, askKind, trace: result.trace },
      {
        frontEnd: 'gate',
        at: Date.now(),
        totalMs,
        policyDigest: policyDigest(core.policy),
        decidedBy,
        mode: ms.mode,
        sessionId: core.sessionId,
        toolUseId: result.toolUseId,
        ...(agent !== undefined ? { agent } : {}),
        ...(ask !== undefined ? { askId: ask.id } : st.answering !== undefined ? { askId: st.answering.id } : {}),
        hooks: hookOutcomes(st.hookRuns),
      },
    );
  }
}
