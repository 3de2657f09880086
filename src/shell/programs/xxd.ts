/**
 * `xxd`: makes a hex dump of its input file, or reverses one (`-r`), into its output file. Its
 * options are not GNU options: each is read by its first two characters (`-c`, `-cols`, `-ps`,
 * `-postscript`, `--cols`), a value is attached or the next word (`-c8`, `-c 8`, `-cols 8`), and
 * options end at the first operand — so its words are read by its own loop (xxd.c's), not the GNU
 * parser.
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { defineProgram } from './model.js';

/**
 * xxd's options that take a value (xxd.c, 2022-01-14 and later): the value is the next word when
 * the option is the bare letter or is spelled on with one of these tails (`-c 8`, `-cols 8`,
 * `-colsX 8`, `-skip 8`), else the rest of the word (`-c8`, `-col8`: `-col 8` takes `ol` and leaves
 * 8 the input file). `-capitalize` is a flag. `-R` (2023) takes the rest of its word or the next.
 */
const XXD_VALUE: Readonly<Record<string, readonly string[]>> = {
  c: ['ols'],
  g: ['roup'],
  o: ['ffset'],
  s: ['eek', 'kip'],
  l: ['en'],
  n: ['ame'],
  R: [],
};

/** Whether xxd takes the next word as the value of option word `a` (`-cols`, `--cols`, `-c`). */
function takesNextWord(a: string): boolean {
  // xxd reads `--cols` as `-cols` (it skips one dash of a word starting with two).
  const pp = a.startsWith('--') ? a.slice(1) : a;
  const tails = XXD_VALUE[pp[1]!];
  if (tails === undefined) return false;
  const rest = pp.slice(2);
  if (rest === '') return true;
  if (pp[1] === 'c' && rest.startsWith('apitalize')) return false;
  return tails.some((tail) => rest.startsWith(tail));
}

/**
 * `xxd [opts] [IN [OUT]]`: xxd reads each option by its first two characters and stops at the
 * first operand; a third operand makes it refuse the command.
 */
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
    if (takesNextWord(a)) k++;
  }
  for (; k < argv.length; k++) ops.push(k);
  const files: FileOperand[] = [];
  if (ops[0] !== undefined && argv[ops[0]] !== '-') files.push({ op: 'read', index: ops[0] });
  if (ops[1] !== undefined && argv[ops[1]] !== '-') files.push({ op: 'write', index: ops[1] });
  // More than two operands: xxd prints its usage and touches nothing; the words are assumed paths.
  if (ops.length > 2) return { files: [], unresolved: [], modelled: 'partly' };
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
    { command: 'xxd --cols 8 in', effects: ['read ./in'], why: 'xxd reads --cols as -cols' },
    {
      command: 'xxd -col 8 out',
      effects: ['read ./8', 'write ./out'],
      why: '-col is -c with the value `ol` attached: 8 is the input file and out the output',
    },
    { command: 'xxd -skip 2 in', effects: ['read ./in'], why: '-skip is -s, taking the next word' },
    { command: 'xxd -i -capitalize in', effects: ['read ./in'], why: '-capitalize is a flag' },
  ],
});
