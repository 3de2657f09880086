/**
 * `less` and `more`: page through their files. less's `-o`/`-O`/`--log-file` write a log file;
 * `-k`/`--lesskey-file` reads a key file; `--tag-file` reads a tags file.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readerFiles } from './readers.js';

/** less(1) 590: the options toolgate reads a value for (not yet every option of the program). */
const lessGrammar: GnuOptionSpec = {
  short: 'x:y:h:j:b:z:o:O:k:p:P:t:T:',
  long: longOptions('log-file= LOG-FILE= lesskey-file= tag= tag-file='),
};

/** more(1) (util-linux 2.38): no option takes a value. */
const moreGrammar: GnuOptionSpec = {};

/** The less model. @internal */
export const less = defineProgram({
  names: ['less'],
  summary: 'less: page through files',
  sources: ['less 590 less(1)'],
  grammar: lessGrammar,
  files: (name, argv, shape) => readerFiles(name, argv, shape, { readShort: 'k', writeOptions: ['-o', '-O', '--log-file', '--LOG-FILE'] }),
  runs: 'unseen',
  examples: [
    { command: 'less README.md', effects: ['read ./README.md'], readOnly: false },
    { command: 'less -o log.txt a.txt', effects: ['write ./log.txt', 'read ./a.txt'], why: '-o copies the input to a log file' },
  ],
});

/** The more model. @internal */
export const more = defineProgram({
  names: ['more'],
  summary: 'more: page through files',
  sources: ['util-linux 2.38 more(1)'],
  grammar: moreGrammar,
  files: (name, argv, shape) => readerFiles(name, argv, shape),
  runs: 'unseen',
  examples: [{ command: 'more a.txt', effects: ['read ./a.txt'], readOnly: false }],
});
