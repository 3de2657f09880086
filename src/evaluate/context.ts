export type { SessionState, EvaluateOptions, EvaluationContext } from './types.js';
