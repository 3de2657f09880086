/**
 * `numfmt`: converts numbers to and from human-readable form (`1024` → `1.0K`). Its operands are
 * numbers, not files; with none it reads numbers from standard input. No option names a file, and
 * it runs nothing.
 */
import { parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperands } from '../options/file-operands.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 numfmt(1) (`numfmt --help`): every option. */
const grammar: GnuOptionSpec = {
  short: 'd:z',
  long: longOptions(
    `debug delimiter= field= format= from= from-unit= grouping header[=] invalid= padding= round= suffix= to= to-unit= unit-separator= zero-terminated ${HELP_VERSION}`,
  ),
};

/** A numfmt command opens no file: its operands and option values are words. Words numfmt would refuse are assumed paths. */
function numfmtFiles(argv: readonly string[]): FileOperands {
  const parse = parseGnuOptions(argv, grammar);
  if (!parse.ok) return { files: [], unresolved: [], modelled: 'partly' };
  const values = parse.options.flatMap((o) => (o.valueIndex !== undefined ? [o.valueIndex] : []));
  return { files: [], unresolved: [], notFiles: [...values, ...parse.operands.map((o) => o.index)] };
}

/** The numfmt model. @internal */
export const numfmt = defineProgram({
  names: ['numfmt'],
  summary: 'numfmt: convert numbers to and from human-readable form',
  sources: [coreutils('numfmt')],
  grammar,
  files: (_name, argv) => numfmtFiles(argv),
  runs: 'nothing',
  examples: [
    {
      command: 'numfmt --to=iec 1048576',
      effects: [],
      readOnly: false,
      why: "its operands are numbers; not in Claude Code's read-only set, so it asks as the CLI does",
    },
    { command: 'numfmt --from=auto -d , --field 2 1K,2Mi', effects: [], why: '-d and --field take the next word; the operand is a number' },
    { command: 'numfmt --header 10', effects: [], why: '--header takes a value only after `=`: 10 is a number to convert' },
    {
      command: 'numfmt -x a',
      effects: ['write ./a (word)'],
      why: 'an option numfmt does not have: the words are assumed paths, read and written',
    },
  ],
});
