import { Command, CommanderError } from 'commander';
import { UsageError } from './load.js';
import { TOOLGATE_VERSION } from './version.js';

/**
 * Exit codes of `toolgate check` / `explain` (documented in the README):
 * 0 allow, 3 ask, 4 deny, 2 usage error, 1 internal error. `--batch` exits 0 when every line
 * was decided, 2 when a line could not be read.
 */
export const EXIT = { allow: 0, internal: 1, usage: 2, ask: 3, deny: 4 } as const;

/** The `toolgate` program with no command yet: its name, description, version and error handling. */
export function newProgram(): Command {
  return new Command('toolgate')
    .description('Decide whether an AI agent tool call runs (allow), needs a person (ask) or is refused (deny), with Claude Code settings.')
    .version(TOOLGATE_VERSION, '-V, --version')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
}

/** Run `program` with `argv` (as `process.argv`). Resolves to the exit code. */
export async function runProgram(program: Command, argv: string[]): Promise<number> {
  try {
    await program.parseAsync(argv);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : EXIT.usage;
    if (e instanceof UsageError) {
      process.stderr.write(`toolgate: ${e.message}\n`);
      return EXIT.usage;
    }
    process.stderr.write(`toolgate: internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    return EXIT.internal;
  }
}
