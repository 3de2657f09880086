/**
 * The gate: the async kernel that combines PreToolUse hooks, rules, modes and resolvers for each
 * tool call — rewrites gated again, asks answered by whoever can answer them, parking, plan mode,
 * auto mode and permission updates.
 * @packageDocumentation
 */
export { createGate, type Gate } from './gate.js';
export type * from './types.js';
export {
  DEFAULT_AUTO_MODE_GUIDANCE,
  AUTO_MODE_MAX_CONSECUTIVE_REFUSALS,
  AUTO_MODE_MAX_TOTAL_REFUSALS,
  autoModeGuidance,
  createCircuitBreaker,
  type CircuitBreaker,
} from './auto-mode.js';
export { createGateSession, ruleValueText, type GateSession } from './session.js';
export { applyToSettingsJson } from './persist.js';
export { defaultMatchAllowedPrompt } from './plan.js';
export { MAX_REWRITES } from './results.js';
export type {
  DecisionEvent,
  DecisionListener,
  DecisionFrontEnd,
  DecisionSource,
  DecisionRule,
  DecisionHookOutcome,
  DecisionDurations,
  DecisionShadow,
} from '../provenance/index.js';
