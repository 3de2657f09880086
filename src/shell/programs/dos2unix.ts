/**
 * `dos2unix` and `unix2dos`: convert line endings of their files in place.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { defineProgram } from './model.js';
import { readerEffects } from './readers.js';

/**
 * dos2unix 7.4 dos2unix(1): no grammar. Its options are not getopt's — single-dash words of several
 * letters (`-ascii`, `-ul`, `-gb`), `-c MODE`, `-n INFILE OUTFILE` (paired new-file mode) — and it is
 * not installed on this machine to read them from. So every option is one its grammar refuses:
 * the command is read leniently (each operand rewritten in place, which covers `-n`'s output and
 * what `-o` rewrites) and its other words are assumed paths.
 */
const grammar: GnuOptionSpec = {};

/** The dos2unix model. @internal */
export const dos2unix = defineProgram({
  names: ['dos2unix', 'unix2dos'],
  summary: 'dos2unix, unix2dos: convert line endings in place',
  sources: ['dos2unix 7.4 dos2unix(1)'],
  grammar: grammar,
  files: (name, argv) => readerEffects(name, argv, grammar, { inPlace: true }),
  runs: 'unseen',
  examples: [{ command: 'dos2unix a.txt', effects: ['write ./a.txt'], readOnly: false, why: 'the file is rewritten in place' }],
});
