/**
 * `hd`: util-linux's canonical hex dump (`hexdump -C`) of its files; `-f` reads a format file.
 * It is hexdump called by another name: hexdump's grammar, options and files.
 */
import { HEXDUMP_GRAMMAR } from './hexdump.js';
import { defineProgram } from './model.js';
import { readerEffects } from './readers.js';

/** The hd model. @internal */
export const hd = defineProgram({
  names: ['hd'],
  summary: 'hd: canonical hex dump of files',
  sources: ['util-linux 2.38 hexdump(1) (hd)'],
  grammar: HEXDUMP_GRAMMAR,
  files: (name, argv) => readerEffects(name, argv, HEXDUMP_GRAMMAR, { reads: ['f', 'format-file'] }),
  runs: 'unseen',
  examples: [
    { command: 'hd -n 64 a.bin', effects: ['read ./a.bin'], readOnly: false, why: '-n takes the length' },
    { command: 'hd -f fmt a.bin', effects: ['read ./fmt', 'read ./a.bin'], why: '-f reads the formats from a file' },
  ],
});
