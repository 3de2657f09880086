/**
 * Commands that print environment variables' values: `env` and `printenv` without a command or
 * with names, the shell's own listings (`export` / `export -p`, `declare -p` / `declare -x` /
 * `typeset -p`, `set` without arguments) and `compgen -e` / `-v` (names only, but shells print
 * values with them in completions scripts; counted as printing). Each prints every exported (or
 * shell) variable, or the ones it names.
 *
 * This is the one thing toolgate reads about these builtins and programs here: the sandbox
 * credentials check asks which variables a command prints (their read-only profiles live with
 * their models elsewhere).
 */
import type { SimpleCommand } from '../types.js';

/** Which variables a command prints: `all`, the names it gives, or none (`undefined`). @internal */
export function printedVariables(cmd: SimpleCommand): 'all' | readonly string[] | undefined {
  const [name, ...args] = cmd.argv;
  switch (name) {
    case 'printenv': {
      const names = args.filter((a) => !a.startsWith('-'));
      return names.length === 0 ? 'all' : names;
    }
    case 'env': {
      // `env` prints the environment when no command follows its options and assignments.
      const rest = args.filter((a) => !a.startsWith('-') && !/^[A-Za-z_][A-Za-z0-9_]*=/.test(a));
      return rest.length === 0 ? 'all' : undefined;
    }
    case 'export':
      return args.length === 0 || args.every((a) => a === '-p') ? 'all' : undefined;
    case 'declare':
    case 'typeset':
    case 'local': {
      const options = args.filter((a) => a.startsWith('-') || a.startsWith('+'));
      const names = args.filter((a) => !a.startsWith('-') && !a.startsWith('+') && !a.includes('='));
      if (args.length === 0) return 'all';
      if (options.some((o) => /^-[a-zA-Z]*p/.test(o))) return names.length === 0 ? 'all' : names;
      return names.length === args.length - options.length && names.length === 0 ? 'all' : undefined;
    }
    case 'set':
      return args.length === 0 ? 'all' : undefined;
    case 'compgen':
      return args.some((a) => /^-[a-zA-Z]*[ev]/.test(a)) ? 'all' : undefined;
    default:
      return undefined;
  }
}
