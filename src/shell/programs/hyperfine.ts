/**
 * `hyperfine`: benchmarks commands. Every operand is a command line it runs again and again, and so
 * are the values of `--prepare`, `--setup`, `--conclude`, `--cleanup` and `--reference`; `-L`/`-P`
 * parameters are put in place of `{NAME}` in them first. They run as `SHELL -c COMMAND` (`sh` by
 * default, `-S`/`--shell` another, a command line split as shell words), or, with `-N`/`--shell=none`,
 * split into words and run as a program. The `--export-*` files and an `--output` file are written,
 * an `--input` file read.
 *
 * One reading of its words (clap's, checked against hyperfine 1.15.0): `--name=value` or `--name
 * value`, `-xVALUE`, `-x=VALUE` or `-x VALUE`, clusters of flags, options after operands, `--`
 * before operands only; a value may not begin with `-` (but `-P`'s and `-L`'s); `-P` takes three
 * words, `-L` two, neither with `=`. Options of later releases (`--conclude`, `--reference`,
 * `--input`, `--sort`) are read too; any other option is refused, as hyperfine refuses it.
 */
import type { FileOperand, FileOperands } from '../options/file-operands.js';
import { quoteWord } from '../syntax/environment.js';
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { modelledShellOfName } from './modelled-shells.js';
import { refusedWrap, wrapInfo } from './wrapper-info.js';

/** What an option's value is. */
type Value = 'data' | 'command' | 'shell' | 'write' | 'output' | 'input' | 'scan' | 'list';

/** hyperfine's options with a value (long name, short letter, what the value is). */
const VALUED: readonly (readonly [string, string | undefined, Value])[] = [
  ['warmup', 'w', 'data'],
  ['min-runs', 'm', 'data'],
  ['max-runs', 'M', 'data'],
  ['runs', 'r', 'data'],
  ['setup', 's', 'command'],
  ['reference', undefined, 'command'],
  ['prepare', 'p', 'command'],
  ['conclude', 'C', 'command'],
  ['cleanup', 'c', 'command'],
  ['parameter-scan', 'P', 'scan'],
  ['parameter-step-size', 'D', 'data'],
  ['parameter-list', 'L', 'list'],
  ['style', undefined, 'data'],
  ['sort', undefined, 'data'],
  ['shell', 'S', 'shell'],
  ['time-unit', 'u', 'data'],
  ['export-asciidoc', undefined, 'write'],
  ['export-csv', undefined, 'write'],
  ['export-json', undefined, 'write'],
  ['export-markdown', undefined, 'write'],
  ['export-orgmode', undefined, 'write'],
  ['output', undefined, 'output'],
  ['input', undefined, 'input'],
  ['command-name', 'n', 'data'],
  ['min-benchmarking-time', undefined, 'data'],
];

/** Its flags (long name, short letter). */
const FLAGS: readonly (readonly [string | undefined, string | undefined])[] = [
  [undefined, 'N'],
  ['ignore-failure', 'i'],
  ['show-output', undefined],
  ['debug-mode', undefined],
  ['help', 'h'],
  ['version', 'V'],
];

const LONG = new Map<string, Value | 'flag'>([
  ...VALUED.map(([l, , v]) => [l, v] as const),
  ...FLAGS.flatMap(([l]) => (l ? [[l, 'flag'] as const] : [])),
]);
const SHORT = new Map<string, { long: string; value: Value | 'flag' }>([
  ...VALUED.flatMap(([l, s, v]) => (s ? [[s, { long: l, value: v }] as const] : [])),
  ...FLAGS.flatMap(([l, s]) => (s ? [[s, { long: l ?? s, value: 'flag' as const }] as const] : [])),
]);

/** How many words a value of each kind takes. */
const ARITY: Partial<Record<Value, number>> = { scan: 3, list: 2 };

/** One option with its value words (argv index, and the text: a word, or the part of one after `=`/the letter). */
interface Given {
  readonly name: string;
  readonly value: Value | 'flag';
  readonly index: number;
  readonly values: readonly { readonly index: number; readonly text: string; readonly attached: boolean }[];
}

