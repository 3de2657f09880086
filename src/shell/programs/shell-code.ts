/**
 * Shells told to run code besides their `-c` script: the file `BASH_ENV` or `ENV` names, an
 * rc file (`--rcfile`, `--init-file`) of an interactive shell, commands read from standard
 * input, functions exported as `BASH_FUNC_name%%`, and the prompt variables (`PS0`–`PS4` are
 * expanded like a double-quoted string: `PS4='$(cmd)'` with `set -x` runs cmd;
 * `PROMPT_COMMAND` is a script). Code toolgate can read (a here-string, a literal value) is
 * analysed like `bash -c`; code in a file or from input it cannot see is opaque.
 * Behaviour: bash(1) "INVOCATION", "PROMPTING", "Shell Variables"; dash(1) "Invocation".
 */
import { matching, readAssignment, type Assignment, type Environment } from '../syntax/environment.js';
import type { SimpleCommand } from '../types.js';
import type { Unwrapped } from './wrapper-types.js';
import { echoOutput, printedText, printfOutput, printOutput } from './literal-printers.js';

/** How a shell was started. @internal */
export interface ShellInvocation {
  /** Index of the `-c` script word, when there is one (`-1` when `-c` has no script). */
  script?: number;
  /** Index of a script file operand (`bash x.sh`). */
  file?: number;
  /** `-i`: interactive (reads rc files, runs `PROMPT_COMMAND`, expands `PS1`). */
  interactive: boolean;
  /** Reads its commands from standard input (no `-c` and no script file, or `-s`). */
  stdin: boolean;
  /** `--rcfile` / `--init-file` value. */
  rcfile?: string;
  /** `-x` (or `-o xtrace`): traces, expanding `PS4`. */
  xtrace: boolean;
}

/** bash's long options that take the next word (matched exactly, as bash does). */
const LONG_WITH_VALUE = new Set(['--rcfile', '--init-file']);

/** Reads a POSIX shell's options (`bash [opts] [-c script [name args…]] | [file args…]`). */
export function shellInvocation(argv: readonly string[]): ShellInvocation {
  let i = 1;
  let dashC = false;
  let dashS = false;
  let interactive = false;
  let xtrace = false;
  let rcfile: string | undefined;
  while (i < argv.length) {
    const a = argv[i]!;
    if (a === '--' || a === '-') {
      i++;
      break;
    }
    if (LONG_WITH_VALUE.has(a)) {
      rcfile = argv[i + 1];
      i += 2;
      continue;
    }
    if (a.startsWith('--')) {
      i++;
      continue;
    }
    if (/^[-+][oO]$/.test(a)) {
      if (a === '-o' && argv[i + 1] === 'xtrace') xtrace = true;
      i += 2;
      continue;
    }
    if (/^[-+][A-Za-z]+$/.test(a)) {
      const on = a.startsWith('-');
      const letters = a.slice(1);
      if (on && letters.includes('c')) dashC = true;
      if (on && letters.includes('s')) dashS = true;
      if (on && letters.includes('i')) interactive = true;
      if (on && letters.includes('x')) xtrace = true;
      // `-o name` folded in a group (`-eo pipefail`) takes the next word.
      if (/[oO]/.test(letters)) {
        if (on && letters.includes('o') && argv[i + 1] === 'xtrace') xtrace = true;
        i++;
      }
      i++;
      continue;
    }
    break;
  }
  const base = { interactive, xtrace, ...(rcfile !== undefined ? { rcfile } : {}) };
  if (dashC) return { ...base, script: i < argv.length ? i : -1, stdin: false };
  if (dashS || i >= argv.length) return { ...base, stdin: true };
  return { ...base, file: i, stdin: false };
}

/** A POSIX shell that reads its commands from standard input, with nothing written on the command feeding it. */
export function readsInput(cmd: SimpleCommand): boolean {
  const inv = shellInvocation(cmd.argv);
  return inv.stdin && hereString(cmd) === undefined && !cmd.argv.some((a) => a === '--version' || a === '--help');
}

/** Paths that are the shell's own standard input. */
const STDIN_PATHS = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/**
 * The text a command gets on standard input from a literal here-string, a here-document, or a
 * process substitution that prints literal text (`< <(echo 'cp a b')`), or undefined.
 */
