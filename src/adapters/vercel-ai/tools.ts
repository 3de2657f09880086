/* eslint-disable @typescript-eslint/no-explicit-any -- Tool<any, any> is the AI SDK's own constraint for tool sets */
import type { ModelMessage, Tool, ToolExecutionOptions } from 'ai';
import type { AskAnswer, Gate, GateResult, PendingAsk } from '../../gate/index.js';
import { createRunScopes, DEFAULT_MAX_REMEMBERED, inputDigest, sameInput, toolNamer } from '../shared/call-memory.js';
import { createHostAsks, toDenial, type RestoreAsksResult, type ToolDenial } from '../shared/host-asks.js';
import { removingRule } from '../shared/removed-tools.js';
import { approvalFor } from './approvals.js';

/** Options of {@link gateTools}. @public */
export interface GateToolsOptions {
  /**
   * The toolgate tool name for an AI SDK tool key, e.g. `{ bash: 'Bash', readFile: 'Read' }` or a
   * function. Rules, hooks and modes see this name. Default: the key itself.
   */
  toolNames?: Readonly<Record<string, string>> | ((key: string) => string);
  /** Bound on each per-call map (remembered checks per request, asks and refusals shown to the host, answers). Default 1000. */
  maxRemembered?: number;
}

/** What {@link gateTools} returns. @public */
export interface GatedTools<TOOLS extends Readonly<Record<string, Tool<any, any> | Tool<any, never>>>> {
  /**
   * The same tools, each gated: pass them to `generateText` / `streamText` / `ToolLoopAgent`. Tools
   * a bare deny rule removes (deny `Bash`, `mcp__github`) are left out, as Claude Code leaves them
   * out of the model's request: their keys are in {@link GatedTools.removed}.
   */
  tools: TOOLS;
  /** The keys left out of {@link GatedTools.tools} because a bare deny rule removes the tool (checked when `gateTools` ran). */
  removed: readonly string[];
  /**
   * toolgate's ask behind an AI SDK approval request (reason, kind, suggestions), by tool call id.
   * Pass the call's `input` too when one tool set serves several conversations: two calls may share
   * an id. Empty in a process that did not make the ask unless it was restored ({@link GatedTools.restoreAsks}).
   */
  pendingAsk(toolCallId: string, input?: unknown): PendingAsk | undefined;
  /**
   * toolgate's refusal of a call, by tool call id (and `input`, as for `pendingAsk`). For a
   * client-side tool (no `execute`) this is the only place a deny shows: the AI SDK hands the call
   * to your code like any other, and you must not run it — send the model `message` as the tool's
   * result instead.
   */
  denied(toolCallId: string, input?: unknown): ToolDenial | undefined;
  /**
   * Give the answer toolgate should resume an approved call with, before sending the AI SDK's
   * `tool-approval-response` with `approved: true`: an `updatedInput` (gated again), permission
   * updates, `remember`. The AI SDK's approval carries only yes/no and a reason, so richer answers
   * travel this way. Without one, an approval resumes as `{ behavior: 'allow' }`. The answer is
   * bound to the input of the ask last shown for that id, so another call reusing the id never gets it.
   */
  setAnswer(toolCallId: string, answer: AskAnswer): void;
  /** The asks waiting for a person, as plain JSON: save them with the messages so `pendingAsk` works after a restart. */
  saveAsks(): PendingAsk[];
  /**
   * Take back asks saved with {@link GatedTools.saveAsks} (in another process, after a restart):
   * `pendingAsk` shows their reason and kind again. Only for showing — the call itself is gated
   * again when it resumes.
   */
  restoreAsks(asks: readonly unknown[]): RestoreAsksResult;
}