/** A command line it runs, with the word it comes from. */
interface Command {
  readonly index: number;
  readonly text: string;
}

type Reading = { ok: true; options: Given[]; commands: Command[] } | { ok: false; why: string };

/** The words as hyperfine reads them, or why it refuses them. @internal */
export function readHyperfine(argv: readonly string[]): Reading {
  const options: Given[] = [];
  const commands: Command[] = [];
  const take = (name: string, value: Value | 'flag', index: number, attached: string | undefined, k: number): number | string => {
    const n = value === 'flag' ? 0 : (ARITY[value] ?? 1);
    if (attached !== undefined && (value === 'flag' || n > 1)) return `--${name} takes ${n === 0 ? 'no value' : `${n} words`}`;
    const values: Given['values'][number][] = [];
    if (attached !== undefined) values.push({ index, text: attached, attached: true });
    let next = k;
    while (values.length < n) {
      const word = argv[next + 1];
      if (word === undefined) return `--${name} needs a value`;
      if (word.startsWith('-') && word !== '-' && n === 1) return `--${name} is given ${word}, which hyperfine takes for an option`;
      values.push({ index: ++next, text: word, attached: false });
    }
    options.push({ name, value, index, values });
    return next;
  };
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word === '--') {
      for (let j = k + 1; j < argv.length; j++) commands.push({ index: j, text: argv[j]! });
      break;
    }
    if (word.startsWith('--')) {
      const eq = word.indexOf('=');
      const name = word.slice(2, eq < 0 ? undefined : eq);
      const value = LONG.get(name);
      if (value === undefined) return { ok: false, why: `hyperfine has no option --${name}` };
      const next = take(name, value, k, eq < 0 ? undefined : word.slice(eq + 1), k);
      if (typeof next === 'string') return { ok: false, why: next };
      k = next;
      continue;
    }
    if (word.startsWith('-') && word !== '-') {
      for (let i = 1; i < word.length; i++) {
        const option = SHORT.get(word[i]!);
        if (option === undefined) return { ok: false, why: `hyperfine has no option -${word[i]!}` };
        if (option.value === 'flag') {
          options.push({ name: option.long, value: 'flag', index: k, values: [] });
          continue;
        }
        const rest = word.slice(i + 1).replace(/^=/, '');
        const next = take(option.long, option.value, k, rest === '' ? undefined : rest, k);
        if (typeof next === 'string') return { ok: false, why: next };
        k = next;
        break;
      }
      continue;
    }
    commands.push({ index: k, text: word });
  }
  return { ok: true, options, commands };
}

/**
 * Splits text into words as the shell-words crate does for hyperfine (`-N`, `--shell`): blanks
 * separate, `'…'` is literal, `"…"` takes `\` before `$`, `` ` ``, `"` and `\`, `\` outside quotes
 * takes the next character, `#` starting a word begins a comment; no expansion of any kind.
 * Undefined for an unclosed quote. @internal
 */
export function shellWords(text: string): string[] | undefined {
  const words: string[] = [];
  let word: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (word !== undefined) words.push(word);
      word = undefined;
    } else if (c === '#' && word === undefined) {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '\\') {
      const next = text[++i];
      if (next === undefined) word = (word ?? '') + '\\';
      else if (next !== '\n') word = (word ?? '') + next;
    } else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return undefined;
      word = (word ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (c === '"') {
      word ??= '';
      for (i++; ; i++) {
        const d = text[i];
        if (d === undefined) return undefined;
        if (d === '"') break;
        if (d === '\\' && text[i + 1] !== undefined && '$`"\\\n'.includes(text[i + 1]!)) {
          if (text[++i] !== '\n') word += text[i];
        } else word += d;
      }
    } else word = (word ?? '') + c;
  }
  if (word !== undefined) words.push(word);
  return words;
}

/** The most commands parameters may make of one command line before hyperfine's words are taken as unknown. */
const MAX_VARIANTS = 64;

