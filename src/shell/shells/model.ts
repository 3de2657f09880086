/**
 * What one shell does differently, as an object (a variant answers for itself): the analysis
 * asks each shell the command may run in, so no check branches on a shell's name.
 */
import type { Redirect } from '../types.js';
import type { AnsiCDialect } from './ansi-c.js';

/** The shells toolgate models. @public */
export type ModelledShell = 'bash' | 'sh' | 'zsh';

/**
 * What the word `~-` names in a shell at some point of a command: a directory (`ifDirectory`:
 * only when that path is a directory, else the word stays as written), the word as written (a
 * relative name `~-`), or a directory toolgate cannot tell (why).
 * @internal
 */
export type PreviousDirectory =
  { kind: 'directory'; path: string; ifDirectory?: true } | { kind: 'asWritten' } | { kind: 'unknown'; why: string };

/**
 * One shell's behaviour where it matters to a permission decision.
 * @internal
 */
export interface ShellModel {
  readonly name: ModelledShell;
  /** Where its behaviour is documented. */
  readonly sources: readonly string[];
  /**
   * Why assigning the variable `name` changes what later commands do in this shell, beyond the
   * environment variables every shell passes on (`state.ts`): zsh's tied arrays (`path`,
   * `cdpath`) and special hashes (`functions`, `commands`). Undefined: it is data here.
   */
  specialParameter(name: string): string | undefined;
  /**
   * Why assigning the variable `name` binds a command name to other code, as `alias`, `hash` or a
   * function definition do (bash's `BASH_CMDS`, zsh's `commands` and `functions`), or undefined.
   * The commands after such an assignment are not what their text shows: a firm ask, as those
   * builtins are (red team 23 RT23-D).
   */
  commandTable(name: string): string | undefined;
  /**
   * Why a statement of redirections alone (`< README.md`, `> out`) runs code toolgate cannot see
   * in this shell (zsh runs `$NULLCMD` or `$READNULLCMD`, which start-up files may set), or
   * undefined when it only opens the files (bash, sh).
   */
  redirectionsAlone(redirects: readonly Redirect[]): string | undefined;
  /** How this shell may read `$'…'` (sh: dash's `$` and a quoted string, or bash as sh). */
  readonly ansiC: readonly AnsiCDialect[];
  /** Why a word means something in this shell that toolgate does not model (zsh's triple-star glob `***`), or undefined. */
  wordProblem(raw: string): string | undefined;
  /**
   * The glob (bash's pattern language, as written) holding every name this shell may take the word
   * as written `raw` to under options a user's start-up files may set, when that differs from the
   * word (zsh's EXTENDED_GLOB `.e#nv` and BRACE_CCL `.{e}nv`); undefined otherwise.
   */
  patternOf(raw: string): string | undefined;
  /**
   * Where `cd DIR` (or `pushd DIR`) may go when DIR is not a directory below the working directory
   * and no `CDPATH` entry holds it, under options a user's start-up files may set: the rest of DIR
   * after its first name (`''` for DIR alone), below a directory toolgate cannot tell (zsh's
   * CDABLE_VARS reads `cd NAME/rest` as `cd ~NAME/rest`: a parameter holding an absolute path, a
   * `hash -d` name or a user's home; bash's `cdable_vars` reads a whole NAME as a variable's value).
   * Undefined when the shell goes nowhere else (sh: dash has no such option).
   */
  cdFallback(dir: string): string | undefined;
  /**
   * What `${NAME:X}` gives for a parameter holding the path `value`, when this shell reads `:X` as
   * a modifier it models (zsh: `:h` the folder above, `:t` the last name); undefined otherwise
   * (bash reads `${PWD:h}` as a substring from the arithmetic offset `h`).
   */
  bracedModifier(value: string, modifier: string): string | undefined;
  /** A leading `=` in a word is command-path expansion (`=ls` is `/bin/ls`): zsh's `EQUALS`. */
  readonly equalsExpansion: boolean;
  /**
   * A `!` right after an output redirection operator or `&` belongs to the operator: zsh's
   * clobbering redirections `>!`, `>>!`, `&>!`, `>&!`, `2>!` write the next word, and `&!` runs
   * the command before it in the background and starts a new one (`syntax/bang-operators.ts`).
   * false: the `!` starts the next word (bash, sh: `echo x >! f` writes a file named `!`).
   */
  readonly bangJoinsOperator: boolean;
  /**
   * An unquoted `<x-y>` (digits either side of `-`, either left out) is a numeric range glob in
   * the word it is written in: zsh's `key<->.pem` names key1.pem (`syntax/numeric-globs.ts`).
   * false: `<` starts a redirection (bash, sh: `cat key<->.pem` reads the file `-`).
   */
  readonly numericRangeGlob: boolean;
  /**
   * The shell has a builtin that makes names functions whose bodies it loads from files when they
   * are first run (zsh's `autoload`, from `fpath`): code toolgate cannot see.
   */
  readonly autoloadsFunctions: boolean;
  /**
   * The shell has a builtin that loads modules adding builtins and special parameters (zsh's
   * `zmodload`): commands toolgate has no model of.
   */
  readonly loadsModules: boolean;
  /**
   * The shell has a builtin that switches its options to another shell's and may evaluate text
   * in that emulation (zsh's `emulate [-c TEXT]`): what follows is read with options toolgate
   * does not track.
   */
  readonly emulatesShells: boolean;
  /**
   * The shell has builtins that turn its options on or off by name (zsh's `setopt`, `unsetopt`):
   * what follows may be read with options toolgate does not track.
   */
  readonly setsOptionsByName: boolean;
  /**
   * Its builtins evaluate the number given to some of their options as an arithmetic expression
   * (zsh 5.9's `read -t "$x"`, `read -n "$x"`: a subscript in the value, `a[$(cmd)]`, runs cmd),
   * where bash and dash read digits. The options are the builtin's model's (`arithmeticValued`).
   */
  readonly evaluatesOptionNumbers: boolean;
  /**
   * What `~-` names when the command starts in `start`, with `OLDPWD` in the environment the
   * shell inherits (`null`: known unset; `undefined`: not known).
   */
  previousAtStart(start: string, inherited: string | null | undefined): readonly PreviousDirectory[];
  /** What `~-` names after a `cd` of the command that left the directory `left`. */
  previousAfterCd(left: string): readonly PreviousDirectory[];
}
