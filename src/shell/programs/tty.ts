/** `tty`: prints the name of the terminal on standard input. It opens no file and takes no operand. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 tty(1): every option. */
const grammar: GnuOptionSpec = { short: 's', long: longOptions(`silent quiet ${HELP_VERSION}`) };

/** The tty model. @internal */
export const tty = defineProgram({
  names: ['tty'],
  summary: "tty: print the terminal's name",
  sources: [coreutils('tty')],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  runs: 'unseen',
  examples: [{ command: 'tty -s', effects: [] }],
});
