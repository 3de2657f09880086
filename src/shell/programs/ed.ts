/**
 * `ed` (and `red`, its restricted form): edits the file it is given by the commands of its
 * script, which comes from its input. Its `w FILE`, `W FILE` and `wq FILE` commands write any file
 * the script names, by a name toolgate does not read (`printf 'w .npmrc\nq\n' | ed -s notes.txt`
 * wrote .npmrc, red team 13 N16): names toolgate cannot work out, a protected ask in every mode
 * (decision 0092). Its `!` lines run shell commands: opaque code (`code-runners.ts`).
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { all, has, type FileOperands } from '../options/file-operands.js';
import { longOptions } from './grammar.js';
import { defineProgram, type ProgramText } from './model.js';
import { readBy, readWords, type ReadWords } from './parse.js';

/** GNU ed 1.19 (`ed --help`): every option. */
const grammar: GnuOptionSpec = {
  short: 'hVEGlp:qrsv',
  long: longOptions(
    'help version extended-regexp traditional loose-exit-status prompt= quiet silent restricted script verbose strip-trailing-cr',
  ),
};

/** `ed [options] [FILE]`: FILE is read and written (`w` with no name); the script writes names toolgate cannot see. */
function edFiles(argv: readonly string[], { options, operands }: ReadWords): FileOperands {
  if (has(options, '-h', '--help', '-V', '--version')) return { files: [], unresolved: [] };
  // A FILE that begins with `!` is a shell command whose output ed reads (opaque code, not a file).
  const files = operands.filter((k) => !argv[k]!.startsWith('!'));
  return {
    files: [...all(files, 'read'), ...all(files, 'write')],
    unresolved: [],
    unseen: [{ op: 'write', why: 'the script ed reads from its input writes the files its w commands name' }],
    notFiles: operands.filter((k) => argv[k]!.startsWith('!')),
  };
}

/**
 * ed reads its commands from its input, whatever its words (only `--help` and `--version` print and
 * stop). Verified (GNU ed 1.19): a `!touch M` line ran for `ed -s R < x.ed`, `ed R < x.ed`, `ed -s -
 * R < x.ed` and `cat x.ed | ed -s R`; red, restricted, refuses `!` but still writes what its `w`
 * lines name in its folder.
 */
function edProgramText(argv: readonly string[]): ProgramText | undefined {
  const words = readWords(argv, grammar);
  return words !== undefined && has(words.options, '-h', '--help', '-V', '--version') ? undefined : { files: [], input: true };
}

/** The ed model. @internal */
export const ed = defineProgram({
  names: ['ed', 'red'],
  summary: 'ed: line-oriented text editor',
  sources: ['GNU ed 1.19 manual and `ed --help`'],
  grammar,
  files: (_name, argv) => readBy(argv, grammar, (words) => edFiles(argv, words)),
  programText: edProgramText,
  runs: 'unseen',
  examples: [
    {
      command: 'ed -s notes.txt',
      effects: ['write . [some]', 'read ./notes.txt', 'write ./notes.txt'],
      readOnly: false,
      why: "the script's w commands write names toolgate cannot see (decision 0092)",
    },
    { command: 'ed --version', effects: [], why: 'prints what ed is and edits nothing' },
    { command: 'red -p "> " a.txt', effects: ['write . [some]', 'read ./a.txt', 'write ./a.txt'], why: '-p takes the prompt' },
  ],
});
