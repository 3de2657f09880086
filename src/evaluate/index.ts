export { evaluate } from './evaluate.js';
export type { EvaluationContext, EvaluateOptions, SessionState } from './context.js';
export { CLAUDE_CODE_STEPS } from './pipeline.js';
export type { PipelineStep, EvalState, StepResult } from './pipeline.js';
export type { CallFacts } from './facts.js';
export { isBroadAllow } from './broad-allow.js';
export { prepare, evaluateAsync } from './prepare.js';
