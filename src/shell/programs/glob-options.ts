/**
 * A glob word the shell may expand to one of a program's options: after `echo x >
 * --files0-from=.env`, `wc -c [-]*` runs `wc -c --files0-from=.env`, which reads .env (red team
 * 18, F1). Which options matter comes from the model's one grammar, through the table the
 * registry keeps of what each option does beyond its operands (`input-options.ts`): one that
 * reads another file or a directory's files, writes, or runs a program. A program none of whose
 * options does is unharmed by such a word (`cat [-]*` prints the files, an option only changes
 * how). The glob counts where the program reads options: before a literal `--`, and before its
 * first operand when it stops there, and only as an option a name it matches may be (`--*` is
 * never `-o`). A glob that lists every name it can match (`-[n]`, `-[i]s`: `glob-names.ts`) is
 * read as each of them by the model's own facets instead — for a program with a parser of its own
 * too (sed's script, find's primaries), and one that refuses the glob as written (replay of red
 * team 18, NEW-6: `sed -[n] 'w .git/hooks/pre-push' README.md` with a file `-n` writes the hook).
 * Whether a matching name exists is the caller's to settle (the file-system view,
 * `path-effects.ts`); here only the words are read.
 */
import { decodeWord } from '../syntax/words.js';
import { PROGRAMS } from './index.js';
import { readWordsLeniently } from './parse.js';
import { optionNameAt } from './input-options.js';
import { globMayBegin, globMayMatchStart, globNames } from './glob-names.js';
import { shortArgument } from '../options/gnu-options.js';
import type { ProgramModel } from './model.js';

/** A glob word that may be an option of the program, and the first such option that acts. @internal */
export interface GlobOption {
  /** argv index of the glob word. */
  readonly index: number;
  /** An option the word may be, as a person reads it (`--files0-from=…`, `-r`, `@FILE`). */
  readonly option: string;
  /** What that option makes the program do beyond its operands. */
  readonly does: 'reads' | 'writes' | 'runs';
  /** The character a name the glob matches must begin with to be that option (`-`, or `@` for a response file). */
  readonly lead: '-' | '@';
  /**
   * The names the glob can match that make the program act, when its pattern lists every name it
   * can match (`-[n]` can match only `-n`): the program is judged with each in the glob's place.
   */
  readonly names?: readonly string[];
}

/**
 * Whether a name glob `pattern` matches may be the option `said` (as the input table writes it:
 * `-o…`, `--output=…`, `-r`): a long option's name may be cut short to its first letter
 * (`--o` for `--output`, getopt_long's abbreviation, unless the program takes no `abbreviations`);
 * a short option may stand after others that take no value (`-rf` holds `-f`), `flags`.
 */
function globMayBeOption(pattern: string, said: string, flags: readonly string[], abbreviations: boolean): boolean {
  const long = /^--([^=…]+)/.exec(said);
  if (long !== null) return globMayMatchStart(pattern, `--${abbreviations ? long[1]![0] : long[1]}`);
  const letter = said[1]!;
  return globMayMatchStart(pattern, `-${letter}`) || flags.some((f) => f !== letter && globMayMatchStart(pattern, `-${f}`));
}

/** Whether argv word `k` is an unquoted glob (not literal, with a wildcard the shell expands). */
function isGlob(argv: readonly string[], literal: readonly boolean[], k: number): boolean {
  if (literal[k] !== false) return false;
  const d = decodeWord(argv[k]!);
  return d.glob && !d.expansion && d.substitutions === 0;
}

/**
 * What the program does with `name` in the place of glob word `k` (writes, runs or reads, the
 * most it does), when that is more than it does with the words as written, by its model's own
 * facets (its files and the commands it runs): `sort -o out in` writes out, which `sort -[o] out
 * in` as written does not. With `refused`, nothing the words as written write or run counts (the
 * command is not understood as written: `sed -[n] 'w .git/hooks/pre-push' README.md`, refused for
 * its unknown option `-[n]`), so every write and run of the name's reading is new. A message naming the word itself
 * is no new read (`cat: -x is not a known option`).
 */
function nameActs(
  model: ProgramModel,
  program: string,
  argv: readonly string[],
  literal: readonly boolean[],
  k: number,
  name: string,
  refused: boolean,
): GlobOption['does'] | undefined {
  const other = argv.slice();
  other[k] = name;
  const plain = literal.slice();
  plain[k] = true;
  const before = model.files?.(program, argv, literal);
  const after = model.files?.(program, other, plain);
  const runs = (model.unwrap?.(other, plain)?.inner ?? []).filter((u) => u.kind !== 'unknown');
  // A refused command's writes are none; what it reads as written it reads with the name too.
  const had = (f: { op: string; index: number; value?: string; tree?: string }) =>
    (f.op === 'read' || !refused) &&
    (before?.files ?? []).some((b) => b.op === f.op && b.index === f.index && b.value === f.value && b.tree === f.tree);
  const ran = new Set((refused ? undefined : model.unwrap?.(argv, literal))?.inner.map((u) => JSON.stringify(u)));
  const changes =
    (after?.files ?? []).some((f) => !had(f) && (f.op !== 'read' || f.index !== k || f.value !== undefined || f.tree !== undefined)) ||
    (after?.unseen ?? []).some((u) => refused || !(before?.unseen ?? []).some((b) => b.op === u.op && b.why === u.why)) ||
    runs.some((u) => !ran.has(JSON.stringify(u))) ||
    (after?.unresolved ?? []).some((u) => !(before?.unresolved ?? []).includes(u) && !u.includes(name));
  if (!changes) return undefined;
  // What the name's reading does, the most first: `find . -[e]xec rm {} +` runs rm, though find's
  // own reading of the glob already says it may.
  if ((after?.files ?? []).some((f) => f.op !== 'read') || (after?.unseen?.length ?? 0) > 0) return 'writes';
  return runs.length > 0 ? 'runs' : 'reads';
}