function hereString(cmd: SimpleCommand): string | undefined {
  const input = [...cmd.redirects].reverse().find((r) => r.kind === 'herestring' || r.kind === 'heredoc' || r.kind === 'read');
  if (input?.kind === 'heredoc') return input.body;
  if (input?.kind === 'read' && !input.targetLiteral) return substitutedText(input.target);
  return input?.kind === 'herestring' && input.targetLiteral ? input.target : undefined;
}

/**
 * What the file a process substitution names holds when its command prints literal text
 * (`<(echo 'cp a b')`, `<(printf 'cp a b')`): the word as written (`raw`, not literal), or undefined.
 */
export function substitutedText(raw: string): string | undefined {
  const m = /^<\(([\s\S]*)\)$/.exec(raw);
  return m === null ? undefined : printedText(m[1]!);
}

/**
 * The text a command reads on its input when the line writes it on the command itself: a literal
 * here-string, or a here-document whose body holds no `$`, backquote or backslash (so no
 * expansion changes it, quoted delimiter or not); undefined when the last input redirection is
 * anything else, or there is none (a pipe, a file, what it inherits).
 */
export function writtenInput(cmd: SimpleCommand): string | undefined {
  const input = [...cmd.redirects].reverse().find((r) => r.kind === 'herestring' || r.kind === 'heredoc' || r.kind === 'read');
  if (input?.kind === 'heredoc') return input.body !== undefined && !/[$`\\]/.test(input.body) ? input.body : undefined;
  return input?.kind === 'herestring' && input.targetLiteral ? input.target : undefined;
}

/**
 * What the command before a shell may write to it through a pipe (`cat <<EOF | sh`, `echo 'rm x' |
 * sh`, `printf 'rm x' | sh`): the here-text of a `cat` without file operands, the words of an
 * `echo`, what a `printf` or zsh's `print` of literal words writes. Read whether or
 * not a pipe really joins them (reading more is the safe side).
 */
export function pipedText(previous: SimpleCommand | undefined): string | undefined {
  if (!previous || previous.literal[0] === false) return undefined;
  const name = previous.argv[0]?.split('/').pop();
  if (name === 'cat' && previous.argv.slice(1).every((a) => a === '-')) return hereString(previous);
  if (!previous.literal.every((l) => l)) return undefined;
  if (name === 'echo') return echoOutput(previous.argv.slice(1));
  if (name === 'printf') return printfOutput(previous.argv.slice(1));
  if (name === 'print') return printOutput(previous.argv.slice(1));
  return undefined;
}

/**
 * The text the line shows a command gets on its input: a here-document or here-string on it, or,
 * with no input redirection, what the command before it writes ({@link pipedText}); undefined
 * when it reads a file or what it inherits.
 */
export function shownInput(cmd: SimpleCommand, previous: SimpleCommand | undefined): string | undefined {
  const input = [...cmd.redirects].reverse().find((r) => r.kind === 'herestring' || r.kind === 'heredoc' || r.kind === 'read');
  return input === undefined ? pipedText(previous) : hereString(cmd);
}

/** A file a shell sources: standard input fed by a literal here-string is read; anything else is opaque. */
function sourced(cmd: SimpleCommand, path: string | undefined, what: string): Unwrapped {
  if (path !== undefined && STDIN_PATHS.has(path)) {
    const text = hereString(cmd);
    if (text !== undefined) return { kind: 'text', script: text, what };
  }
  return { kind: 'opaque', reason: `${what} makes the shell run ${path === undefined ? 'a file' : path}, which toolgate cannot see` };
}

/**
 * The code `source FILE` / `. FILE` runs when FILE is the shell's own standard input fed by a
 * literal here-string or here-document (`source /dev/stdin <<< 'cmd'`), or a process substitution
 * that prints literal text (`. <(echo 'cmd')`), or undefined.
 */
export function sourcedInput(cmd: SimpleCommand): string | undefined {
  const at = cmd.argv[1] === '--' ? 2 : 1;
  const file = cmd.argv[at];
  if (file === undefined) return undefined;
  // `. <(echo 'cp a b')`: the file is what the substitution prints.
  if (cmd.literal[at] === false) return substitutedText(file);
  return STDIN_PATHS.has(file) ? hereString(cmd) : undefined;
}

/** The body of an exported function (`() { …; }`), or undefined when bash would not import it. */
function functionBody(value: string): string | undefined {
  const m = /^\(\)\s*/.exec(value);
  return m ? value.slice(m[0].length) : undefined;
}

/**
 * What a POSIX shell runs besides its `-c` script: startup files from its environment,
 * interactive rc files, standard input, exported functions.
 * @param env - the variables it runs with.
 */
export function shellStartupCode(cmd: SimpleCommand, env: Environment, previous?: SimpleCommand): Unwrapped[] {
  const inv = shellInvocation(cmd.argv);
  const out: Unwrapped[] = [];
  for (const a of matching(env, (n) => n === 'BASH_ENV' || n === 'ENV')) {
    out.push(
      a.value === undefined ? { kind: 'opaque', reason: `${a.name} names a file toolgate cannot read` } : sourced(cmd, a.value, a.name),
    );
  }
  if (inv.rcfile !== undefined && (inv.interactive || inv.stdin)) out.push(sourced(cmd, inv.rcfile, `${cmd.argv[0]} --rcfile`));
  const informational = cmd.argv.some((a) => a === '--version' || a === '--help');
  if (inv.stdin && !informational && !(inv.rcfile !== undefined && STDIN_PATHS.has(inv.rcfile))) {
    const text = hereString(cmd);
    if (text !== undefined) out.push({ kind: 'text', script: text, what: `${cmd.argv[0]} reading standard input` });
    else {
      out.push({ kind: 'opaque', reason: `${cmd.argv[0]} reads commands from its input, which toolgate cannot see` });
      const piped = pipedText(previous);
      if (piped !== undefined && piped.trim() !== '')
        out.push({ kind: 'text', script: piped, what: `${cmd.argv[0]} reading what the command before it writes` });
    }
  }
  if (inv.file !== undefined && !informational) {
    // `bash <(echo 'cp a b')`: the script is what the substitution prints.
    const text = cmd.literal[inv.file] === false ? substitutedText(cmd.argv[inv.file]!) : undefined;
    if (text !== undefined) out.push({ kind: 'text', script: text, what: `${cmd.argv[0]} running what ${cmd.argv[inv.file]!} prints` });
    else out.push({ kind: 'opaque', reason: `${cmd.argv[0]} runs the script ${cmd.argv[inv.file]}, which toolgate cannot see` });
  }
  for (const f of matching(env, (n) => /^BASH_FUNC_.+(%%|\(\))$/.test(n))) {
    if (f.value === undefined) out.push({ kind: 'opaque', reason: `${f.name} exports a function toolgate cannot read` });
    else {
      const body = functionBody(f.value);
      if (body !== undefined) out.push({ kind: 'text', script: body, what: `exported function ${f.name}` });
    }
  }
  return out;
}

/** Prompt variables bash expands (parameters, substitutions, arithmetic) before showing them. */
const PROMPTS = new Set(['PS0', 'PS1', 'PS2', 'PS3', 'PS4']);

/**
 * Code in an assignment of a prompt variable or `PROMPT_COMMAND` (written before a command, as
 * a statement, after `env`, or as an argument of `export`/`declare`/`local`/`readonly`), or
 * undefined. `PS4` runs under `set -x`, the others in interactive shells; toolgate reads the
 * code wherever it is assigned.
 */
export function promptCode(assignment: string | Assignment): Unwrapped | undefined {
  const a = typeof assignment === 'string' ? readAssignment(assignment) : assignment;
  if (!a) return undefined;
  const name = a.name.replace(/\[.*\]$/, '');
  if (!PROMPTS.has(name) && name !== 'PROMPT_COMMAND') return undefined;
  if (a.value === undefined) return { kind: 'opaque', reason: `${name} holds code toolgate cannot read` };
  if (name === 'PROMPT_COMMAND') return a.value.trim() === '' ? undefined : { kind: 'text', script: a.value, what: name };
  // Only substitutions and expansions with braces or brackets can run code (`$PWD` cannot).
  if (!/\$[({[]|`/.test(a.value)) return undefined;
  return { kind: 'text', script: `: "${a.value.replace(/"/g, '\\"')}"`, what: `${name} (expanded like a double-quoted string)` };
}
