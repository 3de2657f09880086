/**
 * The conformance-case format shared by every dialect: the case and outcome types, judging a
 * decision against `expected`, and the file-system view a case's `fs` describes. Below
 * `dialects/` and `testing/`, which both replay cases.
 * @packageDocumentation
 */
export type { ConformanceCase, CaseOutcome, DialectCaseRunner } from './types.js';
export { judgeDecision } from './judge.js';
export { caseFsView } from './case-fs.js';
export { caseEnvironment, caseShell } from './case-world.js';
