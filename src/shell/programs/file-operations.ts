/**
 * File-system commands: rm and friends, mkdir, touch, chmod/chown/chgrp (recursive with `-R`),
 * truncate, dd. They open the files their operands name and run no other program. GNU coreutils 9
 * manuals.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { all, has, is, optionFile, pushOpt, treeRemoval, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { HELP_VERSION, longOptions } from './grammar.js';
import { defineProgram, type ProgramExample, type ProgramModel } from './model.js';
import { readBy, readWords, readWordsLeniently, withHiddenOptions, type ReadWords } from './parse.js';
import { coreutils } from './sources.js';

/** GNU coreutils 9.1 rm(1) (rm.c's optstring `dfirvIR`; `---presume-input-tty` is its hidden option). */
const rmGrammar: GnuOptionSpec = {
  short: 'dfirvIR',
  long: longOptions(
    `force interactive[=] one-file-system no-preserve-root preserve-root[=] -presume-input-tty recursive dir verbose ${HELP_VERSION}`,
  ),
};

/** GNU coreutils 9.1 rmdir(1) (`pv`). */
const rmdirGrammar: GnuOptionSpec = { short: 'pv', long: longOptions(`ignore-fail-on-non-empty parents verbose ${HELP_VERSION}`) };

/** GNU coreutils 9.1 unlink(1): only --help and --version. */
const unlinkGrammar: GnuOptionSpec = { long: longOptions(HELP_VERSION) };

/** GNU coreutils 9.1 shred(1) (shred.c's optstring `fn:s:uvxz`): `-x` (`--exact`) takes no value. */
const shredGrammar: GnuOptionSpec = {
  short: 'fn:s:uvxz',
  long: longOptions(`exact force iterations= size= random-source= remove[=] verbose zero ${HELP_VERSION}`),
};

/** GNU coreutils 9.1 mkdir(1) (`pm:vZ`). */
const mkdirGrammar: GnuOptionSpec = { short: 'pm:vZ', long: longOptions(`mode= parents verbose context[=] ${HELP_VERSION}`) };

/** GNU coreutils 9.1 touch(1) (`acd:fhmr:t:`). */
const touchGrammar: GnuOptionSpec = {
  short: 'acd:fhmr:t:',
  long: longOptions(`time= no-create date= reference= no-dereference ${HELP_VERSION}`),
};

/**
 * GNU coreutils 9.1 chmod(1) (chmod.c's optstring): besides its options, a word that starts with
 * `-` and a mode letter or digit is its mode (`chmod -w f`, `chmod -rwx,o+x f`, `chmod -644 f`),
 * read by getopt as letters with an optional value.
 */
const chmodGrammar: GnuOptionSpec = {
  short: 'Rcfvr::w::x::X::s::t::u::g::o::a::,::+::=::0::1::2::3::4::5::6::7::',
  long: longOptions(`changes no-preserve-root preserve-root quiet reference= recursive silent verbose ${HELP_VERSION}`),
};

/** The letters that start a mode written as an option (chmod.c: "Support nonportable uses like chmod -w"). */
const MODE_LETTERS = 'rwxXstugoa,+=01234567';

/** GNU coreutils 9.1 chgrp(1) (`HLPRcfhv`): every option. */
const chgrpGrammar: GnuOptionSpec = {
  short: 'HLPRcfhv',
  long: longOptions(
    `reference= recursive changes silent quiet verbose dereference no-dereference preserve-root no-preserve-root ${HELP_VERSION}`,
  ),
};

/** GNU coreutils 9.1 chown(1): chgrp's options and `--from=OWNER:GROUP`. */
const chownGrammar: GnuOptionSpec = { short: chgrpGrammar.short!, long: { ...chgrpGrammar.long, from: 'required' } };

/** GNU coreutils 9.1 truncate(1) (`cor:s:`). */
const truncateGrammar: GnuOptionSpec = {
  short: 'cor:s:',
  long: longOptions(`no-create io-blocks reference= size= ${HELP_VERSION}`),
};

/**
 * `rm`, `rmdir`, `unlink`, `shred`: every operand is removed. `rm -r` removes everything below a
 * directory: those names, walked for protected paths as `find DIR -delete` and `chmod -R` walk
 * them (`rm -rf pkg` removes `pkg/.claude/settings.json`), where a file-system view lists them
 * (decision 0088).
 */
function removeOperands({ options, operands: ops }: ReadWords, recursive = false): FileOperands {
  const below = recursive && has(options, '-r', '-R', '--recursive');
  return { files: all(ops, 'remove', below ? treeRemoval() : {}), unresolved: [] };
}

function mkdirOperands({ operands: ops }: ReadWords): FileOperands {
  return { files: all(ops, 'write'), unresolved: [] };
}

