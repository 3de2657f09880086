import { hookMayAnswer, type AskKind, type Decision, type PermissionUpdate, type ToolCall } from '../core/types.js';
import { toolFamily } from '../rules/index.js';
import { stableJson } from '../hooks/index.js';
import { applyUpdates, hasHandlers, type GateCore, type ModeState } from './core.js';
import { denyResult, failedResult, newId, type RunState } from './results.js';
import type { GateDeny, PendingAsk, PermissionResult } from './types.js';

/** The ask being resolved. */
export interface AskInfo {
  kind: AskKind;
  decision: Decision;
  /** Set when a PreToolUse hook asked. */
  hookReason?: string;
}

/** What resolving an ask came to. */
export type Resolution =
  | { kind: 'allow'; by: 'permissionRequestHook' | 'classifier' | 'canUseTool' | 'promptTool'; message: string; person: boolean }
  | { kind: 'rewrite'; by: 'permissionRequestHook' | 'canUseTool' | 'promptTool'; input: Record<string, unknown> }
  | { kind: 'deny'; result: GateDeny }
  | { kind: 'park'; pending: PendingAsk };

const DEFAULT_CLASSIFIER_TIMEOUT_MS = 60_000;

/**
 * Resolve an ask in order (toolgate spec, "How a call is decided" step 4): PermissionRequest hooks,
 * the auto-mode classifier, `canUseTool`, a prompt tool; otherwise the call parks. A resolver that
 * throws or answers something unusable denies the call.
 */
export async function resolveAsk(core: GateCore, ms: ModeState, st: RunState, ask: AskInfo, signal: AbortSignal): Promise<Resolution> {
  const call = st.call;
  const d = ask.decision;
  core.emitter.emit('ask', d, call);
  const suggestions = d.suggestions ?? [];

  if (hasHandlers(core, 'PermissionRequest')) {
    let run;
    try {
      run = await core.dispatcher.run(
        'PermissionRequest',
        { tool_name: call.tool, tool_input: call.input, ...(suggestions.length > 0 ? { permission_suggestions: suggestions } : {}) },
        { signal, toolCall: call, base: hookBase(ms) },
      );
    } catch (e) {
      return { kind: 'deny', result: failedResult(st, 'PermissionRequest hooks', e) };
    }
    core.emitter.emit('hook', run);
    (st.hookRuns ??= []).push(run);
    const dec = run.answer.decision;
    st.trace.push({
      step: 'permissionRequestHooks',
      outcome: dec?.behavior ?? 'pass',
      detail: dec === undefined ? `${run.outcomes.length} hook(s), no decision` : `decided by ${run.answer.decidedBy ?? 'a hook'}`,
    });
    if (dec?.behavior === 'deny') {
      return {
        kind: 'deny',
        result: denyResult(st, 'permissionRequestHook', 'hook', dec.message ?? 'denied by a PermissionRequest hook', {
          ...(dec.interrupt === true ? { interrupt: true } : {}),
          step: 'permissionRequestHooks',
        }),
      };
    }
    if (dec?.behavior === 'allow' && ask.kind === 'planBlock') {
      st.trace.push({
        step: 'permissionRequestHooks',
        outcome: 'pass',
        detail: "a PermissionRequest hook's allow does not answer a change in plan mode",
      });
    } else if (dec?.behavior === 'allow') {
      const broken = core.policy.brokenFiles ?? [];
      if (broken.length === 0)
        return approved(
          core,
          ms,
          st,
          'permissionRequestHook',
          dec.updatedInput,
          dec.updatedPermissions,
          'approved by a PermissionRequest hook',
          false,
        );
      // A hook is automation; while a settings file cannot be read only a person answers.
      st.trace.push({
        step: 'permissionRequestHooks',
        outcome: 'pass',
        detail: `a PermissionRequest hook's allow is not taken while the settings file ${broken[0]?.source.file ?? broken[0]?.source.kind} cannot be read`,
      });
    }
  }

  if (classifierApplies(core, ms, call, ask)) {
    const r = await classify(core, ms, st, d, signal);
    if (r !== undefined) return r;
  }

  const requestId = newId('ask');
  if (core.options.canUseTool !== undefined) {
    let answer: unknown;
    try {
      answer = await core.options.canUseTool(call.tool, call.input, {
        signal,
        ...(suggestions.length > 0 ? { suggestions } : {}),
        ...(d.blockedPath !== undefined ? { blockedPath: d.blockedPath } : {}),
        decisionReason: ask.hookReason ?? d.reason.message,
        toolUseID: st.toolUseId,
        ...(ms.agent !== undefined ? { agentID: ms.agent.id } : {}),
        requestId,
        ...(d.rule !== undefined && d.rule.list === 'ask' ? { matchedAskRule: matchedAskRule(d) } : {}),
      });
    } catch (e) {
      return { kind: 'deny', result: failedResult(st, 'canUseTool', e) };
    }
    if (answer !== null) return fromPermissionResult(core, ms, st, 'canUseTool', answer);
    st.trace.push({ step: 'canUseTool', outcome: 'pass', detail: 'canUseTool answered null: the call waits' });
  }

  if (core.options.promptTool !== undefined) {
    let answer: unknown;
    try {
      answer = await core.options.promptTool({ tool_name: call.tool, input: call.input, tool_use_id: st.toolUseId }, { signal });
      if (typeof answer === 'string') answer = JSON.parse(answer);
    } catch (e) {
      return { kind: 'deny', result: failedResult(st, 'permission prompt tool', e) };
    }
    return fromPermissionResult(core, ms, st, 'promptTool', answer);
  }

  const pending: PendingAsk = {
    version: 1,
    id: requestId,
    call: st.call,
    originalCall: st.original,
    toolUseId: st.toolUseId,
    rewrites: st.rewrites,
    askKind: ask.kind,
    reason: ask.hookReason !== undefined ? { kind: 'hook', message: ask.hookReason } : d.reason,
    ...(d.rule !== undefined ? { rule: d.rule } : {}),
    ...(d.blockedPath !== undefined ? { blockedPath: d.blockedPath } : {}),
    suggestions,
    mode: ms.mode,
    ...(ms.agent !== undefined ? { agent: ms.agent } : {}),
    ...(st.promptId !== undefined ? { promptId: st.promptId } : {}),
    trace: [...st.trace, { step: 'park', outcome: 'ask', detail: 'no resolver answered: the call waits for a person' }],
  };
  return { kind: 'park', pending: JSON.parse(JSON.stringify(pending)) as PendingAsk };
}

