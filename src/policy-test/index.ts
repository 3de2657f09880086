/**
 * Policy tests: files of calls and the decisions a permission policy must give them
 * (`toolgate test`), and inline rule examples (`$toolgate.examples` in settings).
 * @packageDocumentation
 */
export type { PolicyTestDocument, PolicyTestCase, PolicyTestSettings, PolicyCaseResult, PolicyTestReport } from './types.js';
export { runPolicyTests, runPolicyTestDocument, loadTestPolicy, type RunPolicyTestsOptions, type LoadedTestPolicy } from './run.js';
export { validatePolicyTest } from './validate.js';
export { POLICY_TEST_SCHEMA } from './schema.js';
export { checkRuleExamples, TOOLGATE_KEY, type RuleExampleResult, type ExampleContext } from './examples.js';
export { formatPolicyTestReport, policyTestJUnit } from './report.js';
export { formatDecisionTrace, describeCall, describeRuleRef } from './trace.js';
export { readCall } from './call.js';
