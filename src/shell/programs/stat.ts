/**
 * `stat`: prints the status (metadata) of its files.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { readerEffects } from './readers.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS, coreutils } from './sources.js';

/** GNU coreutils 9.1 stat(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'c:fLt',
  long: longOptions(`dereference file-system cached= format= printf= terse ${HELP_VERSION}`),
};

/** The stat model. @internal */
export const stat = defineProgram({
  names: ['stat'],
  summary: 'stat: print file status',
  sources: [coreutils('stat'), CC_DOCS],
  grammar,
  // It prints metadata (`looks: 'status'`: strace, coreutils 9.1 — a statx, no open, of a file
  // or a folder; `%N` reads a link's target, `-f` the file system's status): of a link it is named
  // itself, unless -L says of where it leads.
  files: (name, argv) =>
    readerEffects(name, argv, grammar, {
      namesOnly: (options) => !options.some((o) => o.name === '-L' || o.name === '--dereference'),
      looks: 'status',
    }),
  readOnly: {
    claudeCode: {
      stat: readOnlyEntry(grammar, {
        source: `${CC_DOCS}; ${coreutils('stat')}`,
        safe: 'all',
        operands: 'read',
        globs: true,
      }),
    },
    robota: { stat: { globs: false, safeShort: 'cft', shortArg: 'c', unsafeLong: ['dereference'] } },
  },
  environment: 'data',
  runs: 'unseen',
  examples: [
    { command: 'stat -c %s package.json', effects: ['read ./package.json (status)'], readOnly: true, why: '-c takes the format from the next word' },
    { command: 'stat --cached never a', effects: ['read ./a (status)'], readOnly: true, why: '--cached takes the next word' },
    { command: 'stat -L --printf=%N link', effects: ['read ./link (status)'], readOnly: true, why: 'of where the link leads, still its status only' },
  ],
});
