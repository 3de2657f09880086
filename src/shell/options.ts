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
}

/** One option as it appears on the command line. @internal */
export interface ParsedOption {
  /** `-x` for a short letter, `--name` for a long option. */
  name: string;
  value?: string;
  /** Index in argv where the option starts. */
  index: number;
}

/** Result of walking options up to the first operand. @internal */
export interface OptionScan {
  options: ParsedOption[];
  /** Index of the first operand (argv.length when none). */
  operand: number;
}

/** Walks options from `start`; stops at the first operand or after `--`. */
export function scanOptions(argv: readonly string[], start: number, shape: OptionShape): OptionScan {
  const options: ParsedOption[] = [];
  let i = start;
  while (i < argv.length) {
    const a = argv[i]!;
    if (a === '--') return { options, operand: i + 1 };
    if (a.startsWith('--') && a.length > 2) {
      const eq = a.indexOf('=');
      const name = eq >= 0 ? a.slice(0, eq) : a;
      if (eq >= 0) options.push({ name, value: a.slice(eq + 1), index: i });
      else if (shape.longArg?.some((l) => l === name.slice(2))) {
        const value = argv[i + 1];
        options.push(value === undefined ? { name, index: i } : { name, value, index: i });
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
            options.push(value === undefined ? { name: '-' + letter, index: i } : { name: '-' + letter, value, index: i });
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

/** All operands of a GNU-style command (options may follow operands), in order, with their indices. */
export function operands(argv: readonly string[], start: number, shape: OptionShape): { options: ParsedOption[]; operands: number[] } {
  const opts: ParsedOption[] = [];
  const ops: number[] = [];
  let i = start;
  while (i < argv.length) {
    const scan = scanOptions(argv, i, shape);
    opts.push(...scan.options);
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
  return { options: opts, operands: ops };
}
