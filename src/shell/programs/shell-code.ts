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
import { passedOn, printedTexts, printerOutputs } from './literal-printers.js';
import { shellInvocation } from './shell-invocation.js';

export { shellInvocation, type ShellInvocation } from './shell-invocation.js';

/**
 * Texts the line shows: each text a printer may write where printers differ (`printf '\\x63p'`:
 * bash's and dash's), or undefined when toolgate cannot tell. @internal
 */
export type ShownTexts = readonly string[];

/** The texts the command line wrote to a file earlier, by its path as written (see `commands/shown-text.ts`), or undefined. @internal */
export type WrittenFiles = (path: string) => ShownTexts | undefined;

/** A POSIX shell that reads its commands from standard input, with nothing written on the command feeding it. */
export function readsInput(cmd: SimpleCommand): boolean {
  const inv = shellInvocation(cmd.argv);
  return inv.stdin && hereTexts(cmd) === undefined && !cmd.argv.some((a) => a === '--version' || a === '--help');
}

/** Paths that are the shell's own standard input. */
const STDIN_PATHS = new Set(['/dev/stdin', '/dev/fd/0', '/proc/self/fd/0']);

/** The last input redirection of a command (`<<<`, `<<`, `<`), if any. */
function inputRedirect(cmd: SimpleCommand): SimpleCommand['redirects'][number] | undefined {
  for (let k = cmd.redirects.length - 1; k >= 0; k--) {
    const r = cmd.redirects[k]!;
    if (r.kind === 'herestring' || r.kind === 'heredoc' || r.kind === 'read') return r;
  }
  return undefined;
}

/**
 * The texts a command gets on standard input from a literal here-string, a here-document, a
 * process substitution that prints literal text (`< <(echo 'cp a b')`), or a file the line wrote
 * earlier (`files`), or undefined.
 */
function hereTexts(cmd: SimpleCommand, files?: WrittenFiles): ShownTexts | undefined {
  const input = inputRedirect(cmd);
  if (input?.kind === 'heredoc') return input.body === undefined ? undefined : [input.body];
  if (input?.kind === 'read') return input.targetLiteral ? files?.(input.target) : substitutedTexts(input.target);
  return input?.kind === 'herestring' && input.targetLiteral ? [input.target] : undefined;
}

/**
 * What the file a process substitution names holds when its command prints literal text
 * (`<(echo 'cp a b')`, `<(printf 'cp a b')`): the word as written (`raw`, not literal), or undefined.
 */
export function substitutedTexts(raw: string): ShownTexts | undefined {
  const m = /^<\(([\s\S]*)\)$/.exec(raw);
  return m === null ? undefined : printedTexts(m[1]!);
}

/**
 * The text a command reads on its input when the line writes it on the command itself: a literal
 * here-string, or a here-document whose body holds no `$`, backquote or backslash (so no
 * expansion changes it, quoted delimiter or not); undefined when the last input redirection is
 * anything else, or there is none (a pipe, a file, what it inherits).
 */
