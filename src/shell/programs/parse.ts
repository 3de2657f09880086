/**
 * A command's words read as the program reads them: the GNU parser over the model's one grammar
 * (`gnu-options.ts`), with the options named as the files facets match them (`-r`,
 * `--recursive`: {@link ParsedOption}). A word the program would refuse (an unknown or ambiguous option, a
 * missing value) leaves the command to the assumed effects: the program does nothing, but which
 * word toolgate misread is not known.
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { parseGnuOptions, type GnuOption, type GnuOptionSpec, type ParsedOption } from '../options/gnu-options.js';

/** The options (named `-x` or `--name`) and the argv indices of the operands. @internal */
export interface ReadWords {
  readonly options: readonly ParsedOption[];
  readonly operands: readonly number[];
}

/**
 * `argv` read with `grammar` from `start` (1, after the program's name; after a subcommand's word
 * for its own grammar), or `undefined` when the program would refuse one of its words.
 * @internal
 */
export function readWords(argv: readonly string[], grammar: GnuOptionSpec, start = 1): ReadWords | undefined {
  const parse = parseGnuOptions(argv, grammar, start);
  if (!parse.ok) return undefined;
  return { options: parse.options.map(named), operands: parse.operands.map((o) => o.index) };
}

/**
 * `argv` read with `grammar` as far as it goes, each word the grammar refuses taken as an option
 * with no value (`-X`, `--new-option`): how another version of the program, with options this
 * grammar lacks, may read the command. For a command {@link readWords} refuses; from `from` as there.
 * @internal
 */
export function readWordsLeniently(argv: readonly string[], grammar: GnuOptionSpec, from = 1): ReadWords {
  const options: ParsedOption[] = [];
  const operands: number[] = [];
  let start = from;
  while (start < argv.length) {
    const parse = parseGnuOptions(argv, grammar, start);
    const upTo = parse.ok ? argv.length : parse.index;
    const before = parse.ok ? parse : parseGnuOptions(argv.slice(0, upTo), grammar, start);
    if (before.ok) {
      for (const o of before.options) options.push(named(o));
      for (const o of before.operands) operands.push(o.index);
      // Past `--` (or an operand where the program stops at its first): the rest are operands.
      if (
        !parse.ok &&
        (before.endOfOptions !== undefined || (before.operands.length > 0 && (grammar.stopAtOperand || grammar.short?.startsWith('+'))))
      ) {
        for (let k = upTo; k < argv.length; k++) operands.push(k);
        break;
      }
    }
    if (parse.ok) break;
    const word = argv[upTo]!;
    options.push({ name: word.startsWith('--') ? word.split('=')[0]! : word, index: upTo });
    start = upTo + 1;
  }
  return { options, operands };
}

/**
 * An option's name as the grammar writes it, its dashes dropped (`-S` → `S`, `--source` →
 * `source`): how a model's tables of option names are matched against {@link ReadWords}' options.
 * @internal
 */
export function bareName(o: Pick<ParsedOption, 'name'>): string {
  return o.name.replace(/^--?/, '');
}

function named(o: GnuOption): ParsedOption {
  const out: ParsedOption = { name: o.kind === 'long' ? `--${o.name}` : `-${o.name}`, index: o.index };
  if (o.value !== undefined) out.value = o.value;
  if (o.valueIndex !== undefined) out.valueIndex = o.valueIndex;
  return out;
}

/**
 * The effects of a command the program refuses as its grammar reads it: what `facet` makes of a
 * lenient reading (another version may accept the command), and every word it leaves is an
 * assumed path.
 * @internal
 */
export function refusedWords(argv: readonly string[], grammar: GnuOptionSpec, facet: (words: ReadWords) => FileOperands): FileOperands {
  return { ...facet(readWordsLeniently(argv, grammar)), modelled: 'partly' };
}

/**
 * A files facet over `grammar`: `facet` of the words as the program reads them, or, for a command
 * the program refuses, of a lenient reading with the effects marked partly modelled
 * ({@link refusedWords}). The one way a model reads its words (`ln`, `mv`, `rm` … alike).
 * @internal
 */
export function readBy(argv: readonly string[], grammar: GnuOptionSpec, facet: (words: ReadWords) => FileOperands): FileOperands {
  const words = readWords(argv, grammar);
  return words ? facet(words) : refusedWords(argv, grammar, facet);
}

/**
 * Whether option `o`'s value comes from a word that is not literal (`-S $s`, `--suffix=$s`,
 * `-i$s`): the program is handed a value toolgate cannot see, so whatever it names may be anything.
 * @internal
 */
