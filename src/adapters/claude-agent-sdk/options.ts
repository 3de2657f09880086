import type { CanUseTool, HookCallbackMatcher, HookEvent, HookInput, SyncHookJSONOutput } from '@anthropic-ai/claude-agent-sdk';
import type { Gate, GateResult, AgentRef } from '../../gate/index.js';
import { readToolEvent } from '../../evaluate/door/event.js';
import { environmentFromProcess } from '../../evaluate/door/environment.js';
import { bareDenyRules } from '../shared/removed-tools.js';
import { fromPermissionResult, isObject, toPermissionResult, toPreToolUseOutput } from './map.js';

/** Options of {@link toAgentSdkOptions}. @public */
export interface AgentSdkOptionsInput {
  /**
   * Answers what the gate leaves to a person, in the Agent SDK's own `canUseTool` shape. It is
   * called with the call as it will run (after rewrites) and with toolgate's view of the ask:
   * `decisionReason` (why it asks), `suggestions` ("don't ask again" updates), `blockedPath`. Its
   * `PermissionResult` is turned into a toolgate answer ({@link fromPermissionResult}) and resumed
   * with `gate.answer` — so an edited `updatedInput` is gated again and deny rules still win.
   * Without it, an ask is denied with a message saying it needs approval (fail closed).
   */
  canUseTool?: CanUseTool;
  /**
   * Also hand an answer's `updatedPermissions` to the Claude Code process (it then applies and may
   * persist them itself). Default `false`: toolgate's gate applies them and is the one authority.
   */
  forwardPermissionUpdates?: boolean;
  /** Timeout of the gate's PreToolUse hook, in **seconds**. Default 600 (the Agent SDK's default). */
  hookTimeoutSeconds?: number;
  /**
   * The environment of the Claude Code process `query()` starts, which its tools' commands inherit:
   * pass the same object as `query()`'s `options.env`. Default `process.env` (the SDK's default too).
   * Every call is judged knowing it (complete: a variable it lacks is unset), so a read-only `git`
   * command is not held back by a `GIT_DIR` that may be set, and one that is set is seen.
   */
  env?: Readonly<Record<string, string | undefined>>;
}

/** What {@link toAgentSdkOptions} returns: spread it into `query({ options })`. @public */
export interface AgentSdkOptions {
  canUseTool: CanUseTool;
  hooks: Partial<Record<HookEvent, HookCallbackMatcher[]>>;
  /**
   * The gate's bare deny rules (`Bash`, `WebFetch`, `mcp__github`), as written: Claude Code removes
   * these tools from the model's request (Agent SDK `Options.disallowedTools`). Read when
   * `toAgentSdkOptions` runs; a deny rule added later still denies every call. Merge, do not
   * replace, if you pass your own: `disallowedTools: [...sdk.disallowedTools, ...mine]`.
   */
  disallowedTools: string[];
}

const MAX_PARKED = 1000;

/**
 * The `canUseTool` callback and `hooks` map that put a toolgate gate in charge of a Claude Agent
 * SDK `query()` (Agent SDK reference, `Options.canUseTool` / `Options.hooks`).
 *
 * Every tool call first reaches a `PreToolUse` hook callback (matcher-less, `onFailure: "block"`)
 * that runs `gate.check`: an allow becomes `permissionDecision: "allow"` (with `updatedInput` when
 * a toolgate hook or resolver rewrote the call), a deny `"deny"` with the reason for the model
 * (plus `continue: false` when the run must stop), a deferral `"defer"`, and an ask `"ask"` — which
 * makes Claude Code call `canUseTool`. There the parked ask goes to
 * {@link AgentSdkOptionsInput.canUseTool} and is resumed with `gate.answer`. A `canUseTool` call the
 * hook did not park (Claude Code asking on its own) is gated from the top first.
 *
 * A sub-agent's call (the hook input's `agent_id` / `agent_type`, `canUseTool`'s `agentID`) is
 * decided with the `$toolgate.agents` rules of its type and capped at what the gate's view (its
 * parent) would get for the same call (toolgate docs, "Sub-agent ceilings").
 *
 * Pass `permissionMode: "default"` and `settingSources: []` to `query()` so that Claude Code's own
 * rules and modes do not decide next to toolgate's: the gate's policy and mode are the policy.
 * `disallowedTools` carries the gate's bare deny rules, so removed tools are not offered to the model.
 *
 * Errors: nothing here throws into the SDK — a failing check is a deny. A deny that must stop the
 * run (an answer with `interrupt: true`, a hook's `continue: false`) ends the query: the Claude
 * Code process stops and iterating `query()` rejects with the SDK's error (the process exit), after
 * the messages already produced.
 * Imports only types from `@anthropic-ai/claude-agent-sdk`: nothing here loads it.
 * @public
 */
