/* eslint-disable @typescript-eslint/no-explicit-any -- Tool<any, any> is the AI SDK's own constraint for tool sets */
import type { ModelMessage, Tool, ToolExecutionOptions } from 'ai';
import type { AskAnswer, Gate, GateResult, PendingAsk } from '../../gate/index.js';
import { createAskMemory } from '../shared/ask-memory.js';

/** Options of {@link gateTools}. @public */
export interface GateToolsOptions {
  /**
   * The toolgate tool name for an AI SDK tool key, e.g. `{ bash: 'Bash', readFile: 'Read' }` or a
   * function. Rules, hooks and modes see this name. Default: the key itself.
   */
  toolNames?: Readonly<Record<string, string>> | ((key: string) => string);
  /** Bound on remembered per-call results (asks waiting for approval). Default 1000. */
  maxRemembered?: number;
}

/** What {@link gateTools} returns. @public */
export interface GatedTools<TOOLS extends Readonly<Record<string, Tool<any, any> | Tool<any, never>>>> {
  /** The same tools, each gated: pass them to `generateText` / `streamText` / `ToolLoopAgent`. */
  tools: TOOLS;
  /** toolgate's ask behind an AI SDK approval request (reason, suggestions, kind), by tool call id. */
  pendingAsk(toolCallId: string): PendingAsk | undefined;
  /**
   * Give the answer toolgate should resume an approved call with, before sending the AI SDK's
   * `tool-approval-response` with `approved: true`: an `updatedInput` (gated again), permission
   * updates, `remember`. The AI SDK's approval carries only yes/no and a reason, so richer answers
   * travel this way. Without one, an approval resumes as `{ behavior: 'allow' }`.
   */
  setAnswer(toolCallId: string, answer: AskAnswer): void;
}

/**
 * The error a gated tool's `execute` throws when toolgate refuses the call: the AI SDK turns it
 * into a `tool-error` result, so the model reads `message` (the refusal reason) as the tool's output.
 * @public
 */
export class ToolCallDeniedError extends Error {
  override readonly name = 'ToolCallDeniedError';
  /** The gate's result (a deny, an unanswered ask or a deferral). */
  readonly result: GateResult;
  constructor(result: GateResult, message: string) {
    super(message);
    this.result = result;
  }
}

/**
 * Gate every tool of an AI SDK (`ai` v6) tool set (AI SDK docs, "Tool calling › Tool execution
 * approval").
 *
 * - `needsApproval` runs `gate.check` for the call: an ask becomes an approval request
 *   (`tool-approval-request`); the tool's own `needsApproval` still applies too.
 * - `execute` runs the tool only when toolgate allows it, with the input toolgate says must run
 *   (hooks may have rewritten it). After an approval (`tool-approval-response` with `approved:
 *   true`, seen in the call's messages) the parked ask is resumed with `gate.answer`, so deny rules
 *   still win. A deny throws {@link ToolCallDeniedError}: the model gets a tool error with the reason.
 * - A denied approval never reaches `execute`: the AI SDK sends the model `execution-denied` with
 *   the approval's `reason`.
 * - A tool without `execute` (run by the client) gets `needsApproval` true for everything toolgate
 *   does not allow — the client must then honour the denial itself ({@link GatedTools.pendingAsk}).
 *
 * Works across requests and processes: an approval is recognised from the messages, and the ask
 * is re-derived by gating the call again when this process did not see it.
 * Imports only types from `ai`.
 * @public
 */
export function gateTools<TOOLS extends Readonly<Record<string, Tool<any, any> | Tool<any, never>>>>(gate: Gate, tools: TOOLS, options: GateToolsOptions = {}): GatedTools<TOOLS> {
  const { results, answers, remember, nameOf } = createAskMemory(options);

  const wrapped: Record<string, Tool> = {};
  for (const [key, original] of Object.entries(tools) as [string, Tool<unknown, unknown>][]) {
    const tool = nameOf(key);
    const check = async (input: unknown, toolCallId: string, signal?: AbortSignal): Promise<GateResult> => {
      const call = { tool, input: isObject(input) ? input : { value: input }, id: toolCallId };
      return gate.check(call, { toolUseId: toolCallId, ...(signal !== undefined ? { signal } : {}) });
    };
    const ownNeedsApproval = original.needsApproval;
    const needsApproval = async (input: unknown, o: { toolCallId: string; messages: ModelMessage[]; experimental_context?: unknown }): Promise<boolean> => {
      const result = await check(input, o.toolCallId);
      remember(results, o.toolCallId, result);
      const own = typeof ownNeedsApproval === 'function' ? await ownNeedsApproval(input, o) : ownNeedsApproval === true;
      if (original.execute === undefined) return own || result.behavior !== 'allow';
      return own || result.behavior === 'ask';
    };
    if (original.execute === undefined) {
      wrapped[key] = { ...original, needsApproval } as Tool;
      continue;
    }
    const execute = original.execute;
    wrapped[key] = {
      ...original,
      needsApproval,
      execute: async (input: unknown, o: ToolExecutionOptions) => {
        let result = results.get(o.toolCallId) ?? (await check(input, o.toolCallId, o.abortSignal));
        results.delete(o.toolCallId);
        if (result.behavior === 'ask') {
          if (!approvedInMessages(o.messages, o.toolCallId)) throw new ToolCallDeniedError(result, `This call needs approval: ${result.pending.reason.message}`);
          const answer = answers.get(o.toolCallId) ?? { behavior: 'allow' };
          answers.delete(o.toolCallId);
          result = await gate.answer(result.pending, answer, o.abortSignal !== undefined ? { signal: o.abortSignal } : {});
        }
        if (result.behavior === 'deny') throw new ToolCallDeniedError(result, result.message);
        if (result.behavior === 'deferred') throw new ToolCallDeniedError(result, `This call was deferred${result.reason ? `: ${result.reason}` : ''}.`);
        if (result.behavior === 'ask') throw new ToolCallDeniedError(result, `This call needs approval: ${result.pending.reason.message}`);
        return execute(result.call.input as never, o);
      },
    } as Tool;
  }

  return {
    tools: wrapped as TOOLS,
    pendingAsk(toolCallId) {
      const r = results.get(toolCallId);
      return r?.behavior === 'ask' ? r.pending : undefined;
    },
    setAnswer(toolCallId, answer) {
      remember(answers, toolCallId, answer);
    },
  };
}

/** Was the call approved: a `tool-approval-response` with `approved: true` for an approval request of this call? */
function approvedInMessages(messages: readonly ModelMessage[], toolCallId: string): boolean {
  const approvalIds = new Set<string>();
  for (const m of messages) {
    if (m.role !== 'assistant' || typeof m.content === 'string') continue;
    for (const part of m.content) if (part.type === 'tool-approval-request' && part.toolCallId === toolCallId) approvalIds.add(part.approvalId);
  }
  for (const m of messages) {
    if (m.role !== 'tool') continue;
    for (const part of m.content) if (part.type === 'tool-approval-response' && approvalIds.has(part.approvalId) && part.approved === true) return true;
  }
  return false;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
