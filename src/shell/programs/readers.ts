/**
 * Commands that read their file operands (and files some options name), as data: the words read
 * with the program's one grammar (`gnu-options.ts`, through `parse.ts`), so the files facet and the
 * read-only profile agree on which word is an option's value. Claude Code docs, Configure
 * permissions › Bash ("Read/Edit deny rules also apply to file commands recognized in Bash (cat,
 * head, tail, sed…)").
 */
import type { GnuOptionSpec, ParsedOption } from '../options/gnu-options.js';
import { all, optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import { bareName, readWords, refusedWords, type ReadWords } from './parse.js';

/**
 * What a reader's model says beyond its grammar. Options are named as the grammar names them: a
 * letter (`X`) or a long name without dashes (`exclude-from`).
 * @internal
 */
export interface ReaderFacts {
  /** Options whose value is a file it reads (`du -X FILE`, `diff --from-file=FILE`). */
  readonly reads?: readonly string[];
  /** Options whose value is a `:`-separated list of files it reads (`file -m a:b`): each one is read. */
  readonly readsList?: readonly string[];
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
  /**
   * Under these options (all of them: `true`) it looks up its operands' names and reads no
   * content: a symbolic link an operand names is taken as the link itself, not where it leads
   * (`readlink -f link`, `stat link`, `ls -l link` print of the link; `stat -L` of its target).
   * A link met on the way to the last name is still followed.
   */
  readonly namesOnly?: true | ((options: readonly ParsedOption[]) => boolean);
  /**
   * Under these options it reads its operands' metadata, not their content (`FileOperand.looks`):
   * `status` — it looks each name up (`stat`, `ls -d`); `listing` — a file it looks up, a folder
   * it lists (`ls`, `du`). Only for words its grammar reads: a refused command's are read.
   */
  readonly looks?: NonNullable<FileOperand['looks']> | ((options: readonly ParsedOption[]) => FileOperand['looks']);
}

/** Whether a reading has one of these options (by grammar name). */
function given(words: ReadWords, names: readonly string[] | undefined): boolean {
  return names !== undefined && words.options.some((o) => names.includes(bareName(o)));
}

/** How a reason names an option of these: by the first name the model gives (`--check` for `-c` too). */
function spelled(names: readonly string[]): string {
  return names[0]!.length > 1 ? `--${names[0]}` : `-${names[0]}`;
}

/** The effects of one reading of the words (the grammar's, or a lenient one of refused words). */
function readerOperands(name: string, argv: readonly string[], words: ReadWords, facts: ReaderFacts, strict: boolean): FileOperands {
  const files: FileOperand[] = [];
  const unresolved: string[] = [];
  for (const o of words.options) {
    const n = bareName(o);
    if (facts.reads?.includes(n) || facts.listsFiles?.includes(n)) pushOpt(files, optionFile(o, 'read', argv));
    if (facts.writes?.includes(n)) pushOpt(files, optionFile(o, 'write', argv));
    if (facts.readsList?.includes(n) && o.value?.includes(':')) {
      for (const part of o.value.split(':')) if (part !== '') files.push({ op: 'read', index: o.index, value: part });
    }
  }
  if (given(words, facts.listsFiles)) unresolved.push(`${name} ${spelled(facts.listsFiles!)} reads the files named in a file`);
  if (given(words, facts.operandsList)) unresolved.push(`${name} ${spelled(facts.operandsList!)} reads the files named in its input`);
  // A directory operand is read whole: its files (`diff -N . src` prints every file only one
  // side has), its subdirectories too with `-r`, and `diff dir file` reads `dir/file`.
  const looks = strict ? (typeof facts.looks === 'function' ? facts.looks(words.options) : facts.looks) : undefined;
  const look = looks !== undefined ? { looks } : {};
  if (facts.wholeDirectories) files.push(...all(words.operands, 'read', { tree: 'all' }));
  else if (strict && facts.namesOnly !== undefined && (facts.namesOnly === true || facts.namesOnly(words.options)))
    files.push(...all(words.operands, 'read', { linkItself: true, ...look }));
  else files.push(...all(words.operands, facts.inPlace ? 'write' : 'read', look));
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
    ? readerOperands(name, argv, words, facts, true)
    : refusedWords(argv, grammar, (lenient) => readerOperands(name, argv, lenient, facts, false));
}
