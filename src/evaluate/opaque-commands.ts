/**
 * Which parts of a shell command run code toolgate cannot read (the opaque-code table's input).
 */
import { spelledBraces } from '../shell/syntax/brace.js';
import { argumentsAreData } from '../shell/programs/data-subcommands.js';
import type { Redirect, ShellAnalysis, SimpleCommand } from '../shell/types.js';
import { SHELLS } from '../shell/programs/posix-shells.js';
import { foldedCommandName } from '../shell/commands/emit.js';
import { projectCodeOf } from '../shell/programs/project-runners.js';
import { escapeCodeOf } from '../shell/programs/code-runners.js';
import { givesInlineCode, interpreterName, onlyInformational } from '../shell/programs/interpreters.js';
import { unmodelledProgram } from '../shell/unknown-programs.js';
import { unscreenedArguments } from '../shell/unscreened-text.js';
import { analyzeShell } from '../shell/analyze.js';
import { quoteWord } from '../shell/syntax/environment.js';
import { inertAssignment, libraryVariable, systemVariable } from '../shell/programs/environment-values.js';
import { PROGRAMS } from '../shell/programs/index.js';
import { ENVIRONMENT_FREE_BUILTINS } from '../shell/programs/builtins.js';
import { COMMAND_TEXT, optionValues } from './option-values.js';

/** Directories only the system writes: a program named by a path in one is the system's own. */
const SYSTEM_DIRECTORIES = /^\/(usr\/(local\/)?)?s?bin\/[^/]+$/;

/**
 * Why a program named by its path runs code toolgate cannot read (`./x.sh`, `scripts/check`,
 * `~/bin/tool`: a file the project holds, or one an earlier part or call wrote), or `undefined`
 * for a name looked up in PATH or a path into the system's own directories.
 */
function namedByPath(word: string): string | undefined {
  if (!word.includes('/') || SYSTEM_DIRECTORIES.test(word)) return undefined;
  return `${word} is a program named by its path, whose code toolgate cannot see`;
}

/** Shells the analyser never reads into. */
const OTHER_SHELLS: ReadonlySet<string> = new Set(['fish', 'csh', 'tcsh']);

/**
 * Whether `name` is a shell program: the POSIX ones the analyser reads into, and those it never
 * does. Looked up per call (no table built from the shell analysis's at load: `toolgate hook`
 * runs the shell analysis's modules only for a call that needs them).
 */
const isShellProgram = (name: string): boolean => SHELLS.has(name) || OTHER_SHELLS.has(name);

/** One simple command that runs code toolgate cannot read, and why. */
export interface OpaqueCommand {
  cmd: SimpleCommand;
  why: string;
  /**
   * A program toolgate has no model of (its effects are unknown, not known to run code): a
   * wildcard allow rule is consent for it, as for any program Claude Code would allow by it.
   */
  unmodelled?: true;
}

/**
 * The commands of an analysis that run code toolgate cannot read: an interpreter's code, a sed
 * `-f` file, a file named by `BASH_ENV` (`SimpleCommand.opaque`), or a shell started without
 * `-c`, which runs a script from a file (`bash x.sh`) or standard input (`echo rm x | sh`); a
 * program named by its path outside the system's directories (`./x.sh`); a program whose model
 * says it runs the project's code (`make`, `npm test`) or commands from a script or input it does
 * not show (`ed`, `m4`, `at`, another agent); a program toolgate has no model of (`unmodelled`,
 * unless its arguments hold shell text the literal word screen cannot read: then opaque code).
 */
