/**
 * `paste`: merges the lines of its files.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 paste(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'd:sz',
  long: longOptions(`delimiters= serial zero-terminated ${HELP_VERSION}`),
};

/** The paste model. @internal */
export const paste = defineProgram({
  names: ['paste'],
  summary: 'paste: merge lines of files',
  sources: [coreutils('paste'), CC_CLI],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      paste: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('paste')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    {
      command: 'paste -d , a.txt b.txt',
      effects: ['read ./a.txt', 'read ./b.txt'],
      readOnly: true,
      why: '-d takes the delimiters from the next word',
    },
    { command: 'paste --delimiters , a b', effects: ['read ./a', 'read ./b'], readOnly: true, why: '--delimiters takes the next word' },
  ],
});
