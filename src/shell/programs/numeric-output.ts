/**
 * Program forms known to print only numbers on standard output: digits, blanks, a sign. A
 * variable set to such a command's output (`n=$(wc -l < f); echo $((n+1))`) or the output used in
 * arithmetic directly (`$(( $(wc -l < f) + 1 ))`) holds no subscript that runs a command
 * (`a[$(cmd)]`, which bash evaluates in arithmetic), so the arithmetic guard
 * (`syntax/arithmetic-operands.ts`) takes it as a number. At worst a value is two numbers
 * (`wc -lw`), which bash refuses as a syntax error without evaluating anything.
 *
 * An allowlist of forms, not of programs: a form that prints a name (`wc -l f` prints "2 f", and
 * the file name may be `a[$(cmd)]`; `wc -l -` prints "2 -"; `grep -c x a b` prints "a:1") or text
 * (`id -un`, `date +%A`) is not on it. Every word must be literal (the caller gives only those).
 * Verified with GNU coreutils 9.1 and grep 3.8 under bash 5.2.
 */

/** One program's numeric forms: whether `args` (the words after the name) is one, with examples. */
interface NumericForm {
  readonly accepts: (args: readonly string[]) => boolean;
  /** Forms that print only numbers, and forms that may print more (each a test). */
  readonly examples: { readonly numeric: readonly string[]; readonly not: readonly string[] };
}

/** Every word is an option of `short` (a cluster: `-lw`) or one of `long`. */
function onlyFlags(args: readonly string[], short: RegExp, long: readonly string[]): boolean {
  return args.every((a) => short.test(a) || long.includes(a));
}

/** `date`'s conversions that print digits (or blanks: `%e`), with GNU's padding flags and widths. */
const DATE_FORMAT = /^\+(?:%[-_0^#]?\d*[sNYmdHMSjuwyCGgUVWIekl]|[0-9 :.-])+$/;

/** `stat`'s format sequences that print a number (size, blocks, inode, links, ids, times in seconds, octal mode). */
const STAT_FORMAT = /^(?:%[sbBihugXYZWao]|[0-9 :.-])+$/;

function dateForm(args: readonly string[]): boolean {
  let format = 0;
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '-u' || a === '--utc' || a === '--universal') continue;
    // The date it prints (data: GNU date parses it and runs nothing), or the file whose time it prints.
    if (a === '-d' || a === '-r' || a === '--date' || a === '--reference') {
      if (k + 1 >= args.length) return false;
      k++;
      continue;
    }
    if (/^(?:-[dr].|--date=|--reference=)/.test(a)) continue;
    if (DATE_FORMAT.test(a)) {
      format++;
      continue;
    }
    return false;
  }
  return format === 1;
}

function statForm(args: readonly string[]): boolean {
  let format = false;
  let files = 0;
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '-L' || a === '--dereference') continue;
    const value = a === '-c' || a === '--format' ? args[++k] : /^-c./.test(a) ? a.slice(2) : a.startsWith('--format=') ? a.slice(9) : undefined;
    if (value !== undefined) {
      if (!STAT_FORMAT.test(value)) return false;
      format = true;
      continue;
    }
    if (a.startsWith('-')) return false;
    files++;
  }
  return format && files > 0;
}

function grepCountForm(args: readonly string[]): boolean {
  let count = false;
  let pattern = false;
  const operands: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '--') {
      operands.push(...args.slice(k + 1));
      break;
    }
    if (a === '-e' || a === '--regexp') {
      if (k + 1 >= args.length) return false;
      k++;
      pattern = true;
      continue;
    }
    if (a.startsWith('--regexp=')) {
      pattern = true;
      continue;
    }
    if (a === '--count') {
      count = true;
      continue;
    }
    if (['--ignore-case', '--invert-match', '--word-regexp', '--line-regexp', '--fixed-strings', '--extended-regexp', '--basic-regexp', '--no-messages'].includes(a))
      continue;
    if (/^-[civwxFEGs]+$/.test(a)) {
      if (a.includes('c')) count = true;
      continue;
    }
    if (a.startsWith('-') && a !== '-') return false;
    operands.push(a);
  }
  // The pattern, then standard input or one file: with two files each count is printed after its name.
  return count && operands.length <= (pattern ? 1 : 2) && (pattern || operands.length >= 1);
}

/** The numeric forms, by program name. */
export const NUMERIC_OUTPUT: ReadonlyMap<string, NumericForm> = new Map<string, NumericForm>([
  [
    'wc',
    {
      // Counts of standard input only: with a file operand (even `-`) wc prints its name after the count.
      accepts: (args) => onlyFlags(args, /^-[lcwmL]+$/, ['--lines', '--bytes', '--chars', '--words', '--max-line-length']),
      examples: { numeric: ['wc -l', 'wc -c', 'wc -lw', 'wc --words', 'wc'], not: ['wc -l f', 'wc -l -', 'wc --files0-from=l', 'wc --total=only'] },
    },
  ],
  [
    'nproc',
    {
      accepts: (args) => args.every((a) => a === '--all' || /^--ignore=\d+$/.test(a)),
      examples: { numeric: ['nproc', 'nproc --all', 'nproc --ignore=1'], not: ['nproc --help'] },
    },
  ],
  [
    'date',
    {
      accepts: dateForm,
      examples: {
        numeric: ['date +%s', 'date -u +%Y%m%d%H%M%S', 'date -d yesterday +%s', 'date -r f +%s', 'date +%s%N'],
        not: ['date', 'date +%A', 'date +%s.%Z', 'date -f dates +%s', 'date -R'],
      },
    },
  ],
  [
    'stat',
    {
      accepts: statForm,
      examples: { numeric: ['stat -c %s f', 'stat -L -c %Y f g', 'stat --format=%s f'], not: ['stat -c %n f', 'stat -c %s', 'stat f', 'stat -f -c %s f', 'stat --printf=%s f'] },
    },
  ],
  [
    'id',
    {
      accepts: (args) => {
        const operands = args.filter((a) => !a.startsWith('-'));
        return operands.length <= 1 && onlyFlags(args.filter((a) => a.startsWith('-')), /^-[ugGr]+$/, ['--user', '--group', '--groups', '--real']) && args.some((a) => a.startsWith('-'));
      },
      examples: { numeric: ['id -u', 'id -g', 'id -G', 'id -u root', 'id -ru'], not: ['id', 'id -un', 'id -nG', 'id -uz'] },
    },
  ],
  [
    'grep',
    {
      accepts: grepCountForm,
      examples: {
        numeric: ['grep -c x', 'grep -c x f', 'grep -ci TODO src/a.js', 'grep -c -e x f', 'grep --count -v x'],
        not: ['grep -c x a b', 'grep -cH x f', 'grep -rc x .', 'grep x f', 'grep -c --label=a x', 'grep -c -f pats f'],
      },
    },
  ],
]);

/**
 * Whether a command with these words (all literal) prints only numbers on standard output.
 * @param argv - the command's words, the program's name first.
 */
export function printsOnlyNumbers(argv: readonly string[]): boolean {
  const name = argv[0] ?? '';
  return NUMERIC_OUTPUT.get(name)?.accepts(argv.slice(1)) === true;
}
