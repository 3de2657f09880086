/** `logname`: prints the user's login name. It opens no file and takes no operand. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 logname(1): every option. */
const grammar: GnuOptionSpec = { short: '', long: longOptions(HELP_VERSION) };

/** The logname model. @internal */
export const logname = defineProgram({
  names: ['logname'],
  summary: 'logname: print the login name',
  sources: [coreutils('logname')],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  runs: 'unseen',
  examples: [{ command: 'logname', effects: [] }],
});
