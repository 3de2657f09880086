/** `nproc`: prints the number of processors available. It opens no file and takes no operand. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 nproc(1): every option. */
const grammar: GnuOptionSpec = { short: '', long: longOptions(`all ignore= ${HELP_VERSION}`) };

/** The nproc model. @internal */
export const nproc = defineProgram({
  names: ['nproc'],
  summary: 'nproc: print the number of processors',
  sources: [coreutils('nproc'), CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      nproc: readOnlyEntry(grammar, { source: `${CC_CLI}; ${coreutils('nproc')}`, safe: 'all', operands: 'none', globs: false }),
    },
  },
  runs: 'unseen',
  examples: [{ command: 'nproc --ignore 1', effects: [], readOnly: true, why: '--ignore takes the next word' }],
});
