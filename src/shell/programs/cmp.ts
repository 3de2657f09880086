/**
 * `cmp`: compares two files byte by byte.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI } from './sources.js';

/** GNU diffutils 3.8 cmp(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'bi:ln:sv',
  long: longOptions(`print-bytes ignore-initial= verbose bytes= quiet silent ${HELP_VERSION}`),
};

/** The cmp model. @internal */
export const cmp = defineProgram({
  names: ['cmp'],
  summary: 'cmp: compare two files byte by byte',
  sources: ['GNU diffutils 3.8 cmp(1)', CC_CLI],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      cmp: readOnlyEntry(grammar, {
        source: `${CC_CLI}; GNU diffutils 3.8 cmp(1)`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'cmp -s a.bin b.bin', effects: ['read ./a.bin', 'read ./b.bin'], readOnly: true },
    {
      command: 'cmp -n 100 a.bin b.bin',
      effects: ['read ./a.bin', 'read ./b.bin'],
      readOnly: true,
      why: '-n takes the byte count from the next word',
    },
  ],
});
