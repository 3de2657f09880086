/**
 * GNU `parallel [opts] [COMMAND…] ::: ARGS…`: the command words joined and run by a shell with
 * each argument put in place of `{}` or appended; with no command, each argument is a command.
 */
import type { Unwrapped, WrapperInfo } from './wrapper-types.js';
import { defineProgram } from './model.js';

/** Words that start parallel's argument lists. */
const SEPARATORS = new Set([':::', ':::+', '::::', '::::+']);
/** parallel's replacement strings (`{}`, `{.}`, `{/}`, `{//}`, `{/.}`, `{#}`, `{%}`, `{3}`, `{= perl =}`, …). */
const REPLACEMENT = /\{[^{}]*\}/g;
/** Most command starts and arguments spelled out for one parallel command. */
const MAX_PARALLEL_TEXTS = 64;

/** A parallel command's words, split at its argument lists: every facet reads them so. */
interface ParallelWords {
  /** The index of the first separator (`argv.length` when there is none): options and command before it. */
  readonly end: number;
  /** The arguments its `:::` lists give, in order. */
  readonly args: readonly string[];
  /** It has a `:::` (or `:::+`) list. */
  readonly hasArgumentList: boolean;
  /** It has a `::::` (or `::::+`) list: arguments read from files toolgate does not read. */
  readonly fromFiles: boolean;
  /** A word before the lists spelled like `-a`/`--arg-file` (over-approximated: `-a…`, `--a…`): arguments from a file. */
  readonly argFileOption: boolean;
}

/**
 * Reads a parallel command's words into its part before the lists and its argument lists. Its
 * option list is long and changes between releases, so toolgate does not parse the options.
 */
function parallelWords(argv: readonly string[]): ParallelWords {
  const sep = argv.findIndex((w, k) => k > 0 && SEPARATORS.has(w));
  const end = sep < 0 ? argv.length : sep;
  const args: string[] = [];
  let fromFiles = false;
  let hasArgumentList = false;
  for (let k = end, list = ''; k < argv.length; k++) {
    if (SEPARATORS.has(argv[k]!)) {
      list = argv[k]!;
      if (list.startsWith('::::')) fromFiles = true;
      else hasArgumentList = true;
    } else if (list.startsWith('::::')) fromFiles = true;
    else args.push(argv[k]!);
  }
  const argFileOption = argv.slice(1, end).some((w) => /^-(?:a|-a)/.test(w));
  return { end, args, hasArgumentList, fromFiles, argFileOption };
}

/**
 * What GNU `parallel` runs: every word before the first list that does not start with `-` may
 * start the command, and each such command is read with each argument (an over-approximation,
 * safe for deny rules). Commands from standard input or `::::` files cannot be seen.
 */
function unwrap(argv: readonly string[]): WrapperInfo {
  const { end, args, fromFiles } = parallelWords(argv);
  const sep = end < argv.length ? end : -1;
  const starts: number[] = [];
  for (let k = 1; k < end; k++) if (!argv[k]!.startsWith('-')) starts.push(k);
  const inner: Unwrapped[] = [];
  const texts = new Set<string>();
  const withArg = (command: string, arg: string) =>
    /\{[^{}]*\}/.test(command) ? command.replace(REPLACEMENT, () => arg) : `${command} ${arg}`;
  for (const k of starts) {
    const command = argv.slice(k, end).join(' ');
    if (args.length === 0) texts.add(command.replace(REPLACEMENT, ''));
    for (const arg of args) texts.add(withArg(command, arg));
  }
  if (starts.length === 0) {
    for (const arg of args) texts.add(arg);
    if (args.length === 0 || fromFiles || sep < 0)
      inner.push({ kind: 'opaque', reason: 'parallel runs commands from its input or argument files, which toolgate cannot see' });
  } else if (sep < 0 || fromFiles) inner.push({ kind: 'opaque', reason: 'parallel completes its command from input toolgate cannot see' });
  if (texts.size > MAX_PARALLEL_TEXTS)
    return {
      inner: [{ kind: 'unknown', reason: `parallel with more than ${MAX_PARALLEL_TEXTS} commands to read` }],
      transparent: false,
      exactOnly: false,
    };
  for (const script of texts) if (script.trim() !== '') inner.push({ kind: 'text', script, what: 'parallel' });
  return { inner, transparent: false, exactOnly: false };
}

/**
 * Whether parallel completes its command with arguments toolgate cannot see: from standard input
 * (no `:::` list), from `::::` files or from `-a`/`--arg-file` (over-approximated: any word
 * before the list spelled like one), so `pwd | parallel rm -rf` may remove any directory.
 */
function readsArgumentsUnseen(argv: readonly string[]): boolean {
  const words = parallelWords(argv);
  return !words.hasArgumentList || words.fromFiles || words.argFileOption;
}

/** The parallel model. @internal */
export const parallel = defineProgram({
  names: ['parallel'],
  summary: 'parallel (GNU): run commands in parallel, completed from arguments or input',
  sources: ['GNU parallel 20221122 parallel(1)'],
  runs: 'seen',
  role: 'wrapper',
  unwrap,
  handsOnInput: readsArgumentsUnseen,
  examples: [
    {
      command: 'parallel rm ::: a.txt b.txt',
      effects: ['remove ./a.txt', 'remove ./b.txt'],
      readOnly: false,
      why: 'each argument is put after the command',
    },
    {
      command: 'parallel -j2 gzip {} ::: a b',
      effects: ['read ./a', 'remove ./a', 'write ./a.gz', 'read ./b', 'remove ./b', 'write ./b.gz'],
      why: 'the options and the command come before the first list',
    },
  ],
});
