/**
 * Decision provenance: what each decision was, who made it, under which policy — as one
 * {@link DecisionEvent} per decision handed to an `onDecision` listener. Pure.
 * @packageDocumentation
 */
export type {
  DecisionEvent,
  DecisionListener,
  DecisionFrontEnd,
  DecisionSource,
  DecisionRule,
  DecisionHookOutcome,
  DecisionDurations,
  DecisionShadow,
} from './types.js';
export { policyDigest, sha256Hex } from './digest.js';
