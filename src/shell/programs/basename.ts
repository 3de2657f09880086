/** `basename`: strips the directory (and a suffix) from names. Its operands are text; it opens no file. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 basename(1): every option. */
const grammar: GnuOptionSpec = { short: 'as:z', long: longOptions(`multiple suffix= zero ${HELP_VERSION}`) };

/** The basename model. @internal */
export const basename = defineProgram({
  names: ['basename'],
  summary: 'basename: strip the directory and suffix from names',
  sources: [coreutils('basename'), CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      basename: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('basename')}`,
        safe: 'all',
        operands: 'text',
        globs: true,
      }),
    },
  },
  environment: 'data',
  runs: 'unseen',
  examples: [{ command: 'basename -s .ts src/index.ts', effects: [], readOnly: true, why: 'the names are text: basename opens no file' }],
});
