import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AgentRef, AskAnswer, Gate, GateResult, PendingAsk } from '../../gate/index.js';
import { removingRule } from '../shared/removed-tools.js';

/** The part of an MCP `Client` that {@link gateMcpClient} wraps (`listTools` is filtered when the client has it). @public */
export type McpCallToolClient = Pick<Client, 'callTool'> & Partial<Pick<Client, 'listTools'>>;

/** Options of {@link gateMcpClient}. @public */
export interface GateMcpClientOptions {
  /** The server's name as the policy spells it: calls are gated as `mcp__<server>__<tool>`. */
  server: string;
  /**
   * Answers what the gate leaves to a person, with a toolgate {@link AskAnswer} (not an Agent SDK
   * `PermissionResult`: wrap a `CanUseTool` with `fromPermissionResult`). Without it an ask is
   * refused with a tool error that says the call needs approval (fail closed). A callback that
   * throws refuses the call.
   */
  onAsk?: (pending: PendingAsk, options: { signal?: AbortSignal }) => Promise<AskAnswer>;
  /** The sub-agent making the calls, for hooks and `canUseTool`. */
  agent?: AgentRef;
  /** Called with every final result, e.g. for logging. */
  onResult?: (result: GateResult) => void;
}

/**
 * The toolgate name of an MCP tool: `mcp__<server>__<tool>` (Claude Code docs, "Configure
 * permissions › MCP"), with every character outside `A-Z a-z 0-9 _ -` in either part replaced by `_`.
 * @public
 */
export function mcpToolName(server: string, tool: string): string {
  const clean = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '_');
  return `mcp__${clean(server)}__${clean(tool)}`;
}

/**
 * Wrap an MCP client (`@modelcontextprotocol/sdk` `Client`) so that `callTool` is gated first,
 * under the name `mcp__<server>__<tool>` — so rules such as `mcp__github`, `mcp__github__*` or
 * `mcp__github__get_issue` and hooks matching `mcp__.*` apply. An allowed call goes to the server
 * with the arguments toolgate says must run (hooks may rewrite them); an ask goes to `onAsk` and is
 * resumed with `gate.answer`; a refusal never reaches the server and comes back as an MCP tool
 * error (`isError: true`, the reason as text) — the shape a model already reads; nothing is thrown
 * for a refusal (errors of the server or the transport still reach the caller as the SDK throws
 * them). `listTools` leaves out the tools a bare deny rule removes (`mcp__github`,
 * `mcp__github__delete_repo`), as Claude Code leaves them out of the model's request. Everything
 * else on the client is untouched. Imports only types from the MCP SDK.
 *
 * Each tool's `_meta` from `listTools` goes with its calls as `ToolCall.meta`, so a tool with
 * `_meta["anthropic/requiresUserInteraction"]: true` is a firm ask in every mode (Claude Code docs,
 * "Configure permissions › MCP"). When a tool is called before the wrapper has seen it listed, the
 * wrapper lists the server's tools once first (every page) to learn it.
 * @public
 */
export function gateMcpClient<C extends McpCallToolClient>(gate: Gate, client: C, options: GateMcpClientOptions): C {
  const metas = new Map<string, Readonly<Record<string, unknown>>>();
  let listedAll: Promise<void> | undefined;
  const remember = (tools: readonly { name: string; _meta?: Record<string, unknown> | undefined }[]) => {
    for (const t of tools) if (t._meta !== undefined && t._meta !== null && typeof t._meta === 'object') metas.set(t.name, t._meta);
  };
  const metaOf = async (
    name: string,
    requestOptions: Parameters<McpCallToolClient['callTool']>[2],
  ): Promise<Readonly<Record<string, unknown>> | undefined> => {
    if (!metas.has(name) && typeof client.listTools === 'function') {
      listedAll ??= (async () => {
        let cursor: string | undefined;
        for (let page = 0; page < 100; page++) {
          const list = await (client.listTools as NonNullable<McpCallToolClient['listTools']>).call(
            client,
            cursor !== undefined ? { cursor } : undefined,
            requestOptions,
          );
          remember(list.tools);
          cursor = list.nextCursor;
          if (cursor === undefined) break;
        }
      })().catch(() => undefined);
      await listedAll;
    }
    return metas.get(name);
  };
  const callTool: McpCallToolClient['callTool'] = async (params, resultSchema, requestOptions) => {
    const signal = requestOptions?.signal;
    const meta = await metaOf(params.name, requestOptions);
    const call = { tool: mcpToolName(options.server, params.name), input: params.arguments ?? {}, ...(meta !== undefined ? { meta } : {}) };
    let result = await gate.check(call, {
      ...(signal !== undefined ? { signal } : {}),
      ...(options.agent !== undefined ? { agent: options.agent } : {}),
    });
    if (result.behavior === 'ask' && options.onAsk !== undefined) {
      let answer: AskAnswer;
      try {
        answer = await options.onAsk(result.pending, signal !== undefined ? { signal } : {});
      } catch (e) {
        answer = { behavior: 'deny', message: `The approval failed: ${e instanceof Error ? e.message : String(e)}` };
      }
      result = await gate.answer(result.pending, answer, signal !== undefined ? { signal } : {});
    }
    options.onResult?.(result);
    if (result.behavior === 'allow') return client.callTool({ ...params, arguments: result.call.input }, resultSchema, requestOptions);
    const text =
      result.behavior === 'deny'
        ? result.message
        : result.behavior === 'ask'
          ? `This call needs approval: ${result.pending.reason.message}`
          : `This call was deferred${result.reason ? `: ${result.reason}` : ''}.`;
    const refused: CallToolResult = { content: [{ type: 'text', text }], isError: true };
    return refused;
  };
  const listTools: NonNullable<McpCallToolClient['listTools']> = async (params, requestOptions) => {
    const list = await (client.listTools as NonNullable<McpCallToolClient['listTools']>).call(client, params, requestOptions);
    remember(list.tools);
    return { ...list, tools: list.tools.filter((t) => removingRule(gate, mcpToolName(options.server, t.name)) === undefined) };
  };
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'callTool') return callTool;
      if (prop === 'listTools' && typeof target.listTools === 'function') return listTools;
      const value: unknown = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
