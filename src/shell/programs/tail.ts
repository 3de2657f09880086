/**
 * `tail`: prints the last lines (or bytes) of its files. `-NUM` is `-n NUM`.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS, coreutils } from './sources.js';

/** GNU coreutils 9.1 tail(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'c:fFn:qs:vz',
  long: longOptions(
    `bytes= follow[=] retry lines= max-unchanged-stats= pid= quiet silent sleep-interval= verbose zero-terminated ${HELP_VERSION}`,
  ),
  numeric: true,
};

/** The tail model. @internal */
export const tail = defineProgram({
  names: ['tail'],
  summary: 'tail: print the last lines of files',
  sources: [coreutils('tail'), CC_DOCS],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      tail: readOnlyEntry(grammar, {
        source: `${CC_DOCS}; ${coreutils('tail')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
    robota: { tail: { globs: false, safeShort: 'nqvcfFz0123456789', shortArg: 'nc' } },
  },
  environment: 'data',
  operandsAreData: true,
  runs: 'unseen',
  examples: [
    { command: 'tail -n 20 log.txt', effects: ['read ./log.txt'], readOnly: true, why: '-n takes the next word' },
    { command: 'tail -f log.txt', effects: ['read ./log.txt'], readOnly: true },
  ],
});
