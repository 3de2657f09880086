export type { SessionState, EvaluateOptions, EvaluationContext, ContextShell, EnvironmentFacts, AgentCeiling } from './types.js';
