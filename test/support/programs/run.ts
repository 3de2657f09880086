/**
 * What a test file needs to start one of the programs built for the run
 * (test/support/programs/build.ts): `node <file> ...args`.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { PROGRAMS, type ExamplesProvided, type ProgramName, type ProgramsProvided } from './build.js';

declare module 'vitest' {
  export interface ProvidedContext {
    programs: ProgramsProvided;
    examples: ExamplesProvided;
  }
}

/** The arguments of `node` that start the named program with `args`. */
export function programArgs(name: ProgramName, args: readonly string[] = []): string[] {
  const programs = inject('programs');
  if (programs === undefined)
    throw new Error(
      'no built programs: this file runs in the unit project, whose globalSetup builds them (test/support/programs/global-setup.ts)',
    );
  return [programs[name], ...args];
}

/**
 * The arguments of `node` that start the named program with `args`: the built one where the run
 * built them (the unit project), else its source through tsx (a suite without that globalSetup),
 * which compiles it in the started process (≈ 1 s of CPU).
 */
export function programOrSourceArgs(name: ProgramName, args: readonly string[] = []): string[] {
  const programs = inject('programs');
  if (programs !== undefined) return [programs[name], ...args];
  const root = fileURLToPath(new URL('../../../', import.meta.url));
  return ['--import', join(root, 'node_modules/tsx/dist/esm/index.mjs'), join(root, PROGRAMS[name]), ...args];
}
