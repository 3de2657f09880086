/**
 * `toolgate lint`: check settings files for mistakes with stable `TG_LINT_*` codes, and the
 * "what if" view of `toolgate explain`.
 * @packageDocumentation
 */
export { LINT_CODES, type LintCode } from './codes.js';
export type { LintDiagnostic, LintInput, LintOptions, LintReport } from './types.js';
export { lintSettings, lintProject, summarize, type LintProjectOptions } from './lint.js';
export { lintReportToSarif, formatLintReport } from './sarif.js';
export { whatIf, formatWhatIf, type WhatIfResult, type WhatIfCandidate } from './what-if.js';
