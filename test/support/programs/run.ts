/**
 * What a test file needs to start one of the programs built for the run
 * (test/support/programs/build.ts): `node <file> ...args`.
 */
import { inject } from 'vitest';
import type { ProgramName, ProgramsProvided } from './build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    programs: ProgramsProvided;
  }
}

/** The arguments of `node` that start the named program with `args`. */
export function programArgs(name: ProgramName, args: readonly string[] = []): string[] {
  const programs = inject('programs');
  if (programs === undefined) throw new Error('no built programs: this file runs in the unit project, whose globalSetup builds them (test/support/programs/global-setup.ts)');
  return [programs[name], ...args];
}
