/**
 * Shadow policies: a second policy decided beside the live one on every call and never enforced
 * (toolgate docs, "Shadow policies"): the outcome of one shadow evaluation, the queue that keeps
 * it off the answer's critical path, and the summary of where live and shadow differ.
 * @packageDocumentation
 */
export { runShadow, shadowError, SHADOW_TIMEOUT_MS, type ShadowOutcome } from './outcome.js';
export { createShadowQueue, type ShadowQueue } from './queue.js';
export { shadowDirection, type ShadowDirection } from './compare.js';
export { summariseShadow, formatShadowSummary, type ShadowExample, type ShadowGroup, type ShadowSummary } from './summary.js';
