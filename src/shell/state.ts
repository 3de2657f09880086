/**
 * Statements that change what later commands of the same script do: variables bash or the
 * programs read (PATH, HOME, CDPATH, IFS, GIT_*, LD_*, …), shell options, functions, and a `cd`
 * toolgate cannot follow. After one, later parts are unknown for auto-allow (a firm ask when a
 * deny or ask rule could apply, a plain ask otherwise).
 */
import type { ShellModel } from './shells/index.js';
import type { SimpleCommand } from './types.js';
import { PROGRAMS } from './programs/index.js';
import { variablesSetBy, type VariableSetter } from './programs/variable-setters.js';
import { variableStateChange } from './variables.js';

/** `set` options that change nothing later commands resolve (errexit, nounset, pipefail, errtrace, functrace). */
const SAFE_SET_FLAGS = /^[-+][euET]+$/;
const SAFE_SET_OPTIONS = new Set(['errexit', 'nounset', 'pipefail', 'errtrace', 'functrace']);

/** Builtins that set the variables named among their operands, and how each reads them. */
const NAME_SETTERS: ReadonlyMap<string, VariableSetter> = new Map([
  ['read', { valued: 'dinNptu' }],
  ['getopts', { nameref: true, skipFirst: true }],
  ['unset', { nameref: true, functions: true }],
]);

/**
 * Why running `cmd` changes what later commands of the script do, or undefined. A program whose
 * model changes state says so itself (`cd` when its target is not a literal directory: `cd`,
 * `cd -`, `cd ~user`, `cd $X`).
 */
export function commandStateChange(cmd: SimpleCommand, shells: readonly ShellModel[] = []): string | undefined {
  if (cmd.unknown !== undefined || cmd.argv.length === 0 || !cmd.literal[0]) return undefined;
  const name = cmd.argv[0]!;
  const args = cmd.argv.slice(1);
  const hides = PROGRAMS.get(name)?.state?.hides;
  if (hides !== undefined) return hides(name, cmd, shells);
  switch (name) {
    case 'set': {
      if (args.length === 0) return undefined;
      for (let i = 0; i < args.length; i++) {
        const a = args[i]!;
        if (SAFE_SET_FLAGS.test(a)) continue;
        // `-o NAME`, also at the end of a cluster (`set -euo pipefail`)
        if (/^[-+][euET]*o$/.test(a) && SAFE_SET_OPTIONS.has(args[i + 1] ?? '')) {
          i++;
          continue;
        }
        return `set ${a} changes how later commands run`;
      }
      return undefined;
    }
    case 'shopt':
      return 'shopt changes how later commands are read';
    case 'printf': {
      const v = args.findIndex((a) => a === '-v' || (a.startsWith('-v') && a.length > 2));
      if (v < 0) return undefined;
      const target = args[v] === '-v' ? args[v + 1] : args[v]!.slice(2);
      return target === undefined ? undefined : variableStateChange(target.replace(/\[.*$/s, ''), false, shells);
    }
  }
  const setter = NAME_SETTERS.get(name);
  return setter === undefined ? undefined : variablesSetBy(name, args, setter, shells);
}
