/**
 * `base64`, `base32`, `basenc`: encode or decode their file to standard output.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readerFiles } from './readers.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 base64(1), base32(1), basenc(1): the options toolgate reads a value for (not yet every option of the program). */
const grammar: GnuOptionSpec = { short: 'w:' };

/** The base64 model. @internal */
export const encoders = defineProgram({
  names: ['base64', 'base32', 'basenc'],
  summary: 'base64, base32, basenc: encode or decode data',
  sources: [coreutils('base64'), coreutils('base32'), coreutils('basenc')],
  grammar: grammar,
  files: (name, argv, shape) => readerFiles(name, argv, shape),
  runs: 'unseen',
  examples: [
    { command: 'base64 -w 0 key.pem', effects: ['read ./key.pem'], readOnly: false, why: '-w takes the line width' },
    { command: 'base32 -d enc.txt', effects: ['read ./enc.txt'] },
  ],
});
