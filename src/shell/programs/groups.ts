/** `groups`: prints the groups a user is in. Its operands are user names; it opens no file. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 groups(1): every option. */
const grammar: GnuOptionSpec = { short: '', long: longOptions(HELP_VERSION) };

/** The groups model. @internal */
export const groups = defineProgram({
  names: ['groups'],
  summary: 'groups: print the groups a user is in',
  sources: [coreutils('groups'), CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      groups: readOnlyEntry(grammar, { source: `${CC_CLI}; ${coreutils('groups')}`, safe: 'all', operands: 'text', globs: false }),
    },
  },
  runs: 'unseen',
  examples: [{ command: 'groups root', effects: [], readOnly: true, why: 'root is a user name, not a file' }],
});
