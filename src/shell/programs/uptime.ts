/** `uptime`: prints how long the system has run. It opens no file and takes no operand. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI } from './sources.js';

const SOURCE = 'procps-ng 4.0 uptime(1)';

/** procps-ng 4.0 uptime(1): every option. */
const grammar: GnuOptionSpec = { short: 'psVh', long: longOptions(`pretty since ${HELP_VERSION}`) };

/** The uptime model. @internal */
export const uptime = defineProgram({
  names: ['uptime'],
  summary: 'uptime: print how long the system has run',
  sources: [SOURCE, CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: { uptime: readOnlyEntry(grammar, { source: `${CC_CLI}; ${SOURCE}`, safe: 'all', operands: 'none', globs: false }) },
  },
  runs: 'unseen',
  examples: [{ command: 'uptime -p', effects: [], readOnly: true }],
});
