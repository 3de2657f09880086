/** bash: the shell toolgate's analysis is written for. */
import { BASH_ANSI_C } from './ansi-c.js';
import type { PreviousDirectory, ShellModel } from './model.js';

/**
 * `~-` is `$OLDPWD` (bash 5.2 manual, Tilde Expansion), left as written when OLDPWD is unset. At
 * start-up bash keeps an inherited OLDPWD only when it names a directory (variables.c), and a
 * login shell's user commonly exports one: unknown unless the environment is known.
 */
function previousAtStart(_start: string, inherited: string | null | undefined): readonly PreviousDirectory[] {
  if (inherited === undefined)
    return [{ kind: 'unknown', why: '~- is the previous directory ($OLDPWD), which the environment toolgate was given does not show' }];
  return inherited === null ? [{ kind: 'asWritten' }] : [{ kind: 'directory', path: inherited, ifDirectory: true }];
}

/** bash 5.2. @internal */
export const bash: ShellModel = {
  name: 'bash',
  sources: ['bash 5.2 manual'],
  specialParameter: () => undefined,
  // bash(1) Shell Variables: an element of BASH_CMDS is a `hash` entry, one of BASH_ALIASES an alias.
  commandTable: (name) =>
    name === 'BASH_CMDS'
      ? `setting BASH_CMDS binds command names to programs, as 'hash' does`
      : name === 'BASH_ALIASES'
        ? `setting BASH_ALIASES defines aliases, as 'alias' does`
        : undefined,
  redirectionsAlone: () => undefined,
  ansiC: [BASH_ANSI_C],
  wordProblem: () => undefined,
  patternOf: () => undefined,
  // cdable_vars (bash(1), shopt), which a start-up file may set: when `cd NAME` finds no directory,
  // bash changes to the value of the variable NAME (cd.c: the whole argument is the name, so a
  // word with a slash names none). `bash -O cdable_vars -c 'cd HOME && cat .ssh/id_rsa'` printed
  // the home folder's key (bash 5.2, leads24).
  cdFallback: (dir) => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(dir) ? '' : undefined),
  bracedModifier: () => undefined,
  equalsExpansion: false,
  bangJoinsOperator: false,
  numericRangeGlob: false,
  autoloadsFunctions: false,
  loadsModules: false,
  emulatesShells: false,
  setsOptionsByName: false,
  evaluatesOptionNumbers: false,
  previousAtStart,
  // `cd` sets OLDPWD to the directory it leaves.
  previousAfterCd: (left) => [{ kind: 'directory', path: left }],
};
