/**
 * Shell text in the arguments of a program toolgate has no model of that the literal word screen
 * (`programs/unmodelled-text.ts`) cannot read. Such a program may hand an argument, or all of
 * them joined, to a shell (`mispipe 'x=r; ${x}m -f notes.txt' cat`, `niceload 'a=.e; cat ${a}nv'`,
 * `ssh-agent sh -c '…'`): a name or operand the text computes (`${x}m`, `$(…)`, `/bin/r?`) passes
 * a screen of its literal words. Such a command is no longer "not known to run code": it is
 * judged as opaque code (decision 0098).
 */
import { analyzeShell } from './analyze.js';
import type { SimpleCommand } from './types.js';

/** Characters through which a shell works a word out only when it runs: expansions and substitutions. */
const EXPANDS = /[$`]/;

/** Pattern characters: a command name spelled with them is whatever file matches. */
const GLOB = /[*?[]/;

/** A blank or an operator: the text is a command line (a name and more), not one pattern. */
const COMMAND_LINE = /[\s;&|()<>]/;

/** Whether `text` holds an expansion, a substitution, or a pattern in a command line: only then is it parsed. */
const mayHideNames = (text: string): boolean => EXPANDS.test(text) || (GLOB.test(text) && COMMAND_LINE.test(text));

/**
 * Whether {@link unscreenedArguments} parses any of the command's arguments (so the full shell
 * parser must be loaded first, even when the command line itself is in the fast lexer's subset).
 */
export function argumentsToParse(cmd: SimpleCommand): boolean {
  let literal = true;
  for (let k = 1; k < cmd.argv.length; k++) {
    if (cmd.literal[k] !== true) literal = false;
    else if (mayHideNames(cmd.argv[k]!)) return true;
  }
  return literal && cmd.argv.length >= 3 && mayHideNames(cmd.argv.slice(1).join(' '));
}

/**
 * Why `text`, read as shell text, runs something the literal word screen cannot name — a command
 * whose name or words hold an expansion or substitution, something the shell analysis cannot
 * read, or a command line whose name is a pattern — or `undefined`. Text with no `$` or backquote
 * and no pattern in a command line is not parsed: most arguments (`build`, `src`, `*.js`) stop here.
 */
export function unscreenedShellText(text: string): string | undefined {
  if (!mayHideNames(text)) return undefined;
  const expands = EXPANDS.test(text);
  const analysis = analyzeShell(text);
  if (expands) {
    const unknown = analysis.unknown[0];
    if (unknown !== undefined) return unknown;
    const cmd = analysis.commands.find((c) => c.literal.includes(false));
    if (cmd !== undefined) return `${cmd.argv.join(' ')} has words worked out only when it runs`;
    // The analysis knows values the text assigns (`x=r; ${x}m`, `for x in r; do ${x}m`): a word it
    // works out that the text does not spell is one the literal word screen never sees.
    const spelled = new Set(text.split(/[\s;&|()<>'"]+/));
    const computed = analysis.commands.find((c) => c.argv.some((w) => !spelled.has(w)));
    if (computed === undefined) return undefined;
    return spelled.has(computed.argv[0]!)
      ? `${computed.argv.join(' ')} has words worked out only when it runs`
      : `the command name is not literal: the text works it out as ${computed.argv[0]!} from a variable it sets`;
  }
  const cmd = analysis.commands.find((c) => c.literal[0] === false);
  return cmd === undefined ? undefined : `the command name ${cmd.argv[0]} is a pattern`;
}

/**
 * Why a program toolgate has no model of may run shell text it cannot screen: each argument the
 * command line gives literally, and all of them joined by blanks (as `niceload`, `ssh` and `su -c`
 * hand them to a shell), read by {@link unscreenedShellText}; `undefined` when none.
 */
export function unscreenedArguments(cmd: SimpleCommand): string | undefined {
  const argv = cmd.argv;
  let literal = true;
  for (let k = 1; k < argv.length; k++) {
    if (cmd.literal[k] !== true) {
      // A word the command line itself works out is judged as the command's own word (its paths).
      literal = false;
      continue;
    }
    const why = unscreenedShellText(argv[k]!);
    if (why !== undefined) return `its argument '${argv[k]}', read as shell text, runs what toolgate cannot work out (${why})`;
  }
  if (!literal || argv.length < 3) return undefined;
  const joined = argv.slice(1).join(' ');
  const why = unscreenedShellText(joined);
  return why === undefined
    ? undefined
    : `its arguments joined ('${joined}'), read as shell text, run what toolgate cannot work out (${why})`;
}
