/**
 * `bat` (Debian installs it as `batcat`): prints its files with syntax highlighting.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readerFiles } from './readers.js';

/** bat 0.22 bat(1): the options toolgate reads a value for (not yet every option of the program). */
const grammar: GnuOptionSpec = {
  short: 'l:m:r:H:L:',
  long: longOptions(
    'language= map-syntax= line-range= highlight-line= file-name= theme= style= pager= decorations= color= italic-text= tabs= wrap= terminal-width=',
  ),
};

/** The bat model. @internal */
export const bat = defineProgram({
  names: ['bat', 'batcat'],
  summary: 'bat: print files with syntax highlighting',
  sources: ['bat 0.22 bat(1)'],
  grammar: grammar,
  files: (name, argv, shape) => readerFiles(name, argv, shape),
  runs: 'unseen',
  examples: [
    { command: 'bat -l rust main.rs', effects: ['read ./main.rs'], readOnly: false, why: '-l takes the language' },
    { command: 'batcat --style plain a.txt', effects: ['read ./a.txt'], why: '--style takes the next word' },
  ],
});
