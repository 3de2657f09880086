import { stableJson } from '../../hooks/combine/common.js';

/** Default bound on every per-call map an adapter keeps. */
export const DEFAULT_MAX_REMEMBERED = 1000;

/**
 * Lowercase hex SHA-256 of a tool input's canonical JSON (keys sorted). Web Crypto, so the
 * adapters run wherever the frameworks do (Node, edge runtimes).
 */
export async function inputDigest(input: unknown): Promise<string> {
  const bytes = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(stableJson(input)));
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Do two inputs have the same canonical JSON? */
export function sameInput(a: unknown, b: unknown): boolean {
  return stableJson(a) === stableJson(b);
}

/**
 * Values remembered per tool call between two framework callbacks, keyed by call id **and** the
 * digest of the call's input: a value is handed back only for the same id with the same input. A
 * lookup with the same id and another input drops the value (that call is checked again, never
 * reused). Bounded: the oldest entry goes first.
 */
export interface CallMemory<V> {
  remember(callId: string, digest: string, value: V): void;
  /** The value for this call and input, removed; a value for this id with another input is dropped. */
  take(callId: string, digest: string): V | undefined;
  /** The digest remembered for this id, if any. */
  digestOf(callId: string): string | undefined;
}

export function createCallMemory<V>(max: number = DEFAULT_MAX_REMEMBERED): CallMemory<V> {
  const entries = new Map<string, { digest: string; value: V }>();
  return {
    remember(callId, digest, value) {
      entries.delete(callId);
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(callId, { digest, value });
    },
    take(callId, digest) {
      const e = entries.get(callId);
      if (e === undefined) return undefined;
      entries.delete(callId);
      return e.digest === digest ? e.value : undefined;
    },
    digestOf: (callId) => entries.get(callId)?.digest,
  };
}

/**
 * One {@link CallMemory} per run, found from an object the framework hands every callback of that
 * run (the Agents SDK's `RunContext`, the AI SDK's `messages` array of one request), so two runs
 * that reuse a call id never see each other's checks. Anything that is not an object shares one
 * fallback memory.
 */
export function createRunScopes<V>(max: number = DEFAULT_MAX_REMEMBERED): (scope: unknown) => CallMemory<V> {
  const scopes = new WeakMap<object, CallMemory<V>>();
  const fallback = createCallMemory<V>(max);
  return (scope) => {
    if (scope === null || (typeof scope !== 'object' && typeof scope !== 'function')) return fallback;
    let memory = scopes.get(scope);
    if (memory === undefined) {
      memory = createCallMemory<V>(max);
      scopes.set(scope, memory);
    }
    return memory;
  };
}

/** The toolgate name of a framework tool: a map, a function, or the name itself. */
export function toolNamer(toolNames: Readonly<Record<string, string>> | ((name: string) => string) | undefined): (name: string) => string {
  return (name) => (typeof toolNames === 'function' ? toolNames(name) : (toolNames?.[name] ?? name));
}
