/** `seq`: prints a sequence of numbers. Its operands are numbers; it opens no file. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 seq(1): every option. */
const grammar: GnuOptionSpec = { short: 'f:s:w', long: longOptions(`format= separator= equal-width ${HELP_VERSION}`) };

/** The seq model. @internal */
export const seq = defineProgram({
  names: ['seq'],
  summary: 'seq: print a sequence of numbers',
  sources: [coreutils('seq'), CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: { seq: readOnlyEntry(grammar, { source: `${CC_CLI}; ${coreutils('seq')}`, safe: 'all', operands: 'text', globs: false }) },
  },
  runs: 'unseen',
  examples: [{ command: 'seq -s , 1 10', effects: [], readOnly: true, why: '-s takes the separator from the next word' }],
});
