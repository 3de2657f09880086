/**
 * Statements that change what later commands of the same script do: variables bash or the
 * programs read (PATH, HOME, CDPATH, IFS, GIT_*, LD_*, …), shell options, functions, and a `cd`
 * toolgate cannot follow. After one, later parts are unknown for auto-allow (a firm ask when a
 * deny or ask rule could apply, a plain ask otherwise).
 */
import type { ShellModel } from '../shells/index.js';
import { ownBuiltinOf } from '../programs/builtins.js';
import type { SimpleCommand } from '../types.js';
import { changesDirectory, PROGRAMS } from '../programs/index.js';
import { addStateChange, type Collector } from '../syntax/collector.js';
import { loopsOf } from '../syntax/flow.js';

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

/**
 * A `cd` (`pushd`, `popd`, zsh's `chdir`) in a loop's body moves the shell each time the body runs,
 * any number of times: where the commands after it (and the body's own, the second time) run is
 * a directory toolgate does not follow (red team 19 replay NEW-8: `while …; do cd ..; done`). One
 * in a subshell of the body moves nothing; one in an `eval` moves this shell.
 */
export function addLoopDirectoryChanges(c: Collector): void {
  if (c.flow === undefined) return;
  for (const loop of loopsOf(c.flow)) {
    if (loop.of !== 'loop') continue;
    const mover = c.commands.slice(loop.from, loop.to).find((cmd) => {
      if (cmd.literal[0] !== true || !changesDirectory(cmd.argv[0]!)) return false;
      const runner = cmd.parent === undefined ? undefined : c.commands[cmd.parent];
      return !cmd.inSubshell || (cmd.context === 'nested' && runner?.argv[0] === 'eval' && !runner.inSubshell);
    });
    if (mover !== undefined)
      addStateChange(c, `${mover.source} in a loop's body runs any number of times, to a directory toolgate does not follow`, loop.from);
  }
}
