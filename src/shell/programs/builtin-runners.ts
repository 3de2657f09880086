/**
 * Shell builtins (and zsh precommand modifiers) that run code: `trap ACTION SIGNAL…` runs ACTION
 * when the signal comes (or on EXIT), `mapfile`/`readarray -C CALLBACK` runs CALLBACK every `-c`
 * lines, and `command`, `builtin`, `noglob`, `nocorrect`, `coproc` run the command in their
 * remaining words, zsh's `repeat COUNT` the command after its count. Behaviour: bash(1) "SHELL BUILTIN COMMANDS", zsh 5.9 zshmisc(1) "Precommand
 * Modifiers".
 */
import { describeGnuProblem, parseGnuOptions, type GnuOptionSpec } from '../options/gnu-options.js';
import type { ReadOnlyEntry } from './read-only-types.js';
import type { WrapperInfo } from './wrapper-types.js';
import { defineProgram, type ProgramModel } from './model.js';
import { variablesSetBy } from './variable-setters.js';
import { ownBuiltinOf } from './builtins.js';
import { operandsAssign } from './shell-builtins.js';
import { optionScript, refusedWrap, wrapInfo } from './wrapper-info.js';

const BASH = (builtin: string): string => `GNU bash 5.2 bash(1) SHELL BUILTIN COMMANDS (${builtin})`;
const ZSH = 'zsh 5.9 zshmisc(1) Precommand Modifiers';
const NO_FILES = () => ({ files: [], unresolved: [] });

/** `trap [-lpP] [[ACTION] SIGNAL…]`: ACTION is a script, unless it is `-`, empty or a signal number (then every word is a signal). */
function trapUnwrap(argv: readonly string[]): WrapperInfo {
  let i = 1;
  for (; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      i++;
      break;
    }
    if (!/^-[lpP]+$/.test(a)) break;
    return wrapInfo([]);
  }
  if (argv.length - i < 2) return wrapInfo([]);
  const action = argv[i]!;
  if (action === '-' || action === '' || /^\d+$/.test(action)) return wrapInfo([]);
  return wrapInfo([{ kind: 'script', index: i }]);
}

/**
 * A bash builtin's grammar: its letters (`internal_getopt`, which stops at the first operand) and
 * `--help`, spelt out in full.
 */
const builtin = (letters: string): GnuOptionSpec => ({ short: `+${letters}`, long: { help: 'none' }, abbreviations: false });

/** bash 5.2 `help mapfile`: `mapfile [-d delim] [-n count] [-O origin] [-s count] [-t] [-u fd] [-C callback] [-c quantum] [array]`. */
const MAPFILE = builtin('d:n:O:s:tu:C:c:');

/** bash 5.2 `help command`: `command [-pVv] command [arg ...]`. */
const COMMAND = builtin('pVv');

/** `mapfile … -C CALLBACK …`: CALLBACK is a script (the last `-C` wins). */
function mapfileUnwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, MAPFILE);
  if (!parsed.ok) return refusedWrap(`${argv[0]}: ${describeGnuProblem(parsed)}`);
  const callback = parsed.options.filter((o) => o.name === 'C').pop();
  return wrapInfo(callback ? [optionScript(argv, callback)] : []);
}

/** The remaining words from the first, run as a command; `transparent` when Claude Code looks through it for allow rules. */
const rest =
  (transparent: boolean) =>
  (argv: readonly string[]): WrapperInfo =>
    wrapInfo(argv.length > 1 ? [{ kind: 'argv', start: 1, end: argv.length }] : [], transparent);

/** `command [-pVv] COMMAND…`: `-v`/`-V` only describe the command. */
function commandUnwrap(argv: readonly string[]): WrapperInfo {
  const parsed = parseGnuOptions(argv, COMMAND);
  if (!parsed.ok) return refusedWrap(`command: ${describeGnuProblem(parsed)}`);
  if (parsed.options.some((o) => o.name === 'v' || o.name === 'V')) return wrapInfo([]);
  const start = parsed.operands[0]?.index;
  return wrapInfo(start === undefined ? [] : [{ kind: 'argv', start, end: argv.length }], true);
}

/** A wrapper Claude Code looks through, with no option of its own known harmful. */
const lookedThrough = (source: string, short: string): ReadOnlyEntry => ({ source, short, long: '', operands: 'text', globs: false });

