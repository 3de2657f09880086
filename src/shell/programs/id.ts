/** `id`: prints a user's user and group ids. Its operand is a user name; it opens no file. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 id(1): every option. */
const grammar: GnuOptionSpec = { short: 'agGnruzZ', long: longOptions(`context group groups name real user zero ${HELP_VERSION}`) };

/** The id model. @internal */
export const id = defineProgram({
  names: ['id'],
  summary: "id: print a user's user and group ids",
  sources: [coreutils('id'), CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: { id: readOnlyEntry(grammar, { source: `${CC_CLI}; ${coreutils('id')}`, safe: 'all', operands: 'text', globs: false }) },
  },
  runs: 'unseen',
  examples: [
    { command: 'id -un', effects: [], readOnly: true },
    { command: 'id root', effects: [], readOnly: true, why: 'root is a user name, not a file' },
  ],
});