/**
 * The error a gated tool's `execute` throws when toolgate refuses the call. The AI SDK never
 * rethrows it: it becomes the call's `tool-error` result (`result.content`, `onStepFinish`), so
 * the model reads `message` (the refusal reason) as the tool's output and the loop goes on.
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

type ApprovalOptions = { toolCallId: string; messages: ModelMessage[]; experimental_context?: unknown };

/**
 * Gate every tool of an AI SDK (`ai` v6) tool set (AI SDK docs, "Tool calling › Tool execution
 * approval").
 *
 * - `needsApproval` runs `gate.check` for the call: an ask becomes an approval request
 *   (`tool-approval-request`); a deny never does. The tool's own `needsApproval` still applies to
 *   calls toolgate does not refuse.
 * - An approval already in the request's messages (the last message's `tool-approval-response`
 *   for this call id **and** this input) makes `needsApproval` say yes again — the AI SDK asks it
 *   once more before executing, and a "no" would turn the approval into `execution-denied`.
 * - `execute` runs the tool only when toolgate allows it, with the input toolgate says must run
 *   (hooks may have rewritten it). After an approval the parked ask is resumed with `gate.answer`,
 *   so deny rules still win. A deny throws {@link ToolCallDeniedError}: the model gets a tool error
 *   with the reason. After a rewrite the call's `input` object is updated in place, so the
 *   `tool-call` and `tool-result` parts show the input that ran.
 * - A refused approval never reaches `execute`: the AI SDK sends the model `execution-denied` with
 *   the approval's `reason`.
 * - A client-side tool (no `execute`): an ask is an approval request; a deny is not — the call is
 *   handed to your code and {@link GatedTools.denied} says it must not run. See the docs
 *   ("Client-side tools") for what the host must do.
 *
 * What `needsApproval` learned is remembered for `execute` by call id **and** the SHA-256 of the
 * call's canonical input, within one request (the `messages` array the AI SDK hands both), bounded;
 * a different input under the same id is checked again, never reused. Works across requests and
 * processes: an approval is recognised from the messages, and the ask is re-derived by gating the
 * call again. Imports only types from `ai`.
 * @public
 */
