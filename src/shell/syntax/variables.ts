/**
 * Variables whose setting changes what later commands of the same script do (PATH, HOME, IFS,
 * GIT_*, LD_*, …) and the few that only shape output: the fact every statement that sets a
 * variable is judged by — an assignment, a declaration builtin's operand (`export`, `declare`, in
 * their program model), `read`, `printf -v`.
 */
import { anyShell, type ShellModel } from '../shells/index.js';

/**
 * Environment variables that only shape output (locale, colour, terminal, log levels): setting
 * them changes nothing a permission decision depends on. Shared with allow-rule matching, which
 * looks past them as command prefixes (`NODE_ENV=test npm test`). The time zone and the locale
 * only while their value names no file outside the system's: the C library reads
 * `TZ=/proc/self/environ` (an absolute path) and a locale name holding a `/` as files (glibc
 * tzset(3), setlocale(3)); `TZ=Europe/Paris` is read under /usr/share/zoneinfo, unless it climbs
 * with `..`. A value with an expansion is no output setting either, nor one that starts with
 * `~` (`TZ=~/.ssh/id_rsa date`: the shell expands it to the home folder's path and date opens the file).
 * @internal
 */
export const SAFE_ENVIRONMENT =
  /^(?:(?:NODE_ENV|NO_COLOR|FORCE_COLOR|CI|TERM|COLUMNS|RUST_BACKTRACE|RUST_LOG|PYTHONUNBUFFERED|PYTHONDONTWRITEBYTECODE|DEBUG)=|(?:LANG|LANGUAGE|LC_[A-Z]+)=(?![^/$`]*[/$`])(?!~)|TZ=(?!:?[/$`~])(?![^$`]*[$`])(?!.*(?<=[=:/])\.\.(?:\/|$)))/;

/**
 * Why setting variable `name` changes later commands, or undefined. Allowlist: a name with a
 * capital letter may be an environment variable that a later program (or bash: PATH, HOME,
 * CDPATH, OLDPWD, IFS, BASH_ENV, ENV, PS4, PROMPT_COMMAND, SHELLOPTS, BASHOPTS, GLOBIGNORE,
 * TMPDIR, BASH_CMDS, GIT_*, LD_*, DYLD_*, …) reads; only the output-only ones above and
 * lower-case shell variables that are not exported are data — unless one of the shells the command
 * may run in gives the name a meaning of its own (zsh's `path`, `cdpath`, `functions`, …).
 */
export function variableStateChange(name: string, exported: boolean, shells: readonly ShellModel[] = []): string | undefined {
  return commandTableBinding(name, shells) ?? unboundVariableChange(name, exported, shells);
}

/**
 * {@link variableStateChange} for a name no shell binds to commands: for a caller that asked
 * {@link commandTableBinding} first because that answer is firm (a statement's assignments).
 */
export function unboundVariableChange(name: string, exported: boolean, shells: readonly ShellModel[]): string | undefined {
  const special = anyShell(shells, (s) => s.specialParameter(name));
  if (special !== undefined) return special;
  if (SAFE_ENVIRONMENT.test(`${name}=`) || (!exported && BASH_RESULTS.has(name))) return undefined;
  if (!exported && !/[A-Z]/.test(name)) return undefined;
  return `setting ${name} changes what later commands do`;
}

/**
 * Why setting variable `name` binds a command name to other code in one of `shells` (bash's
 * `BASH_CMDS`, zsh's `functions`…), or undefined: a firm change, as `alias` and `hash` are.
 */
export function commandTableBinding(name: string, shells: readonly ShellModel[]): string | undefined {
  return anyShell(shells, (s) => s.commandTable(name));
}

/**
 * Why one of `words` (a setter's operands: `NAME=…`, `NAME+=…`, `NAME[k]=…`, a bare `NAME` that
 * `set -A`, `typeset -A` or `read -A` fills) names a variable that binds command names, or undefined.
 */
export function bindingOperand(words: readonly string[], shells: readonly ShellModel[]): string | undefined {
  for (const w of words) {
    const name = operandName(w);
    const why = name === undefined ? undefined : commandTableBinding(name, shells);
    if (why !== undefined) return why;
  }
  return undefined;
}

/**
 * The variable a setter's operand names: an assignment's ({@link assignedName}) or a bare name
 * (`export NAME`, `set -A NAME …`, `read -A NAME`); undefined for any other word.
 */
export function operandName(word: string): string | undefined {
  return assignedName(word) ?? (BARE_NAME.test(word) ? word : undefined);
}

/** A word that is only a variable's name (`set -A NAME …`, `read -A NAME`). */
const BARE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Variables bash itself fills with results, which mean nothing to later programs unless exported. */
const BASH_RESULTS = new Set(['REPLY', 'MAPFILE', 'OPTARG', 'OPTIND']);

/**
 * The name an assignment (`NAME=…`, `NAME+=…`, `NAME[i]=…`) sets. An element of an array sets
 * its array's name: what a later command may see changed (`a[1]=x` changes `a`). With
 * `{ elements: false }`, only a whole variable's assignment (`NAME=…`, `NAME+=…`) has a name:
 * for a check that an assignment is one of a few harmless ones (`IFS= read`, shell-read-only.ts),
 * where an element is no such assignment — bash 5.2 refuses `IFS[1]=: read` ("not a valid
 * identifier") and zsh 5.9 runs a command substitution in its subscript (`IFS[$(id)]=: read`).
 */
export function assignedName(assignment: string, options?: { elements: false }): string | undefined {
  return (options?.elements === false ? WHOLE_VARIABLE : ANY_ASSIGNMENT).exec(assignment)?.[1];
}

const ANY_ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(\[|\+?=)/;
const WHOLE_VARIABLE = /^([A-Za-z_][A-Za-z0-9_]*)\+?=/;
