/**
 * `sort`: sorts the lines of its files. `-o FILE` writes the result to FILE, `-T DIR` writes
 * temporary files under DIR, `--random-source=FILE` reads FILE, `--files0-from=F` reads the names
 * of the files to sort from F, `--compress-program` runs a program.
 */
import { all, has, is, optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { gnuOptionRuns, withOpaqueRunners } from './option-runs.js';
import { readWords, refusedWords, type ReadWords } from './parse.js';
import { readOnlyEntry } from './read-only-profile.js';
import { CC_DOCS, coreutils } from './sources.js';

const SAFE_LONG =
  'ignore-leading-blanks dictionary-order ignore-case general-numeric-sort ignore-nonprinting month-sort human-numeric-sort ' +
  `numeric-sort random-sort random-source= reverse sort= version-sort batch-size= check[=] debug field-separator= merge stable buffer-size= parallel= unique zero-terminated ${HELP_VERSION}`;

/** GNU coreutils 9.1 sort(1): every option. */
const grammar: GnuOptionSpec = {
  short: 'bcCdfghiMnrRsuVzt:S:k:o:T:',
  long: longOptions(`${SAFE_LONG} output= compress-program= files0-from= temporary-directory= key=`),
};

/** `sort [opts] FILE…`: its operands read, `-o` written, `-T` a directory written under. */
function sortFiles(argv: readonly string[], words: ReadWords): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops } = words;
  for (const o of options) {
    if (is(o, '-o', '--output')) pushOpt(files, optionFile(o, 'write', argv));
    if (is(o, '--files0-from', '--random-source')) pushOpt(files, optionFile(o, 'read', argv));
    if (is(o, '-T', '--temporary-directory')) pushOpt(files, optionFile(o, 'write', argv, { tree: 'some' }));
  }
  if (has(options, '--files0-from')) unresolved.push('sort --files0-from reads the files named in a file');
  if (has(options, '--compress-program')) unresolved.push('sort --compress-program runs a program');
  files.push(...all(ops, 'read'));
  return { files, unresolved };
}

/** The sort model. @internal */
export const sort = defineProgram({
  names: ['sort'],
  summary: 'sort: sort lines of files',
  sources: [coreutils('sort'), CC_DOCS],
  grammar,
  files(_name, argv, literal = argv.map(() => true)) {
    const words = readWords(argv, grammar);
    const out = words ? sortFiles(argv, words) : refusedWords(argv, grammar, (lenient) => sortFiles(argv, lenient));
    // A compress program that is not literal may write anything (decision 0092).
    return withOpaqueRunners(out, gnuOptionRuns('sort', argv, literal, grammar, ['compress-program']));
  },
  readOnly: {
    claudeCode: {
      sort: readOnlyEntry(grammar, {
        source: `${CC_DOCS} (not -o); ${coreutils('sort')} (-T/--compress-program/--files0-from not listed; the CLI asks about -k)`,
        safe: { short: 'bcCdfghiMnrRsuVztS', long: Object.keys(longOptions(SAFE_LONG)).join(' ') },
        reads: ['random-source'],
        operands: 'read',
        globs: false,
      }),
    },
  },
  environment: 'data',
  // `--compress-program=PROG` runs PROG on its temporary files (and `PROG -d`): judged as a command.
  runs: 'seen',
  unwrap: (argv, literal) => gnuOptionRuns('sort', argv, literal, grammar, ['compress-program']),
  examples: [
    { command: 'sort -u names.txt', effects: ['read ./names.txt'], readOnly: true },
    {
      command: 'sort -o out.txt names.txt',
      effects: ['write ./out.txt', 'read ./names.txt'],
      readOnly: false,
      why: '-o writes the result',
    },
  ],
});
