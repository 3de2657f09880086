/**
 * Which parts of a shell command run code toolgate cannot read (the opaque-code table's input).
 */
import type { ShellAnalysis, SimpleCommand } from '../shell/types.js';
import { SHELLS } from '../shell/programs/posix-shells.js';
import { foldedCommandName } from '../shell/commands/emit.js';
import { projectCodeOf } from '../shell/programs/project-runners.js';
import { escapeCodeOf } from '../shell/programs/code-runners.js';
import { givesInlineCode, interpreterName } from '../shell/programs/interpreters.js';
import { unmodelledProgram } from '../shell/unknown-programs.js';
import { unscreenedArguments } from '../shell/unscreened-text.js';
import { analyzeShell } from '../shell/analyze.js';
import { inertAssignment, libraryVariable, systemVariable } from '../shell/programs/environment-values.js';
import { PROGRAMS } from '../shell/programs/index.js';
import { ENVIRONMENT_FREE_BUILTINS } from '../shell/programs/builtins.js';

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
    const dataOnly = PROGRAMS.get(foldedCommandName(argv[0] ?? ''))?.environment === 'data';
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
    const folded = foldedCommandName(argv[0] ?? '');
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
        const unscreened = unscreenedArguments(cmd) ?? runnerInArguments(cmd, depth);
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

/** How deeply arguments read as shell text are read for the programs they run (an argument's argument …). */
const ARGUMENT_DEPTH = 2;

/** An argument that is a command line: a blank or an operator between words. */
const COMMAND_TEXT = /\S[\s;&|]+\S/;

/**
 * Why a program toolgate has no model of may run code toolgate cannot see through its arguments
 * (decision 0108): a word where a wrapper takes the command it runs — before the program's first
 * operand, after options only (`cpulimit -l 50 sh x.sh`, `dbus-launch python3 x.py`, `entr -s
 * make`) — that names a program running such code (a shell, an interpreter, a project runner, an
 * editor with a shell escape), or, read as shell text, runs one (`hyperfine 'sh x.sh'`). A word
 * after the first operand is the program's own business (`kubectl describe node x`, `gh pr create
 * --title 'make it work'`). `undefined` when none.
 */
function runnerInArguments(cmd: SimpleCommand, depth: number): string | undefined {
  const argv = cmd.argv;
  let afterOption = false;
  for (let k = 1; k < argv.length; k++) {
    const word = argv[k]!;
    if (word.startsWith('-') && !COMMAND_TEXT.test(word)) {
      afterOption = true;
      continue;
    }
    // An operand, or the value of the option before it: either may be the command it runs.
    if (cmd.literal[k] === true) {
      const why = runnerIn(word, depth);
      if (why !== undefined) return why;
    }
    if (!afterOption) return undefined; // the first operand: what follows is its arguments
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
  { command: 'entr -s make', runs: true, why: 'make runs a Makefile toolgate does not read' },
  { command: "hyperfine --warmup 3 'sh x.sh'", runs: true, why: 'hyperfine hands each argument to a shell' },
  { command: 'watchexec -e js -- npm test', runs: true },
  { command: 'cpulimit -l 50 ls', runs: false, why: 'ls runs no code' },
  { command: "hyperfine 'ls -la'", runs: false },
  { command: 'kubectl describe node x', runs: false, why: 'node follows the first operand: an argument of describe' },
  { command: "gh pr create --title 'make it work'", runs: false, why: 'the title follows the first operand' },
  { command: 'mytool --name fix-the-build', runs: false },
];

/** {@link runnerInArguments} for one literal word. */
function runnerIn(word: string, depth: number): string | undefined {
  if (!COMMAND_TEXT.test(word)) {
    const named = runnerNamed(word);
    return named === undefined ? undefined : `its argument ${word} ${named}`;
  }
  if (depth >= ARGUMENT_DEPTH) return undefined;
  const inner = opaqueCommands(analyzeShell(word), depth + 1).find((o) => o.unmodelled !== true);
  return inner === undefined ? undefined : `its argument '${word}', read as shell text, runs code toolgate cannot see (${inner.why})`;
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

/** Words that only print what a program is. */
const INFORMATIONAL = /^(--version|--help|-V|-h|-v|-version|-help)$/;

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
  if (word === '' || (argv.length > 1 && argv.slice(1).every((a) => INFORMATIONAL.test(a)))) return undefined;
  const name = word.slice(word.lastIndexOf('/') + 1);
  const folded = foldedCommandName(word);
  if (isShellProgram(name) || isShellProgram(folded)) return shellGivesInline(argv) ? undefined : name;
  const interpreter = interpreterName(folded) ?? interpreterName(name);
  if (interpreter !== undefined) return givesInlineCode(interpreter, argv) ? undefined : name;
  return typeof escapeCodeOf(folded, argv) === 'string' ? name : undefined;
}
