/** `yes`: prints a line (its operands, or `y`) until killed. It opens no file. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 yes(1): every option. */
const grammar: GnuOptionSpec = { short: '', long: longOptions(HELP_VERSION) };

/** The yes model. @internal */
export const yes = defineProgram({
  names: ['yes'],
  summary: 'yes: print a line repeatedly',
  sources: [coreutils('yes')],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  runs: 'unseen',
  examples: [{ command: 'yes n', effects: [] }],
});
