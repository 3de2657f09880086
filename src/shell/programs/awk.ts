/**
 * `awk` (gawk 5, mawk, nawk): reads its files and runs its program, which may write files
 * (`print > "f"`), read them (`getline < "f"`, or by changing `ARGV`) and run commands (`system()`,
 * `|`). Literal redirections in an inline program are followed; anything else the program may do
 * is unresolved.
 * gawk's `-i inplace` edits the files in place.
 *
 * Its words are read with {@link grammar}, one grammar for every awk, since `awk` may be any of them.
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { all, has, is, optionFile, pushOpt, type FileOperand, type FileOperands, type UnseenNames } from '../options/file-operands.js';
import { changesArgv } from './awk-argv.js';
import { awkCommands } from './awk-commands.js';
import { longOptions } from './grammar.js';
import { defineProgram, type ProgramText } from './model.js';
import { readBy, readWords, type ReadWords } from './parse.js';
import { optionTextWord, programTextFrom } from './program-text.js';

/**
 * The union of the awks' options: GNU awk 5.2 (main.c's optstring
 * `+F:f:v:W;bcCd::D::e:E:ghi:Il:L::nNo::Op::MPrSstVYZ:` and its long options), mawk 1.3.4
 * 20200120 (`-f FILE`, `-F FS`, `-v A=B`, `-W NAME[=VALUE]`, the next word when not attached;
 * no long options) and the one true awk (`-f`, `-F`, `-v`, `-d`, `-safe`, `-version`). Every
 * letter that takes a value in one of them takes it here, so no word one of them reads as an
 * option's value is read as an operand. `-W NAME[=VALUE]` is gawk's `W;`: the long option `--NAME`
 * (`-W source=TEXT`, `-Wprofile=FILE`, `-W file FILE`, abbreviated as `--` names are: red team 17
 * R17-1 wrote settings.json and ran rm through them); a NAME no gawk option has is mawk's own
 * (`-W interactive`; mawk's `-W exec FILE` is gawk's `--exec FILE`); `-d`, `-D`, `-o`, `-p` and `-L` take a value only attached, as in gawk (a bare
 * `-d` is a flag in the others). Each stops at its first operand, the program text (gawk's `+`,
 * mawk and the one true awk read no option after it): later words are files and assignments.
 * A word this union lacks (the one true awk's `-safe`) is refused: the command is partly modelled.
 */
const grammar: GnuOptionSpec = {
  short: '+F:f:v:W;bcCd::D::e:E:ghi:Il:L::nNo::Op::MPrSstVYZ:',
  long: longOptions(
    'assign= bignum characters-as-bytes copyright debug[=] dump-variables[=] exec= field-separator= file= gen-pot help include= trace lint[=] lint-old load= no-optimize non-decimal-data nostalgia optimize persist[=] posix pretty-print[=] profile[=] re-interval sandbox source= traditional use-lc-numeric version',
  ),
};

/** The files gawk's output options write when given no name (gawk(1)). */
const DEFAULT_OUTPUT: Readonly<Record<string, string>> = {
  '-d': 'awkvars.out',
  '--dump-variables': 'awkvars.out',
  '-o': 'awkprof.out',
  '--pretty-print': 'awkprof.out',
  '-p': 'awkprof.out',
  '--profile': 'awkprof.out',
};

/**
 * Literal files an awk program names: `> "f"`, `>> "f"`, `getline < "f"` — a string that ends the
 * target (`print > ".npm" "rc"` writes the two strings joined: not followed here, see
 * {@link writesComputedName}).
 */
const AWK_REDIRECT = /(>>?|<)\s*"((?:[^"\\]|\\.)*)"(?![ \t]*[^\s;})|&])/g;

/**
 * Whether a `print` or `printf` statement of the program sends its output to a file it names by
 * an expression (`print > f`, `print > ".cla" "ude/x"`, `printf … > sprintf(…)`): a `>` outside
 * parentheses and strings before the statement ends is its output redirection (awk reads a
 * comparison there only in parentheses, gawk(1) "Output Statements"). A program text with no
 * such `>` writes no file by a name toolgate cannot see (`$1 > 5 {print}` compares).
 */
