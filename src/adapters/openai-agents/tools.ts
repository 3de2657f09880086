import type { FunctionTool, RunContext, Tool, ToolInputGuardrailDefinition } from '@openai/agents';
import type { AskAnswer, Gate, PendingAsk } from '../../gate/index.js';
import { createAskMemory } from '../shared/ask-memory.js';

/** Options of {@link gateAgentTools}. @public */
export interface GateAgentToolsOptions {
  /**
   * The toolgate tool name for an agent tool name, e.g. `{ run_shell: 'Bash' }`, or a function.
   * Rules, hooks and modes see this name. Default: the tool's own name.
   */
  toolNames?: Readonly<Record<string, string>> | ((name: string) => string);
  /** Bound on remembered per-call results. Default 1000. */
  maxRemembered?: number;
}

/** What {@link gateAgentTools} returns. @public */
export interface GatedAgentTools<T extends readonly Tool<any>[]> {
  /** The same tools; function tools are gated, other kinds (hosted, computer, shell) are returned unchanged. */
  tools: T;
  /** toolgate's ask behind a run's interruption (reason, suggestions), by call id (`interruption.rawItem.callId`). */
  pendingAsk(callId: string): PendingAsk | undefined;
  /**
   * The answer toolgate resumes an approved call with (an edited `updatedInput`, permission
   * updates, `remember`), set before `state.approve(interruption)`: the SDK's approval is a bare yes.
   */
  setAnswer(callId: string, answer: AskAnswer): void;
}

/** The name of the input guardrail {@link gateAgentTools} adds to each function tool. @public */
export const TOOLGATE_GUARDRAIL_NAME = 'toolgate';

/**
 * Gate the function tools of an OpenAI Agents SDK (`@openai/agents`) agent (Agents SDK docs,
 * "Human in the loop" and "Guardrails › Tool guardrails").
 *
 * - `needsApproval` runs `gate.check`: an ask makes the run stop with an interruption
 *   (`result.interruptions`); the tool's own `needsApproval` still applies too.
 * - An input guardrail named `toolgate` decides before the tool runs: a deny is `rejectContent`
 *   with the reason (the model reads it as the tool's output); after `state.approve(...)` the parked
 *   ask is resumed with `gate.answer`, so deny rules still win; a rewritten input is what the tool
 *   is invoked with.
 * - A deny that must stop the run (`interrupt`, a hook's `continue: false`) is `throwException`: the
 *   run fails with the SDK's `ToolInputGuardrailTripwireTriggered`.
 * - `state.reject(interruption, { message })` never reaches toolgate: the SDK sends the message.
 * - `state.approve(interruption, { alwaysApprove: true })` answers every later ask of that tool in
 *   the run (the SDK then skips `needsApproval`); deny rules and hooks still refuse.
 *
 * Stateless across processes: a run state serialized with `state.toString()` and resumed elsewhere
 * (with `RunState.fromString`) is gated again from the call, and the approval read from the run
 * context. Imports only types from `@openai/agents`.
 * @public
 */
export function gateAgentTools<T extends readonly Tool<any>[]>(gate: Gate, tools: T, options: GateAgentToolsOptions = {}): GatedAgentTools<T> {
  const { results, answers, remember, nameOf } = createAskMemory(options);

  const gated = tools.map((t) => {
    if (t.type !== 'function') return t;
    const original = t as FunctionTool<any, any, any>;
    const tool = nameOf(original.name);
    const check = (input: Record<string, unknown>, callId: string) => gate.check({ tool, input, id: callId }, { toolUseId: callId });

    const needsApproval = async (runContext: RunContext, input: unknown, callId?: string): Promise<boolean> => {
      const own = await original.needsApproval(runContext, input as never, callId);
      if (callId === undefined) return true; // nothing to track the call by: a person decides
      const result = await check(parseInput(input), callId);
      remember(results, callId, result);
      return own || result.behavior === 'ask';
    };

    const guardrail: ToolInputGuardrailDefinition = {
      type: 'tool_input',
      name: TOOLGATE_GUARDRAIL_NAME,
      async run({ context, toolCall }) {
        const callId = toolCall.callId;
        let result = results.get(callId) ?? (await check(parseInput(toolCall.arguments), callId));
        if (result.behavior === 'ask') {
          const approved = context.isToolApproved({ toolName: original.name, callId });
          if (approved === undefined) return { behavior: { type: 'allow' }, outputInfo: { pending: true } }; // before the approval: let the interruption happen
          if (approved === false) return { behavior: { type: 'rejectContent', message: 'The user refused this call.' } };
          result = await gate.answer(result.pending, answers.get(callId) ?? { behavior: 'allow' });
          answers.delete(callId);
        }
        remember(results, callId, result);
        if (result.behavior === 'allow') return { behavior: { type: 'allow' }, outputInfo: { decidedBy: result.decidedBy, rewrites: result.rewrites } };
        // A deny that must stop the run (an interrupting answer, a hook's `continue: false`) trips the wire.
        if (result.behavior === 'deny' && (result.interrupt === true || result.stop !== undefined)) return { behavior: { type: 'throwException' }, outputInfo: { message: result.message } };
        const message = result.behavior === 'deny' ? result.message : result.behavior === 'ask' ? `This call needs approval: ${result.pending.reason.message}` : `This call was deferred${result.reason ? `: ${result.reason}` : ''}.`;
        return { behavior: { type: 'rejectContent', message }, outputInfo: { behavior: result.behavior } };
      },
    };

    return {
      ...original,
      needsApproval,
      inputGuardrails: [...(original.inputGuardrails ?? []), guardrail],
      async invoke(runContext: RunContext<any>, input: string, details?: Parameters<FunctionTool['invoke']>[2]) {
        const callId = details?.toolCall?.callId;
        const result = callId !== undefined ? results.get(callId) : undefined;
        if (callId !== undefined) results.delete(callId);
        // The guardrail ran and allowed: invoke with the input toolgate says must run.
        if (result?.behavior === 'allow') return original.invoke(runContext, JSON.stringify(result.call.input), details);
        // No allow on record (the guardrail did not run or refused): never run unchecked.
        const fresh = await check(parseInput(input), callId ?? 'unknown');
        if (fresh.behavior === 'allow') return original.invoke(runContext, JSON.stringify(fresh.call.input), details);
        return fresh.behavior === 'deny' ? fresh.message : 'This call was not allowed by toolgate.';
      },
    } as FunctionTool<any, any, any>;
  }) as unknown as T;

  return {
    tools: gated,
    pendingAsk(callId) {
      const r = results.get(callId);
      return r?.behavior === 'ask' ? r.pending : undefined;
    },
    setAnswer(callId, answer) {
      remember(answers, callId, answer);
    },
  };
}

function parseInput(input: unknown): Record<string, unknown> {
  let v = input;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return { value: input };
    }
  }
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : { value: v };
}
