/**
 * `fold`: wraps the lines of its files. `-NUM` is `-w NUM`.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 fold(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'bsw:',
  long: longOptions(`bytes spaces width= ${HELP_VERSION}`),
  numeric: true,
};

/** The fold model. @internal */
export const fold = defineProgram({
  names: ['fold'],
  summary: 'fold: wrap lines to a width',
  sources: [coreutils('fold'), CC_CLI],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      fold: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('fold')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [{ command: 'fold -w 80 notes.md', effects: ['read ./notes.md'], readOnly: true, why: '-w takes the next word' }],
});
