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
  return { inner: [{ kind: 'argv', start, end: argv.length }], transparent: parsed.options.length === 0, exactOnly: false, input };
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
