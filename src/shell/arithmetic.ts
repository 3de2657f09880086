/**
 * Places where bash evaluates text as code although it looks like data: arithmetic contexts
 * (`$((…))`, `((…))`, `let`, `[[ x -eq y ]]`, array subscripts) expand and run a `$(…)` found
 * inside a subscript of a variable they reference, even when the text came from single quotes
 * or from a variable (`x='a[$(cmd)]'; echo $((x))` runs cmd), and `${x@P}` expands a prompt
 * string that may hold substitutions.
 */
import { decodeAnsiC, scanUntil } from './words.js';

/** A command substitution or backtick (not `$((`) anywhere in the text, quoted or not. */
const CODE_TEXT = /\$\((?!\()|`/;

/**
 * Whether arithmetic evaluation of `text` may run a command: a `$(…)` or backtick anywhere in
 * it. Inside quotes the subscript runs it; unquoted, its output is evaluated again.
 */
export function arithmeticRunsCode(text: string): boolean {
  return CODE_TEXT.test(text);
}

/**
 * Whether `text` holds a `$(` or backtick that the shell does not run where it stands: inside
 * single quotes, `$'…'` or escaped with a backslash. Such text runs when something later
 * evaluates it (a subscript, `${x@P}`). Substitutions that do run are scanned as scripts of
 * their own. Unterminated quotes count as hidden code.
 */
export function hidesCode(text: string): boolean {
  let i = 0;
  let double = false;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      const n = text[i + 1];
      if (n === '`' || (n === '$' && text[i + 2] === '(')) return true;
      i += 2;
      continue;
    }
    if (!double && c === "'") {
      const j = text.indexOf("'", i + 1);
      const body = j < 0 ? text.slice(i + 1) : text.slice(i + 1, j);
      if (j < 0 || CODE_TEXT.test(body)) return true;
      i = j + 1;
      continue;
    }
    if (!double && c === '$' && text[i + 1] === "'") {
      const d = decodeAnsiC(text, i + 2);
      if (d.error !== undefined || CODE_TEXT.test(d.value) || CODE_TEXT.test(text.slice(i + 2, d.end))) return true;
      i = d.end;
      continue;
    }
    if (c === '"') {
      double = !double;
      i++;
      continue;
    }
    if (c === '$' && text[i + 1] === '(' && text[i + 2] !== '(') {
      const s = scanUntil(text, i + 2, ')');
      if (s.error !== undefined || hidesCode(text.slice(i + 2, s.end - 1))) return true;
      i = s.end;
      continue;
    }
    if (c === '`') {
      const s = scanUntil(text, i + 1, '`');
      if (s.error !== undefined || hidesCode(text.slice(i + 1, s.end - 1).replace(/\\([$`\\])/g, '$1'))) return true;
      i = s.end;
      continue;
    }
    i++;
  }
  return double;
}

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
  [/(^|[\s;&|(])\{[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\}[<>]/, 'a {name}> redirection assigns a variable (its subscript is evaluated arithmetically)'],
  [/\bPS4\b/, 'PS4 is expanded as a prompt (running its substitutions) for every traced command'],
  [/\bBASH_ENV\b/, 'BASH_ENV is expanded (running its substitutions) and sourced by every bash started'],
  [/(^|[\s;&|(])ENV=\S*([$`]|[<>]\()/, 'ENV is expanded (running its substitutions) and sourced by an interactive or POSIX shell'],
  [/\b(mapfile|readarray)\b[^;&|\n]*\s-[A-Za-z]*C/, 'mapfile -C runs a callback toolgate cannot see'],
  [/\b(declare|typeset|local)\s+(-[A-Za-z]*\s+)*-[A-Za-z]*i/, 'an integer variable evaluates every value assigned to it arithmetically'],
];

/**
 * Why the command as a whole may evaluate text toolgate cannot see as code, or undefined.
 * Judged on the raw text so that it holds inside here-documents and quotes too; it errs toward
 * `unknown` (a script that both reads text into variables and evaluates variables arithmetically).
 */
export function hiddenEvaluation(command: string): string | undefined {
  // Both need a `${` (the indirection a `${!`): most commands have none.
  const braced = command.includes('${');
  if (braced && PROMPT_EXPANSION.test(command)) return 'a ${…@P} or ${…@E} expansion evaluates a variable\'s text';
  if (braced && indirection(command)) return 'a ${!name} expansion evaluates the name held in a variable (a subscript in it runs a command)';
  for (const [re, why] of HIDDEN_CODE) if (re.test(command)) return why;
  if ((hidesCode(command) || READS_INPUT.test(command)) && EVALUATES.test(command)) {
    return 'an arithmetic context or subscript may evaluate text (from quotes or input) that runs a command';
  }
  return undefined;
}
