/**
 * `install`: copies files and sets their attributes; `-d` makes directories;
 * `--strip-program` runs a program.
 */
import { COPY_HIDDEN_OPTIONS, copyOperands } from './copying.js';
import { defineProgram } from './model.js';
import { readBy, withHiddenOptions } from './parse.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { gnuOptionRuns } from './option-runs.js';

/** GNU coreutils 9.1 install(1); `--backup[=CONTROL]` and `--context[=CTX]` take a value only after `=`. */
const grammar: GnuOptionSpec = {
  short: 'bcCdDg:m:o:psS:t:TvZ',
  long: {
    group: 'required',
    mode: 'required',
    owner: 'required',
    'strip-program': 'required',
    suffix: 'required',
    'target-directory': 'required',
    backup: 'optional',
    compare: 'none',
    debug: 'none',
    directory: 'none',
    'preserve-timestamps': 'none',
    'preserve-context': 'none',
    strip: 'none',
    'no-target-directory': 'none',
    verbose: 'none',
    context: 'optional',
    help: 'none',
    version: 'none',
  },
};

/** The install model. @internal */
export const install = defineProgram({
  names: ['install'],
  summary: 'install: copy files and set attributes',
  sources: ['GNU coreutils 9.1 install(1)'],
  grammar,
  files(_name, argv, literal) {
    // A word this grammar refuses (an unknown or ambiguous option, a missing value): another install may take it.
    return withHiddenOptions(argv, literal, COPY_HIDDEN_OPTIONS, (argv, literal) =>
      readBy(argv, grammar, (words) => copyOperands('install', argv, words, literal)),
    );
  },
  // `--strip-program=CMD` runs CMD on each file it installs with -s: judged as a command.
  unwrap: (argv, literal) => gnuOptionRuns('install', argv, literal, grammar, ['strip-program']),
  runs: 'unseen',
  positional: true,
  examples: [
    { command: 'install -m 644 a b', effects: ['write ./b', 'read ./a', 'write ./b/a'] },
    { command: 'install -Z .env out', effects: ['write ./out', 'read ./.env', 'write ./out/.env'], why: '-Z takes no value' },
    { command: 'install -d x y', effects: ['write ./x', 'write ./y'] },
    {
      command: 'install -b -S .json a .mcp',
      effects: [
        'write ./.mcp',
        'read ./a',
        'write ./.mcp/a',
        'read ./.mcp',
        'write ./.mcp.json',
        'write ./.mcp.~*',
        'read ./.mcp/a',
        'write ./.mcp/a.json',
        'write ./.mcp/a.~*',
      ],
      why: 'a backup renames the replaced .mcp to .mcp and the suffix (red team 12: .mcp.json is protected)',
    },
  ],
});
