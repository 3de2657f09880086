/**
 * `hostname`: prints (or sets) the host's name. An operand, `-F/--file FILE` or `-b/--boot` sets
 * the name; toolgate takes none of its words as a file it opens.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_CLI } from './sources.js';

const SOURCE = 'Debian hostname(1)';

/** Debian hostname 3.23 hostname(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'aAdfiIsyvVhF:b',
  long: longOptions(`alias all-fqdns domain fqdn long ip-address all-ip-addresses short yp nis verbose ${HELP_VERSION} file= boot`),
};

/** The hostname model. @internal */
export const hostname = defineProgram({
  names: ['hostname'],
  summary: "hostname: print or set the host's name",
  sources: [SOURCE, CC_CLI],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  readOnly: {
    claudeCode: {
      hostname: readOnlyEntry(grammar, {
        source: `${CC_CLI}; ${SOURCE} (an operand, -F/--file or -b/--boot sets the name)`,
        safe: {
          short: 'aAdfiIsyvVh',
          long: `alias all-fqdns domain fqdn long ip-address all-ip-addresses short yp nis verbose ${HELP_VERSION}`,
        },
        operands: 'none',
        globs: false,
      }),
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'hostname -f', effects: [], readOnly: true },
    { command: 'hostname build01', effects: [], readOnly: false, why: 'an operand sets the name' },
    { command: 'hostname --boot', effects: [], readOnly: false, why: '--boot sets the name' },
  ],
});
