import type { HookRunResult } from '../hooks/index.js';
import { decisionEvent, emitDecision, monotonicMs, sourceOfDecision } from '../provenance/event.js';
import { policyDigest } from '../provenance/digest.js';
import type { DecisionHookOutcome, DecisionSource } from '../provenance/types.js';
import type { GateCore, ModeState } from './core.js';
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
      out.push({ event: run.event, id: o.id, type: o.type, status: o.status, ...(typeof decision === 'string' ? { decision } : {}), durationMs: o.durationMs });
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
export function reportDecision(core: GateCore, ms: ModeState, st: RunState, result: GateResult, start: number | undefined): void {
  const listener = core.options.onDecision;
  if (listener === undefined) return;
  const totalMs = start !== undefined ? monotonicMs() - start : 0;
  emitDecision(listener, () => {
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
    const decidedBy: DecisionSource = by !== undefined ? sourceOf(result, by) : result.behavior === 'deferred' ? 'hook' : sourceOfDecision(result.decision);
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
  });
}
