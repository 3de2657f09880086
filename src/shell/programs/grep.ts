/**
 * `grep` and its spellings (`egrep`, `fgrep`, `rgrep`): the first operand is the pattern unless
 * `-e`/`-f` gave one; with `-r`/`-R`/`-d recurse` (`rgrep` always) each path, or `.` when none,
 * is a directory read whole.
 */
import { all, has, is, optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { GnuOptionSpec, ParsedOption } from '../options/gnu-options.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram } from './model.js';
import { readWords, refusedWords, type ReadWords } from './parse.js';
import { readOnlyEntry, type ReadOnlyProfile } from './read-only-profile.js';
import { CC_DOCS } from './sources.js';

/** GNU grep 3.8 grep(1): every option (`-X MATCHER` is undocumented). */
const grammar: GnuOptionSpec = {
  short: '0123456789A:B:C:D:EFGHIPTUVZabcd:e:f:hiLlm:noqRrsuvwxyzX:',
  long: longOptions(
    'extended-regexp fixed-strings basic-regexp perl-regexp regexp= file= ignore-case no-ignore-case word-regexp line-regexp null-data ' +
      'no-messages invert-match max-count= byte-offset line-number line-buffered with-filename no-filename label= only-matching quiet silent ' +
      'binary-files= text directories= devices= recursive dereference-recursive include= exclude= exclude-from= exclude-dir= ' +
      'files-without-match files-with-matches count initial-tab null before-context= after-context= context= group-separator= ' +
      `no-group-separator color[=] colour[=] binary unix-byte-offsets ${HELP_VERSION}`,
  ),
};

const profile = (source: string): ReadOnlyProfile => ({
  source,
  safe: { short: '0123456789ABCDEFGHIPTUVZabcdefhiLlmnoqRrsuvwxyz', long: Object.keys(grammar.long!).join(' ') },
  reads: ['f', 'file', 'exclude-from'],
  operands: 'patternThenRead',
  globs: true,
});

/** `grep [opts] PATTERN FILE…`; with recursion (`rgrep` always) each operand (or `.` when none) is a directory read whole. */
function grepOperands(argv: readonly string[], alwaysRecursive: boolean): FileOperands {
  const words = readWords(argv, grammar);
  // A word grep 3.8 refuses (an unknown or ambiguous option, a missing value): another grep may take it.
  if (!words) return refusedWords(argv, grammar, (lenient) => grepFiles(argv, lenient, alwaysRecursive));
  return grepFiles(argv, words, alwaysRecursive);
}

function grepFiles(argv: readonly string[], words: ReadWords, alwaysRecursive: boolean): FileOperands {
  const files: FileOperand[] = [];
  const { options, operands: ops } = words;
  const patternGiven = has(options, '-e', '-f', '--regexp', '--file');
  for (const o of options) if (is(o, '-f', '--file', '--exclude-from')) pushOpt(files, optionFile(o, 'read', argv));
  const recurse =
    alwaysRecursive ||
    options.some(
      (o) =>
        is(o, '-r', '-R', '--recursive', '--dereference-recursive') ||
        (is(o, '-d', '--directories') && o.value !== undefined && o.value !== '' && 'recurse'.startsWith(o.value)),
    );
  const paths = patternGiven ? ops : ops.slice(1);
  // `--include=GLOB`, `--exclude=GLOB` and the patterns of `--exclude-from=FILE` choose which
  // files of the tree are read: some of them.
  const tree = options.some((o) => is(o, '--include', '--exclude', '--exclude-from')) ? 'some' : 'all';
  const includes = nameChoice(options);
  if (recurse) {
    // -r follows only the links named on the command line; -R every link it meets.
    // With -R a link named `a.js` leads the read to any file, so the globs choose only under -r.
    const walk = has(options, '-R', '--dereference-recursive') ? {} : { walksLinks: false, ...includes };
    files.push(...all(paths, 'read', { tree, ...walk }));
    if (paths.length === 0) files.push({ op: 'read', index: 0, value: '.', tree, ...walk });
  } else files.push(...all(paths, 'read'));
  // The globs of --include, --exclude and --exclude-dir are names grep matches, not files it opens.
  const globs = options.filter((o) => is(o, '--include', '--exclude', '--exclude-dir')).map((o) => o.valueIndex ?? o.index);
  const notFiles = [...(patternGiven ? [] : ops.slice(0, 1)), ...globs];
  return { files, unresolved: [], notFiles };
}

/**
 * The files grep's walk chooses by base name (GNU grep 3.8 grep(1)): `--include`/`--exclude` in
 * their order, `--exclude-dir` for the folders below. None with `--exclude-from` (patterns
 * toolgate does not read, whose place in the order decides the rest) or an empty glob.
 */
function nameChoice(options: readonly ParsedOption[]): Pick<FileOperand, 'includes'> {
  const filters = options.filter((o) => is(o, '--include', '--exclude', '--exclude-dir', '--exclude-from'));
  if (filters.length === 0 || filters.some((o) => is(o, '--exclude-from') || o.value === undefined || o.value === '')) return {};
  const words = filters.flatMap((o) => (o.valueIndex !== undefined ? [o.index, o.valueIndex] : [o.index]));
  const files = filters.filter((o) => !is(o, '--exclude-dir')).map((o) => ({ glob: o.value!, include: is(o, '--include') }));
  const skipDirs = filters.filter((o) => is(o, '--exclude-dir')).map((o) => o.value!);
  return { includes: { choice: { files, skipDirs }, words } };
}

/** The grep model. @internal */
export const grep = defineProgram({
  names: ['grep', 'egrep', 'fgrep', 'rgrep'],
  summary: 'grep: print lines that match patterns',
  sources: ['GNU grep 3.8 grep(1)', CC_DOCS],
  grammar,
  files: (name, argv) => grepOperands(argv, name === 'rgrep'),
  readOnly: {
    claudeCode: {
      grep: readOnlyEntry(grammar, profile(`${CC_DOCS}; GNU grep 3.8 grep(1)`)),
      egrep: readOnlyEntry(grammar, profile(`${CC_DOCS}; GNU grep 3.8 (grep -E)`)),
      fgrep: readOnlyEntry(grammar, profile(`${CC_DOCS}; GNU grep 3.8 (grep -F)`)),
    },
    robota: {
      grep: {
        globs: false,
        safeShort: 'abcEFGhHiIlLnoqrsvwxyzZABCemUP0123456789',
        shortArg: 'eABCm',
        unsafeLong: ['file', 'dereference-recursive', 'exclude-from', 'include-from', 'devices', 'directories'],
      },
    },
  },
  runs: 'unseen',
  examples: [
    { command: 'grep -rn x src lib', effects: ['read ./src [all]', 'read ./lib [all]'], readOnly: true },
    { command: 'grep --directories=rec x src', effects: ['read ./src [all]'] },
    {
      command: "grep -rn x --include='*.js' src",
      effects: ['read ./src [some]'],
      readOnly: true,
      why: '--include chooses which files of the tree are read',
    },
    {
      command: 'grep -r x --exclude=.env --exclude-dir=node_modules .',
      effects: ['read . [some]'],
      readOnly: true,
      why: 'the globs are names grep matches, not files it opens; a file or folder they surely leave out is not read',
    },
    { command: 'grep -e x a', effects: ['read ./a'], readOnly: true },
    {
      command: 'grep SECRET [-]*',
      effects: ['read ./[-]*'],
      readOnly: false,
      why: 'the glob may name a file -r, and grep then searches the whole folder (red team 18 F1b); the view settles it',
    },
    { command: 'grep -n TODO src/*', effects: ['read ./src/*'], readOnly: true, why: 'no name src/* matches begins with -' },
    { command: 'rgrep x ~', effects: ['read /home/user [all]'] },
    {
      command: 'grep -X grep x a',
      effects: ['read ./a'],
      readOnly: false,
      why: '-X (undocumented) takes the matcher name; it is not known read-only',
    },
    {
      command: 'grep -Q x a',
      effects: ['read ./a'],
      readOnly: false,
      why: 'grep 3.8 has no -Q and refuses the command; another grep may take it as a flag (what it reads then is read), and every other word is an assumed path',
    },
  ],
});
