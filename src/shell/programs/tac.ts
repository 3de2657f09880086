/**
 * `tac`: prints its files last line first.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 tac(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'brs:',
  long: longOptions(`before regex separator= ${HELP_VERSION}`),
};

/** The tac model. @internal */
export const tac = defineProgram({
  names: ['tac'],
  summary: 'tac: print files in reverse line order',
  sources: [coreutils('tac'), CC_CLI],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      tac: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('tac')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  operandsAreData: true,
  runs: 'unseen',
  examples: [
    { command: 'tac log.txt', effects: ['read ./log.txt'], readOnly: true },
    { command: 'tac -s x log.txt', effects: ['read ./log.txt'], readOnly: true, why: '-s takes the separator from the next word' },
  ],
});
