import type { AskAnswer, GateResult } from '../../gate/index.js';

/** Options both tool-wrapping adapters take. */
export interface AskMemoryOptions {
  toolNames?: Readonly<Record<string, string>> | ((name: string) => string);
  maxRemembered?: number;
}

/**
 * What a tool-wrapping adapter remembers between a framework's approval request and its answer:
 * gate results and host answers by tool-call id, each map bounded (oldest dropped first), and the
 * toolgate name of a framework tool.
 */
export function createAskMemory(options: AskMemoryOptions) {
  const results = new Map<string, GateResult>();
  const answers = new Map<string, AskAnswer>();
  const max = options.maxRemembered ?? 1000;
  const remember = <V>(map: Map<string, V>, key: string, value: V): void => {
    if (map.size >= max) map.delete(map.keys().next().value as string);
    map.set(key, value);
  };
  const nameOf = (name: string): string => (typeof options.toolNames === 'function' ? options.toolNames(name) : (options.toolNames?.[name] ?? name));
  return { results, answers, remember, nameOf };
}
