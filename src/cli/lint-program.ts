/**
 * `toolgate lint` alone: the program with only the lint command, which `main.ts` imports for a
 * command line that starts with `lint`. The whole program (`program.ts`) also loads the modules of
 * check, serve, the store, asks, grants, diff and test, none of which a lint runs (≈ 50 ms of
 * CPU at every lint's start). Same name, version, options and exit codes as the lint command of
 * the whole program, which registers it the same way (`registerLintCommand`).
 */
import { registerLintCommand } from './lint.js';
import { newProgram, runProgram } from './run-program.js';

/** Run `toolgate lint …` with `argv` (as `process.argv`). Resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const program = newProgram();
  registerLintCommand(program);
  return runProgram(program, argv);
}
