/**
 * Shell builtins that open no file and run no other program: they print text, leave the shell or a
 * loop, manage jobs and limits, or set variables and options for the commands after them (which
 * they say in their state facet). Behaviour: GNU bash 5.2 bash(1) "SHELL BUILTIN COMMANDS";
 * zsh 5.9 zshbuiltins(1).
 */
import type { ReadOnlyEntry, ReadOnlySpec } from './read-only-types.js';
import type { ShellModel } from '../shells/index.js';
import type { ReadOnlyVerdict, SimpleCommand } from '../types.js';
import type { GnuOptionSpec } from '../options/gnu-options.js';
import { variableStateChange } from '../syntax/variables.js';
import { arithmeticAssigns } from '../syntax/arithmetic.js';
import { defineProgram, type ProgramExample, type ProgramModel, type ProgramState } from './model.js';
import { CC_CLI, CC_DOCS } from './sources.js';
import { variablesSetBy, type VariableSetter } from './variable-setters.js';

const BASH = (builtin: string): string => `GNU bash 5.2 bash(1) SHELL BUILTIN COMMANDS (${builtin})`;
const NO_FILES = () => ({ files: [], unresolved: [] });

/** What a builtin's model says besides its name, its source and that it opens no file and runs nothing. */
interface BuiltinFacts {
  readonly summary: string;
  /** It evaluates array subscripts in its words arithmetically (`shift 'a[$(cmd)]'`). */
  readonly arithmetic?: boolean;
  /** Its words (or option values: `printf -v`, `wait -p`) name variables. */
  readonly variables?: boolean;
  /** Which of its words name variables (see `ProgramModel.variableWords`); a setter's state facet reads them too. */
  readonly variableWords?: VariableSetter;
  /** It sets the variables its `variableWords` name, which may change later commands. */
  readonly setsNames?: boolean;
  /** It only passes its words on as data (see `ProgramModel.passesOnData`). */
  readonly passesOnData?: boolean;
  /** Its options, where a word it gets from input may be one (`xargs printf`: the external printf's). */
  readonly grammar?: GnuOptionSpec;
  readonly state?: ProgramState;
  readonly claudeCode?: ReadOnlyEntry;
  /** Variables whose prefix only changes how it splits its input (see `ProgramModel.splittingVariables`). */
  readonly splittingVariables?: readonly string[];
  /** Claude Code's check of its words as written, past its entry (see `ProgramModel.readOnlyCheck`). */
  readonly claudeCodeCheck?: (name: string, argv: readonly string[]) => ReadOnlyVerdict;
  readonly robota?: ReadOnlySpec;
  readonly examples: readonly ProgramExample[];
}

function builtin(name: string, facts: BuiltinFacts): ProgramModel {
  return defineProgram({
    names: [name],
    summary: facts.summary,
    sources: [BASH(name)],
    runs: 'nothing',
    files: NO_FILES,
    ...(facts.grammar ? { grammar: facts.grammar } : {}),
    ...(facts.arithmetic ? { arithmeticSubscripts: true } : {}),
    ...(facts.variables ? { variables: 'names' as const } : {}),
    ...(facts.variableWords ? { variableWords: facts.variableWords } : {}),
    ...(facts.passesOnData ? { passesOnData: true } : {}),
    ...(facts.state ? { state: facts.state } : facts.setsNames && facts.variableWords ? { state: setsNames(facts.variableWords) } : {}),
    ...(facts.claudeCode || facts.robota
      ? {
          readOnly: {
            ...(facts.claudeCode ? { claudeCode: { [name]: facts.claudeCode } } : {}),
            ...(facts.robota ? { robota: { [name]: facts.robota } } : {}),
          },
        }
      : {}),
    ...(facts.splittingVariables ? { splittingVariables: facts.splittingVariables } : {}),
    ...(facts.claudeCodeCheck ? { readOnlyCheck: { claudeCode: facts.claudeCodeCheck, wordsAsWritten: true } } : {}),
    examples: facts.examples,
  });
}

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `read`'s words, read-only when they only choose how a line is split, how long to wait and which
 * plain variables get it (bash 5.2 `help read`; zsh 5.9 zshbuiltins(1)): what it reads is its
 * input, which the redirection in front of it names (`read v < f`, a read of f judged by the path
 * check as `cat < f` is). Not `-e` (bash reads with readline, which loads `~/.inputrc`), `-i`
 * (readline's text), `-u FD` (an inherited descriptor, whose file toolgate cannot see), nor a name
 * with a subscript (`read 'a[$(cmd)]'` runs cmd: bash 5.2 evaluates it); a number (`-n`, `-N`,
 * `-t`) must be digits. What a name sets for later commands (`read PATH`) is the state facet's.
 */
function readReadOnly(_name: string, argv: readonly string[]): ReadOnlyVerdict {
  const no = (reason: string): ReadOnlyVerdict => ({ readOnly: false, reason });
  const VALUE: Record<string, RegExp> = { a: VARIABLE_NAME, d: /^[^]*$/, p: /^[^]*$/, n: /^\d+$/, N: /^\d+$/, t: /^\d+(?:\.\d+)?$/ };
  let options = true;
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (options && word === '--') {
      options = false;
      continue;
    }
    if (options && word.startsWith('-') && word.length > 1) {
      for (let j = 1; j < word.length; j++) {
        const c = word[j]!;
        if (c === 'r' || c === 's') continue;
        const pattern = VALUE[c];
        if (pattern === undefined) return no(`read -${c} is not known to only read its input`);
        const value = j + 1 < word.length ? word.slice(j + 1) : argv[++k];
        if (value === undefined || !pattern.test(value)) return no(`read -${c} is given ${value ?? 'no value'}`);
        break;
      }
      continue;
    }
    options = false;
    if (!VARIABLE_NAME.test(word)) return no(`read sets ${word}, which is not a plain variable name`);
  }
  return { readOnly: true };
}

