/**
 * Shell analysis: split a command into the parts bash would run, classify read-only
 * commands, and find the paths a command reads, writes or removes.
 * @packageDocumentation
 */
export type { PathEffect, ReadOnlyVerdict, Redirect, ShellAnalysis, ShellOptions, SimpleCommand } from './types.js';
export { analyzeShell } from './analyze.js';
export { prepareShell, isShellPrepared, type PrepareShellOptions } from './prepare.js';
