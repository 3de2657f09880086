/**
 * `realpath`: prints the resolved path of each operand (it looks up the names; it reads no file's contents).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 realpath(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'eLmPqsz',
  long: longOptions(
    `canonicalize-existing canonicalize-missing logical physical quiet relative-to= relative-base= strip no-symlinks zero ${HELP_VERSION}`,
  ),
};

/** The realpath model. @internal */
export const realpath = defineProgram({
  names: ['realpath'],
  summary: 'realpath: print resolved paths',
  sources: [coreutils('realpath'), CC_CLI],
  grammar,
  // It resolves names and reads no file's content: a link it is named is not read through.
  files: (name, argv) => readerEffects(name, argv, grammar, { namesOnly: true }),
  readOnly: {
    claudeCode: {
      realpath: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('realpath')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  environment: 'data',
  runs: 'unseen',
  examples: [
    { command: 'realpath --relative-to=src lib/x.ts', effects: ['read ./lib/x.ts'], readOnly: true },
    { command: 'realpath -e a', effects: ['read ./a'], readOnly: true },
  ],
});
