/** `uname`: prints system information. It opens no file and takes no operand. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 uname(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'asnrvmpio',
  long: longOptions(
    `all kernel-name nodename kernel-release kernel-version machine processor hardware-platform operating-system ${HELP_VERSION}`,
  ),
};

/** The uname model. @internal */
export const uname = defineProgram({
  names: ['uname'],
  summary: 'uname: print system information',
  sources: [coreutils('uname'), CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      uname: readOnlyEntry(grammar, { source: `${CC_CLI}; ${coreutils('uname')}`, safe: 'all', operands: 'none', globs: false }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'uname -sr', effects: [], readOnly: true },
    {
      command: 'uname --kernel',
      effects: [],
      readOnly: false,
      why: '--kernel is ambiguous (kernel-name, kernel-release, kernel-version): uname refuses it',
    },
  ],
});
