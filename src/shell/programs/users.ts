/** `users`: prints the users logged in, read from the system's login records (or the file its operand names, which toolgate does not model as a file). */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 users(1): every option. */
const grammar: GnuOptionSpec = { short: '', long: longOptions(HELP_VERSION) };

/** The users model. @internal */
export const users = defineProgram({
  names: ['users'],
  summary: 'users: print the users logged in',
  sources: [coreutils('users')],
  grammar,
  files: () => ({ files: [], unresolved: [] }),
  runs: 'unseen',
  examples: [{ command: 'users', effects: [] }],
});
