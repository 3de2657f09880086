/**
 * The shell commands an awk program runs (gawk 5.2, mawk 1.3.4, the one true awk: each hands its
 * command to `sh -c`): `system(EXPR)`, `print … | EXPR` (what it prints is the command's input),
 * and `EXPR | getline`. A command whose text the program shows whole — string literals joined, and
 * `ENVIRON["NAME"]` (the environment's value, which `$NAME` is to the shell that runs it) — is
 * shell text a reader can read; one built from anything else (a field, a variable, a line
 * `getline` read) is made of the data the program reads. Verified with mawk 1.3.4 from a `bash -i`
 * start-up line (fix33-text): `system($0)` on a file, `system("sh " ENVIRON["HOME"] "/bin/x.sh")`,
 * `print | "sh"`, `"sh ~/bin/x.sh" | getline` and `getline l < (ENVIRON["HOME"] "/.cmds")` then
 * `system(l)` each ran what the file held.
 */
import { shellName } from './shell-names.js';

/** What an awk program runs, as {@link awkCommands} reads it. @internal */
export interface AwkCommands {
  /** Commands whose whole text the program shows (`ENVIRON["HOME"]` as `$HOME`). */
  readonly texts: readonly string[];
  /** A command (or a shell's input) is built from something else: the data the program reads. */
  readonly fromData: boolean;
  /** The files it reads lines from by a name it shows (`getline l < (ENVIRON["HOME"] "/.cmds")`), written as `texts` are. */
  readonly reads: readonly string[];
}

/**
 * The commands an awk program text runs ({@link AwkCommands}). Read by shape, not by a parser: a
 * `system(`, a `|` that is no `||` outside strings and the expressions around it; a shape this
 * does not know (a function that builds the command) is a command from data, never none.
 */
export function awkCommands(program: string): AwkCommands {
  const texts: string[] = [];
  const reads: string[] = [];
  let fromData = false;
  const take = (expr: string): string | undefined => {
    const text = constantText(expr);
    if (text === undefined) fromData = true;
    else texts.push(text);
    return text;
  };
  const code = masked(program);
  for (const m of code.matchAll(/\bsystem\s*\(/g)) take(program.slice(m.index + m[0].length, closing(code, m.index + m[0].length - 1)));
  for (const m of code.matchAll(/\bgetline\b(?:\s+[A-Za-z_]\w*)?\s*<\s*/g)) {
    const start = m.index + m[0].length;
    const end = code[start] === '(' ? closing(code, start) + 1 : expressionEnd(code, start);
    const name = constantText(program.slice(start, end));
    if (name !== undefined) reads.push(name);
  }
  for (let k = code.indexOf('|'); k >= 0; k = code.indexOf('|', k + 1)) {
    if (code[k + 1] === '|' || code[k - 1] === '|') continue;
    // gawk's `|&` (a two-way pipe) runs its command as `|` does.
    const after = code.slice(code[k + 1] === '&' ? k + 2 : k + 1);
    if (/^\s*getline\b/.test(after)) {
      take(program.slice(expressionStart(code, k), k));
      continue;
    }
    // `print EXPR | CMD`: CMD runs, and what the statement prints is its input. A `|` in no print
    // statement (a regular expression's `/a|b/`, read as masked) runs nothing.
    const statement = statementStart(code, k);
    const print = [...code.slice(statement, k).matchAll(/\bprintf?\b/g)].pop();
    if (print === undefined) continue;
    const start = code[k + 1] === '&' ? k + 2 : k + 1;
    const command = take(program.slice(start, expressionEnd(code, start)));
    const printed = program.slice(statement + print.index + print[0].length, k);
    const words = command?.trim().split(/\s+/) ?? [];
    if (command === undefined || (shellName(words[0] ?? '') !== undefined && words.slice(1).every((w) => w === '-s'))) {
      const text = constantText(printed);
      if (text === undefined) fromData = true;
      else texts.push(text);
    }
  }
  return { texts, fromData, reads };
}

/**
 * The program with the inside of every string literal and regular expression blanked (`"a|b"` →
 * `"   "`, `/a|b/` → `/   /`): the shapes above read neither. A `/` starts a regular expression
 * where an operand may start (after `(`, `,`, `~`, `!`, a brace, `;`, `&&`, `||`, a newline or nothing);
 * anywhere else it divides.
 */
function masked(program: string): string {
  return program
    .replace(/"(?:[^"\\\n]|\\.)*"/g, (s) => `"${' '.repeat(s.length - 2)}"`)
    .replace(/(^|[(,~!{};&|\n]\s*)\/((?:[^/\\\n]|\\.)+)\//g, (_s, lead: string, re: string) => `${lead}/${' '.repeat(re.length)}/`);
}

/** Where the statement holding `at` starts: after a `;`, `{`, `}` or newline outside parentheses. */
function statementStart(code: string, at: number): number {
  let depth = 0;
  for (let k = at - 1; k >= 0; k--) {
    const c = code[k]!;
    if (c === ')') depth++;
    else if (c === '(') depth = Math.max(0, depth - 1);
    else if (depth === 0 && /[;{}\n]/.test(c)) return k + 1;
  }
  return 0;
}

/** The index of the `)` that closes the `(` at `open` in masked code (the text's end when none does). */
function closing(code: string, open: number): number {
  let depth = 0;
  for (let k = open; k < code.length; k++) {
    if (code[k] === '(') depth++;
    else if (code[k] === ')' && --depth === 0) return k;
  }
  return code.length;
}

/** Where an expression starting at `start` ends: a `;`, `}`, newline or an unbalanced `)` outside parentheses. */
function expressionEnd(code: string, start: number): number {
  let depth = 0;
  for (let k = start; k < code.length; k++) {
    const c = code[k]!;
    if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return k;
    else if (depth === 0 && /[;}\n]/.test(c)) return k;
  }
  return code.length;
}

/** Where the expression that ends before `end` starts: after a `;`, `{`, `}`, newline or an unbalanced `(`. */
function expressionStart(code: string, end: number): number {
  let depth = 0;
  for (let k = end - 1; k >= 0; k--) {
    const c = code[k]!;
    if (c === ')') depth++;
    else if (c === '(' && --depth < 0) return k + 1;
    else if (depth === 0 && /[;{}\n]/.test(c)) return k + 1;
  }
  return 0;
}

/**
 * The text an awk expression makes when it is only string literals and `ENVIRON["NAME"]` joined
 * (grouped in parentheses or not), `ENVIRON["NAME"]` written `$NAME`; `undefined` for any other expression.
 */
function constantText(expr: string): string | undefined {
  // Parentheses only group a concatenation (`("sh " ENVIRON["HOME"]) "/x"`): any other operator is no constant.
  const code = masked(expr);
  const rest = [...expr]
    .filter((_c, k) => code[k] !== '(' && code[k] !== ')')
    .join('')
    .trim();
  if (rest === '') return undefined;
  let out = '';
  const part = /\s*(?:"((?:[^"\\\n]|\\.)*)"|ENVIRON\s*\[\s*"([A-Za-z_]\w*)"\s*\])\s*/y;
  while (part.lastIndex < rest.length) {
    const at = part.lastIndex;
    const m = part.exec(rest);
    if (m === null || part.lastIndex === at) return undefined;
    out += m[1] !== undefined ? m[1].replace(/\\(.)/g, (_s, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c)) : `$${m[2]!}`;
  }
  return out;
}
