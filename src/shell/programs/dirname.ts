/** `dirname`: strips the last component from names. Its operands are text; it opens no file. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 dirname(1): every option. */
const grammar: GnuOptionSpec = { short: 'z', long: longOptions(`zero ${HELP_VERSION}`) };

/** The dirname model. @internal */
export const dirname = defineProgram({
  names: ['dirname'],
  summary: 'dirname: strip the last component from names',
  sources: [coreutils('dirname'), CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      dirname: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('dirname')}`,
        safe: 'all',
        operands: 'text',
        globs: true,
      }),
    },
  },
  environment: 'data',
  runs: 'unseen',
  examples: [{ command: 'dirname src/lib/.env', effects: [], readOnly: true, why: 'the names are text: dirname opens no file' }],
});
