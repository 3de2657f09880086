/** `pwd`: prints the working directory (bash's builtin; `-L`/`-P` choose how links show). It opens no file. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS } from './sources.js';

const SOURCE = 'bash 5.2 help pwd';

/** bash 5.2 builtin pwd: every option. */
const grammar: GnuOptionSpec = { short: 'LP', long: {} };

/** The pwd model. @internal */
export const pwd = defineProgram({
  names: ['pwd'],
  summary: 'pwd: print the working directory',
  sources: [SOURCE, CC_DOCS],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      pwd: readOnlyEntry(grammar, {
        source: `${CC_DOCS}; the CLI asks about pwd -L/-P`,
        safe: { short: '', long: '' },
        operands: 'none',
        globs: false,
      }),
    },
    robota: { pwd: { globs: false, safeShort: '' } },
  },
  runs: 'unseen',
  examples: [
    { command: 'pwd', effects: [], readOnly: true },
    { command: 'pwd -P', effects: [], readOnly: false, why: 'the Claude Code CLI asks about pwd -P; the stricter answer is kept' },
  ],
});
