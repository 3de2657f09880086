/**
 * Shell analysis: split a command into the parts bash would run, classify read-only
 * commands, and find the paths a command reads, writes or removes.
 * @packageDocumentation
 */
export type {
  GitCommitsTaken,
  NameChoice,
  PathEffect,
  PathNames,
  ReadOnlyVerdict,
  Redirect,
  ShellAnalysis,
  ShellOptions,
  SimpleCommand,
} from './types.js';
export type { Platform } from '../core/types.js';
export { analyzeShell } from './analyze.js';
export { prepareShell, isShellPrepared, type PrepareShellOptions } from './prepare.js';
export { isReadOnly, isReadOnlyCommand, type ReadOnlyOptions } from './read-only/index.js';
export {
  CLAUDE_CODE_READ_ONLY,
  ROBOTA_READ_ONLY,
  WRAPPERS_READ_ONLY,
  type ReadOnlySpec,
  type ReadOnlyEntry,
  type OperandRole,
  type ReadOnlyCheck,
} from './read-only/tables.js';
export {
  shellPathEffects,
  criticalRemovals,
  acceptEditsCommand,
  type ShellPathContext,
  type ShellPathEffects,
  type CriticalRemovalShellContext,
} from './effects/path-effects.js';