/**
 * The first glob word of `argv` (the program `name`'s words, its name first) that may expand to
 * an option of the program which reads, writes or runs more than its operands, with that
 * option; `undefined` when there is none. A glob whose pattern lists every name it can match
 * (`-[n]`, `-[i]s`) is judged as each of those names, by the model's own facets, whether it
 * reads its words with the shared grammar or with a parser of its own (sed's script, find's
 * primaries): `sed -[n] 'w .git/hooks/pre-push' README.md` with a file `-n` writes the hook. Any
 * other glob (`[-]*`, `-?`) may be any option, judged by the options the grammar lists (none for
 * a program with no grammar: the caller keeps its own judgement of such words). A program that
 * expands `@FILE` words into the words FILE holds (binutils' `responseFiles`) reads such a file
 * wherever the word stands. `refused`: the command is not understood as written, and nothing its
 * words do as written counts (see {@link nameActs}).
 * @internal
 */
export function globOptionWord(
  name: string,
  argv: readonly string[],
  literal: readonly boolean[],
  refused = false,
): GlobOption | undefined {
  const model = PROGRAMS.get(name);
  if (model === undefined) return undefined;
  if (model.responseFiles === 'binutils') {
    const k = argv.findIndex((w, j) => j > 0 && isGlob(argv, literal, j) && globMayBegin(w, '@'));
    if (k > 0) return { index: k, option: '@FILE', does: 'reads', lead: '@' };
  }
  // Only a glob word that may begin with `-` can be an option: without one there is nothing to
  // judge, and the table (each option of the grammar tried through the model's facets: npm's
  // 230 cost ≈ 5 ms) is not made for a command of plain words.
  if (!argv.some((w, k) => k > 0 && isGlob(argv, literal, k) && globMayBegin(w, '-'))) return undefined;
  const grammar = model.grammar;
  // The options that act, writes first; made only for a glob whose names are not listed (`-[n]` needs none).
  let acting: [string, GlobOption['does']][] | undefined;
  const actingOptions = (): [string, GlobOption['does']][] => {
    const table = PROGRAMS.inputOptions(name);
    return (acting ??= [
      ...(table?.writes ?? []).map((o): [string, GlobOption['does']] => [o, 'writes']),
      ...(table?.runs ?? []).map((o): [string, GlobOption['does']] => [o, 'runs']),
      ...(table?.reads ?? []).map((o): [string, GlobOption['does']] => [o, 'reads']),
    ]);
  };
  const read = grammar !== undefined ? readWordsLeniently(argv, grammar) : undefined;
  const flags = [...new Set((grammar?.short ?? '').replace(/^[+-]/, '').replace(/:/g, ''))].filter(
    (l) => shortArgument(grammar!.short!, l) === 'none',
  );
  const values = new Set(read?.options.flatMap((o) => (o.valueIndex !== undefined ? [o.valueIndex] : [])));
  const stops = grammar?.stopAtOperand === true || grammar?.short?.startsWith('+') === true;
  for (let k = 1; k < argv.length; k++) {
    if (argv[k] === '--' && literal[k] !== false) return undefined;
    const glob = isGlob(argv, literal, k);
    // Past its first operand a program that stops there reads no option.
    if (stops && !glob && read?.operands.includes(k) === true) return undefined;
    if (!glob || !globMayBegin(argv[k]!, '-')) continue;
    // The few names the pattern can match: each is judged where it stands, by the model.
    const names = globNames(argv[k]!);
    if (names !== undefined) {
      const acts = names.flatMap((n) => {
        const does = n.startsWith('-') ? nameActs(model, name, argv, literal, k, n, refused) : undefined;
        return does === undefined ? [] : [{ n, does }];
      });
      // Said as the name that does the most (`-[rn]`: the one that writes, if one does).
      const most = (['writes', 'runs', 'reads'] as const).flatMap((d) => acts.filter((a) => a.does === d))[0];
      if (most !== undefined) return { index: k, option: most.n, does: most.does, lead: '-', names: acts.map((a) => a.n) };
      continue;
    }
    if (grammar === undefined || values.has(k)) continue;
    // An option written out whose value holds the wildcard (`--include=*.ts`, `-e*`): a name it
    // matches is that option's value, never another option.
    if (argv[k]!.startsWith('-') && !optionNameAt(argv[k]!, argv[k]!.search(/[*?[]/), grammar)) continue;
    // The first option that acts which a name the glob matches may be (`--*` is no `-o…`).
    const act = actingOptions().find(([o]) => globMayBeOption(argv[k]!, o, flags, grammar.abbreviations !== false));
    if (act !== undefined) return { index: k, option: act[0], does: act[1], lead: '-' };
  }
  return undefined;
}
