/**
 * `wc`: counts the lines, words and bytes of its files. `--files0-from=F` reads the names of
 * the files to count from F.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS, coreutils } from './sources.js';

/** GNU coreutils 9.1 wc(1) (`wc --help`): every option, and `--total=WHEN` of coreutils 9.2 (9.1 refuses it). */
const grammar: GnuOptionSpec = {
  short: 'clLmw',
  long: longOptions('bytes chars lines words max-line-length total= help version files0-from='),
};

/** The wc model. @internal */
export const wc = defineProgram({
  names: ['wc'],
  summary: 'wc: count lines, words and bytes',
  sources: [coreutils('wc'), CC_DOCS],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar, { listsFiles: ['files0-from'] }),
  readOnly: {
    claudeCode: {
      wc: readOnlyEntry(grammar, {
        source: `${CC_DOCS}; ${coreutils('wc')} (--files0-from reads names toolgate cannot see)`,
        safe: { short: 'clLmw', long: `bytes chars lines words max-line-length total ${HELP_VERSION}` },
        operands: 'read',
        globs: true,
        afterXargs: true,
      }),
    },
    robota: { wc: { globs: false, safeShort: 'clmwL', unsafeLong: ['files0-from'] } },
  },
  environment: 'data',
  operandsAreData: true,
  runs: 'unseen',
  examples: [
    { command: 'wc -l src/a.ts src/b.ts', effects: ['read ./src/a.ts', 'read ./src/b.ts'], readOnly: true },
    {
      command: 'wc --files0-from=list.txt',
      effects: ['read ./list.txt'],
      readOnly: false,
      why: 'the names it counts come from list.txt, which toolgate cannot see',
    },
    { command: 'wc --total never a', effects: ['read ./a'], readOnly: true, why: '--total takes the next word' },
    {
      command: 'wc -c [-]*',
      effects: ['read ./[-]*'],
      readOnly: false,
      why: 'the glob may name a file --files0-from=.env, which wc reads as that option (red team 18 F1); the view settles it',
    },
    { command: 'wc -l -- [-]*', effects: ['read ./[-]*'], readOnly: true, why: 'after -- every name is a file it counts' },
  ],
});
