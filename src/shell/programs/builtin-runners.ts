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
import { DIRECTORY_BUILTINS } from './cd.js';
import { optionScript, refusedWrap, wrapInfo } from './wrapper-info.js';
import { variableStateChange } from '../syntax/variables.js';

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
  // Any signal may come at any later point (`kill -USR1 $$`, `sh -c 'kill -USR1 $PPID'`, another
  // process): the action runs in this shell then, so what it leaves changed holds after the trap.
  // The exit's action runs after every later command.
  const here = argv.slice(i + 1).some((s) => !/^((SIG)?EXIT|0)$/i.test(s));
  return wrapInfo([here ? { kind: 'script', index: i, here } : { kind: 'script', index: i }]);
}

/**
 * Why the trap's action may change what later commands do, or undefined: an action for DEBUG
 * (before each command), ERR or zsh's ZERR (after a failure) or RETURN (after a function or a
 * sourced file) runs in this shell between later commands in their normal course, so what it sets
 * is set for them (`trap 'PATH=0' DEBUG; ls` ran the project's 0/ls in bash 5.2 and zsh 5.9, as
 * did ERR and ZERR). A signal's action runs only when the signal comes: `trap 'rm -f $t' INT TERM`
 * stays as it is judged, and what such an action leaves changed holds after the trap (`trapUnwrap`'s
 * `here`: `trap 'PATH=0' USR1; kill -USR1 $$; ls` ran the project's 0/ls). The EXIT action runs
 * after every later command.
 */
