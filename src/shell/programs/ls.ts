/**
 * `ls`: lists directories and files (it reads names and metadata, not contents).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { walkingLinksWhen } from './link-walk.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS, coreutils } from './sources.js';

/** GNU coreutils 9.1 ls(1): every option. */
const grammar: GnuOptionSpec = {
  short: '1aAbBcCdDfFgGhHiklLmnNopqQrRsStuUvxXZI:T:w:',
  long: longOptions(
    `all almost-all author escape block-size= ignore-backups color[=] directory dired classify[=] file-type format= full-time time-style= group-directories-first no-group human-readable si dereference-command-line dereference-command-line-symlink-to-dir hide= hyperlink[=] indicator-style= inode ignore= kibibytes dereference numeric-uid-gid literal hide-control-chars show-control-chars quote-name quoting-style= reverse recursive size sort= time= tabsize= width= context zero ${HELP_VERSION}`,
  ),
};

/** The ls model. @internal */
export const ls = defineProgram({
  names: ['ls'],
  summary: 'ls: list directory contents',
  sources: [coreutils('ls'), CC_DOCS],
  grammar,
  // -R with -L lists the trees of the links it meets too.
  files: (name, argv) =>
    walkingLinksWhen(readerEffects(name, argv, grammar), argv, grammar, [
      ['R', 'recursive'],
      ['L', 'dereference'],
    ]),
  readOnly: {
    claudeCode: {
      ls: readOnlyEntry(grammar, {
        source: `${CC_DOCS}; ${coreutils('ls')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
        anyOptionHarmless: true,
      }),
    },
    robota: { ls: { globs: false, safeShort: 'aAbBcCdfFgGhiklmnopqrRsStuUvwxX1ITw', shortArg: 'ITw' } },
  },
  environment: 'data',
  runs: 'unseen',
  examples: [
    { command: 'ls -la src', effects: ['read ./src'], readOnly: true },
    { command: "ls -I '*.js' src", effects: ['read ./src'], readOnly: true, why: '-I takes the pattern from the next word' },
    {
      command: 'ls --ig -n src',
      effects: ['read ./src'],
      readOnly: false,
      why: '--ig is ambiguous (--ignore, --ignore-backups): ls refuses it',
    },
  ],
});
