/**
 * `nl`: prints its files with line numbers.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 nl(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'b:d:f:h:i:l:n:ps:v:w:',
  long: longOptions(
    `body-numbering= section-delimiter= footer-numbering= header-numbering= line-increment= join-blank-lines= number-format= no-renumber number-separator= starting-line-number= number-width= ${HELP_VERSION}`,
  ),
};

/** The nl model. @internal */
export const nl = defineProgram({
  names: ['nl'],
  summary: 'nl: number lines',
  sources: [coreutils('nl'), CC_CLI],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      nl: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('nl')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  operandsAreData: true,
  runs: 'unseen',
  examples: [
    { command: 'nl -b a notes.md', effects: ['read ./notes.md'], readOnly: true, why: '-b takes the style from the next word' },
    {
      command: 'nl --body-numbering a notes.md',
      effects: ['read ./notes.md'],
      readOnly: true,
      why: '--body-numbering takes the next word (the files facet once read a as a file)',
    },
  ],
});
