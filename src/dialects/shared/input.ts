import type { EvalState } from '../../evaluate/index.js';

/** Read one key of `ctx.dialectInput`, or `undefined`. */
export function inputOf(state: EvalState, key: string): unknown {
  const input = state.ctx.dialectInput;
  return input !== undefined && Object.prototype.hasOwnProperty.call(input, key) ? input[key] : undefined;
}

/** A string-array input, or `undefined` when absent or not an array of strings. */
export function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
}
