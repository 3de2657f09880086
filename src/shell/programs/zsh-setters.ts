/**
 * zsh's own builtins that set a variable they are given the name of: `print -v NAME`, `zformat
 * -f NAME` / `-a NAME`, `getln NAME…`, `private NAME=value` (zsh/param/private, declared as
 * `typeset` declares). Setting PATH, `path`, HOME… changes what later commands do: `print -v PATH
 * 0; ls` runs the project's `0/ls` (red team 18 replay NEW-2). Each option grammar below says
 * which word names the variable; the state facet reads it only in a shell that has the builtin
 * (`ownBuiltinOf` in `builtins.ts`: in bash, `print` is a program found along PATH). What else each does
 * is read as for a program toolgate does not know (`otherwiseUnknown`), as before.
 * Behaviour: zsh 5.9 zshbuiltins(1) (print, getln, pushln), zshmodules(1) (zsh/zutil: zformat;
 * zsh/param/private: private); verified with zsh 5.9. `zstyle` is in `zsh-zstyle.ts`.
 */
import type { ShellModel } from '../shells/index.js';
import { ownBuiltinOf } from './builtins.js';
import type { SimpleCommand } from '../types.js';
import { defineProgram, type ProgramExample, type ProgramModel } from './model.js';
import { variablesSetBy, type VariableSetter } from './variable-setters.js';

/** What sets one of these builtins apart. */
interface ZshSetter {
  readonly names: readonly string[];
  readonly summary: string;
  readonly sources: readonly string[];
  /** Which of its words name the variables it sets. */
  readonly variableWords: VariableSetter;
  /** Why its words change later commands otherwise (arithmetic it evaluates), or undefined. */
  readonly more?: (cmd: SimpleCommand, shells: readonly ShellModel[]) => string | undefined;
  readonly examples: readonly ProgramExample[];
}

/** A zsh builtin whose `variableWords` are the variables it sets, read in a shell that has it. */
function zshSetter({ variableWords, more, ...facts }: ZshSetter): ProgramModel {
  return defineProgram({
    ...facts,
    runs: 'unseen',
    otherwiseUnknown: true,
    // A subscript in the name is evaluated (`print -v 'a[$(id)]' x` runs id), as bash's printf -v.
    arithmeticSubscripts: true,
    variableWords,
    state: {
      hides: (name, cmd, shells) =>
        ownBuiltinOf(shells, name) === undefined
          ? undefined
          : (variablesSetBy(name, cmd.argv.slice(1), variableWords, shells, cmd.literal.slice(1)) ?? more?.(cmd, shells)),
    },
  });
}

/** The print model. @internal */
export const print: ProgramModel = zshSetter({
  names: ['print'],
  summary: 'print (zsh): print its words (or assign them to a variable with -v)',
  sources: ['zsh 5.9 zshbuiltins(1) (print: -v NAME; -C COLS, -f FORMAT, -u FD, -x/-X TAB take a value)'],
  // zsh 5.9 Src/builtin.c: print's options "abcC:Df:ilmnNoOpPrRsSu:v:x:X:z-".
  variableWords: { valued: 'CfuxX', nameOptions: 'v', optionsOnly: true },
  examples: [
    { command: 'print -v PATH 0; ls', hides: true, why: '-v assigns PATH, which later commands are looked up along' },
    { command: 'print -rvPATH 0; ls', hides: true, why: 'the name may stand inside the option word, after other letters' },
    { command: 'print -f %s -v path 0; ls', hides: true, why: "-f takes the format; zsh's path is PATH" },
    { command: 'print -v x hi; ls', hides: false, why: 'x is no variable later commands resolve by' },
    { command: 'print -r -- PATH=0; ls', hides: false, why: 'its operands are text' },
  ],
});

/** The zformat model. @internal */
export const zformat: ProgramModel = zshSetter({
  names: ['zformat'],
  summary: 'zformat (zsh/zutil): format specs into a variable (-f, -F) or an array (-a)',
  sources: ['zsh 5.9 zshmodules(1) (zsh/zutil: zformat -f PARAM FORMAT SPEC…, -F PARAM …, -a ARRAY SEP SPEC…)'],
  variableWords: { nameOptions: 'fFa', optionsOnly: true },
  examples: [
    { command: 'zformat -f PATH 0; ls', hides: true, why: '-f stores the result in the parameter it names' },
    { command: 'zformat -a path : 0; ls', hides: true, why: '-a stores the result in the array it names' },
    { command: "zformat -f out '%a' a:1; ls", hides: false },
  ],
});

/** The getln model. @internal */
export const getln: ProgramModel = zshSetter({
  names: ['getln'],
  summary: 'getln (zsh): read the top of the buffer stack into variables',
  sources: ['zsh 5.9 zshbuiltins(1) (getln [ -AclneE ] name …)'],
  variableWords: {},
  examples: [
    {
      command: 'getln path; ls',
      hides: true,
      why: 'with the buffer stack empty it sets path (zsh ties it to PATH) to nothing, and ls runs from the working directory',
    },
    { command: 'pushln 0; getln -A PATH; ls', hides: true },
    { command: 'getln line; ls', hides: false },
  ],
});

/** The private model: `typeset`'s declarations, local to a function (at the top level, the script's own). @internal */
export const zshPrivate: ProgramModel = zshSetter({
  names: ['private'],
  summary: 'private (zsh/param/private): declare variables as typeset does, private to the function',
  sources: ['zsh 5.9 zshmodules(1) (zsh/param/private: private [ {+|-}AHUahlmrtux ] … [ name[=value] … ])'],
  variableWords: { nameref: true },
  examples: [
    { command: 'private PATH=0; ls', hides: true, why: 'outside a function it sets the PATH later commands are looked up along' },
    { command: 'private count=0; ls', hides: false },
  ],
});

/**
 * zsh's own builtins that set nothing later commands depend on: they describe commands
 * (`whence`), rebuild the command hash (`rehash`), leave the shell (`bye`), query the terminal
 * (`echotc`, `echoti`, `ttyctl`).
 * @internal
 */
export const zshInert: ProgramModel = defineProgram({
  names: ['whence', 'rehash', 'bye', 'echotc', 'echoti', 'ttyctl'],
  summary: 'whence, rehash, bye, echotc, echoti, ttyctl (zsh): builtins that set no variable',
  sources: ['zsh 5.9 zshbuiltins(1), zshmodules(1) (zsh/terminfo, zsh/termcap)'],
  runs: 'unseen',
  otherwiseUnknown: true,
  examples: [{ command: 'whence -v ls; ls', hides: false, why: 'it only says what ls is' }],
});

/** The pushln model: it pushes its words onto the buffer stack, which only zsh's editor, `read -z` and `getln` read. @internal */
export const pushln: ProgramModel = defineProgram({
  names: ['pushln'],
  summary: 'pushln (zsh): push its words onto the buffer stack',
  sources: ['zsh 5.9 zshbuiltins(1) (pushln)'],
  runs: 'unseen',
  otherwiseUnknown: true,
  examples: [{ command: 'pushln PATH=0; ls', hides: false, why: 'it sets no variable; getln and read -z read the stack' }],
});
