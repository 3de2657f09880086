export { evaluate, type EvaluateCallOptions } from './evaluate.js';
export type { EvaluationContext, EvaluateOptions, SessionState, ContextShell, EnvironmentFacts, AgentCeiling } from './context.js';
export { CLAUDE_CODE_STEPS, STEPS, restrictiveStep, isPlanFile, planBlocks, makeState } from './pipeline.js';
export { decide, holdAsk, pass, ruleRef } from './state.js';
export { shellReadOnly } from './shell-read-only.js';
export { REQUIRES_USER_INTERACTION, requiresUserInteraction } from './user-interaction.js';
export { claudeCode, type Dialect } from './dialect.js';
export type { PipelineStep, EvalState, StepResult } from './types.js';
export type { CallFacts, ShellWrite } from './facts.js';
export { shellWrites } from './facts.js';
export { isBroadAllow } from './broad-allow.js';
export { prepare, evaluateAsync } from './prepare.js';
export type { DialectCaseRunner, ConformanceCase, CaseOutcome } from '../cases/index.js';
export { decideCd, type CdContext } from './cd.js';
export * from './door/index.js';
export { PROJECT_UNKNOWN } from './project-unknown.js';
export {
  ANY_AGENT,
  agentModeFor,
  capDecision,
  nextSessionMode,
  parentModeOf,
  policyForAgent,
  sessionCeilingMode,
  type CeilingInfo,
  type SessionModeRecord,
} from './agent-ceiling.js';