function trapHides(argv: readonly string[]): string | undefined {
  const info = trapUnwrap(argv);
  const script = info.inner.find((u) => u.kind === 'script');
  if (script === undefined || script.kind !== 'script') return undefined;
  const during = argv.slice(script.index + 1).find((s) => /^(SIG)?(DEBUG|ERR|ZERR|RETURN)$/i.test(s));
  return during === undefined
    ? undefined
    : `the trap's action for ${during} runs between later commands in this shell: what it changes is not followed`;
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

/** A word zsh reads as an assignment where a command may start (`NAME=…`, `NAME[…]=…`, `NAME+=…`). */
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?\+?=/;

/**
 * The words `[start, end)` of the command line that begins at word `start`; with `braces`, zsh reads
 * a `{ … }` around it as a brace group run in this shell (`repeat 1 { PATH=0 }; ls` set PATH and
 * ran the project's 0/ls: replay 19 NEW-3), so the words inside are the command line. A word that
 * opens a group glued to it (`{ls}`, `{cd src }` ran ls and cd) or that may close one inside
 * (`{ echo a} }` is a parse error) is a group toolgate does not read: the reason, a string.
 */
function commandLine(argv: readonly string[], start: number, braces: boolean): { start: number; end: number } | string {
  let s = start;
  let e = argv.length;
  while (braces && argv[s] === '{' && e - 1 > s && argv[e - 1] === '}') {
    s++;
    e--;
  }
  const opened = s > start;
  const odd = braces ? argv.slice(s, e).find((w, k) => (k === 0 && w.startsWith('{')) || (opened && w.endsWith('}'))) : undefined;
  if (odd !== undefined) return `${argv[0]}: zsh reads a brace group at ${odd}, which toolgate does not analyse`;
  return { start: s, end: e };
}

/**
 * zsh parses the command after `repeat COUNT` and `nocorrect` as a command line of this shell, so
 * leading `NAME=VALUE` words are assignments here (`repeat 1 PATH=0; ls` ran the project's 0/ls:
 * red team 19 R19-6), or the environment of the command after them, which is looked up along the
 * new PATH (`repeat 1 PATH=0 ls`). Only assignments: nothing runs, the state facet reads them;
 * assignments and a command: what runs is not read (refused), `start` the first word of it.
 * `braces`: a brace group may stand there (`repeat`'s body, see `commandLine`).
 */
function shellCommandUnwrap(start: number, transparent: boolean, braces = false) {
  return (argv: readonly string[]): WrapperInfo => {
    const line = commandLine(argv, start, braces);
    if (typeof line === 'string') return refusedWrap(line);
    let k = line.start;
    while (k < line.end && ASSIGNMENT.test(argv[k]!)) k++;
    if (k === line.start) return wrapInfo(line.end > line.start ? [{ kind: 'argv', start: line.start, end: line.end }] : [], transparent);
    if (k === line.end) return wrapInfo([]);
    return refusedWrap(
      `${argv[0]}: the assignment ${argv[line.start]} is made for the command after it in zsh, which toolgate does not read`,
    );
  };
}

/** Why the assignments at the start of the command line of `argv` from `start` (see `commandLine`) change later commands, or undefined. */
function leadingAssignments(
  argv: readonly string[],
  start: number,
  shells: Parameters<typeof operandsAssign>[1],
  braces = false,
): string | undefined {
  const line = commandLine(argv, start, braces);
  if (typeof line === 'string') return undefined;
  for (let k = line.start; k < line.end; k++) {
    const m = ASSIGNMENT.exec(argv[k]!);
    if (m === null) return undefined;
    const why = variableStateChange(m[1]!, false, shells);
    if (why !== undefined) return why;
  }
  return undefined;
}

/**
 * Why `repeat COUNT cd DIR` (zsh) leaves the directory unknown: the `cd` runs COUNT times, so
 * only a count of 0 or 1 says where it ends (`repeat 2 cd ..` climbs twice: red team 19 replay
 * NEW-8). A count of 0 or 1 is followed as a `cd` that may not run.
 */
function repeatedCd(argv: readonly string[]): string | undefined {
  // Any word of the command or group may be the cd (`repeat 2 { echo; cd .. }`): only more asks.
  const name = argv.slice(2).find((w) => DIRECTORY_BUILTINS.includes(w));
  if (name === undefined || /^[01]$/.test(argv[1] ?? '')) return undefined;
  return `repeat ${argv[1]} runs ${name} that many times in zsh, to a directory toolgate does not follow`;
}

/** A wrapper that runs its command in this shell, once (see `ProgramState.runsOnceHere`). */
const ONCE = (): boolean => true;

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
    state: { hides: (_name, cmd) => trapHides(cmd.argv), afterOwnCode: true },
    files: NO_FILES,
    examples: [
      { command: "trap 'rm a.txt' EXIT", effects: ['remove ./a.txt'], readOnly: false, why: 'the action is a script run on exit' },
      { command: "trap 'PATH=0' DEBUG; ls", hides: true, why: 'the action runs before ls, in this shell' },
      { command: "trap 'rm -f a.txt' EXIT; ls", hides: false, why: 'the action runs after every later command' },
      { command: "trap 'rm -f /tmp/x' INT TERM; ls", hides: false, why: 'a signal action runs only when the signal comes' },
      { command: "trap 'echo interrupted; exit 1' INT TERM; ls", hides: false, why: 'the action changes nothing later commands depend on' },
      {
        command: "trap 'PATH=0' USR1; kill -USR1 $$; ls",
        hides: true,
        why: 'the action runs in this shell whenever the signal comes (here before ls), so what it sets is set for later commands',
      },
      { command: "trap 'cd a b' INT; ls", hides: true, why: "zsh's two-directory cd in the action may run before ls" },
      { command: "trap 'PATH=0' EXIT; ls", hides: false, why: 'the exit action runs after every later command' },
      {
        command: "trap 'rm -f /tmp/x' DEBUG",
        effects: ['remove /tmp/x'],
        why: 'the action is judged as written: the change it may make holds only after it',
      },
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
    state: { runsOnceHere: ONCE },
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
    state: { runsOnceHere: ONCE },
    readOnly: { wrapper: { builtin: lookedThrough('bash builtin builtin', '+') } },
    examples: [
      { command: 'builtin cd sub && cat a.txt', effects: ['read ./sub', 'read ./sub/a.txt'] },
      {
        command: 'builtin cd sub; cat a.txt',
        effects: ['read ./sub', 'read ./sub/a.txt', 'read ./a.txt'],
        why: 'a cd that fails (sub may be no directory; dash has no builtin) leaves the shell where it was',
      },
    ],
  }),
  defineProgram({
    names: ['noglob'],
    summary: 'noglob (zsh): run a command without expanding its globs',
    sources: [ZSH],
    runs: 'seen',
    role: 'wrapper',
    unwrap: rest(true),
    state: { runsOnceHere: ONCE },
    readOnly: { wrapper: { noglob: lookedThrough('zsh precommand modifier', '+') } },
    examples: [{ command: 'noglob rm a.txt', effects: ['remove ./a.txt'], readOnly: false }],
  }),
  defineProgram({
    names: ['nocorrect'],
    summary: 'nocorrect (zsh): run a command without spelling correction',
    sources: [ZSH],
    runs: 'seen',
    role: 'wrapper',
    unwrap: shellCommandUnwrap(1, false),
    state: {
      hides: (name, cmd, shells) => (ownBuiltinOf(shells, name) === undefined ? undefined : leadingAssignments(cmd.argv, 1, shells)),
      runsOnceHere: ONCE,
    },
    examples: [
      { command: 'nocorrect rm a.txt', effects: ['remove ./a.txt'], readOnly: false },
      { command: 'nocorrect PATH=0; ls', hides: true, why: 'zsh makes the assignment in this shell' },
    ],
  }),
  defineProgram({
    names: ['repeat'],
    summary: 'repeat (zsh): run a command COUNT times',
    sources: ['zsh 5.9 zshmisc(1) Complex Commands (repeat word do list done; the short form repeat word sublist)'],
    runs: 'seen',
    role: 'wrapper',
    unwrap: shellCommandUnwrap(2, false, true),
    // The count is arithmetic: `repeat PATH=0 true` sets PATH, `repeat 'a[$(cmd)]' true` runs cmd.
    arithmeticSubscripts: true,
    state: {
      hides: (name, cmd, shells) =>
        ownBuiltinOf(shells, name) === undefined
          ? undefined
          : (operandsAssign(cmd.argv.slice(1, 2), shells) ?? leadingAssignments(cmd.argv, 2, shells, true) ?? repeatedCd(cmd.argv)),
      runsOnceHere: (argv) => argv[1] === '1',
    },
    examples: [
      { command: 'repeat 3 rm a.txt', effects: ['remove ./a.txt'], readOnly: false },
      { command: 'repeat PATH=0 true; ls', hides: true, why: 'zsh evaluates the count as arithmetic, which sets PATH' },
      { command: 'repeat 3 echo hi; ls', hides: false },
      {
        command: 'repeat 1 PATH=0; ls',
        hides: true,
        why: 'the command after the count is a command line of zsh: PATH=0 is an assignment here (red team 19 R19-6)',
      },
      { command: 'repeat 1 x=1; ls', hides: false, why: 'x is no variable later commands resolve by' },
      { command: 'repeat 1 { PATH=0 }; ls', hides: true, why: 'zsh reads the braces as a group run in this shell (replay 19 NEW-3)' },
      { command: 'repeat 1 { export PATH=0 }; ls', hides: true, why: 'export in the group sets PATH here' },
      { command: 'repeat 3 { echo hi }; ls', hides: false },
      { command: 'repeat 1 { rm a.txt }', effects: ['remove ./a.txt'], readOnly: false, why: 'the group runs rm' },
      {
        command: 'repeat 1 { cd sub }; cat a.txt',
        effects: ['read ./sub', 'read ./sub/a.txt', 'read ./a.txt'],
        why: 'the group runs cd in this shell, unless sub is no directory (or the shell is bash, which has no repeat)',
      },
      { command: 'repeat 2 cd ..; cat proj/.env', hides: true, why: 'zsh climbs twice (red team 19 replay NEW-8)' },
      { command: 'repeat 2 { cd .. }; cat proj/.env', hides: true, why: 'the group climbs twice too' },
      {
        command: 'repeat 0 cd ..; cat .env',
        effects: ['read /home/user', 'read ./.env', 'read /home/user/.env'],
        why: 'zsh does not run the cd, and bash has no repeat: the .env read is in either directory',
      },
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
