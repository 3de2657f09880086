/**
 * `locale`: prints locale settings. Its operands are names of categories or keywords; `-m`
 * (`--charmaps`) runs gzip to read the character maps. toolgate does not model its files.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI } from './sources.js';

const SOURCE = 'glibc 2.36 locale(1)';

/** glibc 2.36 locale(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'ackvm',
  long: longOptions(`all-locales category-name keyword-name verbose ${HELP_VERSION} charmaps`),
};

/** The locale model. @internal */
export const locale = defineProgram({
  names: ['locale'],
  summary: 'locale: print locale settings',
  sources: [SOURCE, CC_CLI],
  grammar,
  readOnly: {
    claudeCode: {
      locale: readOnlyEntry(grammar, {
        source: `${CC_CLI}; glibc locale(1) (-m/--charmaps runs gzip to read the charmaps: not listed)`,
        safe: { short: 'ackv', long: `all-locales category-name keyword-name verbose ${HELP_VERSION}` },
        operands: 'text',
        globs: false,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'locale -a', readOnly: true },
    { command: 'locale -m', readOnly: false, why: '-m runs gzip to read the character maps' },
  ],
});