function touchOperands(argv: readonly string[], { options, operands: ops }: ReadWords): FileOperands {
  const files: FileOperand[] = [];
  for (const o of options) if (is(o, '-r', '--reference')) pushOpt(files, optionFile(o, 'read', argv));
  files.push(...all(ops, 'write'));
  return { files, unresolved: [] };
}

/**
 * `chmod`/`chown`/`chgrp [-R] [--reference=F] MODE FILE…`: with `-R` everything under each file
 * changes. `modeOption`: the mode may be written as an option (chmod), and every operand is then a file.
 */
function attributeOperands(argv: readonly string[], { options, operands: ops }: ReadWords, modeOption = false): FileOperands {
  const files: FileOperand[] = [];
  const mode = modeOption && options.some((o) => o.name.length === 2 && MODE_LETTERS.includes(o.name[1]!));
  const byRef = options.find((o) => is(o, '--reference'));
  if (byRef) pushOpt(files, optionFile(byRef, 'read', argv));
  const recursive = has(options, '-R', '--recursive');
  const modeGiven = byRef !== undefined || mode;
  // -R changes every name below each file: those names are what is written, walked for protected
  // paths (`chmod -R +x .` makes `.git/hooks`' files executable, which the next git command runs).
  files.push(...all(modeGiven ? ops : ops.slice(1), 'write', recursive ? { tree: 'all', names: { kind: 'entries' } } : {}));
  return { files, unresolved: [], notFiles: modeGiven ? [] : ops.slice(0, 1) };
}

function truncateOperands(argv: readonly string[], { options, operands: ops }: ReadWords): FileOperands {
  const files: FileOperand[] = [];
  for (const o of options) if (is(o, '-r', '--reference')) pushOpt(files, optionFile(o, 'read', argv));
  files.push(...all(ops, 'write'));
  return { files, unresolved: [] };
}

/** `dd if=F of=F`. */
function ddOperands(argv: readonly string[]): FileOperands {
  const files: FileOperand[] = [];
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (a.startsWith('if=')) files.push({ op: 'read', index: k, value: a.slice(3) });
    if (a.startsWith('of=')) files.push({ op: 'write', index: k, value: a.slice(3) });
  }
  return { files, unresolved: [] };
}

/** A file operation's model: it runs nothing; acceptEdits may allow the ones Claude Code names. */
function operation(
  name: string,
  summary: string,
  grammar: GnuOptionSpec | undefined,
  files: NonNullable<ProgramModel['files']>,
  examples: readonly ProgramExample[],
  acceptEdits = false,
  removesOperands = false,
  removesDirectories?: ProgramModel['removesDirectories'],
): ProgramModel {
  return defineProgram({
    names: [name],
    summary,
    sources: [coreutils(name)],
    runs: 'nothing',
    ...(grammar ? { grammar } : {}),
    files,
    ...(acceptEdits ? { acceptEdits: true } : {}),
    ...(removesOperands ? { removesOperands: true } : {}),
    ...(removesDirectories ? { removesDirectories } : {}),
    examples,
  });
}

/**
 * Whether rm, given these words, may remove a directory: with `-r`/`-R`/`--recursive` (the tree)
 * or `-d`/`--dir` (an empty one); without, it refuses one — `rm -f DIR` says "Is a directory"
 * (GNU coreutils 9.1, verified).
 */
const rmRemovesDirectories: NonNullable<ProgramModel['removesDirectories']> = {
  by(argv) {
    const words = readWords(argv, rmGrammar) ?? readWordsLeniently(argv, rmGrammar);
    return has(words.options, '-r', '-R', '--recursive', '-d', '--dir');
  },
  option: '-r',
};

/** unlink(2) and shred's open for writing refuse a directory ("Is a directory"), whatever the options. */
const neverDirectories: NonNullable<ProgramModel['removesDirectories']> = { by: () => false };

/** A model of a program that only passes its words on as data (see `ProgramModel.passesOnData`). */
const passingData = (model: ProgramModel): ProgramModel => ({ ...model, passesOnData: true });

type Files = NonNullable<ProgramModel['files']>;

/**
 * A files facet over `grammar`: `facet` of the words as the program reads them (for a command the
 * grammar refuses, of a lenient reading, partly modelled: another version may take the word).
 */
const over =
  (grammar: GnuOptionSpec, facet: (argv: readonly string[], words: ReadWords) => FileOperands): Files =>
  (_name, argv) =>
    readBy(argv, grammar, (words) => facet(argv, words));

const removes = (grammar: GnuOptionSpec, recursive = false): Files => over(grammar, (_argv, words) => removeOperands(words, recursive));
const attributes = (grammar: GnuOptionSpec): Files => over(grammar, (argv, words) => attributeOperands(argv, words));

