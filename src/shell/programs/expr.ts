/** `expr`: evaluates an expression and prints the result. Its operands are the expression; it opens no file. */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 expr(1): every option. */
const grammar: GnuOptionSpec = { short: '', long: longOptions(HELP_VERSION) };

/** The expr model. @internal */
export const expr = defineProgram({
  names: ['expr'],
  summary: 'expr: evaluate an expression',
  sources: [coreutils('expr')],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  runs: 'unseen',
  examples: [{ command: 'expr 1 + 2', effects: [] }],
});
