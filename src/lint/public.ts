/**
 * Policy as tested code: `lintSettings`, `whatIf`, and policy test files (`runPolicyTests`).
 * @packageDocumentation
 */
export * from './index.js';
export * from '../policy-test/index.js';
