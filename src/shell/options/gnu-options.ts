/**
 * One GNU option parser: reads a command's words the way glibc's `getopt_long` does, from a
 * spec of the options the tool knows. Used by the read-only allowlist (every option must be
 * known and safe) and by the wrapper look-through (`timeout --k 1 5 rm`: where the wrapped
 * command starts).
 *
 * What it follows (glibc `posix/getopt.c`, `getopt(3)` manual):
 * - short letters combine (`-la`); a letter that takes a value takes the rest of the word
 *   (`-n5`, `-abn5`) or else the next word, whatever it is (`-o --`); a letter with an optional
 *   value takes only the rest of the word (`-i.bak`), never the next word;
 * - `--name=value`, `--name value` (required value only; an optional value must be attached with
 *   `=`); a long name may be shortened to any prefix that names one option (exact names win;
 *   prefixes shared by aliases of one option are not ambiguous); unknown or ambiguous → unknown;
 *   `=value` on an option that takes none → unknown;
 * - `--` ends the options; a lone `-` is an operand; options may follow operands (argument
 *   permutation) unless the tool stops at its first operand (`+` in its optstring, or
 *   `POSIXLY_CORRECT`), as `env`, `nice`, `timeout`, `xargs` do;
 * - a letter followed by `;` (`W;`, as gawk's optstring has it) introduces a long option:
 *   `-W NAME[=VALUE]` and `-WNAME` are read as `--NAME[=VALUE]` (abbreviations, a required value
 *   in the next word), getopt's POSIX spelling of long options; a NAME that is no long option (or
 *   an ambiguous one) stays the letter with that word as its value (gawk ignores it, mawk reads
 *   its own `-W` names there).
 */

/** Whether an option takes a value: none, required (attached or next word) or optional (attached only). @internal */
export type GnuArgument = 'none' | 'required' | 'optional';

/** A long option that is another spelling of one option (`--colour` for `--color`). @internal */
export interface GnuLongAlias {
  /** Whether it takes a value. */
  argument: GnuArgument;
  /** The name reported for it (the option it spells). */
  same: string;
}

/**
 * The options one tool accepts. `short` is a getopt optstring: each letter is an option, a
 * letter followed by `:` takes a value, by `::` an optional value; a leading `+` stops at the
 * first operand. `long` must list the tool's *full* long option list (safe or not), so that an
 * abbreviation resolves to what the tool would resolve it to.
 * @internal
 */
export interface GnuOptionSpec {
  /** getopt optstring (`'abn:i::'`, `'+k:s:'`). */
  readonly short?: string;
  /** Every long option name (without `--`) and whether it takes a value. */
  readonly long?: Readonly<Record<string, GnuArgument | GnuLongAlias>>;
  /** Stop at the first operand (POSIXLY_CORRECT); the same as a leading `+` in `short`. */
  readonly stopAtOperand?: boolean;
  /** A whole word `-NUM` is an option named `#` with value NUM (head/tail `-5`, nice `-5`). */
  readonly numeric?: boolean;
  /** `false` for tools that match long names exactly (ripgrep, tree): a prefix is unknown. Default `true`. */
  readonly abbreviations?: boolean;
  /**
   * For tools with their own short-option loop (tree): a letter that takes a value must end its
   * word and takes the next word; an attached value (`-L2`) or a letter after it (`-Lo`) is unknown,
   * since such a tool takes one next word per value letter.
   */
  readonly separateValues?: boolean;
}

/** One option as the tool reads it. @internal */
export interface GnuOption {
  /** The letter for a short option (`n`), the full name for a long one (`lines`), `#` for `-NUM`. */
  readonly name: string;
  /** How it was written. */
  readonly kind: 'short' | 'long' | 'numeric';
  /** Its value, when it has one. */
  readonly value?: string;
  /** argv index of the word the option is in. */
  readonly index: number;
  /** argv index of the value's word when the value is the next word. */
  readonly valueIndex?: number;
  /** The word as written (`--li=5`, `-abn5`). */
  readonly word: string;
}

/**
 * One option as a files facet reads it: named `-x` for a short letter, `--name` for a long one
 * (by its full name), `-#` for `-NUM` (what {@link GnuOption} says, in the names the facets match).
 * @internal
 */
export interface ParsedOption {
  /** `-x` for a short letter, `--name` for a long option. */
  name: string;
  value?: string;
  /** Index in argv where the option starts. */
  index: number;
  /** When the value is the next word: that word's index. */
  valueIndex?: number;
}

/** An operand (a word that is not an option). @internal */
export interface GnuOperand {
  /** argv index. */
  readonly index: number;
  /** The word. */
  readonly text: string;
}

/** Why a word is not an option the tool knows. @internal */
export type GnuProblem =
  /** No such short letter or long name. */
  | 'unknown'
  /** A long prefix that names more than one option. */
  | 'ambiguous'
  /** The option needs a value and the words ran out. */
  | 'missingValue'
  /** `--name=value` for an option that takes none. */
  | 'unexpectedValue';