function writesComputedName(program: string): boolean {
  let inPrint = false;
  let depth = 0;
  for (let k = 0; k < program.length; k++) {
    const c = program[k]!;
    if (c === '"') {
      for (k++; k < program.length && program[k] !== '"'; k++) if (program[k] === '\\') k++;
      continue;
    }
    if (!inPrint) {
      if (/[a-z]/.test(c) && !/[A-Za-z0-9_]/.test(program[k - 1] ?? ' ')) {
        const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(program.slice(k))![0];
        if (word === 'print' || word === 'printf') {
          inPrint = true;
          depth = 0;
        }
        k += word.length - 1;
      }
      continue;
    }
    if (c === '(') depth++;
    else if (c === ')') depth--;
    if (depth < 0 || (depth === 0 && /[;}\n]/.test(c))) inPrint = false;
    else if (depth === 0 && c === '>') return true;
  }
  return false;
}

/** `awk [-f PROG] [-v a=b] [-i inplace] 'prog' FILE…`: reads files; gawk's inplace edits them. */
function awkOperands(argv: readonly string[], { options, operands: ops }: ReadWords, literal?: readonly boolean[]): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const unseen: UnseenNames[] = [];
  const progFile = options.filter((o) => is(o, '-f', '--file', '-E', '--exec'));
  for (const o of progFile) pushOpt(files, optionFile(o, 'read', argv));
  // gawk's -e and --source: program text, each one (the first operand is then an input file).
  const sources = options.filter((o) => is(o, '-e', '--source'));
  const hasProgram = progFile.length > 0 || sources.length > 0;
  const fileOps = hasProgram ? ops : ops.slice(1);
  const texts = [
    ...sources.map((o) => ({ text: o.value ?? '', at: o.valueIndex ?? o.index })),
    ...(hasProgram || ops[0] === undefined ? [] : [{ text: argv[ops[0]]!, at: ops[0] }]),
  ];
  // Text that is not literal (`awk "$x"`) may be any program: only literal text is read.
  const hiddenText = texts.filter((p) => literal?.[p.at] === false);
  const programs = texts.filter((p) => literal?.[p.at] !== false).map((p) => p.text);
  const includes = options.filter((o) => is(o, '-i', '--include'));
  const inPlace = includes.some((o) => o.value === 'inplace' || o.value === 'inplace.awk');
  if (includes.some((o) => o.value !== 'inplace' && o.value !== 'inplace.awk'))
    unresolved.push('awk -i loads a library that may write files or run commands');
  if (has(options, '-l', '--load')) unresolved.push('awk -l loads an extension');
  for (const o of options) {
    const output = DEFAULT_OUTPUT[o.name];
    if (output !== undefined)
      files.push(o.value !== undefined ? { op: 'write', index: o.index, value: o.value } : { op: 'write', index: o.index, value: output });
    // -D FILE (--debug=FILE) reads the debugger's commands from FILE.
    if (is(o, '-D', '--debug') && o.value !== undefined) files.push({ op: 'read', index: o.index, value: o.value });
  }
  if (progFile.length > 0) unresolved.push('awk program file may write files or run commands');
  // A program toolgate does not read — a file, a library, text that is not literal — writes the
  // files its `print >` names (`awk -f p.awk`, `awk "$x"` wrote .npmrc, red team 14 NEW-8): names
  // toolgate cannot work out (decision 0092).
  if (hiddenText.length > 0) unresolved.push(`the awk program ${argv[hiddenText[0]!.at]!} is not literal: it may read and write any file`);
  const library = includes.some((o) => o.value !== 'inplace' && o.value !== 'inplace.awk');
  if (progFile.length > 0 || library || hiddenText.length > 0 || programs.some((p) => /@include/.test(p)))
    unseen.push({
      op: 'write',
      why:
        hiddenText.length > 0 && progFile.length === 0
          ? 'the awk program is not literal: its print > may name any file'
          : 'the awk program toolgate does not read (a file or library) writes the files its print > names',
    });
  for (const program of programs) {
    for (const m of program.matchAll(AWK_REDIRECT)) {
      const at = ops[0] ?? 0;
      files.push({ op: m[1] === '<' ? 'read' : 'write', index: at, value: m[2]! });
    }
    // Anything else that writes, reads a computed name or runs a command cannot be followed.
    const rest = program.replace(AWK_REDIRECT, '');
    if (/system|\||>|getline|print[f]?\s*>|fflush|close\s*\(/.test(rest)) unresolved.push('awk program may write files or run commands');
    // A program that changes ARGV or ARGC reads files its words do not name, as `getline < f` does.
    const argv = changesArgv(program);
    if (argv !== undefined) unresolved.push(argv);
    // An output name the program computes (`f=".npm" "rc"; print > f`) may be any path (decision 0092).
    if (writesComputedName(rest) && unseen.length === 0)
      unseen.push({ op: 'write', why: 'the awk program writes to a file whose name it computes' });
  }
  const inputs = fileOps.filter((k) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[k]!));
  files.push(...all(inputs, inPlace ? 'write' : 'read'));
  const notFiles = [
    ...(hasProgram || ops[0] === undefined ? [] : [ops[0]]),
    ...options
      .filter((o) => is(o, '-v', '--assign', '-F', '--field-separator', '-e', '--source'))
      .flatMap((o) => (o.valueIndex !== undefined ? [o.valueIndex] : [o.index])),
  ];
  return { files, unresolved, unseen, notFiles };
}

