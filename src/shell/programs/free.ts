/** `free`: prints memory use. It opens no file and takes no operand. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI } from './sources.js';

const SOURCE = 'procps-ng 4.0 free(1)';

/** procps-ng 4.0 free(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'bkmghltvwc:s:',
  long: longOptions(
    `bytes kibi mebi gibi tebi pebi kilo mega giga tera peta human lohi line total si count= seconds= wide committed ${HELP_VERSION}`,
  ),
};

/** The free model. @internal */
export const free = defineProgram({
  names: ['free'],
  summary: 'free: print memory use',
  sources: [SOURCE, CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: { free: readOnlyEntry(grammar, { source: `${CC_CLI}; ${SOURCE}`, safe: 'all', operands: 'none', globs: false }) },
  },
  runs: 'unseen',
  examples: [
    { command: 'free -h', effects: [], readOnly: true },
    { command: 'free -c 3 -s 1', effects: [], readOnly: true, why: '-c and -s take the next word' },
  ],
});