/** Result of {@link parseGnuOptions}. @internal */
export type GnuParseResult =
  | {
      readonly ok: true;
      /** Options in order. */
      readonly options: readonly GnuOption[];
      /** Operands in order. */
      readonly operands: readonly GnuOperand[];
      /** argv index of the `--` that ended the options, when there was one. */
      readonly endOfOptions?: number;
    }
  | {
      readonly ok: false;
      readonly problem: GnuProblem;
      /** The word that is not understood. */
      readonly word: string;
      /** Its argv index. */
      readonly index: number;
      /** For `ambiguous`: the long names it could mean. */
      readonly candidates?: readonly string[];
    };

interface ShortTable {
  readonly letters: ReadonlyMap<string, GnuArgument>;
  readonly stop: boolean;
  /** The letter written `W;`: its value names a long option. */
  readonly longLetter?: string;
}

// A memo of a pure function of the programs' constant optstrings: one entry per grammar, never a user's word.
const shortCache = new Map<string, ShortTable>();

/** Reads an optstring (`+ab:c::`) into letters and arguments. */
function shortTable(optstring: string): ShortTable {
  const cached = shortCache.get(optstring);
  if (cached) return cached;
  const letters = new Map<string, GnuArgument>();
  let i = 0;
  let stop = false;
  if (optstring[0] === '+' || optstring[0] === '-') {
    stop = optstring[0] === '+';
    i = 1;
  }
  if (optstring[i] === ':') i++;
  let longLetter: string | undefined;
  for (; i < optstring.length; i++) {
    const letter = optstring[i]!;
    if (letter === ':' || letter === ';') continue;
    let argument: GnuArgument = 'none';
    if (optstring[i + 1] === ':') argument = optstring[i + 2] === ':' ? 'optional' : 'required';
    // `W;` takes a value as `W:` does, and that value is read as a long option.
    if (optstring[i + 1] === ';') {
      argument = 'required';
      longLetter = letter;
    }
    letters.set(letter, argument);
  }
  const table: ShortTable = longLetter === undefined ? { letters, stop } : { letters, stop, longLetter };
  shortCache.set(optstring, table);
  return table;
}

/**
 * What a letter of the optstring takes (`none`, `required`, `optional`), or undefined when the
 * optstring lacks it: for a program whose own loop reads its words, so that loop and its grammar
 * name the same letters.
 * @internal
 */
export function shortArgument(optstring: string, letter: string): GnuArgument | undefined {
  return shortTable(optstring).letters.get(letter);
}

/** What a long option name resolves to: the option's reported name and argument, or why not. @internal */
export type GnuLongMatch =
  | { readonly ok: true; readonly name: string; readonly argument: GnuArgument }
  | { readonly ok: false; readonly problem: 'unknown' | 'ambiguous'; readonly candidates?: readonly string[] };

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

function describeLong(entry: GnuArgument | GnuLongAlias, name: string): { name: string; argument: GnuArgument } {
  return typeof entry === 'string' ? { name, argument: entry } : { name: entry.same, argument: entry.argument };
}

/**
 * Resolves a long option name the way `getopt_long` does: an exact name wins; otherwise the
 * names it is a prefix of must all be one option (same target, same argument). An empty
 * name is unknown.
 * @internal
 */
export function resolveLongOption(spec: GnuOptionSpec, given: string): GnuLongMatch {
  const long = spec.long;
  if (!long || given === '') return { ok: false, problem: 'unknown' };
  if (own(long, given)) return { ok: true, ...describeLong(long[given]!, given) };
  if (spec.abbreviations === false) return { ok: false, problem: 'unknown' };
  let found: { name: string; argument: GnuArgument } | undefined;
  const candidates: string[] = [];
  let ambiguous = false;
  for (const name of Object.keys(long)) {
    if (!name.startsWith(given)) continue;
    candidates.push(name);
    const d = describeLong(long[name]!, name);
    if (!found) found = d;
    else if (found.name !== d.name || found.argument !== d.argument) ambiguous = true;
  }
  if (!found) return { ok: false, problem: 'unknown' };
  if (ambiguous) return { ok: false, problem: 'ambiguous', candidates };
  return { ok: true, ...found };
}

/**
 * Parses `argv` from `start` (default 1, after the program name) as the tool with `spec` would.
 * Returns the options and operands, or the first word the tool would not accept (unknown
 * letter or long name, ambiguous abbreviation, missing or unexpected value). Never throws.
 * @example
 * ```ts
 * parseGnuOptions(['timeout', '--k', '1', '5', 'rm'], { short: '+k:s:v', long: { 'kill-after': 'required', signal: 'required', 'preserve-status': 'none', foreground: 'none', verbose: 'none' } })
 * // → ok, options [{ name: 'kill-after', value: '1' }], operands 5, rm
 * ```
 * @internal
 */
