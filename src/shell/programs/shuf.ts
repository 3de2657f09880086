/**
 * `shuf`: prints its input lines (or `-e` words, `-i` a range) in random order; `-o` writes them
 * to a file.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { all, has, is, optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readBy, type ReadWords } from './parse.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 shuf(1) (`shuf --help`, shuf.c's optstring `ei:n:o:rz`): every option. */
const grammar: GnuOptionSpec = {
  short: 'ei:n:o:rz',
  long: longOptions(`echo input-range= head-count= output= random-source= repeat zero-terminated ${HELP_VERSION}`),
};

/** `shuf [-o OUT] [--random-source F] [FILE]` (`-e` and `-i` take words, not files). */
function shufOperands(argv: readonly string[], { options, operands: ops }: ReadWords): FileOperands {
  const files: FileOperand[] = [];
  for (const o of options) {
    if (is(o, '-o', '--output')) pushOpt(files, optionFile(o, 'write', argv));
    if (is(o, '--random-source')) pushOpt(files, optionFile(o, 'read', argv));
  }
  const echo = has(options, '-e', '--echo');
  if (!echo) files.push(...all(ops, 'read'));
  return { files, unresolved: [], ...(echo ? { notFiles: [...ops] } : {}) };
}

/** The shuf model. @internal */
export const shuf = defineProgram({
  names: ['shuf'],
  summary: 'shuf: print lines in random order',
  sources: [coreutils('shuf')],
  grammar,
  files: (_name, argv) => readBy(argv, grammar, (words) => shufOperands(argv, words)),
  runs: 'unseen',
  examples: [
    { command: 'shuf -o out in', effects: ['write ./out', 'read ./in'], readOnly: false },
    { command: 'shuf -e a b c', effects: [], why: 'with -e the operands are the lines to shuffle, not files' },
    { command: 'shuf -n 3 in', effects: ['read ./in'], why: '-n takes the count from the next word' },
    {
      command: 'shuf --rand data in',
      effects: ['read ./data', 'read ./in'],
      why: '--rand is short for --random-source, whose file is read',
    },
  ],
});
