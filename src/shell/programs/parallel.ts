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

/**
 * What GNU `parallel` runs. Its option list is long and changes between releases, so toolgate
 * does not parse it: every word before the first `:::` that does not start with `-` may start
 * the command, and each such command is read with each argument (an over-approximation, safe
 * for deny rules). Commands from standard input or `::::` files cannot be seen.
 */
function unwrap(argv: readonly string[]): WrapperInfo {
  const sep = argv.findIndex((w, k) => k > 0 && SEPARATORS.has(w));
  const end = sep < 0 ? argv.length : sep;
  const args: string[] = [];
  let fromFiles = false;
  for (let k = end, list = ''; k < argv.length; k++) {
    if (SEPARATORS.has(argv[k]!)) list = argv[k]!;
    else if (list.startsWith('::::')) fromFiles = true;
    else args.push(argv[k]!);
  }
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
  const sep = argv.findIndex((w, k) => k > 0 && (w === ':::' || w === ':::+'));
  if (sep < 0) return true;
  return argv.some((w, k) => k > 0 && (w.startsWith('::::') || (k < sep && /^-(?:a|-a)/.test(w))));
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
  ],
});
