/**
 * toolgate: decide, for each tool call an AI agent wants to make, whether it runs (`allow`),
 * needs a person (`ask`) or is refused (`deny`), with Claude Code's settings, rules and modes.
 * @packageDocumentation
 */
export * from './core/index.js';
export * from './rules/index.js';
export * from './paths/index.js';
export * from './settings/index.js';
export * from './evaluate/index.js';
export { dialects, dialectByName, policyForDialect, type DialectName } from './dialects/index.js';
export * from './provenance/index.js';
