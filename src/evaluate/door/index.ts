/**
 * One door: a hook event or an SDK call, plus the facts loaded for it, → the call and the context
 * `evaluate` decides it in. Every front end (`toolgate check`, `hook`, `serve`, the gate, the
 * adapters) builds its call and context here, so the same event gets the same decision from each.
 * Pure; the I/O half (find the project, load settings, the file-system view) is in `node/`.
 * @packageDocumentation
 */
export { readToolEvent, type EventAgent, type ToolEvent, type ToolEventResult } from './event.js';
export { findProject, projectFromTranscript, sanitizedPath, type ProjectClues, type ProjectFinding } from './project.js';
export {
  ENVIRONMENT_FACT_NAMES,
  environmentFromAssignments,
  environmentFromProcess,
  environmentHeaderTemplate,
  parseEnvironmentHeader,
} from './environment.js';
export { agentHome, homeOfTranscript, homeWordOf, type AgentHome } from './home.js';
export { parseShellName, SHELL_HEADER_TEMPLATE, shellFromHeader, shellFromPath } from './shell.js';
export {
  agentCallMode,
  callAndContext,
  evaluationContextFor,
  modeFor,
  workingDirectoriesFor,
  type CallAndContext,
  type SessionFacts,
} from './context.js';
