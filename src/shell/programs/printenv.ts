/** `printenv`: prints environment variables. Its operands are variable names; it opens no file. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 printenv(1): every option. */
const grammar: GnuOptionSpec = { short: '0', long: longOptions(`null ${HELP_VERSION}`) };

/** The printenv model. @internal */
export const printenv = defineProgram({
  names: ['printenv'],
  summary: 'printenv: print environment variables',
  sources: [coreutils('printenv')],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  runs: 'unseen',
  examples: [{ command: 'printenv HOME', effects: [] }],
});
