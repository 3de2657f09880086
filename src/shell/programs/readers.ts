/**
 * Commands that read their file operands (and files some options name), as data: the words read
 * with the program's one grammar (`gnu-options.ts`, through `parse.ts`), so the files facet and the
 * read-only profile agree on which word is an option's value. Claude Code docs, Configure
 * permissions › Bash ("Read/Edit deny rules also apply to file commands recognized in Bash (cat,
 * head, tail, sed…)").
 */
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { all, optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { ParsedOption } from '../options/options.js';
import { readWords, refusedWords, type ReadWords } from './parse.js';
import type { OptionShape } from '../options/options.js';
import { has, scan } from '../options/file-operands.js';

/**
 * What a reader's model says beyond its grammar. Options are named as the grammar names them: a
 * letter (`X`) or a long name without dashes (`exclude-from`).
 * @internal
 */
export interface ReaderFacts {
  /** Options whose value is a file it reads (`du -X FILE`, `diff --from-file=FILE`). */
  readonly reads?: readonly string[];
  /** Options whose value is a file it writes (less's log file, iconv's output). */
  readonly writes?: readonly string[];
  /** Options whose value is a file naming more files it reads (`wc --files0-from`, `file -f`): the file is read, the names are not seen. */
  readonly listsFiles?: readonly string[];
  /** Options under which its operands are lists naming more files it reads (`md5sum -c`). */
  readonly operandsList?: readonly string[];
  /** A directory operand is read whole: its files, its subdirectories too with `-r` (diff). */
  readonly wholeDirectories?: boolean;
  /** It rewrites its operands in place (dos2unix). */
  readonly inPlace?: boolean;
}

/** The option's name as the grammar writes it (`-X` → `X`, `--exclude-from` → `exclude-from`). */
const bare = (o: ParsedOption): string => o.name.replace(/^--?/, '');

/** Whether a reading has one of these options (by grammar name). */
function given(words: ReadWords, names: readonly string[] | undefined): boolean {
  return names !== undefined && words.options.some((o) => names.includes(bare(o)));
}

/** How a reason names an option of these: by the first name the model gives (`--check` for `-c` too). */
function spelled(names: readonly string[]): string {
  return names[0]!.length > 1 ? `--${names[0]}` : `-${names[0]}`;
}

/** The effects of one reading of the words (the grammar's, or a lenient one of refused words). */
function readerOperands(name: string, argv: readonly string[], words: ReadWords, facts: ReaderFacts): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  for (const o of words.options) {
    const n = bare(o);
    if (facts.reads?.includes(n) || facts.listsFiles?.includes(n)) pushOpt(files, optionFile(o, 'read', argv));
    if (facts.writes?.includes(n)) pushOpt(files, optionFile(o, 'write', argv));
  }
  if (given(words, facts.listsFiles)) unresolved.push(`${name} ${spelled(facts.listsFiles!)} reads the files named in a file`);
  if (given(words, facts.operandsList)) unresolved.push(`${name} ${spelled(facts.operandsList!)} reads the files named in its input`);
  // A directory operand is read whole: its files (`diff -N . src` prints every file only one
  // side has), its subdirectories too with `-r`, and `diff dir file` reads `dir/file`.
  if (facts.wholeDirectories) files.push(...all(words.operands, 'read', { tree: 'all' }));
  else files.push(...all(words.operands, facts.inPlace ? 'write' : 'read'));
  return { files, unresolved };
}

/**
 * A reader's files: its operands read (written, for one that rewrites them in place), and the files
 * its `facts` options name, its words read with `grammar`. A command the grammar refuses (an
 * unknown or ambiguous option, a missing value) is read leniently and its other words are assumed
 * paths (`parse.ts` refusedWords).
 * @internal
 */
export function readerEffects(name: string, argv: readonly string[], grammar: GnuOptionSpec, facts: ReaderFacts = {}): FileOperands {
  const words = readWords(argv, grammar);
  return words
    ? readerOperands(name, argv, words, facts)
    : refusedWords(argv, grammar, (lenient) => readerOperands(name, argv, lenient, facts));
}

/** What a reader's model says beyond its option shape. @internal */
export interface LenientReaderFacts {
  /** Short letters whose value is a file it reads (`du -X FILE`). */
  readonly readShort?: string | undefined;
  /** A directory operand is read whole: its files, its subdirectories too with `-r` (diff). */
  readonly wholeDirectories?: boolean;
  /** Options whose value is a file naming more files it reads, and what to say (`file -f`). */
  readonly listsFiles?: { readonly options: readonly string[]; readonly why: string };
  /** Options (`-o`, `--output`) whose value is a file it writes (less's log file, iconv's output). */
  readonly writeOptions?: readonly string[];
  /** It rewrites its operands in place (dos2unix). */
  readonly inPlace?: boolean;
}