/** The values of a `-P VAR MIN MAX [-D STEP]` scan, or undefined when they cannot be listed. */
function scanValues(min: string, max: string, step: string | undefined): string[] | undefined {
  const places = Math.max(...[min, max, step ?? '1'].map((v) => (v.includes('.') ? v.length - v.indexOf('.') - 1 : 0)));
  const scale = 10 ** places;
  const [lo, hi, by] = [min, max, step ?? '1'].map((v) => Math.round(Number(v) * scale));
  if (![lo, hi, by].every((v) => Number.isFinite(v)) || by! <= 0 || hi! < lo! || (hi! - lo!) / by! >= MAX_VARIANTS) return undefined;
  const out: string[] = [];
  for (let v = lo!; v <= hi!; v += by!) out.push((v / scale).toFixed(places));
  return out;
}

/** `-L`'s values: split at commas, `\,` and `\\` escaped (hyperfine's parameter tokenizer). */
function listValues(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\' && (text[i + 1] === ',' || text[i + 1] === '\\')) cur += text[++i];
    else if (c === ',') {
      out.push(cur);
      cur = '';
    } else cur += c;
  }
  out.push(cur);
  return out;
}

/** The command lines it runs, each with its parameters put in, or why they cannot be listed. */
function commandLines(options: readonly Given[], commands: readonly Command[]): string[] | string {
  const parameters: { name: string; values: string[] }[] = [];
  const step = options.find((o) => o.name === 'parameter-step-size')?.values[0]?.text;
  for (const o of options) {
    if (o.value === 'list') parameters.push({ name: o.values[0]!.text, values: listValues(o.values[1]!.text) });
    if (o.value === 'scan') {
      const values = scanValues(o.values[1]!.text, o.values[2]!.text, step);
      if (values === undefined)
        return `hyperfine's --parameter-scan ${o.values.map((v) => v.text).join(' ')} makes more commands than toolgate lists`;
      parameters.push({ name: o.values[0]!.text, values });
    }
  }
  const all = [...commands.map((c) => c.text), ...options.filter((o) => o.value === 'command').map((o) => o.values[0]!.text)];
  let lines = all;
  for (const p of parameters) {
    const token = `{${p.name}}`;
    lines = lines.flatMap((line) => (line.includes(token) ? p.values.map((v) => line.split(token).join(v)) : [line]));
    if (lines.length > MAX_VARIANTS * all.length) return `hyperfine's parameters make more commands than toolgate lists`;
  }
  return lines;
}

/** What a command line is run as: by a shell toolgate reads (`sh`, `bash`, `zsh`), by another program's `-c`, or split into words (`-N`). */
function runAs(line: string, shell: readonly string[] | 'none'): Unwrapped {
  if (shell === 'none') {
    const words = shellWords(line);
    if (words === undefined) return { kind: 'unknown', reason: `hyperfine -N cannot split ${line} into words` };
    if (words.length === 0) return { kind: 'text', script: '', what: 'hyperfine' };
    return { kind: 'text', script: words.map(quoteWord).join(' '), what: 'hyperfine -N' };
  }
  const dialect = shell.length === 1 ? modelledShellOfName(shell[0]!.slice(shell[0]!.lastIndexOf('/') + 1)) : undefined;
  // `sh -c -x`: a command line that begins with `-` is the shell's options.
  if (line.startsWith('-'))
    return { kind: 'unknown', reason: `hyperfine hands ${shell.join(' ')} -c the command ${line}, which it takes for options` };
  if (dialect !== undefined) return { kind: 'text', script: line, what: `${dialect} run by hyperfine` };
  return { kind: 'text', script: [...shell, '-c', line].map(quoteWord).join(' '), what: 'hyperfine --shell' };
}

