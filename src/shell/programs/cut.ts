/**
 * `cut`: prints selected parts of the lines of its files.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 cut(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'b:c:d:f:nsz',
  long: longOptions(`bytes= characters= delimiter= fields= complement only-delimited output-delimiter= zero-terminated ${HELP_VERSION}`),
};

/** The cut model. @internal */
export const cut = defineProgram({
  names: ['cut'],
  summary: 'cut: print parts of lines',
  sources: [coreutils('cut'), CC_CLI],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      cut: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('cut')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  environment: 'data',
  runs: 'unseen',
  examples: [
    { command: 'cut -d : -f 1 names.txt', effects: ['read ./names.txt'], readOnly: true, why: '-d and -f take the next word' },
    {
      command: 'cut --bytes 1-3 notes.md',
      effects: ['read ./notes.md'],
      readOnly: true,
      why: '--bytes takes the next word (the files facet once read 1-3 as a file)',
    },
  ],
});
