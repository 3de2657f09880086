/**
 * `head`: prints the first lines (or bytes) of its files. `-NUM` is `-n NUM`.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS, coreutils } from './sources.js';

/** GNU coreutils 9.1 head(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'c:n:qvz',
  long: longOptions(`bytes= lines= quiet silent verbose zero-terminated ${HELP_VERSION}`),
  numeric: true,
};

/** The head model. @internal */
export const head = defineProgram({
  names: ['head'],
  summary: 'head: print the first lines of files',
  sources: [coreutils('head'), CC_DOCS],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      head: readOnlyEntry(grammar, {
        source: `${CC_DOCS}; ${coreutils('head')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
    robota: { head: { globs: false, safeShort: 'nqvcz0123456789', shortArg: 'nc' } },
  },
  environment: 'data',
  operandsAreData: true,
  runs: 'unseen',
  examples: [
    { command: 'head -n 5 README.md', effects: ['read ./README.md'], readOnly: true, why: '-n takes the next word' },
    { command: 'head -20 a b', effects: ['read ./a', 'read ./b'], readOnly: true },
    { command: 'head --lines 3 notes.md', effects: ['read ./notes.md'], readOnly: true },
  ],
});
