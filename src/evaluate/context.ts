export type { SessionState, EvaluateOptions, EvaluationContext, ContextShell, EnvironmentFacts } from './types.js';