export function valueNotLiteral(o: Pick<ParsedOption, 'index' | 'valueIndex'>, literal: readonly boolean[] | undefined): boolean {
  return literal !== undefined && literal[o.valueIndex ?? o.index] === false;
}

/** A word that begins with an expansion toolgate knows to be a path (`$HOME/x`, `"${PWD}"`). */
const KNOWN_PATH = /^(\$(HOME|PWD)|\$\{(HOME|PWD)\})(\/|$)/;

/**
 * Whether word `k` is not literal and may expand to an option: it does not begin with a literal
 * character other than `-` (`$x`, `"$(…)"`, `"-i$s"`, `*` may; `./$f`, `x$y`, `$HOME/x` may not).
 * A whole option (`whole`: `-delete`, not `--suffix=` taking the word as its value) it may be only
 * when it also ends in an expansion (`${x}.pem` is no `-delete`); a glob alone, when it is one
 * (`*`, a file named `-delete` matching it; `*.txt` is none).
 */
function mayBeOption(argv: readonly string[], literal: readonly boolean[], k: number, whole: boolean): boolean {
  if (literal[k] !== false) return false;
  const word = argv[k]!.replace(/^["']+/, '').replace(/["']+$/, '');
  if (KNOWN_PATH.test(word) || !(word === '' || /^[-$`*?[]/.test(word))) return false;
  const expands = /[$`]/.test(word);
  if (!whole) return expands;
  return expands ? /(\$[\w@*]+|\$\{[^}]*\}|\$\([^)]*\)|`[^`]*`|[*?\]])$/.test(word) : /^[*?[\]!^-]*$/.test(word);
}

/**
 * The effects of a command whose words may hide options that add effects: `files` of the words as
 * written, and of each reading where a word that is not literal, before a literal `--`, is one of
 * the `hidden` options instead (`x=--remove-files; tar -cf x.tar $x .claude` removes .claude;
 * `a=-delete; find .claude $a`). An option ending in `=` takes the word itself as its value
 * (`--suffix=` for `cp -b $s a b`), which stays not literal, so the model takes it as unknown
 * ({@link valueNotLiteral}). Options that only change what is printed are not listed: `cat "$f"`
 * is unchanged. `mayHide` leaves out words a model knows to be something else; `who` names the
 * program in the reason (`git clean`).
 * @internal
 */
export function withHiddenOptions(
  argv: readonly string[],
  literal: readonly boolean[] | undefined,
  hidden: readonly string[],
  files: (argv: readonly string[], literal: readonly boolean[] | undefined) => FileOperands,
  mayHide: (k: number) => boolean = () => true,
  who: string = argv[0]!,
): FileOperands {
  const out = files(argv, literal);
  if (literal === undefined || !literal.includes(false)) return out;
  let merged: FileOperands | undefined;
  for (let k = 1; k < argv.length; k++) {
    if (argv[k] === '--' && literal[k] !== false) break;
    if (!mayHide(k)) continue;
    for (const option of hidden) {
      if (!mayBeOption(argv, literal, k, !option.endsWith('='))) continue;
      const other = argv.slice();
      other[k] = option.endsWith('=') ? `${option}${argv[k]!}` : option;
      const more = files(other, literal);
      merged ??= { ...out, files: out.files.slice(), unresolved: out.unresolved.slice() };
      // What only this reading does is said to come from the word (`$x may be tar's option --remove-files`).
      const because = `${argv[k]!} may be ${who}'s option ${option.endsWith('=') ? `${option}…` : option}`;
      const plain = (f: FileOperand) => out.files.some((g) => g.op === f.op && g.index === f.index && g.value === f.value);
      // The model's own why names the word as this reading wrote it (`--in-place=$o`): it is said as written (`$o`).
      const then = (why: string) => `${because}, and then ${why.split(other[k]!).join(argv[k]!)}`;
      merged.files.push(...more.files.map((f) => (plain(f) ? f : { ...f, because: f.because === undefined ? because : then(f.because) })));
      for (const u of more.unresolved) if (!merged.unresolved.includes(u)) merged.unresolved.push(u);
      for (const u of more.unseen ?? []) {
        // Names only this reading cannot work out are said to come from the word, as its files are.
        const mine = out.unseen?.some((x) => x.op === u.op && x.why === u.why) === true ? u : { ...u, why: then(u.why) };
        if (!(merged.unseen ??= []).some((x) => x.op === mine.op && x.why === mine.why)) merged.unseen = [...merged.unseen, mine];
      }
      if (more.modelled === 'partly') merged.modelled = 'partly';
    }
  }
  return merged ?? out;
}
