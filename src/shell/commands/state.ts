/**
 * Statements that change what later commands of the same script do: variables bash or the
 * programs read (PATH, HOME, CDPATH, IFS, GIT_*, LD_*, …), shell options, functions, and a `cd`
 * toolgate cannot follow. After one, later parts are unknown for auto-allow (a firm ask when a
 * deny or ask rule could apply, a plain ask otherwise).
 */
import type { ShellModel } from '../shells/index.js';
import { ownBuiltinOf } from '../programs/builtins.js';
import type { SimpleCommand } from '../types.js';
import { PROGRAMS } from '../programs/index.js';

/**
 * Why running `cmd` changes what later commands of the script do, or undefined. A program whose
 * model changes state says so itself (`cd` when its target is not a literal directory: `cd`,
 * `cd -`, `cd ~user`, `cd $X`). A builtin of one of `shells` that toolgate has no model of may
 * change the shell's own state — zsh's `setopt`, `vared`, `zparseopts` — where a program found
 * along `PATH` cannot (red team 18 replay NEW-2).
 */
export function commandStateChange(cmd: SimpleCommand, shells: readonly ShellModel[] = []): string | undefined {
  if (cmd.unknown !== undefined || cmd.argv.length === 0 || !cmd.literal[0]) return undefined;
  const name = cmd.argv[0]!;
  const model = PROGRAMS.get(name);
  if (model !== undefined) return model.state?.hides?.(name, cmd, shells);
  const shell = ownBuiltinOf(shells, name);
  return shell === undefined
    ? undefined
    : `'${name}' is a ${shell.name} builtin toolgate has no model of, which may change variables or options the commands after it depend on`;
}
