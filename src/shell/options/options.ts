/**
 * getopt-style option skipping, shared by the wrapper table and the path-effect table.
 */

/** How a command's options are shaped. @internal */
export interface OptionShape {
  /** Short letters that take a value (attached `-n5` or next word `-n 5`). */
  shortArg?: string;
  /** Short letters whose value may only be attached (`-i{}`), never the next word. */
  shortOptionalArg?: string;
  /** Long options that take a value (`--name=v` or `--name v`). */
  longArg?: readonly string[];
  /** Whether `-5` style numeric options are accepted (nice). */
  numeric?: boolean;
  /** Stop at the first operand (POSIX) instead of permuting options after operands. */
  posix?: boolean;
  /**
   * Resolve shortened long options the way `getopt_long` does (`--out` for `--output`) against
   * `longArg` and `longFlags`; an option is then reported by its full name. A value taken from
   * the next word for a shortened name is also reported as an operand, since the real option
   * list may read the word either way.
   */
  abbreviations?: boolean;
  /** Long options that take no value (only used to resolve abbreviations). */
  longFlags?: readonly string[];
}

/** One option as it appears on the command line. @internal */
export interface ParsedOption {
  /** `-x` for a short letter, `--name` for a long option. */
  name: string;
  value?: string;
  /** Index in argv where the option starts. */
  index: number;
  /** When the value is the next word: that word's index. */
  valueIndex?: number;
  /** Set when the name was shortened (`--out`) and its value is the next word: that word's index. */
  abbreviatedValue?: number;
}

/** The full long name `given` (without `--`) stands for, or `undefined` when it names none or several. */
function resolveLong(
  given: string,
  shape: OptionShape,
  abbreviations: boolean | undefined,
): { name: string; takesValue: boolean } | undefined {
  const args = shape.longArg ?? [];
  const flags = shape.longFlags ?? [];
  if (args.includes(given)) return { name: given, takesValue: true };
  if (flags.includes(given)) return { name: given, takesValue: false };
  if (!abbreviations || given === '') return undefined;
  const hits = [...new Set([...args, ...flags].filter((n) => n.startsWith(given)))];
  if (hits.length !== 1) return undefined;
  return { name: hits[0]!, takesValue: args.includes(hits[0]!) };
}

/** Result of walking options up to the first operand. @internal */
export interface OptionScan {
  options: ParsedOption[];
  /** Index of the first operand (argv.length when none). */
  operand: number;
}

/**
 * Walks options from `start`; stops at the first operand or after `--`.
 * @param abbreviations - overrides `shape.abbreviations` (saves callers a copy of the shape).
 */
export function scanOptions(argv: readonly string[], start: number, shape: OptionShape, abbreviations = shape.abbreviations): OptionScan {
  const options: ParsedOption[] = [];
  let i = start;
  while (i < argv.length) {
    const a = argv[i]!;
    if (a === '--') return { options, operand: i + 1 };
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=');
      const given = eq >= 0 ? a.slice(0, eq) : a;
      const long = resolveLong(given.slice(2), shape, abbreviations);
      const name = long ? `--${long.name}` : given;
      if (eq >= 0) options.push({ name, value: a.slice(eq + 1), index: i });
      else if (long?.takesValue) {
        const value = argv[i + 1];
        const shortened = long.name !== given.slice(2) && value !== undefined ? { abbreviatedValue: i + 1 } : {};
        options.push(value === undefined ? { name, index: i } : { name, value, index: i, valueIndex: i + 1, ...shortened });
        i++;
      } else options.push({ name, index: i });
      i++;
      continue;
    }
    if (a.startsWith('-') && a.length > 1) {
      if (shape.numeric && /^-\d+$/.test(a)) {
        options.push({ name: '-n', value: a.slice(1), index: i });
        i++;
        continue;
      }
      let consumedNext = false;
      for (let k = 1; k < a.length; k++) {
        const letter = a[k]!;
        if (shape.shortArg?.includes(letter)) {
          const rest = a.slice(k + 1);
          if (rest) options.push({ name: '-' + letter, value: rest, index: i });
          else {
            const value = argv[i + 1];
            options.push(
              value === undefined ? { name: '-' + letter, index: i } : { name: '-' + letter, value, index: i, valueIndex: i + 1 },
            );
            consumedNext = true;
          }
          break;
        }
        if (shape.shortOptionalArg?.includes(letter)) {
          const rest = a.slice(k + 1);
          options.push(rest ? { name: '-' + letter, value: rest, index: i } : { name: '-' + letter, index: i });
          break;
        }
        options.push({ name: '-' + letter, index: i });
      }
      i += consumedNext ? 2 : 1;
      continue;
    }
    return { options, operand: i };
  }
  return { options, operand: argv.length };
}

/**
 * All operands of a GNU-style command (options may follow operands), in order, with their
 * indices. `maybe` lists the words taken as the value of a shortened long option, which the real
 * tool (whose full option list may differ) could read as operands.
 */
export function operands(
  argv: readonly string[],
  start: number,
  shape: OptionShape,
  abbreviations = shape.abbreviations,
): { options: ParsedOption[]; operands: number[]; maybe: number[] } {
  const opts: ParsedOption[] = [];
  const ops: number[] = [];
  let i = start;
  while (i < argv.length) {
    const scan = scanOptions(argv, i, shape, abbreviations);
    for (const o of scan.options) opts.push(o);
    if (scan.operand >= argv.length) break;
    if (argv[scan.operand - 1] === '--' && scan.operand - 1 >= i) {
      for (let k = scan.operand; k < argv.length; k++) ops.push(k);
      break;
    }
    ops.push(scan.operand);
    if (shape.posix) {
      for (let k = scan.operand + 1; k < argv.length; k++) ops.push(k);
      break;
    }
    i = scan.operand + 1;
  }
  const maybe: number[] = [];
  for (const o of opts) if (o.abbreviatedValue !== undefined) maybe.push(o.abbreviatedValue);
  return { options: opts, operands: ops, maybe };
}
