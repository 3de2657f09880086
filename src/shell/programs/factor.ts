/**
 * `factor`: prints the prime factors of each number it is given, or of each number on its input
 * when given none. It opens no file: its operands are numbers, never paths. It is not in Claude
 * Code's read-only set, so it has no read-only profile and asks in default mode, as the CLI does.
 */
import { parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperands } from '../options/file-operands.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 factor(1) (`factor --help`): every option. */
const grammar: GnuOptionSpec = { short: '', long: longOptions(HELP_VERSION) };

/** Its operands are numbers; a word it refuses as an option leaves the words assumed paths. */
function files(argv: readonly string[]): FileOperands {
  const parse = parseGnuOptions(argv, grammar);
  if (!parse.ok) return { files: [], unresolved: [], modelled: 'partly' };
  return { files: [], unresolved: [], notFiles: parse.operands.map((o) => o.index) };
}

/** The factor model. @internal */
export const factor = defineProgram({
  names: ['factor'],
  summary: 'factor: print the prime factors of numbers',
  sources: [coreutils('factor')],
  grammar,
  files: (_name, argv) => files(argv),
  runs: 'nothing',
  examples: [
    { command: 'factor 12 35', effects: [], readOnly: false, why: 'numbers, not files; not in Claude Code’s read-only set' },
    { command: 'factor', effects: [], why: 'with no operand it reads numbers from its input' },
    { command: 'factor .env', effects: [], why: 'an operand is a number to factor (factor refuses .env), never a file' },
    {
      command: 'factor -x 12',
      effects: ['write ./12 (word)'],
      why: 'an option factor does not have: the words are assumed paths',
    },
  ],
});
