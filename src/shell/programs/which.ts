/** `which`: prints where the programs it is given would be found on PATH. Its operands are program names; it opens no file. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS } from './sources.js';

const SOURCE = 'Debian which(1)';

/** Debian which(1): every option. */
const grammar: GnuOptionSpec = { short: 'as' };

/** The which model. @internal */
export const which = defineProgram({
  names: ['which'],
  summary: 'which: locate a program on PATH',
  sources: [SOURCE, CC_DOCS],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      which: readOnlyEntry(grammar, {
        source: `${CC_DOCS}; ${SOURCE}`,
        safe: 'all',
        operands: 'text',
        globs: true,
      }),
    },
    robota: { which: { globs: false, safeShort: 'a' } },
  },
  runs: 'unseen',
  examples: [{ command: 'which -a node', effects: [], readOnly: true, why: 'node is a program name, not a file' }],
});