/**
 * The files an awk reads its program from: `-f FILE` (`--file`, gawk's `-E`/`--exec`, mawk's `-W
 * exec`), `-f -` its input, and gawk's `-i LIB` (found from the working directory first, its `.awk`
 * added when the name has none; not `inplace`, gawk's own). Verified (mawk 1.3.4): `awk -f x.awk`,
 * `-fx.awk`, `-v a=1 -f x.awk`, `-W exec x.awk` and `-f - < x.awk` ran x.awk's system().
 */
function awkProgramText(argv: readonly string[]): ProgramText | undefined {
  const words = readWords(argv, grammar);
  if (words === undefined) return undefined;
  const named = words.options.flatMap((o) => {
    if (is(o, '-f', '--file', '-E', '--exec')) return [optionTextWord(o, argv)];
    if (!is(o, '-i', '--include') || o.value === undefined || o.value === 'inplace' || o.value === 'inplace.awk') return [];
    const word = optionTextWord(o, argv);
    return word === undefined || o.value.endsWith('.awk') ? [word] : [word, { index: word.index, value: `${o.value}.awk` }];
  });
  const text = programTextFrom(argv, named);
  const built = awkBuilt(argv, words);
  return built === undefined ? text : { files: [], ...text, ...built };
}

/**
 * The commands an inline awk program runs (`awk-commands.ts`): the ones it shows whole, and, when it
 * builds one from its data, the files that data comes from — its input files (its standard input
 * when it names none) and a file `getline` reads by a name it shows (`ENVIRON["HOME"]` at its start
 * is the home, which the reader places as a leading `~/`).
 */
function awkBuilt(argv: readonly string[], { options, operands: ops }: ReadWords): Pick<ProgramText, 'commands' | 'dataRuns'> | undefined {
  const sources = options.filter((o) => is(o, '-e', '--source'));
  const hasProgram = sources.length > 0 || options.some((o) => is(o, '-f', '--file', '-E', '--exec'));
  const programs = [...sources.map((o) => o.value ?? ''), ...(hasProgram || ops[0] === undefined ? [] : [argv[ops[0]]!])];
  const read = programs.map(awkCommands);
  const commands = read.flatMap((r) => r.texts);
  const fromData = read.some((r) => r.fromData);
  if (commands.length === 0 && !fromData) return undefined;
  const inputs = (hasProgram ? ops : ops.slice(1)).filter((k) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(argv[k]!));
  const at = ops[0] ?? 0;
  const named = read
    .flatMap((r) => r.reads)
    .flatMap((f) =>
      /^\$(?:HOME|\{HOME\})\//.test(f)
        ? [{ index: at, value: f.replace(/^\$\{?HOME\}?/, '~'), home: true as const }]
        : f.includes('$')
          ? []
          : [{ index: at, value: f }],
    );
  return {
    ...(commands.length > 0 ? { commands } : {}),
    ...(fromData
      ? {
          dataRuns: {
            files: [...inputs.map((index) => ({ index })), ...named],
            input: inputs.length === 0 || inputs.some((k) => argv[k] === '-'),
          },
        }
      : {}),
  };
}

