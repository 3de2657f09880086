/**
 * `hd`: util-linux's canonical hex dump (`hexdump -C`) of its files; `-f` reads a format file.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readerFiles } from './readers.js';

/** util-linux 2.38 hd: the options toolgate reads a value for (not yet every option of the program). */
const grammar: GnuOptionSpec = {
  short: 'e:E:f:n:s:',
  long: longOptions('format= format-file= length= skip='),
};

/** The hd model. @internal */
export const hd = defineProgram({
  names: ['hd'],
  summary: 'hd: canonical hex dump of files',
  sources: ['util-linux 2.38 hexdump(1) (hd)'],
  grammar: grammar,
  files: (name, argv, shape) => readerFiles(name, argv, shape, { readShort: 'f' }),
  runs: 'unseen',
  examples: [
    { command: 'hd -n 64 a.bin', effects: ['read ./a.bin'], readOnly: false, why: '-n takes the length' },
    { command: 'hd -f fmt a.bin', effects: ['read ./fmt', 'read ./a.bin'], why: '-f reads the formats from a file' },
  ],
});
