/**
 * `dos2unix` and `unix2dos`: convert line endings of their files in place.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readerFiles } from './readers.js';

/** dos2unix 7.4 dos2unix(1): the options toolgate reads a value for (not yet every option of the program). */
const grammar: GnuOptionSpec = {};

/** The dos2unix model. @internal */
export const dos2unix = defineProgram({
  names: ['dos2unix', 'unix2dos'],
  summary: 'dos2unix, unix2dos: convert line endings in place',
  sources: ['dos2unix 7.4 dos2unix(1)'],
  grammar: grammar,
  files: (name, argv, shape) => readerFiles(name, argv, shape, { inPlace: true }),
  runs: 'unseen',
  examples: [{ command: 'dos2unix a.txt', effects: ['write ./a.txt'], readOnly: false, why: 'the file is rewritten in place' }],
});
