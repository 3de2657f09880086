/**
 * `xargs [opts] COMMAND…`: runs a command completed from input (every findutils 4.9 option;
 * input words appended, or put in place of `-I R`); `-a FILE` reads the input from a file.
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import { optionFile, pushOpt, type FileOperand, type FileOperands } from '../options/file-operands.js';
import type { ReadOnlyEntry } from './read-only-types.js';
import type { RunTimeInput } from '../types.js';
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';
import { readBy } from './parse.js';
import { CC_CLI } from './sources.js';

/** findutils 4.9 xargs (`xargs --help`, `xargs.c`). @internal */
export const XARGS_OPTIONS: GnuOptionSpec = {
  short: '+0a:E:e::I:i::l::L:n:oprs:txP:d:',
  long: {
    null: 'none',
    'arg-file': 'required',
    delimiter: 'required',
    eof: 'optional',
    replace: 'optional',
    'max-lines': 'optional',
    'max-args': 'required',
    'max-procs': 'required',
    'max-chars': 'required',
    interactive: 'none',
    'no-run-if-empty': 'none',
    'open-tty': 'none',
    'process-slot-var': 'required',
    'show-limits': 'none',
    verbose: 'none',
    exit: 'none',
    help: 'none',
    version: 'none',
  },
};

/** What `xargs` runs, and how input completes it. */
function unwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, XARGS_OPTIONS);
  if (!parsed.ok)
    return { inner: [{ kind: 'unknown', reason: `xargs: ${describeGnuProblem(parsed)}` }], transparent: false, exactOnly: false };
  const start = parsed.operands[0]?.index;
  if (start === undefined) return { inner: [], transparent: false, exactOnly: false };
  let placeholder: string | undefined;
  for (const o of parsed.options) {
    if (o.name === 'I') placeholder = o.value ?? '';
    else if (o.name === 'i' || o.name === 'replace') placeholder = o.value || '{}';
  }
  const input: RunTimeInput = placeholder === undefined ? { appended: true, via: 'xargs' } : { appended: false, placeholder, via: 'xargs' };
  // Its command's input is /dev/null unless `-a FILE` gives the words (findutils 4.9 xargs(1)).
  const fromFile = parsed.options.some((o) => o.name === 'a' || o.name === 'arg-file');
  return {
    inner: [{ kind: 'argv', start, end: argv.length }],
    transparent: parsed.options.length === 0,
    exactOnly: false,
    input,
    ...(fromFile ? {} : { closesInput: true as const, batches: (text: string) => xargsBatches(argv.slice(0, start), text) }),
  };
}

/** Input items split at blanks and newlines, with GNU xargs's quotes and backslash, or undefined for a quote left open. */
function blankItems(text: string): string[] | undefined {
  const out: string[] = [];
  let item: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === ' ' || c === '\t' || c === '\n') {
      if (item !== undefined) out.push(item);
      item = undefined;
    } else if (c === "'" || c === '"') {
      const end = text.indexOf(c, i + 1);
      if (end < 0 || text.slice(i + 1, end).includes('\n')) return undefined;
      item = (item ?? '') + text.slice(i + 1, end);
      i = end;
    } else if (c === '\\' && i + 1 < text.length) item = (item ?? '') + text[++i]!;
    else item = (item ?? '') + c;
  }
  if (item !== undefined) out.push(item);
  return out;
}

/** The character a `-d` value names (`\n`, `\t`, `\0`, one character), or undefined. */
function delimiter(value: string): string | undefined {
  const escaped: Record<string, string> = { '\\n': '\n', '\\t': '\t', '\\0': '\0', '\\\\': '\\' };
  return escaped[value] ?? (value.length === 1 ? value : undefined);
}

/**
 * The words each command xargs starts appends, given the text on its input (findutils 4.9: items
 * split at blanks with quotes, at NUL with `-0`, at the `-d` character; `-n N` per command, all in
 * one command otherwise), or undefined when toolgate does not work them out (`-a FILE`, `-I`,
 * `-L`, `-E`, a quote left open). `echo 'cp a b' | xargs -0 sh -c` hands sh the whole text, its
 * newline too, as its script (red team 25's replay, RP25-S2).
 */
