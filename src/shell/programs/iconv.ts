/**
 * `iconv`: converts its files from one encoding to another; `-o` writes the result to a file.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readerEffects } from './readers.js';

/** glibc 2.36 iconv(1), `iconv --help` (argp): every option. */
const grammar: GnuOptionSpec = {
  short: 'f:t:lco:s?V',
  long: longOptions('from-code= to-code= list output= silent verbose help usage version'),
};

/** The iconv model. @internal */
export const iconv = defineProgram({
  names: ['iconv'],
  summary: 'iconv: convert text between encodings',
  sources: ['glibc 2.36 iconv(1)'],
  grammar: grammar,
  files: (name, argv) => readerEffects(name, argv, grammar, { writes: ['o', 'output'] }),
  runs: 'unseen',
  examples: [
    { command: 'iconv -f latin1 -t utf-8 -o out.txt in.txt', effects: ['write ./out.txt', 'read ./in.txt'], readOnly: false },
    { command: 'iconv -c -s --from-code latin1 in.txt', effects: ['read ./in.txt'], why: '--from-code takes the next word' },
  ],
});
