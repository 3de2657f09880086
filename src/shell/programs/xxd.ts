/**
 * `xxd`: makes a hex dump of its input file, or reverses one (`-r`), into its output file. Its
 * options are not GNU options: each is read by its first letter (`-c`, `-cols`, `-ps`,
 * `-postscript`), a value is attached or the next word (`-c8`, `-c 8`, `-cols 8`), and options end
 * at the first operand — so its words are read by its own loop, not the GNU parser.
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';

/** Value letters of xxd and the long spellings that also take the next word (`-c 8`, `-cols 8`, but `-c8`). */
const XXD_VALUE: Readonly<Record<string, string>> = { c: 'ols', g: 'roupsize', l: 'en', o: 'ffset', s: 'eek', n: 'ame', R: '' };

/** `xxd [opts] [IN [OUT]]` (xxd reads `-cols`, `-ps`… by their first letters; options end at the first operand). */
function xxdOperands(argv: readonly string[]): FileOperands {
  const ops: number[] = [];
  let k = 1;
  for (; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') {
      k++;
      break;
    }
    if (!a.startsWith('-') || a === '-') break;
    const letter = a[1]!;
    const long = XXD_VALUE[letter];
    if (long !== undefined) {
      const rest = a.slice(2);
      if (rest === '' || long.startsWith(rest)) k++;
    }
  }
  for (; k < argv.length; k++) ops.push(k);
  const files: FileOperand[] = [];
  if (ops[0] !== undefined) files.push({ op: 'read', index: ops[0] });
  for (const i of ops.slice(1)) files.push({ op: 'write', index: i });
  return { files, unresolved: [] };
}

/** The xxd model. @internal */
export const xxd = defineProgram({
  names: ['xxd'],
  summary: 'xxd: make a hex dump or reverse one',
  sources: ['xxd 2022-01-14 xxd(1)'],
  files: (_name, argv) => xxdOperands(argv),
  runs: 'unseen',
  // Its second operand is the output: a glob or variable may put any file there.
  positional: true,
  examples: [
    { command: 'xxd -ps in out', effects: ['read ./in', 'write ./out'], readOnly: false, why: 'the second operand is the output file' },
    { command: 'xxd -c 8 in', effects: ['read ./in'], why: '-c takes the next word' },
    { command: 'xxd -cols 8 in', effects: ['read ./in'], why: 'a longer spelling of -c takes the next word too' },
  ],
});