/** Long options of the readers whose value is a file they read. */
const READ_OPTIONS = ['from-file', 'to-file', 'exclude-from', 'magic-file', 'format-file', 'lesskey-file', 'lesskey-src', 'tag-file'];
/** Long options whose value is a file listing more files to read. */
const NAME_LIST_OPTIONS = ['files0-from', 'files-from'];

/**
 * The lenient scanner (moving to {@link readerEffects}, issue #32). Generic reader: operands read, some option values read or written, over `shape`; a reader whose
 * facts say so reads directory operands whole.
 * @internal
 */
export function readerFiles(name: string, argv: readonly string[], shape: OptionShape, facts: LenientReaderFacts = {}): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  const { options, operands: ops, maybe } = scan(argv, shape);
  for (const o of options) {
    const long = o.name.startsWith('--') ? o.name.slice(2) : undefined;
    if (long !== undefined && READ_OPTIONS.includes(long)) pushOpt(files, optionFile(o, 'read', argv));
    if (long !== undefined && NAME_LIST_OPTIONS.includes(long)) {
      pushOpt(files, optionFile(o, 'read', argv));
      unresolved.push(`${name} --${long} reads the files named in a file`);
    }
    const short = facts.readShort;
    if (short && o.name.length === 2 && short.includes(o.name[1]!)) pushOpt(files, optionFile(o, 'read', argv));
    if (facts.writeOptions?.includes(o.name)) pushOpt(files, optionFile(o, 'write', argv));
  }
  files.push(...all(maybe, 'read'));
  if (/sum$/.test(name) && has(options, '-c', '--check')) unresolved.push(`${name} --check reads the files named in its input`);
  if (facts.listsFiles && has(options, ...facts.listsFiles.options)) unresolved.push(facts.listsFiles.why);
  if (name === 'jq' || name === 'yq') return jqOperands(argv, files, unresolved);
  if (facts.wholeDirectories) {
    // A directory operand is read whole: its files (`diff -N . src` prints every file only one
    // side has), its subdirectories too with `-r`, and `diff dir file` reads `dir/file`.
    files.push(...all(ops, 'read', { tree: 'all' }));
    return { files, unresolved };
  }
  if (facts.inPlace) {
    files.push(...all(ops, 'write'));
    return { files, unresolved };
  }
  files.push(...all(ops, 'read'));
  return { files, unresolved };
}

/** jq: the filter is the first operand unless `-f`; `--slurpfile`/`--rawfile NAME FILE` read FILE; `--arg NAME VALUE` takes two words. */
function jqOperands(argv: readonly string[], files: FileOperand[], unresolved: string[]): FileOperands {
  const ops: number[] = [];
  const notFiles: number[] = [];
  let filterFromFile = false;
  let k = 1;
  for (; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--') {
      for (k++; k < argv.length; k++) ops.push(k);
      break;
    }
    if (['--slurpfile', '--rawfile'].includes(a)) {
      notFiles.push(k + 1);
      if (k + 2 < argv.length) files.push({ op: 'read', index: k + 2 });
      k += 2;
      continue;
    }
    if (['--arg', '--argjson'].includes(a)) {
      notFiles.push(k + 1, k + 2);
      k += 2;
      continue;
    }
    if (['-f', '--from-file'].includes(a)) {
      filterFromFile = true;
      if (k + 1 < argv.length) files.push({ op: 'read', index: k + 1 });
      k++;
      continue;
    }
    if (a.startsWith('--from-file=')) {
      filterFromFile = true;
      files.push({ op: 'read', index: k, value: a.slice('--from-file='.length) });
      continue;
    }
    // `--run-tests [FILE]` reads its tests from FILE (every operand may be one).
    if (a === '--run-tests') {
      filterFromFile = true;
      continue;
    }
    // jq 1.6 reads -f inside a cluster too (`-fn FILE`, `-rf FILE`): then every operand may be a file read.
    if (/^-[A-Za-z]*f[A-Za-z]*$/.test(a)) {
      filterFromFile = true;
      continue;
    }
    // --tab and --seq take no value.
    if (['-L', '--indent', '-I', '--output-format', '--input-format'].includes(a)) {
      if (a === '-L' && k + 1 < argv.length) files.push({ op: 'read', index: k + 1, tree: 'all' });
      k++;
      continue;
    }
    if (a.startsWith('-') && a !== '-') continue;
    ops.push(k);
  }
  const fileOps = filterFromFile ? ops : ops.slice(1);
  if (!filterFromFile && ops[0] !== undefined) notFiles.push(ops[0]);
  files.push(...all(fileOps, 'read'));
  return { files, unresolved, notFiles };
}