export function xargsBatches(argv: readonly string[], text: string): string[][] | undefined {
  const parsed = parseGnuOptions(argv, XARGS_OPTIONS);
  if (!parsed.ok) return undefined;
  let split: (t: string) => string[] | undefined = blankItems;
  let per: number | undefined;
  for (const o of parsed.options) {
    if (o.name === '0' || o.name === 'null') split = (t) => t.split('\0').filter((x, k, all) => k < all.length - 1 || x !== '');
    else if (o.name === 'd' || o.name === 'delimiter') {
      const d = delimiter(o.value ?? '');
      if (d === undefined) return undefined;
      split = (t) => t.split(d).filter((x, k, all) => k < all.length - 1 || x !== '');
    } else if (o.name === 'n' || o.name === 'max-args') {
      per = /^[1-9][0-9]*$/.test(o.value ?? '') ? Number(o.value) : undefined;
      if (per === undefined) return undefined;
    } else if (!['r', 'no-run-if-empty', 't', 'verbose', 'P', 'max-procs', 'x', 'exit', 'o', 'open-tty', 'p', 'interactive', 's', 'max-chars', 'process-slot-var'].includes(o.name))
      return undefined;
  }
  const items = split(text);
  if (items === undefined || items.length === 0) return undefined;
  if (per === undefined) return [items];
  const out: string[][] = [];
  for (let k = 0; k < items.length; k += per) out.push(items.slice(k, k + per));
  return out;
}

/**
 * The files xargs itself reads: `-a FILE`/`--arg-file=FILE`, its input. Its other options' values
 * (`-E EOF`, `-i{}`, `-I R`, `-d`) name no file. Only xargs's own options are read: the words from
 * the command on are the command's (judged as a command of their own).
 */
function files(argv: readonly string[]): FileOperands {
  return readBy(argv, XARGS_OPTIONS, (words) => {
    const out: FileOperand[] = [];
    for (const o of words.options) if (o.name === '-a' || o.name === '--arg-file') pushOpt(out, optionFile(o, 'read', argv));
    return { files: out, unresolved: [] };
  });
}

/** Claude Code's read-only entry: its own options known safe; the command it runs is judged on its own (its readOnlyCheck). */
const claudeCode: ReadOnlyEntry = {
  source: `${CC_CLI}; GNU findutils 4.9 xargs(1) (-I/-i/-n/-L/-a/-p/-o not listed; the command it runs must print no file contents)`,
  short: '+0rtd:P:x',
  long: 'null no-run-if-empty verbose delimiter= max-procs= exit help version',
  otherLong: 'arg-file eof replace max-lines max-args open-tty interactive process-slot-var max-chars show-limits',
  operands: 'text',
  globs: false,
  check: 'xargs',
};

/** The xargs model. @internal */
export const xargs = defineProgram({
  names: ['xargs'],
  summary: 'xargs: run a command with words read from input',
  sources: ['GNU findutils 4.9 xargs(1)', CC_CLI],
  grammar: XARGS_OPTIONS,
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  // `-a`/`--arg-file FILE`: the input read from a file.
  files: (_name, argv) => files(argv),
  touchesFilesAsWrapper: true,
  handsOnInput: true,
  readOnly: { claudeCode: { xargs: claudeCode } },
  // Its own options known safe; the command it runs is judged on its own.
  readOnlyCheck: {
    claudeCodeAfterOptions: (_name, _argv, operands) =>
      operands.length === 0
        ? { readOnly: false, reason: 'xargs without a command runs echo on names toolgate cannot see' }
        : { readOnly: true },
  },
  examples: [
    {
      command: 'xargs -a list.txt rm',
      effects: ['read ./list.txt', 'remove .'],
      readOnly: false,
      why: 'the names rm removes come from list.txt, which toolgate does not read: a removal where it works of names that may be any path',
    },
    { command: 'xargs -0 wc -l', readOnly: true },
    { command: 'xargs -I{} cat {}', readOnly: false, why: '-I is not among the options known safe' },
    { command: 'xargs -E END -a list.txt echo', effects: ['read ./list.txt'], why: "-E's value is the end-of-input word, no file" },
    { command: 'xargs -iX echo X', effects: [], why: "-i's attached value is the placeholder (X), no file" },
  ],
});
