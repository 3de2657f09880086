/**
 * `tee`: copies standard input to each of its files and to standard output. Its operands are
 * files it writes (`-a` appends); it reads nothing else and runs nothing.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { all, type FileOperands } from '../options/file-operands.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readBy, type ReadWords } from './parse.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 tee(1) (`tee --help`): every option. */
const grammar: GnuOptionSpec = {
  short: 'aip',
  long: longOptions(`append ignore-interrupts output-error[=] ${HELP_VERSION}`),
};

/** `tee [-a] FILE…`: every operand is written. */
function teeFiles({ operands }: ReadWords): FileOperands {
  return { files: all(operands, 'write'), unresolved: [] };
}

/** The tee model. @internal */
export const tee = defineProgram({
  names: ['tee'],
  summary: 'tee: copy standard input to files and standard output',
  sources: [coreutils('tee')],
  grammar,
  files: (_name, argv) => readBy(argv, grammar, teeFiles),
  runs: 'nothing',
  passesOnData: true,
  examples: [
    { command: 'tee out.log', effects: ['write ./out.log'], readOnly: false },
    { command: 'tee -a a.log b.log', effects: ['write ./a.log', 'write ./b.log'], why: '-a appends: still a write' },
    { command: 'tee --output-error warn', effects: ['write ./warn'], why: '--output-error takes a value only after `=`: warn is a file' },
  ],
});
