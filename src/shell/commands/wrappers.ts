/**
 * Commands that run another command: which words are the inner command, and how an allow rule
 * treats the wrapper. Claude Code docs, Configure permissions › Bash (wrappers, exec wrappers).
 * What each program runs is its model's (`programs/`): a shell's `-c` script, a model's `unwrap`.
 */
import { PROGRAMS } from '../programs/index.js';
import { shellName, shellWrapper } from '../programs/posix-shells.js';

export type { RunTimeInput } from '../types.js';
export type { Unwrapped, WrapperInfo } from '../programs/wrapper-types.js';
import type { WrapperInfo } from '../programs/wrapper-types.js';

/**
 * What a command runs besides itself. `argv[0]` is the program name (basename).
 * Returns undefined for an ordinary command.
 */
export function unwrap(name: string, argv: readonly string[], literal: readonly boolean[] = []): WrapperInfo | undefined {
  if (shellName(name) !== undefined) return shellWrapper(argv);
  const model = PROGRAMS.get(name)?.unwrap;
  if (model) return model(argv, literal);
  return undefined;
}
