/**
 * `comm`: compares two sorted files line by line.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 comm(1): every option. */
const grammar: GnuOptionSpec = {
  short: '123z',
  long: longOptions(`check-order nocheck-order output-delimiter= total zero-terminated ${HELP_VERSION}`),
};

/** The comm model. @internal */
export const comm = defineProgram({
  names: ['comm'],
  summary: 'comm: compare two sorted files',
  sources: [coreutils('comm'), CC_CLI],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      comm: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('comm')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'comm -12 a.txt b.txt', effects: ['read ./a.txt', 'read ./b.txt'], readOnly: true },
    {
      command: 'comm --output-delimiter , a b',
      effects: ['read ./a', 'read ./b'],
      readOnly: true,
      why: '--output-delimiter takes the next word',
    },
  ],
});
