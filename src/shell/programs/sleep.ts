/** `sleep`: waits for a time. Its operands are durations; it opens no file and runs nothing. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 sleep(1): every option. */
const grammar: GnuOptionSpec = { short: '', long: longOptions(HELP_VERSION) };

/** The sleep model. @internal */
export const sleep = defineProgram({
  names: ['sleep'],
  summary: 'sleep: wait for a time',
  sources: [coreutils('sleep'), CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      sleep: readOnlyEntry(grammar, { source: `${CC_CLI}; ${coreutils('sleep')}`, safe: 'all', operands: 'text', globs: false }),
    },
  },
  runs: 'nothing',
  examples: [{ command: 'sleep 2', effects: [], readOnly: true }],
});
