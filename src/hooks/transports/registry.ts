import type { HookTransport } from '../types.js';
import { createCommandTransport, type CommandTransportOptions } from './command.js';
import { createHttpTransport, type HttpTransportOptions } from './http.js';
import {
  createCallbackTransport,
  createMcpToolTransport,
  createModelTransport,
  type HookMcpCallTool,
  type HookModelFunction,
} from './in-process.js';

/** Transports by handler type. Hosts add their own with `registerTransport`. @public */
export interface TransportRegistry {
  get(type: string): HookTransport | undefined;
  /** Add or replace the transport for `type`. Returns the registry. */
  registerTransport(type: string, transport: HookTransport): TransportRegistry;
  types(): string[];
}

/** Options of {@link createTransports}. @public */
export interface CreateTransportsOptions {
  command?: CommandTransportOptions;
  http?: HttpTransportOptions;
  /** The host's model, for `prompt` / `agent` hooks. */
  model?: HookModelFunction;
  /** The host's MCP client, for `mcp_tool` hooks. */
  callTool?: HookMcpCallTool;
}

/** An empty transport registry. @public */
export function createTransportRegistry(): TransportRegistry {
  const map = new Map<string, HookTransport>();
  const registry: TransportRegistry = {
    get: (type) => map.get(type),
    registerTransport(type, transport) {
      map.set(type, transport);
      return registry;
    },
    types: () => [...map.keys()],
  };
  return registry;
}

/**
 * A registry with the built-in transports: `command`, `http`, `callback`, `prompt`, `agent`,
 * `mcp_tool`.
 * @public
 */
export function createTransports(options: CreateTransportsOptions = {}): TransportRegistry {
  const model = createModelTransport(options.model);
  return createTransportRegistry()
    .registerTransport('command', createCommandTransport(options.command))
    .registerTransport('http', createHttpTransport(options.http))
    .registerTransport('callback', createCallbackTransport())
    .registerTransport('prompt', model)
    .registerTransport('agent', model)
    .registerTransport('mcp_tool', createMcpToolTransport(options.callTool));
}
