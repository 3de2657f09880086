/**
 * `ptx` (GNU coreutils): prints a permuted index of the words in its files. Without `-G` every
 * operand is a file it reads; with `-G` (`--traditional`) the first is read and the second is the
 * file it writes (`freopen(OUTPUT, "w", stdout)`), opened, and so truncated, before a third operand
 * is refused ("extra operand"). `-b`, `-i` and `-o` name files it reads. It runs nothing; it is not in
 * Claude Code's read-only set, so it asks as the CLI does.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { bareName, readBy, type ReadWords } from './parse.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 ptx(1) (`ptx --help`, ptx.c's `AF:GM:ORS:TW:b:i:fg:o:trw:`): every option. */
const grammar: GnuOptionSpec = {
  short: 'AF:GM:ORS:TW:b:i:fg:o:trw:',
  long: longOptions(
    `auto-reference break-file= flag-truncation= ignore-case gap-size= ignore-file= macro-name= only-file= references right-side-refs format= sentence-regexp= traditional typeset-mode width= word-regexp= ${HELP_VERSION}`,
  ),
};

/** Options whose value is a file ptx reads (by grammar name). */
const READS = ['b', 'break-file', 'i', 'ignore-file', 'o', 'only-file'];

/** The files a ptx command reads and writes. */
function ptxFiles(argv: readonly string[], words: ReadWords): FileOperands {
  const files: FileOperand[] = [];
  const notFiles: number[] = [];
  for (const o of words.options) {
    if (READS.includes(bareName(o))) pushOpt(files, optionFile(o, 'read', argv));
    else if (o.value !== undefined && o.valueIndex !== undefined) notFiles.push(o.valueIndex);
  }
  const traditional = words.options.some((o) => o.name === '-G' || o.name === '--traditional');
  words.operands.forEach((index, i) => files.push({ op: traditional && i === 1 ? 'write' : 'read', index }));
  return { files, unresolved: [], notFiles };
}

/** The ptx model. @internal */
export const ptx = defineProgram({
  names: ['ptx'],
  summary: 'ptx: produce a permuted index of file contents',
  sources: [coreutils('ptx')],
  grammar,
  files: (_name, argv) => readBy(argv, grammar, (words) => ptxFiles(argv, words)),
  runs: 'nothing',
  examples: [
    { command: 'ptx notes.txt', effects: ['read ./notes.txt'], readOnly: false, why: "not in Claude Code's read-only set" },
    { command: 'ptx a.txt b.txt', effects: ['read ./a.txt', 'read ./b.txt'], why: 'without -G every operand is read' },
    { command: 'ptx -G in.txt out.txt', effects: ['read ./in.txt', 'write ./out.txt'], why: 'with -G the second operand is the output' },
    { command: 'ptx --traditional in.txt out.txt', effects: ['read ./in.txt', 'write ./out.txt'] },
    { command: 'ptx -i stop.txt -w 60 a.txt', effects: ['read ./stop.txt', 'read ./a.txt'], why: '-i reads a file, -w takes a number' },
    { command: 'ptx --only-file=keys a.txt', effects: ['read ./keys', 'read ./a.txt'] },
    { command: 'ptx -F / -M xx a.txt', effects: ['read ./a.txt'], why: '-F and -M take strings' },
    {
      command: 'ptx -x a',
      effects: ['read ./a'],
      why: 'an option ptx does not have: read leniently (-x a flag), the effects partly modelled',
    },
  ],
});
