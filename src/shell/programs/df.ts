/**
 * `df`: prints file-system use. An operand names a file whose file system is reported: df looks
 * only at its metadata, so toolgate takes none of its words as a file it opens.
 */
import type { GnuOptionSpec } from '../gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 df(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'aB:hHiklPTt:vx',
  long: longOptions(`all block-size= human-readable si inodes local no-sync output[=] portability total type= print-type exclude-type= ${HELP_VERSION} sync`),
};

/** The df model. @internal */
export const df = defineProgram({
  names: ['df'],
  summary: 'df: print file-system use',
  sources: [coreutils('df'), CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      df: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('df')} (--sync not listed)`,
        safe: { short: 'aBhHiklPTtvx', long: `all block-size human-readable si inodes local no-sync output portability total type print-type exclude-type ${HELP_VERSION}` },
        operands: 'read', globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'df -h .', effects: [], readOnly: true },
    { command: 'df --sync', effects: [], readOnly: false, why: '--sync syncs file systems first: not listed read-only' },
  ],
});
