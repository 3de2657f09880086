/**
 * `hexdump`: dumps its files in hexadecimal and other formats. `-f FILE` (`--format-file`) reads
 * its formats from FILE.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI } from './sources.js';

/** util-linux 2.38 hexdump(1) (`hexdump --help`): every option; hd is the same program. @internal */
export const HEXDUMP_GRAMMAR: GnuOptionSpec = {
  short: 'bcCde:f:L::n:os:vxVh',
  long: longOptions(
    `one-byte-octal one-byte-char canonical two-bytes-decimal two-bytes-octal two-bytes-hex format= format-file= color[=] length= skip= no-squeezing ${HELP_VERSION}`,
  ),
};

/** `-f`/`--format-file` reads the formats from a file. */
const FACTS = { reads: ['f', 'format-file'] };

/** The hexdump model. @internal */
export const hexdump = defineProgram({
  names: ['hexdump'],
  summary: 'hexdump: dump files in hexadecimal',
  sources: ['util-linux 2.38 hexdump(1)', CC_CLI],
  grammar: HEXDUMP_GRAMMAR,
  files: (name, argv) => readerEffects(name, argv, HEXDUMP_GRAMMAR, FACTS),
  readOnly: {
    claudeCode: {
      hexdump: readOnlyEntry(HEXDUMP_GRAMMAR, {
        source: `${CC_CLI}; util-linux 2.38 hexdump(1)`,
        safe: 'all',
        reads: ['f', 'format-file'],
        operands: 'read',
        globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'hexdump -C a.bin', effects: ['read ./a.bin'], readOnly: true },
    {
      command: 'hexdump -f fmt.txt a.bin',
      effects: ['read ./fmt.txt', 'read ./a.bin'],
      readOnly: true,
      why: '-f reads the formats from the file it names',
    },
    {
      command: 'hexdump -E a.bin',
      effects: ['read ./a.bin'],
      readOnly: false,
      why: 'hexdump has no -E: a.bin is an operand (the files facet once took it as a value)',
    },
  ],
});
