/**
 * `look` (util-linux): prints the lines of a sorted file that begin with a string. Its first operand
 * is that string, not a file; the second is the file it reads (a third is refused: "bad usage").
 * With none it reads `$WORDLIST`, else `/usr/share/dict/words`; `-a` reads `/usr/share/dict/web2`
 * whatever WORDLIST says. toolgate reads the default dictionary there: the files facet is not told
 * the environment, and a `WORDLIST` the command line sets is one it follows no further (`movedBy`).
 * It writes nothing and runs nothing; it is not in Claude Code's read-only set, so it asks as the
 * CLI does.
 */
import { parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';

/** util-linux 2.38.1 look(1) (`look --help`, look.c's `adft:Vh`): every option. */
const grammar: GnuOptionSpec = {
  short: 'adft:Vh',
  long: longOptions(`alternative alphanum ignore-case terminate= ${HELP_VERSION}`),
};

/** The dictionary look reads when it is named no file (`_PATH_WORDS`), and with `-a` (`_PATH_WORDS_ALT`). */
const WORDS = '/usr/share/dict/words';
const WORDS_ALT = '/usr/share/dict/web2';

/**
 * The files a look command reads. A word the shell expands may be any number of words, so with
 * one among the operands every operand but a literal first one may be the file, and the
 * dictionary may be read too.
 */
function lookFiles(argv: readonly string[], literal: readonly boolean[] | undefined): FileOperands {
  const parse = parseGnuOptions(argv, grammar);
  if (!parse.ok) return { files: [], unresolved: [], modelled: 'partly' };
  // -t's value is a character, not a file.
  const notFiles = parse.options.flatMap((o) => (o.value !== undefined ? [o.valueIndex ?? o.index] : []));
  const [string, ...rest] = parse.operands;
  const expands = parse.operands.some((o) => literal?.[o.index] === false);
  if (string !== undefined && literal?.[string.index] !== false) notFiles.push(string.index);
  const files: FileOperand[] = [];
  if (string !== undefined && literal?.[string.index] === false) files.push({ op: 'read', index: string.index });
  // Three operands or more are refused; each is read as a file all the same.
  for (const o of rest) files.push({ op: 'read', index: o.index });
  if (rest.length === 0 || expands) {
    const alternative = parse.options.some((o) => o.name === 'a' || o.name === 'alternative');
    files.push({ op: 'read', index: 0, value: alternative ? WORDS_ALT : WORDS });
  }
  return { files, unresolved: [], notFiles };
}

/** The look model. @internal */
export const look = defineProgram({
  names: ['look'],
  summary: 'look: print the lines of a sorted file that begin with a string',
  sources: ['util-linux 2.38.1 look(1)'],
  grammar,
  files: (_name, argv, literal) => lookFiles(argv, literal),
  movedBy: ['WORDLIST'],
  runs: 'nothing',
  examples: [
    {
      command: 'look secret',
      effects: ['read /usr/share/dict/words'],
      readOnly: false,
      why: "the operand is the string looked up, not a file; not in Claude Code's read-only set, so it asks as the CLI does",
    },
    { command: 'look -f Conf src/words.txt', effects: ['read ./src/words.txt'], why: 'the second operand is the file it reads' },
    { command: 'look -t . ab words.txt', effects: ['read ./words.txt'], why: '-t takes the next word, a character' },
    { command: 'look --term=. ab words.txt', effects: ['read ./words.txt'], why: 'getopt_long takes an abbreviated long name' },
    { command: 'look -a ap', effects: ['read /usr/share/dict/web2'], why: '-a reads the alternative dictionary' },
    {
      command: 'look ap w1 w2',
      effects: ['read ./w1', 'read ./w2'],
      why: 'look refuses a third operand; each is read as a file all the same',
    },
    {
      command: 'look $p words',
      effects: ['read ./$p', 'read ./words', 'read /usr/share/dict/words'],
      why: 'a word the shell expands may be several words, or none: each operand may be the file, or none',
    },
    {
      command: 'look -b ap words',
      effects: ['write ./ap (word)', 'write ./words (word)'],
      why: 'an option look does not have: the words are assumed paths',
    },
  ],
});
