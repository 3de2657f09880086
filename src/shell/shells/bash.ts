/** bash: the shell toolgate's analysis is written for. */
import type { ShellModel } from './model.js';

/** bash 5.2. @internal */
export const bash: ShellModel = {
  name: 'bash',
  sources: ['bash 5.2 manual'],
  specialParameter: () => undefined,
  redirectionsAlone: () => undefined,
  wordProblem: () => undefined,
  equalsExpansion: false,
};
