/**
 * `du`: prints the disk use of files and directories. `-X FILE` and `--exclude-from=FILE`
 * read patterns from FILE; `--files0-from=F` reads the names to measure from F.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects, type ReaderFacts } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { walkingLinksWhen } from './link-walk.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS, coreutils } from './sources.js';

/** GNU coreutils 9.1 du(1): every option. */
const grammar: GnuOptionSpec = {
  short: '0abcDhHklLmPsSxB:d:t:X:',
  long: longOptions(
    'null all apparent-size block-size= bytes total dereference-args max-depth= summarize human-readable inodes dereference count-links no-dereference separate-dirs si threshold= time[=] time-style= exclude-from= exclude= one-file-system help version files0-from=',
  ),
};

/**
 * `-X`/`--exclude-from` read patterns from a file; `--files0-from` reads the names to measure. Its
 * operands it measures: a file it looks up, a folder it lists (strace, coreutils 9.1: no open of a file).
 */
const FACTS: ReaderFacts = { reads: ['X', 'exclude-from'], listsFiles: ['files0-from'], looks: 'listing' };

/** The du model. @internal */
export const du = defineProgram({
  names: ['du'],
  summary: 'du: print disk use',
  sources: [coreutils('du'), CC_DOCS],
  grammar,
  // -L walks into every link it meets (and prints the names of what is there).
  files: (name, argv) => walkingLinksWhen(readerEffects(name, argv, grammar, FACTS), argv, grammar, [['L', 'dereference']]),
  readOnly: {
    claudeCode: {
      du: readOnlyEntry(grammar, {
        source: `${CC_DOCS}; ${coreutils('du')} (--files0-from reads names toolgate cannot see)`,
        safe: {
          short: '0abcDhHklLmPsSxBdtX',
          long: `null all apparent-size block-size bytes total dereference-args max-depth summarize human-readable inodes dereference count-links no-dereference separate-dirs si threshold time time-style exclude-from exclude one-file-system ${HELP_VERSION}`,
        },
        reads: ['X', 'exclude-from'],
        operands: 'read',
        globs: true,
      }),
    },
    robota: { du: { globs: false, safeShort: 'abchkmsSxd0', shortArg: 'd', unsafeLong: ['dereference', 'files0-from', 'exclude-from'] } },
  },
  environment: 'data',
  runs: 'unseen',
  examples: [
    { command: 'du -sh node_modules', effects: ['read ./node_modules (listing)'], readOnly: true },
    {
      command: 'du -X .gitignore -s .',
      effects: ['read ./.gitignore', 'read . (listing)'],
      readOnly: true,
      why: '-X reads patterns from the file it names',
    },
  ],
});