export function writtenInput(cmd: SimpleCommand): string | undefined {
  const input = inputRedirect(cmd);
  if (input?.kind === 'heredoc') return input.body !== undefined && !/[$`\\]/.test(input.body) ? input.body : undefined;
  return input?.kind === 'herestring' && input.targetLiteral ? input.target : undefined;
}

/**
 * What a command writes to its output when the line shows it (`cat <<EOF | sh`, `echo 'rm x' | sh`,
 * `printf 'rm x' | sh`, `head -1 <<< 'rm x' | sh`): what a printer of literal words (echo, printf,
 * zsh's print) writes, or what a program that passes its input on (cat, tee, head, tail) passes of
 * the texts on its input (`fed`: what the command before it writes, where it has no input
 * redirection of its own). Read whether or not a pipe really joins them (reading more is the
 * safe side).
 */
export function commandOutput(cmd: SimpleCommand | undefined, fed?: ShownTexts, files?: WrittenFiles): ShownTexts | undefined {
  if (!cmd || !cmd.literal.every((l) => l)) return undefined;
  const printed = printerOutputs(cmd.argv);
  if (printed !== undefined) return printed;
  const input = inputRedirect(cmd) === undefined ? fed : hereTexts(cmd, files);
  return input === undefined ? undefined : passedOn(cmd.argv, input);
}

/**
 * The texts the line shows a command gets on its input: a here-document, here-string or a file
 * the line wrote on it, or, with no input redirection, `fed` (what the command before it writes:
 * {@link commandOutput}); undefined when it reads a file or what it inherits.
 */
export function shownInput(cmd: SimpleCommand, fed: ShownTexts | undefined, files?: WrittenFiles): ShownTexts | undefined {
  return inputRedirect(cmd) === undefined ? fed : hereTexts(cmd, files);
}

/** A file a shell sources: its input as the line shows it, or a file the line wrote; anything else is opaque. */
function sourced(cmd: SimpleCommand, path: string | undefined, what: string, fed: ShownTexts | undefined, files?: WrittenFiles): Unwrapped[] {
  const texts = path === undefined ? undefined : STDIN_PATHS.has(path) ? shownInput(cmd, fed, files) : files?.(path);
  const opaque: Unwrapped = {
    kind: 'opaque',
    reason: `${what} makes the shell run ${path === undefined ? 'a file' : path}, which toolgate cannot see`,
  };
  if (texts === undefined) return [opaque];
  const read = texts.map((script): Unwrapped => ({ kind: 'text', script, what }));
  // What reaches its input through a pipe, or a file on disk, may be other than the line shows.
  return path !== undefined && STDIN_PATHS.has(path) && inputRedirect(cmd) !== undefined ? read : [opaque, ...read];
}

/**
 * The code `source FILE` / `. FILE` runs when FILE is the shell's own standard input fed by text
 * the line shows (`source /dev/stdin <<< 'cmd'`, `echo 'cmd' | . /dev/stdin`), a process
 * substitution that prints literal text (`. <(echo 'cmd')`), or a file the line wrote earlier
 * (`printf 'cmd' > x.sh; . ./x.sh`), or undefined.
 */
export function sourcedInput(cmd: SimpleCommand, fed?: ShownTexts, files?: WrittenFiles): ShownTexts | undefined {
  const at = cmd.argv[1] === '--' ? 2 : 1;
  const file = cmd.argv[at];
  if (file === undefined) return undefined;
  // `. <(echo 'cp a b')`: the file is what the substitution prints.
  if (cmd.literal[at] === false) return substitutedTexts(file);
  return STDIN_PATHS.has(file) ? shownInput(cmd, fed, files) : files?.(file);
}

/** The body of an exported function (`() { …; }`), or undefined when bash would not import it. */
function functionBody(value: string): string | undefined {
  const m = /^\(\)\s*/.exec(value);
  return m ? value.slice(m[0].length) : undefined;
}

/**
 * What a POSIX shell runs besides its `-c` script: startup files from its environment,
 * interactive rc files, standard input, exported functions, a script file.
 * @param env - the variables it runs with.
 * @param fed - what the command before it writes, as the line shows it ({@link commandOutput}).
 * @param files - the texts of files the line wrote before it.
 */
export function shellStartupCode(cmd: SimpleCommand, env: Environment, fed?: ShownTexts, files?: WrittenFiles): Unwrapped[] {
  const inv = shellInvocation(cmd.argv);
  const out: Unwrapped[] = [];
  for (const a of matching(env, (n) => n === 'BASH_ENV' || n === 'ENV')) {
    if (a.value === undefined) out.push({ kind: 'opaque', reason: `${a.name} names a file toolgate cannot read` });
    else out.push(...sourced(cmd, a.value, a.name, fed, files));
  }
  if (inv.rcfile !== undefined && (inv.interactive || inv.stdin)) out.push(...sourced(cmd, inv.rcfile, `${cmd.argv[0]} --rcfile`, fed, files));
  const informational = cmd.argv.some((a) => a === '--version' || a === '--help');
  if (inv.stdin && !informational && !(inv.rcfile !== undefined && STDIN_PATHS.has(inv.rcfile))) {
    const here = hereTexts(cmd, files);
    if (here !== undefined) for (const script of here) out.push({ kind: 'text', script, what: `${cmd.argv[0]} reading standard input` });
    else {
      out.push({ kind: 'opaque', reason: `${cmd.argv[0]} reads commands from its input, which toolgate cannot see` });
      for (const script of inputRedirect(cmd) === undefined ? (fed ?? []) : [])
        if (script.trim() !== '') out.push({ kind: 'text', script, what: `${cmd.argv[0]} reading what the command before it writes` });
    }
  }
  if (inv.file !== undefined && !informational) {
    const operand = cmd.argv[inv.file]!;
    // `bash <(echo 'cp a b')`: the script is what the substitution prints.
    const substituted = cmd.literal[inv.file] === false ? substitutedTexts(operand) : undefined;
    if (substituted !== undefined) for (const script of substituted) out.push({ kind: 'text', script, what: `${cmd.argv[0]} running what ${operand} prints` });
    else {
      out.push({ kind: 'opaque', reason: `${cmd.argv[0]} runs the script ${operand}, which toolgate cannot see` });
      // `printf 'cp a b' > x.sh && bash x.sh`: the file holds what the line wrote (or more, `>>`).
      const written = cmd.literal[inv.file] === true ? files?.(operand) : undefined;
      for (const script of written ?? []) out.push({ kind: 'text', script, what: `${cmd.argv[0]} running ${operand}, which the line wrote` });
    }
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
