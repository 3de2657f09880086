/** `whoami`: prints the effective user's name. It opens no file and takes no operand. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 whoami(1): every option. */
const grammar: GnuOptionSpec = { short: '', long: longOptions(HELP_VERSION) };

/** The whoami model. @internal */
export const whoami = defineProgram({
  names: ['whoami'],
  summary: "whoami: print the effective user's name",
  sources: [coreutils('whoami'), CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      whoami: readOnlyEntry(grammar, { source: `${CC_CLI}; ${coreutils('whoami')}`, safe: 'all', operands: 'none', globs: false }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'whoami', effects: [], readOnly: true },
    { command: 'whoami root', effects: [], readOnly: false, why: 'whoami takes no operand' },
  ],
});