export function opaqueCommands(analysis: ShellAnalysis, depth = 0): OpaqueCommand[] {
  const out: OpaqueCommand[] = [];
  const cmds = analysis.commands;
  for (let i = 0; i < cmds.length; i++) {
    const cmd = cmds[i]!;
    if (cmd.opaque !== undefined) {
      out.push({ cmd, why: cmd.opaque });
      continue;
    }
    const argv = cmd.argv;
    const name = (argv[0] ?? '').slice((argv[0] ?? '').lastIndexOf('/') + 1);
    const named = namedByPath(argv[0] ?? '');
    if (named !== undefined) {
      out.push({ cmd, why: named });
      continue;
    }
    // `PATH=sub:$PATH x`: the program is whatever file answers to its name along the PATH it sets.
    const path = cmd.assignments.find((a) => /^PATH\+?=/.test(a));
    if (path !== undefined && (argv[0] ?? '') !== '' && !(argv[0] ?? '').includes('/')) {
      out.push({ cmd, why: `${argv[0]} is looked up along the PATH the command sets (${path}), where any file may answer to its name` });
      continue;
    }
    // `LD_PRELOAD=x.so ls`, `PERL5OPT=… shasum`, `NODE_OPTIONS=--require … npm`, `HOME=. git`: a
    // variable the command is given that is not known to be inert (the one list of inert ones,
    // shell/syntax/variables.ts, with the pagers' inert values: programs/environment-values.ts)
    // may make the program load code from anywhere.
    // A program whose own variables are all data (`A="a b" ls`) takes code only from the C
    // library's and the loader's variables (`LD_PRELOAD`, `GCONV_PATH`, …).
    const dataOnly = PROGRAMS.get(cmd.program)?.environment === 'data';
    const given = cmd.assignments.find(
      (a) => !inertAssignment(a) && !(dataOnly && !systemVariable(a.slice(0, Math.max(0, a.search(/\+?=/))))),
    );
    if (given !== undefined && !(cmd.parent === undefined && ENVIRONMENT_FREE_BUILTINS.has(argv[0] ?? ''))) {
      const variable = given.slice(0, Math.max(0, given.search(/\+?=/)));
      out.push({
        cmd,
        // Plain and true for every variable: what reads it, and what that may do.
        why: libraryVariable(variable)
          ? `${argv[0]} is given ${variable}=…, which the C library or the dynamic loader reads: it may make ${argv[0]} load code or read and write files toolgate cannot see`
          : `${argv[0]} is given ${variable}=…, which toolgate does not know ${argv[0]} to ignore: it may make ${argv[0]} load code, run other programs, or read and write files toolgate cannot see`,
      });
      continue;
    }
    const folded = cmd.program;
    const escape = escapeCodeOf(folded, argv);
    if (escape === null) continue; // `crontab -l`, `claude --version`: known to run nothing
    const code = projectCodeOf(folded, argv) ?? escape;
    if (code !== undefined) {
      out.push({ cmd, why: code });
      continue;
    }
    if (!isShellProgram(name)) {
      // A program with no model: what it writes and runs is unknown (`cpio -i`, `docker run`).
      if (!cmds.some((c) => c.parent === i) && unmodelledProgram(cmd)) {
        // Shell text in its arguments that the literal word screen cannot read makes it code it may
        // run, judged by the whole table: a wildcard is no consent for it (decision 0098).
        const unscreened = unscreenedArguments(cmd) ?? runnerInArguments(cmd, depth, givenInput(cmds, i));
        if (unscreened !== undefined) out.push({ cmd, why: `${argv[0]} is a program toolgate has no model of, and ${unscreened}` });
        else
          out.push({
            cmd,
            why: `${argv[0]} is a program toolgate has no model of, so what it writes and runs is unknown`,
            unmodelled: true,
          });
      }
      continue;
    }
    if (argv.some((a) => a === '--version' || a === '--help')) continue;
    if (cmds.some((c) => c.parent === i)) continue; // `bash -c '…'`: its script was read
    out.push({ cmd, why: `${name} runs a script toolgate cannot see (a file or standard input)` });
  }
  return out;
}

/**
 * A redirection of standard input: `< x.py`, `0< x.py`, `<> x.py`, a here-document, a here-string,
 * a copy of another descriptor (`<&3`), but not one that closes it (`<&-`) nor one of another
 * descriptor (`3< x`).
 */
