/**
 * `column`: formats its files (or standard input) into columns.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI } from './sources.js';

/**
 * util-linux 2.38 column(1) (`column --help`): every option, and `-C`/`--table-column` and
 * `--use-spaces` of later util-linux (2.38.1 refuses them).
 */
const grammar: GnuOptionSpec = {
  short: 'C:c:dE:eH:hi:Jl:LN:n:O:o:p:R:r:s:T:tVW:x',
  long: longOptions(
    `table table-columns= table-columns-limit= table-name= table-order= table-right= table-hide= table-truncate= table-wrap= table-noextreme= table-noheadings table-header-repeat table-column= keep-empty-lines json tree= tree-id= tree-parent= output-width= separator= output-separator= fillrows use-spaces= ${HELP_VERSION}`,
  ),
};

/** The column model. @internal */
export const column = defineProgram({
  names: ['column'],
  summary: 'column: format lines into columns',
  sources: ['util-linux 2.38 column(1)', CC_CLI],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      column: readOnlyEntry(grammar, {
        source: `${CC_CLI}; util-linux 2.38 column(1)`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'column -t -s , data.csv', effects: ['read ./data.csv'], readOnly: true, why: '-s takes the separator from the next word' },
    {
      command: 'column --table-columns NAME,SIZE data.txt',
      effects: ['read ./data.txt'],
      readOnly: true,
      why: '--table-columns takes the next word (the files facet once read it as a file)',
    },
  ],
});
