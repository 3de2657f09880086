import type { FunctionTool, RunContext, Tool, ToolInputGuardrailDefinition } from '@openai/agents';
import type { AskAnswer, Gate, GateResult, PendingAsk } from '../../gate/index.js';
import { createRunScopes, DEFAULT_MAX_REMEMBERED, inputDigest, toolNamer } from '../shared/call-memory.js';
import { createHostAsks, type RestoreAsksResult } from '../shared/host-asks.js';
import { removingRule } from '../shared/removed-tools.js';

/** Options of {@link gateAgentTools}. @public */
export interface GateAgentToolsOptions {
  /**
   * The toolgate tool name for an agent tool name, e.g. `{ run_shell: 'Bash' }`, or a function.
   * Rules, hooks and modes see this name. Default: the tool's own name.
   */
  toolNames?: Readonly<Record<string, string>> | ((name: string) => string);
  /** Bound on each per-call map (remembered checks per run, asks shown to the host, answers). Default 1000. */
  maxRemembered?: number;
}

/** What {@link gateAgentTools} returns. @public */
export interface GatedAgentTools<T extends readonly Tool<any>[]> {
  /**
   * The same tools; function tools are gated, other kinds (hosted, computer, shell) are returned
   * unchanged. Tools a bare deny rule removes are left out (their names are in
   * {@link GatedAgentTools.removed}), and a function tool removed later (a deny rule added during
   * the session) is disabled (`isEnabled`), as Claude Code leaves removed tools out of the request.
   */
  tools: T;
  /** The names left out of {@link GatedAgentTools.tools} because a bare deny rule removes the tool (checked when `gateAgentTools` ran). */
  removed: readonly string[];
  /**
   * toolgate's ask behind a run's interruption (reason, kind, suggestions), by call id
   * (`interruption.rawItem.callId`). Pass the call's arguments too (`interruption.arguments`) when
   * several runs share the tools: two runs may reuse a call id. Empty in a process that did not
   * make the ask unless it was restored ({@link GatedAgentTools.restoreAsks}).
   */
  pendingAsk(callId: string, input?: unknown): PendingAsk | undefined;
  /**
   * The answer toolgate resumes an approved call with (an edited `updatedInput`, permission
   * updates, `remember`), set before `state.approve(interruption)`: the SDK's approval is a bare yes.
   * It is bound to the input of the ask last shown for that id.
   */
  setAnswer(callId: string, answer: AskAnswer): void;
  /** The asks waiting for a person, as plain JSON: save them next to `state.toString()` so `pendingAsk` works after a restart. */
  saveAsks(): PendingAsk[];
  /** Take back asks saved with {@link GatedAgentTools.saveAsks}: only for showing — the call is gated again when the run resumes. */
  restoreAsks(asks: readonly unknown[]): RestoreAsksResult;
}

/** The name of the input guardrail {@link gateAgentTools} adds to each function tool. @public */
export const TOOLGATE_GUARDRAIL_NAME = 'toolgate';

/**
 * Gate the function tools of an OpenAI Agents SDK (`@openai/agents`) agent (Agents SDK docs,
 * "Human in the loop" and "Guardrails › Tool guardrails").
 *
 * - `needsApproval` runs `gate.check`: an ask makes the run stop with an interruption
 *   (`result.interruptions`); a deny never does. The tool's own `needsApproval` still applies to
 *   calls toolgate allows.
 * - An input guardrail named `toolgate` decides before the tool runs: a deny is `rejectContent`
 *   with the reason (the model reads it as the tool's output); after `state.approve(...)` the parked
 *   ask is resumed with `gate.answer`, so deny rules still win; a rewritten input is what the tool
 *   is invoked with. An approval the SDK reports for a call id whose interruption showed another
 *   input (a reused id) is not an approval of this input: the call is refused.
 * - A deny that must stop the run (`interrupt`, a hook's `continue: false`) is `throwException`:
 *   `run()` rejects with the SDK's `ToolCallError` whose `error` is a
 *   `ToolInputGuardrailTripwireTriggered`.
 * - `state.reject(interruption, { message })` never reaches toolgate: the SDK sends the message.
 * - `state.approve(interruption, { alwaysApprove: true })` answers every later ask of that tool in
 *   the run (the SDK then skips `needsApproval`); deny rules and hooks still refuse.
 *
 * What `needsApproval` learned is remembered for the guardrail and the tool by call id **and** the
 * SHA-256 of the call's canonical input, per run (the run's `RunContext`), bounded; a different
 * input under the same id is checked again, never reused. A run state serialized with
 * `state.toString()` and resumed elsewhere (`RunState.fromString`) is gated again from the call,
 * and the approval read from the run context. Imports only types from `@openai/agents`.
 * @public
 */
