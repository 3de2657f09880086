/**
 * `expand`: converts tabs to spaces in its files. `-NUM` is `-t NUM`.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 expand(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'it:',
  long: longOptions(`initial tabs= ${HELP_VERSION}`),
  numeric: true,
};

/** The expand model. @internal */
export const expand = defineProgram({
  names: ['expand'],
  summary: 'expand: convert tabs to spaces',
  sources: [coreutils('expand'), CC_CLI],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      expand: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('expand')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [{ command: 'expand -t 4 src/a.c', effects: ['read ./src/a.c'], readOnly: true, why: '-t takes the next word' }],
});