export function gateTools<TOOLS extends Readonly<Record<string, Tool<any, any> | Tool<any, never>>>>(
  gate: Gate,
  tools: TOOLS,
  options: GateToolsOptions = {},
): GatedTools<TOOLS> {
  const nameOf = toolNamer(options.toolNames);
  const max = options.maxRemembered ?? DEFAULT_MAX_REMEMBERED;
  const checksOf = createRunScopes<GateResult>(max);
  const host = createHostAsks(max);
  const wrapped: Record<string, Tool> = {};
  const removed: string[] = [];

  for (const [key, original] of Object.entries(tools) as [string, Tool<unknown, unknown>][]) {
    const tool = nameOf(key);
    if (removingRule(gate, tool) !== undefined) {
      removed.push(key);
      continue;
    }
    const check = (input: unknown, toolCallId: string, signal?: AbortSignal): Promise<GateResult> =>
      gate.check(
        { tool, input: asCallInput(input), id: toolCallId },
        { toolUseId: toolCallId, ...(signal !== undefined ? { signal } : {}) },
      );
    const own = async (input: unknown, o: ApprovalOptions): Promise<boolean> =>
      typeof original.needsApproval === 'function' ? await original.needsApproval(input, o) : original.needsApproval === true;
    /** Tell the host what it may need to show: an ask, a refusal. */
    const note = (result: GateResult, toolCallId: string, input: unknown): void => {
      if (result.behavior === 'ask') host.show(result.pending);
      else if (result.behavior === 'deny') host.deny(toolCallId, asCallInput(input), toDenial(result));
      else if (result.behavior === 'deferred') host.deny(toolCallId, asCallInput(input), deferralDenial(result));
    };

    if (original.execute === undefined) {
      // Client-side: your code runs the call, so toolgate's last word is said here.
      const needsApproval = async (input: unknown, o: ApprovalOptions): Promise<boolean> => {
        const approved = approvalFor(o.messages, o.toolCallId, input) === 'approved';
        let result = await check(input, o.toolCallId);
        if (approved && result.behavior === 'ask')
          result = await gate.answer(result.pending, host.takeAnswer(o.toolCallId, asCallInput(input)) ?? { behavior: 'allow' });
        if (result.behavior === 'allow' && !sameInput(result.call.input, asCallInput(input))) result = rewriteRefused(result);
        host.settle(o.toolCallId, asCallInput(input));
        note(result, o.toolCallId, input);
        if (result.behavior === 'ask') return true;
        if (result.behavior !== 'allow') return false; // never an approval request for a refusal
        return approved || (await own(input, o));
      };
      wrapped[key] = { ...original, needsApproval } as Tool;
      continue;
    }

    const needsApproval = async (input: unknown, o: ApprovalOptions): Promise<boolean> => {
      const approved = approvalFor(o.messages, o.toolCallId, input) === 'approved';
      const result = await check(input, o.toolCallId);
      checksOf(o.messages).remember(o.toolCallId, await inputDigest(input), result);
      note(result, o.toolCallId, input);
      if (approved) return true; // `execute` resumes the approval through the gate
      if (result.behavior === 'ask') return true;
      if (result.behavior !== 'allow') return false; // `execute` refuses it with the reason
      return own(input, o);
    };
    const execute = original.execute;
    wrapped[key] = {
      ...original,
      needsApproval,
      execute: async (input: unknown, o: ToolExecutionOptions) => {
        const signal = o.abortSignal !== undefined ? { signal: o.abortSignal } : {};
        let result = checksOf(o.messages).take(o.toolCallId, await inputDigest(input)) ?? (await check(input, o.toolCallId, o.abortSignal));
        if (result.behavior === 'ask') {
          if (approvalFor(o.messages, o.toolCallId, input) !== 'approved')
            throw new ToolCallDeniedError(result, `This call needs approval: ${result.pending.reason.message}`);
          result = await gate.answer(result.pending, host.takeAnswer(o.toolCallId, asCallInput(input)) ?? { behavior: 'allow' }, signal);
        }
        host.settle(o.toolCallId, asCallInput(input));
        if (result.behavior === 'deny') {
          host.deny(o.toolCallId, asCallInput(input), toDenial(result));
          throw new ToolCallDeniedError(result, result.message);
        }
        if (result.behavior === 'deferred') throw new ToolCallDeniedError(result, deferralDenial(result).message);
        if (result.behavior === 'ask') throw new ToolCallDeniedError(result, `This call needs approval: ${result.pending.reason.message}`);
        return execute(showWhatRuns(input, result.call.input) as never, o);
      },
    } as Tool;
  }

  return {
    tools: wrapped as TOOLS,
    removed,
    pendingAsk: (toolCallId, input) => host.pendingAsk(toolCallId, input === undefined ? undefined : asCallInput(input)),
    denied: (toolCallId, input) => host.denied(toolCallId, input === undefined ? undefined : asCallInput(input)),
    setAnswer: (toolCallId, answer) => host.setAnswer(toolCallId, answer),
    saveAsks: () => host.save(),
    restoreAsks: (asks) => host.restore(asks),
  };
}

/** toolgate gates object inputs; anything else travels as `{ value }`. */
function asCallInput(input: unknown): Record<string, unknown> {
  return isObject(input) ? input : { value: input };
}

/**
 * The input that must run, made visible: a rewritten object input is updated in place (the AI SDK
 * reports the same object in the call's `tool-call` and `tool-result` parts).
 */
function showWhatRuns(input: unknown, toRun: Record<string, unknown>): unknown {
  if (!isObject(input)) return Object.keys(toRun).length === 1 && 'value' in toRun ? toRun['value'] : toRun;
  if (sameInput(input, toRun)) return input;
  for (const k of Object.keys(input)) delete input[k];
  Object.assign(input, structuredClone(toRun));
  return input;
}

/** A client-side tool cannot be handed a rewritten input: the call is refused instead (fail closed). */
function rewriteRefused(result: GateResult & { behavior: 'allow' }): GateResult {
  const message = 'toolgate rewrote this call, and a client-side tool cannot be given the rewritten input: the call must not run.';
  return { ...result, behavior: 'deny', decidedBy: 'gate', reason: { kind: 'hook', message }, message };
}

function deferralDenial(result: GateResult & { behavior: 'deferred' }): ToolDenial {
  const message = `This call was deferred${result.reason ? `: ${result.reason}` : ''}.`;
  return { message, reason: { kind: 'hook', message } };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}