const onStdin = (r: Redirect): boolean => /^0?</.test(r.op) && !/^0?<&-$/.test(r.op);

/** Builtins that, with no words, apply their redirections to the shell itself (`exec < x.py`): every later command reads that input. */
const SHELL_REDIRECTING_BUILTINS: ReadonlySet<string> = new Set(['exec']);

/**
 * Whether command `i` is given something on its standard input by the line: an input redirection
 * on it (`envdir d python3 < x.py`, `<&3`, a here-document, a here-string) or on the shell before it
 * (`exec < x.py; envdir d python3`), or a pipe from the command before it (`cat x.py | envdir d
 * python3`; the grammar lists a `cat <<EOF` of a pipe after the command it feeds). A pipeline's
 * commands are the only ones beside each other that run in a subshell but for `( a; b )`, which
 * counts too (reading more is the safe side). What the command inherits (the agent's own standard
 * input) is not counted.
 */
function givenInput(cmds: readonly SimpleCommand[], i: number): boolean {
  const cmd = cmds[i]!;
  if (cmd.redirects.some(onStdin)) return true;
  if (cmds.slice(0, i).some((c) => c.argv.length === 1 && SHELL_REDIRECTING_BUILTINS.has(c.argv[0]!) && c.redirects.some(onStdin)))
    return true;
  if (!cmd.inSubshell) return false;
  const beside = (c: SimpleCommand | undefined): c is SimpleCommand =>
    c !== undefined && c.parent === cmd.parent && c.context === cmd.context && c.inSubshell;
  const after = cmds[i + 1];
  return beside(cmds[i - 1]) || (beside(after) && after.redirects.some((r) => r.kind === 'heredoc' || r.kind === 'herestring'));
}

