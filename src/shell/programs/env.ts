/**
 * `env`: runs a command in a changed environment.
 *
 * `env [opts] [NAME=value…] [COMMAND…]`, with `-S`/`--split-string` (and every abbreviation of
 * it) split the way GNU env splits it: the pieces take the option's place and are read again,
 * so `env -S'rm -rf src'` and `env --sp='-i rm x'` run `rm`. Every word with `=` before the
 * command is a variable (`'BASH_FUNC_ls%%=() { …; }'` too).
 * Behaviour: GNU coreutils 9.1 env(1), "-S/--split-string usage in scripts".
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec, type ParsedOption } from '../options/gnu-options.js';
import { quoteWord } from '../syntax/environment.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { coreutils } from './sources.js';
import { inDirectory } from './wrapper-info.js';

/** GNU env's options (9.1, plus `-a`/`--argv0` of later releases). @internal */
export const ENV_OPTIONS: GnuOptionSpec = {
  short: '+a:C:iS:u:v0',
  long: {
    argv0: 'required',
    chdir: 'required',
    'ignore-environment': 'none',
    null: 'none',
    unset: 'required',
    'split-string': 'required',
    'block-signal': 'optional',
    'default-signal': 'optional',
    'ignore-signal': 'optional',
    'list-signal-handling': 'none',
    debug: 'none',
    help: 'none',
    version: 'none',
  },
};

/** One word of a split string: literal text, or a `${NAME}` it holds (not known until run time). */
type Piece = { text: string; literal: boolean };

const ESCAPES: Record<string, string> = { f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '\\': '\\', '"': '"', "'": "'", '#': '#', $: '$' };

/**
 * Splits an `env -S` string into words (env's `build_argv`): blanks separate; `'…'` is
 * literal; `"…"` and unquoted text take `\` escapes and `${NAME}`; `\_` is a blank (a separator
 * outside quotes); `\c` ends the string; `#` starting a word ends it. Undefined when env would
 * refuse the string.
 */
export function splitEnvString(s: string): Piece[] | undefined {
  const words: Piece[] = [];
  let cur: Piece | undefined;
  const add = (text: string, literal = true) => {
    cur ??= { text: '', literal: true };
    cur.text += text;
    cur.literal &&= literal;
  };
  const end = () => {
    if (cur) words.push(cur);
    cur = undefined;
  };
  let quote: '' | "'" | '"' = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quote === "'") {
      if (c === "'") quote = '';
      else if (c === '\\' && (s[i + 1] === '\\' || s[i + 1] === "'")) add(s[++i]!);
      else add(c);
      continue;
    }
    if (c === '\\') {
      const e = s[++i];
      if (e === undefined) return undefined;
      if (e === '_') {
        if (quote === '"') add(' ');
        else end();
      } else if (e === 'c') {
        if (quote === '"') return undefined;
        break;
      } else if (e in ESCAPES) add(ESCAPES[e]!);
      else return undefined;
      continue;
    }
    if (c === '$') {
      const m = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}/.exec(s.slice(i));
      if (!m) return undefined;
      add(`\${${m[1]}}`, false);
      i += m[0].length - 1;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = '';
      else add(c);
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      add('');
      continue;
    }
    if (/[ \t\n\v\f\r]/.test(c)) {
      end();
      continue;
    }
    if (c === '#' && cur === undefined) break;
    add(c);
  }
  if (quote !== '') return undefined;
  end();
  return words;
}

/** A word as shell text the nested analysis reads back: literal ones quoted, `${NAME}` ones in double quotes. */
function shellWord(p: Piece): string {
  return p.literal ? quoteWord(p.text) : `"${p.text.replace(/(["\\`])/g, '\\$1')}"`;
}

/**
 * `env -C DIR COMMAND…` runs the command in DIR (GNU env `chdir`s before it execs; the last `-C`
 * wins), so every relative path of the command is DIR's. It is read again as
 * `cd -P -- DIR && env …` without the option (see {@link inDirectory}), the rest as env with its
 * other options.
 */
function runIn(
  argv: readonly string[],
  literal: readonly boolean[],
  options: readonly ParsedOption[],
  chdir: readonly ParsedOption[],
): Unwrapped {
  const last = chdir[chdir.length - 1]!;
  if (chdir.some((c) => options.some((o) => o !== c && o.index === c.index)))
    return { kind: 'unknown', reason: 'env: -C inside a cluster of options toolgate does not take apart' };
  const dir = literal[last.valueIndex ?? last.index] === false ? undefined : (last.value ?? '');
  const drop = new Set(chdir.flatMap((c) => (c.valueIndex === undefined ? [c.index] : [c.index, c.valueIndex])));
  const rest = argv
    .map((w, k) => (k === 0 || drop.has(k) ? undefined : literal[k] === false ? w : quoteWord(w)))
    .filter((w): w is string => w !== undefined);
  return inDirectory(dir, ['env', ...rest], 'env -C', 'env -C: a directory toolgate cannot read (not literal text)');
}

