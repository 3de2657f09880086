/**
 * `toolgate serve`: a decision service for Claude Code `http` hooks and agents in any language —
 * parked asks held until a person answers, grants, and an audit log, on a {@link Store}.
 * Node-only.
 * @packageDocumentation
 */
export { createServe, DEFAULT_HOLD_TIMEOUT_SECONDS, type Serve, type ServeOptions, type Listening } from './serve.js';
export type { IntakeLimits } from './intake.js';
export type { CredentialLimitOptions } from './credential-limit.js';
export { MAX_INPUT_DEPTH } from './depth.js';
export { hookConfig, type HookConfigOptions } from './hook-config.js';
export type { AskView, DecisionView } from './views.js';
export { HOOK_BODY_LIMIT } from './routes/hooks.js';
export { API_BODY_LIMIT, MAX_WAIT_SECONDS } from './routes/api.js';
export { projectRootOf } from './projects.js';
export {
  SECRET_SHAPES,
  MASK,
  MAX_SHOWN_INPUT_BYTES,
  maskText,
  maskCommand,
  maskField,
  maskInput,
  tooLargeToShow,
  type SecretShape,
  type MaskedPart,
  type MaskedText,
  type InputMask,
  type MaskedInput,
} from './display/index.js';
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