/** A word the shell works out when it runs: an expansion, a substitution, a `~`. */
const EXPANDS = /[$`~]/;

/** A pattern that names a path (`./x.s?`, `bin/*`): the files it matches are the words. */
const PATH_PATTERN = /^(?=.*\/)(?=.*[*?[])/;

/** A command substitution (`$(…)`, backquotes) in a word: what it holds the command itself works out. */
const SUBSTITUTION = /\$\((?!\()|`/;

/** A word that is one arithmetic expansion (`$((n + 1))`): a number. */
const ARITHMETIC = /^"?\$\(\([^()]*\)\)"?$/;

/** How deeply arguments read as shell text are read for the programs they run (an argument's argument …). */
const ARGUMENT_DEPTH = 2;

/**
 * A first operand that is a number (`expect_timed-run 5 sh x.sh`, `chrt 10 …`, `timelimit 0.5 …`):
 * a wrapper's limit or time more often than the program's own subject, so the place where it takes
 * its command goes on after it.
 */
const NUMBER = /^\d[\d.]*[a-z%]?$/i;

/**
 * Why a program toolgate has no model of may run code toolgate cannot see through its arguments
 * (decisions 0108, 0118), read as an allowlist — every literal argument word and every
 * `--option=value`'s value:
 * - a word that, read as shell text, runs such code (`bench 'sh x.sh'`, `'. ./x.sh'`, `"sh<x.sh"`);
 * - a word naming a program that starts other programs or code — a shell, an interpreter, a project
 *   runner, a program whose model in `programs/` runs others (`env`, `nice`, `timeout`, `awk`) — read
 *   with the words after it as the command it would start (`cpulimit -l 50 nice sh x.sh`,
 *   `expect_timed-run 5 sh x.sh`): that command's own judgement says whether it runs such code
 *   (`python3 --version` does not). Past the place where a wrapper takes its command (its first
 *   operand), a name with no words after it is taken as data (`--label python`, `--language=Make`),
 *   but for a shell's (`envdir d sh < x.sh` reads the script on its input) and, when the line gives
 *   the command input (`input`), any program that runs code it reads — an interpreter, a project
 *   runner, a program with a shell escape (`envdir d python3 < x.py`, `cat x.js | setlock f node`);
 * - as the first word that is neither an option nor a number, or as an option's value wherever
 *   the option stands (option-values.ts: `--diff-program=./x.sh`, `-c./x.sh`), a program named by
 *   its path (`cpulimit -l 50 ./x.sh`); past that, a file the file-system view shows may be run
 *   (`envdir d ./x.sh`, `SimpleCommand.programPaths`);
 * - a word that expands only through `$PWD`, `$HOME` and `~` read as the path it becomes
 *   (`--diff-program=$PWD/x.sh`, `SimpleCommand.expandedWords`, replay 22 NEW-U3), and one whose
 *   value toolgate cannot tell (`"$(pwd)"/x.sh`, `$D/x`, a pattern naming a path the view did not
 *   match) wherever it stands, past the first operand too (`envdir d "$(pwd)"/x.sh`); a pattern the
 *   view matched is the files it matches (`diff3 --diff-program ./x.s?`).
 * The program's own name among its words is itself (`pip show pip`), judged as it is. `undefined` when none.
 */
function runnerInArguments(cmd: SimpleCommand, depth: number, input = false): string | undefined {
  const argv = cmd.argv;
  const self = cmd.program;
  // `gh pr create --title 'make it work'`: words known to be data start nothing.
  if (argumentsAreData(self, argv)) return undefined;
  let commandPlace = true; // before or at the first operand (an option's possible value too)
  let pathPlace = true; // no operand yet but numbers
  let afterOption = false;
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    // A word that expands is read as what it becomes where the evaluator can tell (`$PWD/x.sh`).
    // A brace is the words it spells (`torsocks {s,}h x.sh` runs `sh h x.sh`), each followed by the rest.
    const braced = cmd.literal[k] === true ? undefined : spelledBraces([word], [false])?.argv;
    const readings = cmd.literal[k] === true ? [word] : (cmd.expandedWords?.get(k) ?? braced);
    const shape = readings?.[0] ?? word.replace(/^["']+/, '');
    const option = shape.startsWith('-') && shape.length > 1;
    for (const reading of readings ?? []) {
      for (const text of option ? optionValues(reading) : [reading]) {
        const rest = text !== reading ? [] : braced === undefined ? argv.slice(k + 1) : [...braced.slice(braced.indexOf(reading) + 1), ...argv.slice(k + 1)];
        if (foldedCommandName(text) === self) continue;
        const runnable = cmd.notPrograms?.has(text) !== true;
        // An option's own value is what the option hands the program wherever it stands (`diff3
        // --diff-program=./x.sh`): a program it names by its path counts as the separate word would.
        // Past the first operand, a file the view shows may be run (`envdir d ./x.sh`).
        const path = (option || pathPlace || cmd.programPaths?.has(text) === true) && runnable;
        const why = runnerAt(text, rest, { bare: commandPlace, path, input }, depth);
        if (why !== undefined) return why;
      }
    }
    // What a word becomes only when it runs (`$X/x.sh`, `"$(pwd)"/x.sh`, `--diff-program=$D/x`, a
    // pattern naming a path the view did not match: `./x.s?`) may be a program named by its path
    // where one counts; past the first operand too when it is shaped as a path or the command works
    // it out (a slash, a substitution), as a file the view shows may be run is the command a wrapper
    // starts there (`envdir d ./x.sh`): `envdir d "$(pwd)"/x.sh` and `setlock -n f "$(pwd)"/x.sh`
    // ran x.sh's rm (leads24). A bare variable there (`mytool build $X`) stays data.
    const unknown = (EXPANDS.test(word) && !ARITHMETIC.test(word)) || (!option && PATH_PATTERN.test(word));
    if (readings === undefined && unknown && (option || pathPlace || word.includes('/') || SUBSTITUTION.test(word)))
      return `its argument ${word} is worked out only when it runs, and may name a program by its path, whose code toolgate cannot see`;
    if (option) {
      afterOption = true;
      continue;
    }
    const number = NUMBER.test(word);
    if (!number) pathPlace = false;
    // An operand, or the value of the option before it: either may be the command it runs.
    if (!afterOption && !number) commandPlace = false; // the first operand: what follows is its arguments
    afterOption = false;
  }
  return undefined;
}