/** The shell its commands run in: `sh`, the words of `-S`, or `none`; a string says why it cannot be told. */
function shellOf(options: readonly Given[]): readonly string[] | 'none' | string {
  const given = options.filter((o) => o.value === 'shell').map((o) => o.values[0]!.text);
  const none = options.some((o) => o.name === 'N');
  if (given.length > 1 || (none && given.length > 0)) return 'hyperfine is given its shell more than once';
  if (none || given[0] === 'none') return 'none';
  if (given[0] === undefined || given[0] === 'default') return ['sh'];
  const words = shellWords(given[0]);
  if (words === undefined || words.length === 0) return `hyperfine cannot split its --shell ${given[0]} into words`;
  return words;
}

/**
 * What it runs: each command line, with its parameters put in, run by its shell. A prefix rule
 * (`Bash(hyperfine *)`) covers hyperfine's own words; each command it runs is judged on its own.
 */
function unwrap(argv: readonly string[], literal: readonly boolean[]): WrapperInfo {
  const read = readHyperfine(argv);
  if (!read.ok) return refusedWrap(read.why);
  if (read.options.some((o) => o.name === 'help' || o.name === 'version')) return wrapInfo([], false, false);
  const code = new Set([
    ...read.commands.map((c) => c.index),
    ...read.options.filter((o) => ['command', 'shell', 'list', 'scan'].includes(o.value)).flatMap((o) => o.values.map((v) => v.index)),
  ]);
  const hidden = [...code].find((k) => literal[k] === false);
  if (hidden !== undefined)
    return wrapInfo(
      [{ kind: 'unknown', reason: `hyperfine runs a command that is not literal: ${argv[hidden]!}`, unseen: true }],
      false,
      false,
    );
  const shell = shellOf(read.options);
  if (typeof shell === 'string' && shell !== 'none') return refusedWrap(shell);
  const lines = commandLines(read.options, read.commands);
  if (typeof lines === 'string') return refusedWrap(lines);
  return wrapInfo(
    lines.map((line) => runAs(line, shell as readonly string[] | 'none')),
    false,
    false,
  );
}

/** The files it writes (`--export-*`, an `--output` file) and reads (an `--input` file). */
function files(_name: string, argv: readonly string[]): FileOperands {
  const read = readHyperfine(argv);
  if (!read.ok) return { files: [], unresolved: [], modelled: false };
  const out: FileOperand[] = [];
  for (const o of read.options) {
    const v = o.values[0];
    if (v === undefined) continue;
    const op =
      o.value === 'write' || (o.value === 'output' && !['null', 'pipe', 'inherit'].includes(v.text))
        ? 'write'
        : o.value === 'input' && v.text !== 'null'
          ? 'read'
          : undefined;
    if (op !== undefined) out.push(v.attached ? { op, index: v.index, value: v.text } : { op, index: v.index });
  }
  return { files: out, unresolved: [] };
}

/** The hyperfine model. @internal */
export const hyperfine = defineProgram({
  names: ['hyperfine'],
  summary: 'hyperfine: benchmark command lines, run by a shell',
  sources: ['hyperfine 1.15.0 --help (Debian 12), its src/cli.rs of later releases; runs checked against hyperfine 1.15.0'],
  files,
  touchesFilesAsWrapper: true,
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  examples: [
    { command: "hyperfine 'cat a.txt'", effects: ['read ./a.txt'], why: 'the operand is a command line, run by sh' },
    {
      command: "hyperfine -r 1 true 'rm a.txt'",
      effects: ['remove ./a.txt'],
      why: 'every operand is run, not only the first',
    },
    { command: "hyperfine --prepare='rm a.txt' true", effects: ['remove ./a.txt'], why: '--prepare=VALUE is a command too' },
    {
      command: "hyperfine -L f a.txt,b.txt 'rm {f}'",
      effects: ['remove ./a.txt', 'remove ./b.txt'],
      why: '-L puts each value in place of {f}',
    },
    { command: 'hyperfine --export-json r.json true', effects: ['write ./r.json'] },
    { command: 'hyperfine -N \'rm "a.txt"\'', effects: ['remove ./a.txt'], why: '-N splits the command line into words and runs them' },
  ],
});
