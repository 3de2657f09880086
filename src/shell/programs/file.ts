/**
 * `file`: tells what kind of data its files hold. `-m FILE` reads a magic file, `-f FILE` reads
 * the names of the files to test from FILE; `-C` writes a compiled magic file, `-z` runs
 * decompressors, `-p` changes access times (none of them is read-only).
 */
import { readerEffects } from './readers.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS } from './sources.js';

const SOURCE = 'file 5.44 file(1)';

const SAFE_LONG =
  'apple brief checking-printout debug exclude= exclude-quiet= extension keep-going list mime mime-type mime-encoding dereference ' +
  `no-dereference no-buffer no-pad print0 raw separator= special-files parameter= ${HELP_VERSION}`;

/** file 5.44 file(1): every option. */
const grammar: GnuOptionSpec = {
  short: '0bcdEhiklLnNrsSve:F:P:m:f:CpzZ',
  long: longOptions(`${SAFE_LONG} magic-file= files-from= compile preserve-date uncompress uncompress-noreport no-sandbox`),
};

/**
 * `-m` reads a magic file, or each file of a `:`-separated list (file(1): "-m, --magic-file
 * magicfiles: a colon separated list"; its warnings print the lines it cannot use); `-f` reads
 * the names of the files to test.
 */
const FACTS = { reads: ['m', 'magic-file'], readsList: ['m', 'magic-file'], listsFiles: ['f', 'files-from'] };

/** The file model. @internal */
export const file = defineProgram({
  names: ['file'],
  summary: 'file: tell the kind of data in files',
  sources: [SOURCE, CC_DOCS],
  grammar,
  files: (name, argv) => readerEffects(name, argv, grammar, FACTS),
  readOnly: {
    claudeCode: {
      file: readOnlyEntry(grammar, {
        source: `${CC_DOCS} (not -m/-f); ${SOURCE} (-C writes, -z runs decompressors, -p changes access times)`,
        safe: { short: '0bcdEhiklLnNrsSveFP', long: Object.keys(longOptions(SAFE_LONG)).join(' ') },
        operands: 'read',
        globs: true,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'file -b a.bin', effects: ['read ./a.bin'], readOnly: true },
    { command: 'file -m magic a.bin', effects: ['read ./magic', 'read ./a.bin'], readOnly: false, why: '-m reads the magic file it names' },
    {
      command: 'file -m /dev/null:.env a.bin',
      effects: ['read /dev/null:.env', 'read /dev/null', 'read ./.env', 'read ./a.bin'],
      readOnly: false,
      why: '-m reads each magic file of a colon-separated list',
    },
    { command: 'file -z a.gz', effects: ['read ./a.gz'], readOnly: false, why: '-z runs decompressors' },
  ],
});