/**
 * Examples of {@link runnerInArguments}, each a test (`test/evaluate/opaque-commands.test.ts`):
 * whether the program with no model runs code toolgate cannot see through its arguments.
 * @internal
 */
export const RUNNER_ARGUMENT_EXAMPLES: readonly { readonly command: string; readonly runs: boolean; readonly why?: string }[] = [
  { command: 'cpulimit -l 50 sh x.sh', runs: true, why: 'cpulimit runs the command in its remaining words' },
  { command: 'dbus-launch python3 x.py', runs: true },
  { command: 'reflex -s make', runs: true, why: 'make runs a Makefile toolgate does not read' },
  { command: "hyperfine-x --warmup 3 'sh x.sh'", runs: true, why: 'a program that hands each argument to a shell' },
  { command: 'watchexec -e js -- npm test', runs: true },
  { command: 'cpulimit -l 50 env sh x.sh', runs: true, why: 'env, a wrapper, runs sh x.sh' },
  { command: 'cpulimit -l 50 timeout 5 sh x.sh', runs: true },
  { command: 'cpulimit -l 50 nohup sh x.sh', runs: true },
  { command: 'cpulimit -l 50 ./x.sh', runs: true, why: 'a program named by its path where cpulimit takes its command' },
  { command: `cpulimit -l 50 awk 'BEGIN{system("sh x.sh")}'`, runs: true, why: 'the awk program may run commands' },
  { command: 'expect_timed-run 5 sh x.sh', runs: true, why: 'a word naming a shell, wherever it stands' },
  { command: 'expect_timed-run 5 ./x.sh', runs: true, why: 'a number before the command is its limit' },
  { command: "bench-x --prepare='sh x.sh' true", runs: true, why: 'an option value is read too' },
  { command: "bench-x true '. ./x.sh'", runs: true, why: '. runs a file as shell code' },
  { command: 'bench-x "sh<x.sh"', runs: true, why: 'sh reads the script from its input' },
  {
    command: 'diff3 --diff-program=./x.sh a b c',
    runs: true,
    why: "an option's value names a program by its path, as the separate word would (red team 22, NEW-T2)",
  },
  {
    command: 'sdiff --diff-prog=d/s a b',
    runs: true,
    why: 'any start of the option name the program accepts: the value is read whatever the name',
  },
  { command: 'mt -f localhost:/t --rsh-command=./x.sh status', runs: true, why: 'wherever the option stands' },
  { command: 'mytool -c./x.sh', runs: true, why: "a short option's attached value (`-cVALUE`)" },
  { command: 'diff3 --diff-program=x.sh a b c', runs: false, why: 'a bare name is looked up in PATH (not the project)' },
  { command: 'cpulimit -l 50 python3 --version', runs: false, why: 'python3 --version runs no code' },
  { command: 'cpulimit -l 50 ls', runs: false, why: 'ls runs no code' },
  { command: "hyperfine-x 'ls -la'", runs: false },
  { command: 'reflex -n echo changed', runs: false },
  { command: 'mytool --name fix-the-build', runs: false },
  { command: 'mytool build ./config.yaml', runs: false, why: "a path after the first operand is the program's own business" },
  { command: 'kubectl describe node x', runs: false, why: "describe's words are data (data-subcommands.ts): node is a kind of resource" },
  { command: 'kubectl -n ns exec web -- node x', runs: true, why: 'an option before the subcommand: every word is read' },
  { command: "gh pr create --title 'make it work'", runs: false, why: 'a title is prose (data-subcommands.ts)' },
  { command: 's6-envdir d sh < x.sh', runs: true, why: 'a shell with no words after it reads its input: the script' },
  {
    command: 's6-envdir d "$(pwd)"/x.sh',
    runs: true,
    why: 'past the first operand a word worked out only when it runs may be a program named by its path (envdir ran x.sh: leads24; envdir has a model now, s6-envdir has its shape)',
  },
  { command: 's6-setlock -n f `echo ./x.sh`', runs: true, why: 'setlock ran x.sh (leads24; s6-setlock has its shape)' },
  { command: 'gh issue list --label python', runs: false, why: 'a name with nothing after it, past the first operand, is data' },
  { command: 's6-envdir d python3 < x.py', runs: true, why: 'an interpreter with no words after it reads its code on its input: x.py' },
  { command: 's6-setlock f perl < x.pl', runs: true },
  { command: 's6-envdir d node 0< x.js', runs: true },
  { command: 'cat x.js | s6-setlock f node', runs: true, why: 'the pipe gives node its input' },
  { command: "s6-envdir d python3 <<< 'print(1)'", runs: true, why: 'a here-string is input too' },
  { command: 's6-envdir d make < Makefile', runs: true, why: 'a project runner reads its code from the project whatever its input' },
  { command: 's6-envdir d python3 3< x.py <&3', runs: true, why: 'its input is a copy of descriptor 3: x.py' },
  { command: 's6-envdir d python3 <> x.py', runs: true },
  { command: 'exec < x.py; s6-envdir d python3', runs: true, why: 'exec with no words gives the shell itself that input' },
  { command: 's6-envdir d python3', runs: false, why: 'nothing on its input from the line: a name past the first operand is data' },
  { command: 'mytool list --label python <&-', runs: false, why: 'its input closed' },
  { command: 'mytool list --label python | head', runs: false, why: 'the pipe is its output, not its input' },
  { command: 'mytool list --label python 3< x.py', runs: false, why: 'another descriptor than its input' },
  { command: 'pip show pip', runs: false, why: "the program's own name is itself" },
  {
    command: 'gpg-connect-agent --dirmngr "getinfo version" /bye',
    runs: false,
    why: "a path after an operand; and the root folder is the system's",
  },
];

