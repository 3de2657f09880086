export { evaluate } from './evaluate.js';
export type { EvaluationContext, EvaluateOptions, SessionState } from './context.js';
export { CLAUDE_CODE_STEPS, STEPS, decide, holdAsk, pass, ruleRef, restrictiveStep, shellReadOnly, isPlanFile, planBlocks, makeState } from './pipeline.js';
export { claudeCode, type Dialect } from './dialect.js';
export type { PipelineStep, EvalState, StepResult } from './pipeline.js';
export type { CallFacts, ShellWrite } from './facts.js';
export { shellWrites } from './facts.js';
export { isBroadAllow } from './broad-allow.js';
export { prepare, evaluateAsync } from './prepare.js';
