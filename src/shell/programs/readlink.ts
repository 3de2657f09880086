/**
 * `readlink`: prints where symbolic links point.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 readlink(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'efmnqsvz',
  long: longOptions(`canonicalize canonicalize-existing canonicalize-missing no-newline quiet silent verbose zero ${HELP_VERSION}`),
};

/** The readlink model. @internal */
export const readlink = defineProgram({
  names: ['readlink'],
  summary: 'readlink: print where links point',
  sources: [coreutils('readlink'), CC_CLI],
  grammar,
  // It resolves names and reads no file's content: a link it is named is not read through.
  files: (name, argv) => readerEffects(name, argv, grammar, { namesOnly: true }),
  readOnly: {
    claudeCode: {
      readlink: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('readlink')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  environment: 'data',
  runs: 'unseen',
  examples: [{ command: 'readlink -f node_modules/.bin/tsc', effects: ['read ./node_modules/.bin/tsc'], readOnly: true }],
});
