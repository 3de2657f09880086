import type { CallbackHandler, HookCallbackOptions, HookTransport, McpToolHandler, ModelHandler, TransportRequest } from '../types.js';
import { readsRequestLazily, requestEnded } from './supervise.js';

/**
 * The `callback` transport: calls the Agent SDK-shaped function `(input, toolUseID, { signal })`.
 * A thrown error is `failed`; a value is `returned` (validated later). Never throws.
 * @public
 */
export function createCallbackTransport(): HookTransport {
  return readsRequestLazily({
    async run(h, req) {
      try {
        const value = await (h as CallbackHandler).callback(req.input, req.toolUseId, callbackOptions(req));
        return requestEnded(req) ? { status: 'cancelled' } : { status: 'returned', value };
      } catch (e) {
        if (requestEnded(req)) return { status: 'cancelled' };
        return { status: 'failed', error: `hook callback threw: ${e instanceof Error ? e.message : String(e)}` };
      }
    },
  });
}

/**
 * `{ signal }` for a callback, the signal made only if the callback reads it (making an AbortSignal
 * costs more than a whole fast round trip). An own enumerable property, so a copy of the options
 * keeps it.
 */
function callbackOptions(req: TransportRequest): HookCallbackOptions {
  return Object.defineProperty({} as HookCallbackOptions, 'signal', { get: () => req.signal, enumerable: true, configurable: true });
}

/** A model verdict (Claude Code docs, "Prompt-based hooks › Response schema"). @public */
export interface ModelVerdict {
  ok: boolean;
  reason?: string;
  impossible?: boolean;
}

/**
 * The host's model function for `prompt` / `agent` hooks. toolgate never calls a model itself.
 * `timeoutMs` is in **milliseconds**; `type` says whether an agent (with read-only tools) is wanted.
 * @public
 */
export type HookModelFunction = (
  prompt: string,
  options: { signal: AbortSignal; model?: string; timeoutMs: number; type: 'prompt' | 'agent' },
) => Promise<ModelVerdict>;

/**
 * Fill `$ARGUMENTS` with the event JSON (`\$` stays a literal `$`); when the prompt has no
 * `$ARGUMENTS`, the JSON is appended (Claude Code docs, "Prompt-based hooks").
 * @public
 */
export function fillPromptArguments(prompt: string, inputJson: string): string {
  let found = false;
  const filled = prompt.replace(/\\\$|\$ARGUMENTS/g, (m) => {
    if (m === '\\$') return '$';
    found = true;
    return inputJson;
  });
  return found ? filled : `${filled}\n\n${inputJson}`;
}

/**
 * The `prompt` / `agent` transport, delegating to the host's model function. Without one, or when
 * the verdict is not `{ ok: boolean, ... }`, the reply is `failed`. Never throws.
 * @public
 */
export function createModelTransport(model: HookModelFunction | undefined): HookTransport {
  return {
    async run(h, req) {
      const handler = h as ModelHandler;
      if (model === undefined) return { status: 'failed', error: `no model function was given for ${handler.type} hooks` };
      try {
        const v = await model(fillPromptArguments(handler.prompt, req.inputJson), {
          signal: req.signal,
          timeoutMs: req.timeoutMs,
          type: handler.type,
          ...(handler.model !== undefined ? { model: handler.model } : {}),
        });
        if (typeof v !== 'object' || v === null || typeof v.ok !== 'boolean')
          return { status: 'failed', error: 'model verdict is not { ok: boolean, reason?: string }' };
        return {
          status: 'judged',
          ok: v.ok,
          ...(typeof v.reason === 'string' ? { reason: v.reason } : {}),
          ...(v.impossible === true ? { impossible: true } : {}),
        };
      } catch (e) {
        if (req.signal.aborted) return { status: 'cancelled' };
        return { status: 'failed', error: `model call failed: ${e instanceof Error ? e.message : String(e)}` };
      }
    },
  };
}

/** What the host's MCP client returns: a tool result (text content blocks) or plain text. @public */
export type McpToolResult = string | { content?: { type: string; text?: string }[]; isError?: boolean };

/** The host's MCP client for `mcp_tool` hooks. @public */
export type HookMcpCallTool = (
  server: string,
  tool: string,
  input: Record<string, unknown>,
  options: { signal: AbortSignal },
) => Promise<McpToolResult>;

/**
 * Fill `${path.to.field}` references in string values (deeply) from the event input, e.g.
 * `${tool_input.file_path}`; a missing field becomes the empty string, a non-string value its JSON.
 * @public
 */
export function templateMcpInput(value: unknown, input: Record<string, unknown>): unknown {
  if (typeof value === 'string')
    return value.replace(/\$\{([A-Za-z0-9_.-]+)\}/g, (_m, path: string) => {
      let cur: unknown = input;
      for (const key of path.split('.')) cur = cur !== null && typeof cur === 'object' ? (cur as Record<string, unknown>)[key] : undefined;
      return cur === undefined || cur === null ? '' : typeof cur === 'string' ? cur : JSON.stringify(cur);
    });
  if (Array.isArray(value)) return value.map((v) => templateMcpInput(v, input));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, templateMcpInput(v, input)]));
  return value;
}

/**
 * The `mcp_tool` transport through the host's MCP client. The tool's text is read like stdout;
 * `isError`, a thrown error or no client is a non-blocking failure. Never throws.
 * @public
 */
export function createMcpToolTransport(callTool: HookMcpCallTool | undefined): HookTransport {
  return {
    async run(h, req) {
      const handler = h as McpToolHandler;
      if (callTool === undefined) return { status: 'failed', error: 'no MCP client was given for mcp_tool hooks' };
      try {
        const input = templateMcpInput(handler.input ?? {}, req.input) as Record<string, unknown>;
        const r = await callTool(handler.server, handler.tool, input, { signal: req.signal });
        if (typeof r === 'string') return { status: 'text', text: r, isError: false };
        const text = (r.content ?? []).flatMap((c) => (c.type === 'text' && c.text !== undefined ? [c.text] : [])).join('\n');
        return { status: 'text', text, isError: r.isError === true };
      } catch (e) {
        if (req.signal.aborted) return { status: 'cancelled' };
        return { status: 'failed', error: `MCP tool call failed: ${e instanceof Error ? e.message : String(e)}` };
      }
    },
  };
}