export function toAgentSdkOptions(gate: Gate, options: AgentSdkOptionsInput = {}): AgentSdkOptions {
  const parked = new Map<string, GateResult & { behavior: 'ask' }>();
  // The one door's reading of a process environment, as `toolgate hook` reads its own.
  const environment = environmentFromProcess(options.env ?? process.env);

  // Where the agent's shell was for each call the hook saw: `canUseTool` is not told.
  const cwdOf = new Map<string, string>();
  // Each sub-agent's type as its hook inputs named it: `canUseTool` is told only its id, and the
  // type selects its `$toolgate.agents` rules.
  const typeOf = new Map<string, string>();

  async function preToolUse(
    input: HookInput,
    toolUseID: string | undefined,
    { signal }: { signal: AbortSignal },
  ): Promise<SyncHookJSONOutput> {
    if (input.hook_event_name !== 'PreToolUse') return {};
    // The one door: the SDK's hook input is read as `toolgate hook` and `serve` read Claude Code's.
    const read = readToolEvent({
      ...input,
      ...(input.tool_use_id === undefined && toolUseID !== undefined ? { tool_use_id: toolUseID } : {}),
    });
    if (!read.ok) {
      const why = read.message.includes('tool_input') ? 'the tool input is not an object' : read.message;
      return {
        hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: `toolgate: ${why}` },
      };
    }
    const { call, cwd, agent, promptId, mode } = read.event;
    const id = call.id;
    try {
      if (agent?.type !== undefined && agent.id !== '' && !typeOf.has(agent.id)) {
        if (typeOf.size >= MAX_PARKED) typeOf.delete(typeOf.keys().next().value as string);
        typeOf.set(agent.id, agent.type);
      }
      if (id !== undefined && cwd !== undefined) {
        if (cwdOf.size >= MAX_PARKED) cwdOf.delete(cwdOf.keys().next().value as string);
        cwdOf.set(id, cwd);
      }
      const result = await gate.check(call, {
        signal,
        environment,
        ...(id !== undefined ? { toolUseId: id } : {}),
        ...(cwd !== undefined ? { cwd } : {}),
        ...(agent !== undefined ? { agent, ...(mode !== undefined ? { agentMode: mode } : {}) } : {}),
        ...(promptId !== undefined ? { promptId } : {}),
      });
      if (result.behavior === 'ask') {
        if (parked.size >= MAX_PARKED) parked.delete(parked.keys().next().value as string);
        parked.set(result.toolUseId, result);
      }
      return toPreToolUseOutput(result, call.input);
    } catch (e) {
      return {
        hookSpecificOutput: {
          hookEventName: 'PreToolUse',
          permissionDecision: 'deny',
          permissionDecisionReason: `toolgate: the check failed (${e instanceof Error ? e.message : String(e)})`,
        },
      };
    }
  }

  const canUseTool: CanUseTool = async (toolName, input, opts) => {
    try {
      let result: GateResult | undefined = parked.get(opts.toolUseID);
      parked.delete(opts.toolUseID);
      if (result !== undefined && (result.call.tool !== toolName || JSON.stringify(result.call.input) !== JSON.stringify(input)))
        result = undefined;
      const cwd = cwdOf.get(opts.toolUseID);
      cwdOf.delete(opts.toolUseID);
      result ??= await gate.check(
        { tool: toolName, input, id: opts.toolUseID },
        {
          signal: opts.signal,
          environment,
          toolUseId: opts.toolUseID,
          ...(cwd !== undefined ? { cwd } : {}),
          ...agentOf(opts.agentID, opts.agentID !== undefined ? typeOf.get(opts.agentID) : undefined),
        },
      );
      if (result.behavior !== 'ask' || options.canUseTool === undefined) return toPermissionResult(result);
      const pending = result.pending;
      const answer = await options.canUseTool(pending.call.tool, pending.call.input, {
        ...opts,
        suggestions: pending.suggestions as NonNullable<Parameters<CanUseTool>[2]['suggestions']>,
        decisionReason: pending.reason.message,
        ...(pending.blockedPath !== undefined ? { blockedPath: pending.blockedPath } : {}),
      });
      const ask = fromPermissionResult(answer);
      const resumed = await gate.answer(pending, ask, { signal: opts.signal, environment, ...(cwd !== undefined ? { cwd } : {}) });
      const updates = options.forwardPermissionUpdates === true && ask.behavior === 'allow' ? ask.updatedPermissions : undefined;
      return toPermissionResult(resumed, updates !== undefined ? { updatedPermissions: updates } : {});
    } catch (e) {
      return {
        behavior: 'deny',
        message: `toolgate: the check failed (${e instanceof Error ? e.message : String(e)})`,
        toolUseID: opts.toolUseID,
      };
    }
  };

  return {
    canUseTool,
    hooks: { PreToolUse: [{ hooks: [preToolUse], timeout: options.hookTimeoutSeconds ?? 600, onFailure: 'block' }] },
    disallowedTools: [...new Set(bareDenyRules(gate).map((cr) => cr.rule.text.trim()))],
  };
}

function agentOf(id: string | undefined, type?: string): { agent?: AgentRef } {
  return id === undefined ? {} : { agent: { id, ...(type !== undefined ? { type } : {}) } };
}
