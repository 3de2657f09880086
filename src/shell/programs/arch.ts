/** `arch`: prints the machine's hardware name (as `uname -m`). It opens no file and takes no operand. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 arch(1): every option. */
const grammar: GnuOptionSpec = { short: '', long: longOptions(HELP_VERSION) };

/** The arch model. @internal */
export const arch = defineProgram({
  names: ['arch'],
  summary: "arch: print the machine's hardware name",
  sources: [coreutils('arch'), CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      arch: readOnlyEntry(grammar, { source: `${CC_CLI}; ${coreutils('arch')}`, safe: 'all', operands: 'none', globs: false }),
    },
  },
  runs: 'unseen',
  examples: [{ command: 'arch', effects: [], readOnly: true }],
});
