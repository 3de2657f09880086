/**
 * `cat`: prints its files, one after another (`-` is standard input).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS, coreutils } from './sources.js';

/** GNU coreutils 9.1 cat(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'AbeEnstTuv',
  long: longOptions(`show-all number-nonblank show-ends number squeeze-blank show-tabs show-nonprinting ${HELP_VERSION}`),
};

/** The cat model. @internal */
export const cat = defineProgram({
  names: ['cat'],
  summary: 'cat: print files',
  sources: [coreutils('cat'), CC_DOCS],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      cat: readOnlyEntry(grammar, {
        source: `${CC_DOCS}; ${coreutils('cat')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
    robota: { cat: { globs: false, safeShort: 'AbeEnstTuv' } },
  },
  environment: 'data',
  operandsAreData: true,
  runs: 'unseen',
  passesOnData: true,
  examples: [
    { command: 'cat -n README.md', effects: ['read ./README.md'], readOnly: true },
    { command: 'cat .env a', effects: ['read ./.env', 'read ./a'], readOnly: true, why: 'a Read deny rule on .env applies' },
    { command: 'cat -A --show-ends x', effects: ['read ./x'], readOnly: true },
  ],
});