/** The models. @internal */
export const FILE_OPERATION_MODELS: readonly ProgramModel[] = [
  operation(
    'rm',
    'rm: remove files or directories',
    rmGrammar,
    removes(rmGrammar, true),
    [
      {
        command: 'rm -rf build',
        effects: ['remove ./build'],
        readOnly: false,
        why: 'what build holds is walked for protected paths where a view lists it',
      },
      {
        command: 'rm --interactive never a.txt',
        effects: ['remove ./never', 'remove ./a.txt'],
        why: '--interactive takes a value only after `=`: never is a file',
      },
      {
        command: 'rm -f "$t"',
        effects: ['remove ./$t'],
        why: 'without -r, -R or -d rm refuses a directory: "$t" may name a file (a protected one among them), no critical path',
      },
    ],
    true,
    true,
    rmRemovesDirectories,
  ),
  operation(
    'rmdir',
    'rmdir: remove empty directories',
    rmdirGrammar,
    removes(rmdirGrammar),
    [{ command: 'rmdir -p a/b', effects: ['remove ./a/b'], readOnly: false }],
    true,
    true,
  ),
  operation(
    'unlink',
    'unlink: remove one file',
    unlinkGrammar,
    removes(unlinkGrammar),
    [{ command: 'unlink a.txt', effects: ['remove ./a.txt'], readOnly: false }],
    false,
    true,
    neverDirectories,
  ),
  operation(
    'shred',
    'shred: overwrite files (and remove them with -u)',
    shredGrammar,
    removes(shredGrammar),
    [
      { command: 'shred -n 3 -u a.txt', effects: ['remove ./a.txt'], readOnly: false, why: '-n takes the number of passes' },
      { command: 'shred -x a.txt', effects: ['remove ./a.txt'], why: '-x (--exact) takes no value: a.txt is overwritten' },
    ],
    false,
    true,
    neverDirectories,
  ),
  passingData(
    operation(
      'mkdir',
      'mkdir: make directories',
      mkdirGrammar,
      over(mkdirGrammar, (_argv, words) => mkdirOperands(words)),
      [{ command: 'mkdir -m 700 -p a/b', effects: ['write ./a/b'], readOnly: false, why: '-m takes the mode' }],
      true,
    ),
  ),
  operation(
    'touch',
    "touch: change files' times, creating them",
    touchGrammar,
    over(touchGrammar, touchOperands),
    [
      { command: 'touch -r ref.txt a.txt', effects: ['read ./ref.txt', 'write ./a.txt'], readOnly: false },
      { command: 'touch -d yesterday a.txt', effects: ['write ./a.txt'], why: '-d takes the date from the next word' },
    ],
    true,
  ),
  passingData(
    operation(
      'chmod',
      "chmod: change files' modes",
      chmodGrammar,
      over(chmodGrammar, (argv, words) => attributeOperands(argv, words, true)),
      [
        {
          command: 'chmod -R 755 bin',
          effects: ['write ./bin [all]'],
          readOnly: false,
          why: 'the first operand is the mode; -R changes everything under bin',
        },
        { command: 'chmod -w a.txt', effects: ['write ./a.txt'], why: 'a mode written as an option (-w): every operand is a file' },
      ],
    ),
  ),
  operation('chown', "chown: change files' owners", chownGrammar, attributes(chownGrammar), [
    { command: 'chown --reference=ref.txt a.txt', effects: ['read ./ref.txt', 'write ./a.txt'], readOnly: false },
    { command: 'chown --from root:root user a.txt', effects: ['write ./a.txt'], why: '--from takes the next word; user is the owner' },
  ]),
  operation('chgrp', "chgrp: change files' groups", chgrpGrammar, attributes(chgrpGrammar), [
    { command: 'chgrp staff a.txt', effects: ['write ./a.txt'], readOnly: false },
    { command: 'chgrp -hR staff dir', effects: ['write ./dir [all]'], why: '-R changes everything under dir' },
  ]),
  operation('truncate', 'truncate: shrink or extend files to a size', truncateGrammar, over(truncateGrammar, truncateOperands), [
    { command: 'truncate -s 0 a.txt', effects: ['write ./a.txt'], readOnly: false },
  ]),
  // dd's words are `KEY=VALUE` operands, not options: it has no option grammar. A word whose
  // value toolgate cannot see may be `of=…` (`dd if=/dev/null $o`).
  operation(
    'dd',
    'dd: copy a file, converting it',
    undefined,
    (_n, argv, literal) => withHiddenOptions(argv, literal, ['of='], ddOperands),
    [{ command: 'dd if=a.img of=b.img', effects: ['read ./a.img', 'write ./b.img'], readOnly: false }],
  ),
];