function matchedAskRule(d: Decision): { source: string; toolName: string; ruleContent?: string } {
  const text = d.rule?.text ?? '';
  const open = text.indexOf('(');
  const toolName = open < 0 ? text : text.slice(0, open);
  return {
    source: d.rule?.source.kind ?? 'unknown',
    toolName,
    ...(open >= 0 && text.endsWith(')') ? { ruleContent: text.slice(open + 1, -1) } : {}),
  };
}

/**
 * Tell PermissionDenied hooks of a refusal that is not the classifier's, where the dialect says
 * they hear of every refusal (biu). Informational: what they answer changes nothing, and a hook
 * that fails is recorded, never turned into a different decision.
 */
export async function notifyDenied(core: GateCore, ms: ModeState, st: RunState, reason: string, signal: AbortSignal): Promise<void> {
  if (core.options.dialect?.permissionDeniedHooks !== 'every' || !hasHandlers(core, 'PermissionDenied')) return;
  try {
    const run = await core.dispatcher.run(
      'PermissionDenied',
      { tool_name: st.call.tool, tool_input: st.call.input, tool_use_id: st.toolUseId, reason },
      { signal, toolCall: st.call, base: hookBase(ms) },
    );
    core.emitter.emit('hook', run);
    (st.hookRuns ??= []).push(run);
  } catch {
    st.trace.push({ step: 'permissionDeniedHooks', outcome: 'pass', detail: 'a PermissionDenied hook failed; the refusal stands' });
  }
}

export function hookBase(ms: ModeState) {
  return {
    permission_mode: ms.mode,
    ...(ms.agent !== undefined ? { agent_id: ms.agent.id, ...(ms.agent.type !== undefined ? { agent_type: ms.agent.type } : {}) } : {}),
  };
}

/**
 * Does the classifier judge this ask? In auto mode, what evaluate handed over (reason kind
 * `classifier`) unless a hook asked (firm); in plan mode entered from auto with
 * `useAutoModeDuringPlan`, shell commands that would ask plainly or are held by the plan. Not while the breaker is open.
 */
function classifierApplies(core: GateCore, ms: ModeState, call: ToolCall, ask: AskInfo): boolean {
  if (core.options.classifier === undefined || core.session.breaker.paused) return false;
  // A shell command's plan block is the classifier's to judge where the plan keeps auto mode
  // (Claude Code 2.1.332 sends it there; no hook's allow answers it).
  if (ms.mode === 'plan' && ms.planSavedMode === 'auto' && core.policy.useAutoModeDuringPlan && !core.policy.disableAutoMode)
    return toolFamily(call.tool) === 'shell' && (ask.kind === 'plain' || ask.kind === 'planBlock');
  if (!hookMayAnswer(ask.kind)) return false;
  if (ms.mode === 'auto') return ask.decision.reason.kind === 'classifier';
  return false;
}

