/**
 * Builtins and shell variables that evaluate text as code where the command shows none: a whole-
 * command screen on the raw text (so it holds inside here-documents and quotes too), for what the
 * builtins' own models cannot see word by word — input read into variables that are then
 * evaluated arithmetically, `mapfile -C`, integer variables, `PS4`, `BASH_ENV`, `ENV`. It lives
 * with the program models because its tables are builtins' names (`declare`, `read`, `mapfile`…).
 */
import { hidesCode } from '../syntax/arithmetic.js';

/** Text read at run time into a variable (input) toolgate cannot see. */
const READS_INPUT = /\b(read|mapfile|readarray)\b/;

/** Contexts that evaluate a variable's value or a subscript arithmetically (or as a name). */
const EVALUATES = new RegExp(
  [
    String.raw`\(\(|\blet\b|\$\{!`,
    // subscripts: `a[i]=v`, `a=([i]=v)`, `${a[i]}`, and names given to builtins (`unset 'a[i]'`)
    String.raw`(^|[\s;&|(])[A-Za-z_][A-Za-z0-9_]*\[.*\]\+?=|=\([^)]*\[|\$\{[#!]?[A-Za-z_][A-Za-z0-9_]*\[`,
    String.raw`\b(unset|declare|typeset|local|export|readonly|read|printf|mapfile|readarray|wait)\b[^;&|\n]*\[`,
    // `[[ -v x ]]`, `test -v x`, `[[ x -eq y ]]`
    String.raw`(\[\[?|\btest)\s+(!\s+)?-[vR]\s|(\[\[?|\btest)\s[^;&|\n]*\s-(eq|ne|lt|le|gt|ge)\s`,
    String.raw`\b(declare|typeset|local)\s+-[A-Za-z]*[niaA]|\bprintf\s+-v`,
  ].join('|'),
);

/** `${name@P}` (prompt expansion runs substitutions in the value) and `${name@E}`. */
const PROMPT_EXPANSION = /\$\{[^}]*@[PE]\}/;

/**
 * `${!name}` (indirection: expands the variable whose name is name's value, so a value
 * `a[$(cmd)]` runs cmd) — not `${!prefix*}`, `${!prefix@}` or `${!array[@]}` (names and keys).
 */
function indirection(command: string): boolean {
  const re = /\$\{!([A-Za-z_][A-Za-z0-9_]*|[0-9]+)/g;
  for (const m of command.matchAll(re)) {
    const rest = command.slice(m.index + m[0].length);
    if (/^[*@]\}/.test(rest) || /^\[[@*]\]\}/.test(rest)) continue;
    return true;
  }
  return false;
}

/** Other places bash evaluates text as code that the command does not show as a command. */
const HIDDEN_CODE: ReadonlyArray<readonly [RegExp, string]> = [
  [
    /(^|[\s;&|(])\{[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\}[<>]/,
    'a {name}> redirection assigns a variable (its subscript is evaluated arithmetically)',
  ],
  [
    // `[[ -v $x ]]` with x='a[$(cmd)]' runs cmd in bash and zsh (`test -v "$x"` is read by test's model).
    /\[\[\s+(!\s+)?-v\s+["']?[$`]/,
    '[[ -v ]] is given a variable name that is not literal: the shell evaluates a subscript in that name, which may run a command',
  ],
  [/\bPS4\b/, 'PS4 is expanded as a prompt (running its substitutions) for every traced command'],
  [/\bBASH_ENV\b/, 'BASH_ENV is expanded (running its substitutions) and sourced by every bash started'],
  [/(^|[\s;&|(])ENV=\S*([$`]|[<>]\()/, 'ENV is expanded (running its substitutions) and sourced by an interactive or POSIX shell'],
  [/\b(mapfile|readarray)\b[^;&|\n]*\s-[A-Za-z]*C/, 'mapfile -C runs a callback toolgate cannot see'],
  [
    /\b(declare|typeset|local|private)\s+(-[A-Za-z]*\s+)*-[A-Za-z]*i/,
    'an integer variable evaluates every value assigned to it arithmetically',
  ],
  // zsh's float attribute (`typeset -E`/`-F`): `typeset -F x; x=PATH=0` sets PATH (zsh 5.9).
  [
    /\b(declare|typeset|local|private)\s+(-[A-Za-z]*\s+)*-[A-Za-z]*[EF][A-Za-z0-9]*(\s+\d+)?\s+[A-Za-z_]/,
    'a float variable (zsh: typeset -E, -F) evaluates every value assigned to it arithmetically',
  ],
];

/**
 * Why the command as a whole may evaluate text toolgate cannot see as code, or undefined.
 * Judged on the raw text so that it holds inside here-documents and quotes too; it errs toward
 * `unknown` (a script that both reads text into variables and evaluates variables arithmetically).
 */
export function hiddenEvaluation(command: string): string | undefined {
  // Both need a `${` (the indirection a `${!`): most commands have none.
  const braced = command.includes('${');
  if (braced && PROMPT_EXPANSION.test(command)) return "a ${…@P} or ${…@E} expansion evaluates a variable's text";
  if (braced && indirection(command))
    return 'a ${!name} expansion evaluates the name held in a variable (a subscript in it runs a command)';
  for (const [re, why] of HIDDEN_CODE) if (re.test(command)) return why;
  if ((hidesCode(command) || READS_INPUT.test(command)) && EVALUATES.test(command)) {
    return 'an arithmetic context or subscript may evaluate text (from quotes or input) that runs a command';
  }
  return undefined;
}