/**
 * {@link runnerInArguments} for one text of an argument: a command line read as shell text, or a
 * word naming a program that starts others read with `rest`, the words after it, as the command
 * it would start. `bare`: a name with no words after it counts; `path`: a program named by its path
 * counts; `input`: the line gives the command input, which a program named with no words after it
 * may read as its code.
 */
function runnerAt(
  text: string,
  rest: readonly string[],
  place: { bare: boolean; path: boolean; input: boolean },
  depth: number,
): string | undefined {
  if (COMMAND_TEXT.test(text)) {
    if (depth >= ARGUMENT_DEPTH) return undefined;
    const analysis = analyzeShell(text);
    const inner =
      opaqueCommands(analysis, depth + 1).find((o) => o.unmodelled !== true)?.why ?? analysis.commands.find((c) => c.unknown)?.unknown;
    return inner === undefined ? undefined : `its argument '${text}', read as shell text, runs code toolgate cannot see (${inner})`;
  }
  // Past the command place a bare name is data (`--label python`), but a shell's (`envdir d sh`
  // reads its script on its input), and a code runner's when the line gives input (`envdir d python3 < x.py`).
  if (rest.length === 0 && !place.bare && !place.path && !readsCodeOnInput(text, place.input)) return undefined;
  if (!startsCommands(text, place.path)) return undefined;
  const analysis = analyzeShell([text, ...rest].map(quoteWord).join(' '));
  const inner =
    opaqueCommands(analysis, ARGUMENT_DEPTH).find((o) => o.unmodelled !== true)?.why ?? analysis.unknown[0] ?? analysis.unseen[0];
  return inner === undefined ? undefined : `its argument ${text} may start a command: ${inner}`;
}

/** Whether a program named with no words after it runs what it reads on its input: a shell always; with `input`, any code runner. */
function readsCodeOnInput(word: string, input: boolean): boolean {
  return isShellProgram(foldedCommandName(word)) || (input && runnerNamed(word) !== undefined);
}