/** The awk model (gawk, mawk and nawk read their words alike here). @internal */
export const awk = defineProgram({
  names: ['awk', 'gawk', 'mawk', 'nawk'],
  summary: 'awk: pattern scanning and processing language',
  sources: ['GNU awk 5.2 gawk(1)', 'mawk 1.3.4 mawk(1)'],
  grammar,
  // A word this grammar refuses (an unknown or ambiguous option, a missing value): another awk may take it.
  files: (_name, argv, literal) => readBy(argv, grammar, (words) => awkOperands(argv, words, literal)),
  programText: awkProgramText,
  // Its program runs commands (`system()`, `print | "cmd"`) named in its arguments.
  runs: 'unseen',
  examples: [
    { command: "awk '{print $1}' in.txt", effects: ['read ./in.txt'], readOnly: false },
    { command: "awk -i inplace '{print}' f", effects: ['write ./f'], why: "gawk's inplace library edits the files in place" },
    {
      command: 'mawk -W exec prog.awk in.txt',
      effects: ['write . [some]', 'read ./prog.awk', 'read ./in.txt'],
      why: '-W exec reads the program from the file after it (its print > names are unseen, decision 0092); the words after that are input',
    },
    {
      command: 'awk \'{print > "o.txt"}\' in',
      effects: ['write ./o.txt', 'read ./in'],
      why: 'a literal redirection in the program is followed',
    },
    {
      command: 'gawk -e \'BEGIN{}\' -e \'BEGIN{print "x" > "o.txt"}\' in',
      effects: ['write ./o.txt', 'read ./in'],
      why: 'each -e is program text, the redirections of every one are followed',
    },
    {
      command: 'awk \'BEGIN{f=".npm" "rc"; print "x" > f}\'',
      effects: ['write . [some]'],
      why: 'an output name the program computes is a write of names toolgate cannot work out (decision 0092)',
    },
    {
      command: 'awk \'BEGIN{print "x" > ".npm" "rc"}\'',
      effects: ['write . [some]'],
      why: 'the strings after > are joined into one name: not the literal .npm',
    },
    {
      command: 'awk \'BEGIN{ARGV[1]=".env"} 1\' README.md',
      effects: ['read ./README.md'],
      why: 'a program that changes ARGV or ARGC reads files its words do not name: unresolved (red team 18 F5: it printed .env)',
    },
    {
      command: "awk 'BEGIN{for (i = 1; i < ARGC; i++) print ARGV[i]}' a b",
      effects: ['read ./a', 'read ./b'],
      why: 'reading ARGV and ARGC changes nothing',
    },
    { command: "awk '$1 > 5 {print $2}' in", effects: ['read ./in'], why: 'a > outside a print statement compares' },
    { command: "awk '{print ($1 > 5)}' in", effects: ['read ./in'], why: 'a > in parentheses compares' },
    { command: "gawk -p '{print}' in", effects: ['write ./awkprof.out', 'read ./in'], why: '-p with no file writes awkprof.out' },
    { command: "gawk -dvars.txt 'BEGIN{}'", effects: ['write ./vars.txt'], why: '-d takes its file only attached' },
    {
      command: "gawk -W dump-var=vars.txt 'BEGIN{}'",
      effects: ['write ./vars.txt'],
      why: '-W NAME is the long option --NAME, abbreviated as the -- spelling may be',
    },
    {
      command: "gawk -W source '{print}' in",
      effects: ['read ./in'],
      why: '-W source takes the next word as program text: the first operand is an input file',
    },
  ],
});
