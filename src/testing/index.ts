/**
 * Test helpers: an in-memory FileSystem, a conformance-case runner and a case FS view.
 * @packageDocumentation
 */
export { createMemoryFileSystem } from './memory-fs.js';
export type * from './memory-fs.js';
export { caseFsView } from '../cases/index.js';
export type { DialectCaseRunner } from '../cases/index.js';
export { runCase, parseCaseFile, skipReason, casePolicy, type ConformanceCase, type CaseOutcome } from './conformance.js';
export {
  expectDecision,
  PolicyAssertionError,
  type DecisionAssertion,
  type DecisionSubject,
  type ExpectDecisionOptions,
} from './expect.js';
export { projectFixture, type ProjectFixture, type ProjectFixtureOptions } from './fixture.js';
