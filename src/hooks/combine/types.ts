import type { HandlerVerdict } from '../output/types.js';

/**
 * What a combiner needs of one handler's result: its verdict plus, optionally, the handler's id
 * (reported as `decidedBy`) and whether it ran only because its matcher was broken (`fallback`:
 * such a handler may refuse but never approve). Results are in configuration order, whatever order
 * they finished in, so "the first deny" is deterministic.
 * @public
 */
export interface CombinableResult extends Pick<HandlerVerdict, 'status' | 'output' | 'text' | 'message' | 'failClosed'> {
  id?: string;
  fallback?: boolean;
}

/** Fields every combined answer has. @public */
export interface CommonAnswer {
  /** `systemMessage`s, in order (warnings for the user). */
  systemMessages: string[];
  /** Set when a handler answered `continue: false`: the agent stops; `reason` is its `stopReason`. */
  stop?: { reason?: string; by?: string };
  /** What was ignored or overruled, for traces. */
  notes: string[];
}