/** A path in the root folder or the system's program folders: only the system writes there (`/bye` is a word, not a script). */
const SYSTEM_PATH = /^\/[^/]+$/;

/**
 * Whether a word may start a command that runs code: it names a shell, an interpreter, a project
 * runner or a program with a shell escape, or a program whose model says it runs other programs
 * (a wrapper, `awk`, `find`); with `path`, also a program named by its path.
 */
function startsCommands(word: string, path: boolean): boolean {
  const name = foldedCommandName(word);
  if (name === '' || name.startsWith('-')) return false;
  if (runnerNamed(word) !== undefined) return true;
  const model = PROGRAMS.get(name);
  if (model !== undefined && model.runs !== 'nothing' && model.otherwiseUnknown !== true) return true;
  return path && !SYSTEM_PATH.test(word) && namedByPath(word) !== undefined;
}

/** What the program a word names runs, when it is one that runs code toolgate cannot see (by name, not by path). */
function runnerNamed(word: string): string | undefined {
  const name = foldedCommandName(word);
  if (name === '' || name.startsWith('-')) return undefined;
  if (isShellProgram(name)) return `is a shell, which runs a script toolgate cannot see`;
  const interpreter = interpreterName(name);
  if (interpreter !== undefined) return `is an interpreter (${interpreter}), which runs code toolgate cannot see`;
  const code = projectCodeOf(name, [name]) ?? escapeCodeOf(name, [name]);
  return code === undefined || code === null ? undefined : `names a program that ${code.slice(code.indexOf(' runs ') + 1)}`;
}

/** Words that only print what a program is (an interpreter's own: `onlyInformational`). */
const INFORMATIONAL = /^(--version|--help|-V|-h|-v|-version|-help)$/;
/** The words that only print what a shell is (bash, zsh). */
const SHELL_INFORMATIONAL = /^--(version|help)$/;

/** Shell options that take the next word as their value (`-o pipefail`, `+O extglob`). */
const SHELL_OPTION_VALUE = /^[-+][oO]$/;

/** Whether a shell's options (before its first operand) include `-c`: its script is the command's own word. */
function shellGivesInline(argv: readonly string[]): boolean {
  for (let k = 1; k < argv.length; k++) {
    const a = argv[k]!;
    if (a === '--' || a === '-' || !/^[-+]/.test(a)) return false;
    if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(a)) return true;
    if (SHELL_OPTION_VALUE.test(a)) k++;
  }
  return false;
}

/**
 * The program, when a command runs code it reads rather than code its words hold: a shell with
 * no `-c` (`sh`, `bash < setup.sh`, `sh x.sh`), an interpreter given no inline code (`python3`,
 * `python3 build.py`, `node`), a program that runs the commands of a script or its input (`ed`,
 * `m4`, `at`, another agent). A rule for such a command, even its exact words, allows whatever
 * code is fed to it (`curl … | sh` remembered as `sh` allows `cat evil.sh | sh`). Undefined for
 * any other command, and for one that only prints what the program is (`sh --version`).
 * @param argv - the command's words.
 */
export function runsCodeItReads(argv: readonly string[]): string | undefined {
  const word = argv[0] ?? '';
  if (word === '') return undefined;
  const words = argv.slice(1);
  const name = word.slice(word.lastIndexOf('/') + 1);
  const folded = foldedCommandName(word);
  // A shell's `-v` is verbose: `bash -v < x.sh` runs x.sh.
  if (isShellProgram(name) || isShellProgram(folded))
    return words.length > 0 && words.every((a) => SHELL_INFORMATIONAL.test(a)) ? undefined : shellGivesInline(argv) ? undefined : name;
  const interpreter = interpreterName(folded) ?? interpreterName(name);
  if (interpreter !== undefined) return onlyInformational(interpreter, words) || givesInlineCode(interpreter, argv) ? undefined : name;
  if (words.length > 0 && words.every((a) => INFORMATIONAL.test(a))) return undefined;
  return typeof escapeCodeOf(folded, argv) === 'string' ? name : undefined;
}