/** The models. @internal */
export const BUILTIN_RUNNER_MODELS: readonly ProgramModel[] = [
  defineProgram({
    names: ['trap'],
    summary: 'trap: run an action when the shell gets a signal or exits',
    sources: [BASH('trap')],
    runs: 'seen',
    unwrap: trapUnwrap,
    files: NO_FILES,
    examples: [
      { command: "trap 'rm a.txt' EXIT", effects: ['remove ./a.txt'], readOnly: false, why: 'the action is a script run on exit' },
    ],
  }),
  defineProgram({
    names: ['mapfile', 'readarray'],
    summary: 'mapfile, readarray: read lines of input into an array (running a callback every few lines)',
    sources: [BASH('mapfile')],
    runs: 'seen',
    unwrap: mapfileUnwrap,
    arithmeticSubscripts: true,
    variables: 'names',
    state: { hides: (name, cmd, shells) => variablesSetBy(name, cmd.argv.slice(1), { valued: 'dnOsuCc' }, shells) },
    examples: [
      { command: "mapfile -C 'rm a.txt' -c 1 lines", effects: ['remove ./a.txt'], readOnly: false, why: '-C takes a script' },
      { command: 'readarray -t PATH && ls', hides: true, why: 'it sets PATH, which later commands are looked up along' },
    ],
  }),
  defineProgram({
    names: ['command'],
    summary: 'command: run a command, bypassing shell functions (or describe it with -v)',
    sources: [BASH('command')],
    runs: 'seen',
    role: 'wrapper',
    unwrap: commandUnwrap,
    readOnly: { wrapper: { command: lookedThrough('bash builtin command', '+p') } },
    examples: [{ command: 'command rm a.txt', effects: ['remove ./a.txt'], readOnly: false }],
  }),
  defineProgram({
    names: ['builtin'],
    summary: 'builtin: run a shell builtin, bypassing functions of that name',
    sources: [BASH('builtin')],
    runs: 'seen',
    role: 'wrapper',
    unwrap: rest(true),
    readOnly: { wrapper: { builtin: lookedThrough('bash builtin builtin', '+') } },
    examples: [{ command: 'builtin cd sub && cat a.txt', effects: ['read ./sub', 'read ./sub/a.txt'] }],
  }),
  defineProgram({
    names: ['noglob'],
    summary: 'noglob (zsh): run a command without expanding its globs',
    sources: [ZSH],
    runs: 'seen',
    role: 'wrapper',
    unwrap: rest(true),
    readOnly: { wrapper: { noglob: lookedThrough('zsh precommand modifier', '+') } },
    examples: [{ command: 'noglob rm a.txt', effects: ['remove ./a.txt'], readOnly: false }],
  }),
  defineProgram({
    names: ['nocorrect'],
    summary: 'nocorrect (zsh): run a command without spelling correction',
    sources: [ZSH],
    runs: 'seen',
    role: 'wrapper',
    unwrap: rest(false),
    examples: [{ command: 'nocorrect rm a.txt', effects: ['remove ./a.txt'], readOnly: false }],
  }),
  defineProgram({
    names: ['repeat'],
    summary: 'repeat (zsh): run a command COUNT times',
    sources: ['zsh 5.9 zshmisc(1) Complex Commands (repeat word do list done; the short form repeat word sublist)'],
    runs: 'seen',
    role: 'wrapper',
    unwrap: (argv) => wrapInfo(argv.length > 2 ? [{ kind: 'argv', start: 2, end: argv.length }] : []),
    // The count is arithmetic: `repeat PATH=0 true` sets PATH, `repeat 'a[$(cmd)]' true` runs cmd.
    arithmeticSubscripts: true,
    state: {
      hides: (name, cmd, shells) => (ownBuiltinOf(shells, name) === undefined ? undefined : operandsAssign(cmd.argv.slice(1, 2), shells)),
    },
    examples: [
      { command: 'repeat 3 rm a.txt', effects: ['remove ./a.txt'], readOnly: false },
      { command: 'repeat PATH=0 true; ls', hides: true, why: 'zsh evaluates the count as arithmetic, which sets PATH' },
      { command: 'repeat 3 echo hi; ls', hides: false },
    ],
  }),
  defineProgram({
    names: ['coproc'],
    summary: 'coproc: run a command as a coprocess',
    sources: [BASH('coproc')],
    runs: 'seen',
    role: 'wrapper',
    unwrap: rest(false),
    examples: [{ command: 'coproc rm a.txt', effects: ['remove ./a.txt'], readOnly: false }],
  }),
];
