/**
 * `od`: dumps its files in octal and other formats.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI, coreutils } from './sources.js';

/** GNU coreutils 9.1 od(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'A:aBbcDdeFfHhIij:LlN:OoS:st:vw::Xx',
  long: longOptions(
    `address-radix= endian= skip-bytes= read-bytes= strings[=] format= output-duplicates width[=] traditional ${HELP_VERSION}`,
  ),
};

/** The od model. @internal */
export const od = defineProgram({
  names: ['od'],
  summary: 'od: dump files in octal and other formats',
  sources: [coreutils('od'), CC_CLI],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar),
  readOnly: {
    claudeCode: {
      od: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${coreutils('od')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'od -A x -t x1z a.bin', effects: ['read ./a.bin'], readOnly: true, why: '-A and -t take the next word' },
    { command: 'od --address-radix x a.bin', effects: ['read ./a.bin'], readOnly: true, why: '--address-radix takes the next word' },
  ],
});