/**
 * env's options up to its first `-S`/`--split-string`, whose value's words take its place: getopt
 * starts again at them (env.c `parse_split_string`: optind = 0), so the words after the option are
 * read only after them — `env -S sh -c 'TEXT'` runs `sh -c TEXT` (coreutils 9.1; replay 24 U2: the
 * whole line's `-c` was taken as env's and refused). Undefined when the words hold no such option.
 */
function splitFirst(argv: readonly string[]): ReturnType<typeof parseGnuOptions> | undefined {
  for (let k = 2; k <= argv.length; k++) {
    const parsed = parseGnuOptions(argv.slice(0, k), ENV_OPTIONS);
    if (!parsed.ok) continue;
    if (parsed.operands.length > 0) return undefined;
    const split = parsed.options.find((o) => o.name === 'S' || o.name === 'split-string');
    if (split !== undefined && (split.valueIndex ?? split.index) === k - 1) return parsed;
  }
  return undefined;
}

/** What `env` runs. */
function unwrap(argv: readonly string[], literal: readonly boolean[]): WrapperInfo {
  const parsed = splitFirst(argv) ?? parseGnuOptions(argv, ENV_OPTIONS);
  const none: WrapperInfo = { inner: [], transparent: false, exactOnly: false };
  if (!parsed.ok) return { ...none, inner: [{ kind: 'unknown', reason: `env: ${describeGnuProblem(parsed)}` }] };
  const split = parsed.options.find((o) => o.name === 'S' || o.name === 'split-string');
  if (split) {
    const lit = literal[split.valueIndex ?? split.index] !== false;
    const pieces = lit ? splitEnvString(split.value ?? '') : undefined;
    if (!pieces)
      return {
        ...none,
        inner: [
          {
            kind: lit ? 'unknown' : 'opaque',
            reason: `env -S ${split.value ?? ''}: a string env splits into a command toolgate cannot read`,
          },
        ],
      };
    // The pieces take the option's place; env reads the words again from there.
    const before = argv.slice(1, split.index).map((w, k) => (literal[k + 1] === false ? w : quoteWord(w)));
    const word = argv[split.index]!;
    const prefix = split.valueIndex === undefined ? word.slice(0, word.length - (split.value ?? '').length) : word;
    const keep = split.valueIndex === undefined && /^-[^-]/.test(word) && prefix.length > 2 ? [quoteWord(prefix.slice(0, -1))] : [];
    const after = argv
      .slice((split.valueIndex ?? split.index) + 1)
      .map((w, k) => (literal[(split.valueIndex ?? split.index) + 1 + k] === false ? w : quoteWord(w)));
    const script = ['env', ...before, ...keep, ...pieces.map(shellWord), ...after].join(' ');
    return { ...none, inner: [{ kind: 'text', script, what: 'env -S' }] };
  }
  const chdir = parsed.options.filter((o) => o.name === 'C' || o.name === 'chdir');
  if (chdir.length > 0 && parsed.operands.length > 0) return { ...none, inner: [runIn(argv, literal, parsed.options, chdir)] };
  // A lone `-` first after the options is `-i` (env.c: `if (STREQ (argv[optind], "-"))`).
  let k = parsed.operands[0]?.text === '-' ? 1 : 0;
  const assignments: number[] = [];
  while (k < parsed.operands.length && parsed.operands[k]!.text.includes('=')) assignments.push(parsed.operands[k++]!.index);
  const start = parsed.operands[k]?.index;
  if (start === undefined) return none;
  return { ...none, inner: [{ kind: 'argv', start, end: argv.length, assignments }] };
}

/** The env model. @internal */
export const env = defineProgram({
  names: ['env'],
  summary: 'env: run a command in a changed environment',
  sources: [coreutils('env')],
  grammar: ENV_OPTIONS,
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  examples: [
    { command: 'env -u HOME rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: '-u takes the variable to unset' },
    {
      command: "env -S'rm a.txt'",
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: "the split string takes the option's place and is read again",
    },
    {
      command: "env -S sh -c 'rm a.txt'",
      effects: ['remove ./a.txt'],
      readOnly: false,
      why: 'env reads its options again from the split words: sh is the command, -c its option (replay 24 U2)',
    },
    { command: 'env - X=1 rm a.txt', effects: ['remove ./a.txt'], readOnly: false, why: 'a lone - is -i; X=1 is a variable' },
    {
      command: 'env -C src rm a.txt',
      effects: ['read ./src', 'remove ./a.txt', 'remove ./src/a.txt'],
      readOnly: false,
      why: '-C runs the command in src: read again as `cd -P -- ./src && env rm a.txt`, a nested script whose directory is kept both ways',
    },
  ],
});