export function parseGnuOptions(argv: readonly string[], spec: GnuOptionSpec, start = 1): GnuParseResult {
  const table = shortTable(spec.short ?? '');
  const stop = table.stop || spec.stopAtOperand === true;
  const options: GnuOption[] = [];
  const operands: GnuOperand[] = [];
  let i = start;
  for (; i < argv.length; i++) {
    const word = argv[i]!;
    if (word === '--') {
      for (let k = i + 1; k < argv.length; k++) operands.push({ index: k, text: argv[k]! });
      return { ok: true, options, operands, endOfOptions: i };
    }
    if (word.length < 2 || word[0] !== '-') {
      operands.push({ index: i, text: word });
      if (stop) {
        for (let k = i + 1; k < argv.length; k++) operands.push({ index: k, text: argv[k]! });
        break;
      }
      continue;
    }
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const given = eq >= 0 ? word.slice(2, eq) : word.slice(2);
      const match = resolveLongOption(spec, given);
      if (!match.ok) {
        return match.candidates
          ? { ok: false, problem: match.problem, word, index: i, candidates: match.candidates }
          : { ok: false, problem: match.problem, word, index: i };
      }
      if (eq >= 0) {
        if (match.argument === 'none') return { ok: false, problem: 'unexpectedValue', word, index: i };
        options.push({ name: match.name, kind: 'long', value: word.slice(eq + 1), index: i, word });
      } else if (match.argument === 'required') {
        if (i + 1 >= argv.length) return { ok: false, problem: 'missingValue', word, index: i };
        options.push({ name: match.name, kind: 'long', value: argv[i + 1]!, index: i, valueIndex: i + 1, word });
        i++;
      } else options.push({ name: match.name, kind: 'long', index: i, word });
      continue;
    }
    if (spec.numeric && /^-\d+$/.test(word)) {
      options.push({ name: '#', kind: 'numeric', value: word.slice(1), index: i, word });
      continue;
    }
    for (let k = 1; k < word.length; k++) {
      const letter = word[k]!;
      const argument = letter === ':' ? undefined : table.letters.get(letter);
      if (argument === undefined) return { ok: false, problem: 'unknown', word, index: i };
      if (argument === 'none') {
        options.push({ name: letter, kind: 'short', index: i, word });
        continue;
      }
      const rest = word.slice(k + 1);
      if (letter === table.longLetter) {
        const read = longLetterOption(argv, spec, letter, i, rest);
        if ('problem' in read) return { ok: false, problem: read.problem, word, index: i };
        options.push(...read.options);
        i = read.last;
        break;
      }
      if (rest !== '' && spec.separateValues) return { ok: false, problem: 'unknown', word, index: i };
      if (rest !== '') options.push({ name: letter, kind: 'short', value: rest, index: i, word });
      else if (argument === 'optional') options.push({ name: letter, kind: 'short', index: i, word });
      else {
        if (i + 1 >= argv.length) return { ok: false, problem: 'missingValue', word, index: i };
        options.push({ name: letter, kind: 'short', value: argv[i + 1]!, index: i, valueIndex: i + 1, word });
        i++;
      }
      break;
    }
  }
  return { ok: true, options, operands };
}

/**
 * `-W NAME[=VALUE]` (word `i`, `rest` what follows the letter in it) read as getopt_long reads it
 * for `W;` (glibc `process_long_option` with prefix `-W `): the long option NAME names, its value
 * after `=` or, when it requires one, the next word; the word holding NAME is the option's index.
 * A NAME that is no long option, or an ambiguous one, is the letter with NAME as its value.
 * Returns the options and the last word read.
 */
function longLetterOption(
  argv: readonly string[],
  spec: GnuOptionSpec,
  letter: string,
  i: number,
  rest: string,
): { options: GnuOption[]; last: number } | { problem: GnuProblem } {
  const at = rest === '' ? i + 1 : i;
  if (at >= argv.length) return { problem: 'missingValue' };
  const text = rest === '' ? argv[at]! : rest;
  const eq = text.indexOf('=');
  const match = resolveLongOption(spec, eq >= 0 ? text.slice(0, eq) : text);
  const word = argv[at]!;
  if (!match.ok) {
    const option: GnuOption = { name: letter, kind: 'short', value: text, index: i, word: argv[i]! };
    return { options: [at === i ? option : { ...option, valueIndex: at }], last: at };
  }
  if (eq >= 0) {
    if (match.argument === 'none') return { problem: 'unexpectedValue' };
    return { options: [{ name: match.name, kind: 'long', value: text.slice(eq + 1), index: at, word }], last: at };
  }
  if (match.argument !== 'required') return { options: [{ name: match.name, kind: 'long', index: at, word }], last: at };
  if (at + 1 >= argv.length) return { problem: 'missingValue' };
  return { options: [{ name: match.name, kind: 'long', value: argv[at + 1]!, index: at, valueIndex: at + 1, word }], last: at + 1 };
}

/** A person-readable account of a failed parse, naming the word (`--fi is ambiguous: file, files0-from`). @internal */
export function describeGnuProblem(result: Extract<GnuParseResult, { ok: false }>): string {
  switch (result.problem) {
    case 'unknown':
      return `${result.word} is not a known option`;
    case 'ambiguous':
      return `${result.word} is ambiguous (${(result.candidates ?? []).map((c) => '--' + c).join(', ')})`;
    case 'missingValue':
      return `${result.word} needs a value`;
    case 'unexpectedValue':
      return `${result.word} takes no value`;
  }
}
