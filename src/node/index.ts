/**
 * Node implementations of toolgate's ports (`toolgate/node`), and the I/O half of the one door:
 * find a session's project, load its settings, see its files.
 * @packageDocumentation
 */
export { nodeFileSystem, nodeFsView } from './fs.js';
export { loadSessionFacts, type SessionFactsOptions } from './session-facts.js';
export { loadSessionPolicy } from './session-policy.js';
export { sessionSettingsFiles, type SessionPolicyOptions } from './session-files.js';
