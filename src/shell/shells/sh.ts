/** sh (dash, or bash as sh): a subset of bash for every question toolgate asks but what `~-` names. */
import { BASH_ANSI_C, DASH_ANSI_C } from './ansi-c.js';
import { bash } from './bash.js';
import type { ShellModel } from './model.js';

/** POSIX sh as dash 0.5 runs it. @internal */
export const sh: ShellModel = {
  name: 'sh',
  sources: ['POSIX.1-2017 Shell Command Language', 'dash 0.5.12 dash(1)'],
  specialParameter: () => undefined,
  commandTable: () => undefined,
  redirectionsAlone: () => undefined,
  ansiC: [DASH_ANSI_C, BASH_ANSI_C],
  wordProblem: () => undefined,
  patternOf: () => undefined,
  cdFallback: () => undefined,
  bracedModifier: () => undefined,
  equalsExpansion: false,
  bangJoinsOperator: false,
  numericRangeGlob: false,
  autoloadsFunctions: false,
  loadsModules: false,
  emulatesShells: false,
  setsOptionsByName: false,
  evaluatesOptionNumbers: false,
  // dash never expands `~-` (it stays as written); bash as sh expands it as bash does.
  previousAtStart: (start, inherited) => [{ kind: 'asWritten' }, ...bash.previousAtStart(start, inherited)],
  previousAfterCd: (left) => [{ kind: 'asWritten' }, ...bash.previousAfterCd(left)],
};