export function gateAgentTools<T extends readonly Tool<any>[]>(
  gate: Gate,
  tools: T,
  options: GateAgentToolsOptions = {},
): GatedAgentTools<T> {
  const nameOf = toolNamer(options.toolNames);
  const max = options.maxRemembered ?? DEFAULT_MAX_REMEMBERED;
  const checksOf = createRunScopes<GateResult>(max);
  /** Per run: the input (digest) each call id was put to the person with. */
  const askedOf = createRunScopes<true>(max);
  const host = createHostAsks(max);
  const removed: string[] = [];

  const gated = tools.flatMap((t): Tool<any>[] => {
    const name = (t as { name?: unknown }).name;
    if (typeof name === 'string' && removingRule(gate, nameOf(name)) !== undefined) {
      removed.push(name);
      return [];
    }
    if (t.type !== 'function') return [t];
    const original = t as FunctionTool<any, any, any>;
    const tool = nameOf(original.name);
    const check = (input: Record<string, unknown>, callId: string) => gate.check({ tool, input, id: callId }, { toolUseId: callId });

    const needsApproval = async (runContext: RunContext, input: unknown, callId?: string): Promise<boolean> => {
      if (callId === undefined) return true; // nothing to track the call by: a person decides
      const call = parseInput(input);
      const digest = await inputDigest(call);
      const result = await check(call, callId);
      checksOf(runContext).remember(callId, digest, result);
      if (result.behavior === 'ask') {
        host.show(result.pending);
        askedOf(runContext).remember(callId, digest, true);
        return true;
      }
      if (result.behavior !== 'allow') return false; // the guardrail refuses it with the reason
      return original.needsApproval(runContext, input as never, callId);
    };

    const guardrail: ToolInputGuardrailDefinition = {
      type: 'tool_input',
      name: TOOLGATE_GUARDRAIL_NAME,
      async run({ context, toolCall }) {
        const callId = toolCall.callId;
        const call = parseInput(toolCall.arguments);
        const digest = await inputDigest(call);
        const checks = checksOf(context);
        let result = checks.take(callId, digest) ?? (await check(call, callId));
        if (result.behavior === 'ask') {
          const approved = context.isToolApproved({ toolName: original.name, callId });
          if (approved === undefined) {
            checks.remember(callId, digest, result); // before the approval: let the interruption happen
            return { behavior: { type: 'allow' }, outputInfo: { pending: true } };
          }
          if (approved === false) return { behavior: { type: 'rejectContent', message: 'The user refused this call.' } };
          const asked = askedOf(context).digestOf(callId);
          if (asked !== undefined && asked !== digest) {
            return {
              behavior: {
                type: 'rejectContent',
                message: `This call needs approval (${result.pending.reason.message}); the approval given for this call id was for another input.`,
              },
            };
          }
          result = await gate.answer(result.pending, host.takeAnswer(callId, call) ?? { behavior: 'allow' });
        }
        host.settle(callId, call);
        checks.remember(callId, digest, result);
        if (result.behavior === 'allow')
          return { behavior: { type: 'allow' }, outputInfo: { decidedBy: result.decidedBy, rewrites: result.rewrites } };
        // A deny that must stop the run (an interrupting answer, a hook's `continue: false`) trips the wire.
        if (result.behavior === 'deny' && (result.interrupt === true || result.stop !== undefined))
          return { behavior: { type: 'throwException' }, outputInfo: { message: result.message } };
        const message =
          result.behavior === 'deny'
            ? result.message
            : result.behavior === 'ask'
              ? `This call needs approval: ${result.pending.reason.message}`
              : `This call was deferred${result.reason ? `: ${result.reason}` : ''}.`;
        return { behavior: { type: 'rejectContent', message }, outputInfo: { behavior: result.behavior } };
      },
    };

    const ownEnabled = original.isEnabled;
    return [
      {
        ...original,
        needsApproval,
        isEnabled: async (runContext: RunContext<any>, agent: Parameters<FunctionTool['isEnabled']>[1]) =>
          removingRule(gate, tool) === undefined && (await ownEnabled(runContext, agent)),
        inputGuardrails: [...(original.inputGuardrails ?? []), guardrail],
        async invoke(runContext: RunContext<any>, input: string, details?: Parameters<FunctionTool['invoke']>[2]) {
          const callId = details?.toolCall?.callId;
          const call = parseInput(input);
          const result = callId !== undefined ? checksOf(runContext).take(callId, await inputDigest(call)) : undefined;
          // The guardrail ran and allowed this very input: invoke with the input toolgate says must run.
          if (result?.behavior === 'allow') return original.invoke(runContext, JSON.stringify(result.call.input), details);
          // No allow on record (the guardrail did not run or refused): never run unchecked.
          const fresh = await check(call, callId ?? 'unknown');
          if (fresh.behavior === 'allow') return original.invoke(runContext, JSON.stringify(fresh.call.input), details);
          return fresh.behavior === 'deny' ? fresh.message : 'This call was not allowed by toolgate.';
        },
      } as FunctionTool<any, any, any>,
    ];
  }) as unknown as T;

  return {
    tools: gated,
    removed,
    pendingAsk: (callId, input) => host.pendingAsk(callId, input === undefined ? undefined : parseInput(input)),
    setAnswer: (callId, answer) => host.setAnswer(callId, answer),
    saveAsks: () => host.save(),
    restoreAsks: (asks) => host.restore(asks),
  };
}

/** Arguments as toolgate gates them: a JSON object; anything else travels as `{ value }`. */
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
