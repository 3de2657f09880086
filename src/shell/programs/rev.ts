/**
 * `rev`: prints each line of its files reversed.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI } from './sources.js';

/** util-linux 2.38 rev(1) (`rev --help`): every option, and `-0`/`--zero` of later util-linux (2.38.1 refuses them). */
const grammar: GnuOptionSpec = {
  short: '0Vh',
  long: longOptions(`zero ${HELP_VERSION}`),
};

/** The rev model. @internal */
export const rev = defineProgram({
  names: ['rev'],
  summary: 'rev: reverse the characters of each line',
  sources: ['util-linux 2.38 rev(1)', CC_CLI],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      rev: readOnlyEntry(grammar, {
        source: `${CC_CLI}; util-linux 2.38 rev(1)`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [{ command: 'rev names.txt', effects: ['read ./names.txt'], readOnly: true }],
});
