/**
 * Statements that change what later commands of the same script do: variables bash or the
 * programs read (PATH, HOME, CDPATH, IFS, GIT_*, LD_*, …), shell options, functions, and a `cd`
 * toolgate cannot follow. After one, later parts are unknown for auto-allow (a firm ask when a
 * deny or ask rule could apply, a plain ask otherwise).
 */
import type { ShellModel } from '../shells/index.js';
import type { SimpleCommand } from '../types.js';
import { PROGRAMS } from '../programs/index.js';

/**
 * Why running `cmd` changes what later commands of the script do, or undefined. A program whose
 * model changes state says so itself (`cd` when its target is not a literal directory: `cd`,
 * `cd -`, `cd ~user`, `cd $X`).
 */
export function commandStateChange(cmd: SimpleCommand, shells: readonly ShellModel[] = []): string | undefined {
  if (cmd.unknown !== undefined || cmd.argv.length === 0 || !cmd.literal[0]) return undefined;
  const name = cmd.argv[0]!;
  return PROGRAMS.get(name)?.state?.hides?.(name, cmd, shells);
}