async function classify(core: GateCore, ms: ModeState, st: RunState, d: Decision, signal: AbortSignal): Promise<Resolution | undefined> {
  const classifier = core.options.classifier!;
  const timeoutMs = core.options.classifierTimeoutMs ?? DEFAULT_CLASSIFIER_TIMEOUT_MS;
  const controller = new AbortController();
  const forward = () => controller.abort(signal.reason);
  signal.addEventListener('abort', forward, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  let verdict: { decision: string; reason?: string } | undefined;
  let problem: string | undefined;
  try {
    const raw = await Promise.race([
      classifier(st.call, {
        signal: controller.signal,
        mode: ms.mode,
        guidance: core.guidance,
        decision: d,
        cwd: st.cwd ?? core.cwd,
        ...(ms.agent !== undefined ? { agent: ms.agent } : {}),
      }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort(new Error('timed out'));
          reject(new Error(`no verdict within ${timeoutMs} ms`));
        }, timeoutMs);
      }),
    ]);
    if (raw === null || typeof raw !== 'object' || !['allow', 'deny', 'ask'].includes((raw as { decision?: unknown }).decision as string)) {
      problem = 'the classifier returned a malformed verdict';
    } else {
      const r = (raw as { reason?: unknown }).reason;
      verdict = { decision: (raw as { decision: string }).decision, ...(typeof r === 'string' ? { reason: r } : {}) };
    }
  } catch (e) {
    problem = `the classifier failed: ${e instanceof Error ? e.message : String(e)}`;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal.removeEventListener('abort', forward);
  }
  core.emitter.emit('classifier', {
    call: st.call,
    ...(verdict !== undefined ? { verdict: verdict as { decision: 'allow' | 'deny' | 'ask'; reason?: string } } : {}),
    ...(problem !== undefined ? { problem } : {}),
  });
  const breaker = core.session.breaker;
  if (verdict?.decision === 'allow') {
    breaker.allowed();
    st.trace.push({ step: 'classifier', outcome: 'allow', detail: verdict.reason ?? 'the classifier allowed the call' });
    return { kind: 'allow', by: 'classifier', message: verdict.reason ?? 'allowed by the auto-mode classifier', person: false };
  }
  if (verdict?.decision === 'ask') {
    st.trace.push({
      step: 'classifier',
      outcome: 'pass',
      detail: `the classifier asks a person${verdict.reason ? `: ${verdict.reason}` : ''}`,
    });
    return undefined;
  }
  const tripped = breaker.refusal();
  if (tripped) core.emitter.emit('autoModePaused', { paused: true, consecutive: breaker.consecutive, total: breaker.total });
  const why = verdict?.reason ?? problem ?? 'blocked';
  const message =
    verdict !== undefined ? `Blocked by the auto-mode classifier: ${why}` : `Blocked: ${why} (no usable verdict counts as a refusal)`;
  let retry = false;
  if (hasHandlers(core, 'PermissionDenied')) {
    try {
      const run = await core.dispatcher.run(
        'PermissionDenied',
        { tool_name: st.call.tool, tool_input: st.call.input, tool_use_id: st.toolUseId, reason: message },
        { signal, toolCall: st.call, base: hookBase(ms) },
      );
      core.emitter.emit('hook', run);
      (st.hookRuns ??= []).push(run);
      retry = run.answer.retry;
    } catch {
      retry = false;
    }
  }
  const suffix = tripped ? ' Auto mode is paused: later calls that would ask go to a person until one is approved.' : '';
  return {
    kind: 'deny',
    result: denyResult(st, 'classifier', 'classifier', `${message}${retry ? ' You may try again.' : ''}${suffix}`, {
      ...(retry ? { retry } : {}),
      step: 'classifier',
    }),
  };
}

async function approved(
  core: GateCore,
  ms: ModeState,
  st: RunState,
  by: 'permissionRequestHook' | 'canUseTool' | 'promptTool',
  updatedInput: unknown,
  updatedPermissions: unknown,
  message: string,
  person: boolean,
): Promise<Resolution> {
  if (updatedPermissions !== undefined) {
    if (!Array.isArray(updatedPermissions))
      return { kind: 'deny', result: failedResult(st, by, new Error('updatedPermissions is not a list')) };
    const applied = await applyUpdates(core, ms, updatedPermissions as PermissionUpdate[], 'answer');
    for (const a of applied)
      st.trace.push({
        step: 'permissionUpdate',
        outcome: 'pass',
        detail: `${a.update.type} (${a.update.destination}): ${a.applied}${a.note ? ` — ${a.note}` : ''}`,
      });
  }
  if (updatedInput !== undefined) {
    if (updatedInput === null || typeof updatedInput !== 'object' || Array.isArray(updatedInput))
      return { kind: 'deny', result: failedResult(st, by, new Error('updatedInput is not an object')) };
    if (stableJson(updatedInput) !== stableJson(st.call.input))
      return { kind: 'rewrite', by, input: updatedInput as Record<string, unknown> };
  }
  st.trace.push({ step: by, outcome: 'allow', detail: message });
  return { kind: 'allow', by, message, person };
}

function fromPermissionResult(
  core: GateCore,
  ms: ModeState,
  st: RunState,
  by: 'canUseTool' | 'promptTool',
  answer: unknown,
): Promise<Resolution> | Resolution {
  const r = answer as PermissionResult | null;
  if (r === null || typeof r !== 'object' || (r.behavior !== 'allow' && r.behavior !== 'deny'))
    return { kind: 'deny', result: failedResult(st, by, new Error('the answer is not a PermissionResult')) };
  if (r.behavior === 'deny') {
    const message = typeof r.message === 'string' && r.message !== '' ? r.message : `denied by ${by}`;
    return {
      kind: 'deny',
      result: denyResult(st, by, 'resolver', message, { ...(r.interrupt === true ? { interrupt: true } : {}), step: by }),
    };
  }
  return approved(core, ms, st, by, r.updatedInput, r.updatedPermissions, `approved by ${by}`, true);
}
