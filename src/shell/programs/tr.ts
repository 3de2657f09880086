/**
 * `tr`: translates or deletes characters from standard input to standard output. Its operands
 * are sets of characters; toolgate does not model its files (its words are assumed paths).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 tr(1): every option. */
const grammar: GnuOptionSpec = { short: 'cCdst', long: longOptions(`complement delete squeeze-repeats truncate-set1 ${HELP_VERSION}`) };

/** The tr model. @internal */
export const tr = defineProgram({
  names: ['tr'],
  summary: 'tr: translate or delete characters',
  sources: [coreutils('tr'), CC_CLI],
  grammar,
  readOnly: {
    claudeCode: {
      tr: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('tr')} (reads standard input only)`,
        safe: 'all',
        operands: 'text',
        maxOperands: 2,
        globs: false,
      }),
    },
  },
  environment: 'data',
  runs: 'unseen',
  examples: [
    { command: 'tr a-z A-Z', readOnly: true },
    { command: 'tr -d x y z', readOnly: false, why: 'tr takes at most two sets' },
  ],
});