/** The state facet of a builtin that sets the variables named among its operands. */
const setsNames = (setter: VariableSetter): ProgramState => ({
  hides: (name: string, cmd: SimpleCommand, shells: readonly ShellModel[]) => variablesSetBy(name, cmd.argv.slice(1), setter, shells),
});

/** `set` options that change nothing later commands resolve (errexit, nounset, pipefail, errtrace, functrace). */
const SAFE_SET_FLAGS = /^[-+][euET]+$/;
const SAFE_SET_OPTIONS = new Set(['errexit', 'nounset', 'pipefail', 'errtrace', 'functrace']);

/** `set ARGS`: any option but the safe ones (or positional parameters) changes how later commands run. */
function setHides(_name: string, cmd: SimpleCommand): string | undefined {
  const args = cmd.argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (SAFE_SET_FLAGS.test(a)) continue;
    // `-o NAME`, also at the end of a cluster (`set -euo pipefail`)
    if (/^[-+][euET]*o$/.test(a) && SAFE_SET_OPTIONS.has(args[i + 1] ?? '')) {
      i++;
      continue;
    }
    return `set ${a} changes how later commands run`;
  }
  return undefined;
}

/** `printf -v VAR FORMAT …` assigns VAR. */
function printfHides(_name: string, cmd: SimpleCommand, shells: readonly ShellModel[]): string | undefined {
  const args = cmd.argv.slice(1);
  const v = args.findIndex((a) => a === '-v' || (a.startsWith('-v') && a.length > 2));
  const target = v < 0 ? undefined : args[v] === '-v' ? args[v + 1] : args[v]!.slice(2);
  const set = target === undefined ? undefined : variableStateChange(target.replace(/\[.*$/s, ''), false, shells);
  if (set !== undefined) return set;
  // zsh evaluates the argument of a numeric conversion arithmetically: `printf '%d' PATH=0` sets PATH.
  let at = v < 0 ? 0 : args[v] === '-v' ? v + 2 : v + 1;
  if (args[at] === '--') at++;
  const format = args[at];
  if (format === undefined || (cmd.literal[at + 1] === true && !NUMERIC_CONVERSION.test(format))) return undefined;
  return operandsAssign(args.slice(at + 1), shells);
}

/**
 * A printf conversion that takes a number (zsh evaluates its argument as arithmetic), positional
 * (`%1$d`) or not, or a `*` width or precision, whose argument zsh evaluates too (`%.*s`, `%*s`:
 * replay of red team 18 NEW-7). @internal
 */
export const NUMERIC_CONVERSION = /%(?:\d+\$)?[-+ #0'0-9.*]*[diouxXeEfFgGaAc]|%(?:\d+\$)?[-+ #0'0-9.]*\*/;

/** Why arithmetic evaluation of `words` (zsh's `shift`, `printf '%d'`) sets a variable later commands resolve by, or undefined. @internal */
export function operandsAssign(words: readonly string[], shells: readonly ShellModel[]): string | undefined {
  for (const w of words)
    for (const n of arithmeticAssigns(w)) {
      const why = variableStateChange(n, false, shells);
      if (why !== undefined) return why;
    }
  return undefined;
}

/**
 * `break N` / `continue N`: zsh evaluates N as arithmetic (bash wants a plain number), so
 * `break PATH=1` sets PATH for the commands after the loop, and `break 'a[$(cmd)]'` runs cmd
 * (red team 18 replay, NEW-7 family).
 */
function loopExit(name: 'break' | 'continue'): BuiltinFacts {
  return {
    summary: `${name}: leave ${name === 'break' ? 'the enclosing loop' : 'this round of the enclosing loop'} (N levels)`,
    arithmetic: true,
    state: { hides: (_name, cmd, shells) => operandsAssign(cmd.argv.slice(1), shells) },
    examples: [
      { command: `for f in *; do ${name} 2; done`, effects: [] },
      {
        command: `for i in 1 2; do ${name} PATH=1; done; ls`,
        hides: true,
        why: 'zsh evaluates the level count as arithmetic, which sets PATH',
      },
    ],
  };
}

const plain = (summary: string, command: string, extra: Partial<BuiltinFacts> = {}): BuiltinFacts => ({
  summary,
  ...extra,
  examples: [{ command, effects: [] }],
});

/** The models. @internal */
export const SHELL_BUILTIN_MODELS: readonly ProgramModel[] = [
  builtin('echo', {
    summary: 'echo: print its words',
    passesOnData: true,
    claudeCode: {
      source: `${CC_DOCS}; bash builtin echo (-n -e -E, everything else is text)`,
      operands: 'text',
      globs: true,
      anyOptionHarmless: true,
      afterXargs: true,
      check: 'echo',
    },
    robota: { globs: false, safeShort: 'neE' },
    examples: [{ command: 'echo ./a.txt', effects: [], readOnly: true, why: 'its words are text' }],
  }),
  builtin('printf', {
    summary: 'printf: print its arguments by a format (or assign them to a variable with -v)',
    arithmetic: true,
    variables: true,
    variableWords: { nameOptions: 'v', optionsOnly: true },
    passesOnData: true,
    // bash's -v VAR; GNU coreutils 9.1 printf(1), which xargs and find -exec run, has only --help and --version.
    grammar: { short: 'v:', long: { help: 'none', version: 'none' } },
    state: { hides: printfHides },
    claudeCode: {
      source: `${CC_CLI}; bash builtin printf (-v VAR assigns a variable: not listed)`,
      short: '',
      long: '',
      operands: 'text',
      globs: true,
    },
    examples: [
      { command: "printf '%s\\n' a.txt", effects: [], readOnly: true },
      {
        command: 'printf -v PATH %s /tmp && ls',
        hides: true,
        readOnly: false,
        why: '-v assigns PATH, which later commands are looked up along',
      },
      { command: "printf '%d' PATH=0; ls", hides: true, why: 'zsh evaluates the argument of %d as arithmetic, which sets PATH' },
      {
        command: "printf '%.*s' PATH=0 x; ls",
        hides: true,
        why: 'a * precision takes its value from an argument zsh evaluates as arithmetic',
      },
      { command: "printf '%1$d' PATH=0; ls", hides: true, why: 'a positional %1$d is a numeric conversion' },
      { command: "printf '%s' PATH=0; ls", hides: false, why: '%s prints its argument as text' },
    ],
  }),
  builtin('true', {
    summary: 'true: do nothing, successfully',
    passesOnData: true,
    claudeCode: { source: `${CC_CLI}; bash builtin`, operands: 'text', globs: false, check: 'echo' },
    examples: [{ command: 'true', effects: [], readOnly: true }],
  }),
  builtin('false', {
    summary: 'false: do nothing, unsuccessfully',
    claudeCode: { source: 'bash builtin', operands: 'text', globs: false, check: 'echo' },
    examples: [{ command: 'false', effects: [], readOnly: true }],
  }),
  builtin(':', plain(': (colon): do nothing, expanding its words', ': ./a.txt')),
  builtin('set', {
    summary: 'set: set shell options or the positional parameters',
    // zsh's `set -A NAME …` / `set +A NAME …` name the array it sets: a subscript in the name is
    // evaluated (`set -A "$x" 1`, with x='a[$(cmd)]', ran cmd in zsh 5.9); bash has no -A.
    variableWords: { nameOptions: 'A', optionsOnly: true },
    state: { hides: setHides },
    examples: [
      { command: 'set -euo pipefail && ls', hides: false, why: 'errexit, nounset and pipefail change nothing later commands resolve' },
      { command: 'set -f && ls', hides: true, why: '-f turns off globbing' },
    ],
  }),
  builtin('read', {
    summary: 'read: read a line of input into variables',
    arithmetic: true,
    variables: true,
    // `-a NAME` (also `-aNAME`, `-raNAME`) names the array it sets.
    // zsh evaluates -t's and -n's values as arithmetic (`read -t "$x"`, with x='a[$(cmd)]', runs cmd).
    variableWords: { valued: 'dinNptu', nameOptions: 'a', arithmeticValued: 'tn' },
    setsNames: true,
    claudeCode: { source: 'bash 5.2 help read (only splitting, waiting and plain names: see readReadOnly)', operands: 'text', globs: false },
    claudeCodeCheck: readReadOnly,
    // bash 5.2: IFS splits the line into the names (`IFS= read -r line` keeps its blanks).
    splittingVariables: ['IFS'],
    examples: [
      { command: 'read v < f', effects: ['read ./f'], readOnly: true, why: 'a read of f into a variable, as cat < f reads it' },
      { command: 'IFS= read -r line < f', effects: ['read ./f'], readOnly: true, why: 'IFS only splits the line' },
      { command: "read -r -d '' -a words < f", effects: ['read ./f'], readOnly: true },
      { command: 'read -rn 1 c < f', effects: ['read ./f'], readOnly: true },
      { command: 'read -e v < f', readOnly: false, why: 'bash reads with readline, which loads ~/.inputrc' },
      { command: 'read -u 3 v', readOnly: false, why: 'an inherited descriptor, whose file toolgate cannot see' },
      { command: "read 'a[$(id)]' < f", readOnly: false, why: 'bash evaluates the subscript and runs id' },
      { command: 'read -p name PATH && ls', hides: true, why: '-p takes the prompt; PATH is set from input' },
      {
        command: 'read -raPATH <<< 0; ls',
        hides: true,
        why: '-a takes the array it sets, here inside the word (red team 18 replay NEW-1)',
      },
    ],
  }),
  builtin('unset', {
    summary: 'unset: remove variables or functions',
    arithmetic: true,
    variables: true,
    variableWords: { nameref: true, functions: true },
    setsNames: true,
    examples: [{ command: 'unset -f ls && ls', hides: true, why: '-f removes a function later commands may run' }],
  }),
  builtin('getopts', {
    summary: 'getopts: parse the positional parameters into a variable',
    variableWords: { nameref: true, skipFirst: true },
    setsNames: true,
    examples: [
      { command: 'getopts ab PATH && ls', hides: true, why: 'its first operand is the option string, its second the variable it sets' },
    ],
  }),
  builtin('shopt', {
    summary: 'shopt: set shell options',
    state: { hides: () => 'shopt changes how later commands are read' },
    examples: [{ command: 'shopt -s extglob && ls', hides: true }],
  }),
  builtin('shift', {
    summary: 'shift: shift the positional parameters',
    arithmetic: true,
    // zsh evaluates its operand as arithmetic: `shift PATH=0` sets PATH.
    state: { hides: (_name, cmd, shells) => operandsAssign(cmd.argv.slice(1), shells) },
    examples: [
      { command: 'shift 2', effects: [] },
      { command: 'shift PATH=0; ls', hides: true, why: 'zsh evaluates the count as arithmetic, which sets PATH' },
    ],
  }),
  builtin('wait', {
    summary: 'wait: wait for jobs to finish (bash 5.1+: -p VAR gets the id of the job that ended)',
    arithmetic: true,
    variables: true,
    variableWords: { nameOptions: 'p', optionsOnly: true },
    // bash 5.2 sets VAR even with no job to wait for (to the empty string): `wait -p PATH` leaves
    // PATH empty, and a later bare name runs from the working directory (red team 18 F7).
    setsNames: true,
    examples: [
      { command: 'wait %1', effects: [] },
      { command: 'wait -p PATH; ls', hides: true, why: '-p sets the variable it names, here PATH' },
      { command: 'wait -pPATH; ls', hides: true, why: 'the name may stand inside the option word (red team 18 replay NEW-1)' },
      { command: 'wait -n -p id %1 %2', hides: false, why: 'id is no variable later commands resolve by' },
    ],
  }),
  builtin('break', loopExit('break')),
  builtin('continue', loopExit('continue')),
  // Nothing after it runs: `cd src || exit 1; ls` lists src (effects/cwd-flow.ts).
  builtin('exit', plain('exit: leave the shell', 'exit 1', { arithmetic: true, state: { endsShell: true } })),
  // zsh evaluates logout's status as arithmetic as exit does, even where it then refuses (not a login shell).
  builtin('logout', plain('logout: leave a login shell', 'logout', { arithmetic: true })),
  builtin('return', plain('return: return from a function or sourced script', 'return 0', { arithmetic: true })),
  builtin('kill', plain('kill: send a signal to processes or jobs', 'kill -TERM %1')),
  builtin('umask', plain('umask: set the file-mode creation mask', 'umask 022')),
  builtin('ulimit', plain('ulimit: set resource limits', 'ulimit -n 4096')),
  builtin('dirs', plain('dirs: print the directory stack', 'dirs -v')),
  builtin('jobs', plain('jobs: list the jobs', 'jobs -l')),
  builtin('fg', plain('fg: bring a job to the foreground', 'fg %1')),
  builtin('bg', plain('bg: resume a job in the background', 'bg %1')),
  builtin('disown', plain('disown: remove jobs from the job table', 'disown -a')),
];
