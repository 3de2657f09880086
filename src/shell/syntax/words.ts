/**
 * Decoding of one shell word: quote removal, escapes, ANSI-C strings, and detection of
 * everything that makes a word non-literal (expansions, substitutions, globs, braces, tilde).
 * Shared by the fast lexer and the tree-sitter walker so both report words the same way.
 */
import { type AnsiCDialect, decodeAnsiC, EVERY_ANSI_C } from '../shells/ansi-c.js';

/** What one word means once quotes and escapes are removed. @internal */
export interface DecodedWord {
  /** The word after quote removal when `literal`, else the raw text. */
  value: string;
  literal: boolean;
  /** Unquoted `*`, `?`, `[…]`. */
  glob: boolean;
  /** Unquoted brace expansion `{a,b}`, `{1..3}`. */
  brace: boolean;
  /** Unquoted leading `~` (or after `=`/`:`). */
  tilde: boolean;
  /** `$name`, `${…}`, `$((…))`. */
  expansion: boolean;
  /** Number of command and process substitutions (`$(`, backticks, `<(`, `>(`) at any depth. */
  substitutions: number;
  /** zsh `=cmd` (path of a command) at the start of the word. */
  zshEquals: boolean;
  /** Set when the word cannot be decoded (unterminated quote, NUL byte, `(` in a word, ...). */
  error?: string;
}

const NAME_START = /[A-Za-z_]/;
const SPECIAL_PARAM = /[@*#?$!0-9-]/;

interface Scan {
  end: number;
  substitutions: number;
  error?: string;
}

/**
 * Finds the end of a construct opened at `start` (just after the opener) that closes with
 * `close`, skipping quotes, escapes and nested parentheses, and counting substitutions inside.
 */
export function scanUntil(raw: string, start: number, close: ')' | '}' | '`', singleQuotesLiteral = false): Scan {
  let depth = 0;
  let subs = 0;
  let i = start;
  while (i < raw.length) {
    const c = raw[i]!;
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (close === '`') {
      if (c === '`') return { end: i + 1, substitutions: subs };
      if (c === '$' && raw[i + 1] === '(' && raw[i + 2] !== '(') subs++;
      i++;
      continue;
    }
    if (c === "'" && !singleQuotesLiteral) {
      const j = raw.indexOf("'", i + 1);
      if (j < 0) return { end: raw.length, substitutions: subs, error: 'unterminated single quote' };
      i = j + 1;
      continue;
    }
    if (c === '"') {
      const inner = scanDouble(raw, i + 1);
      subs += inner.substitutions;
      if (inner.error) return { end: raw.length, substitutions: subs, error: inner.error };
      i = inner.end;
      continue;
    }
    if (c === '`') {
      const inner = scanUntil(raw, i + 1, '`');
      subs += 1 + inner.substitutions;
      if (inner.error || inner.end > raw.length) return { end: raw.length, substitutions: subs, error: 'unterminated backtick' };
      i = inner.end;
      continue;
    }
    if ((c === '$' || c === '<' || c === '>') && raw[i + 1] === '(') {
      if (!(c === '$' && raw[i + 2] === '(')) subs++;
      depth++;
      i += 2;
      continue;
    }
    if (c === '(') depth++;
    if (c === '{' && close === '}') depth++;
    if (c === close) {
      if (depth === 0) return { end: i + 1, substitutions: subs };
      depth--;
    } else if (c === ')' && close === '}') {
      depth = Math.max(0, depth - 1);
    }
    i++;
  }
  return { end: raw.length + 1, substitutions: subs, error: `unterminated ${close === ')' ? '$(' : close === '}' ? '${' : '`'}` };
}

/** Scans a double-quoted string body starting after the opening quote. */
function scanDouble(raw: string, start: number): Scan & { value: string; expansion: boolean } {
  let value = '';
  let subs = 0;
  let expansion = false;
  let i = start;
  while (i < raw.length) {
    const c = raw[i]!;
    if (c === '"') return { end: i + 1, substitutions: subs, value, expansion };
    if (c === '\\') {
      const n = raw[i + 1];
      if (n === undefined) break;
      if (n === '\n') {
        i += 2;
        continue;
      }
      value += '$`"\\'.includes(n) ? n : '\\' + n;
      i += 2;
      continue;
    }
    if (c === '`') {
      const inner = scanUntil(raw, i + 1, '`');
      subs += 1 + inner.substitutions;
      if (inner.error || inner.end > raw.length)
        return { end: raw.length, substitutions: subs, value, expansion, error: 'unterminated backtick' };
      i = inner.end;
      continue;
    }
    if (c === '$') {
      const d = scanDollar(raw, i, true);
      if (d) {
        subs += d.substitutions;
        if (d.kind === 'expansion') expansion = true;
        if (d.error) return { end: raw.length, substitutions: subs, value, expansion, error: d.error };
        i = d.end;
        continue;
      }
    }
    value += c;
    i++;
  }
  return { end: raw.length, substitutions: subs, value, expansion, error: 'unterminated double quote' };
}

interface DollarScan extends Scan {
  kind: 'expansion' | 'substitution';
}

/**
 * `$…` at `i`: returns what it is and where it ends, or undefined for a literal `$`.
 * `inDouble`: inside `"…"`, where single quotes in `${x:-'…'}` are ordinary characters and a
 * `$(…)` between them runs (bash).
 */
function scanDollar(raw: string, i: number, inDouble = false): DollarScan | undefined {
  const n = raw[i + 1];
  if (n === undefined) return undefined;
  if (n === '(') {
    const arith = raw[i + 2] === '(';
    const s = scanUntil(raw, i + 2, ')');
    return {
      ...s,
      end: Math.min(s.end, raw.length),
      kind: arith ? 'expansion' : 'substitution',
      substitutions: s.substitutions + (arith ? 0 : 1),
    };
  }
  if (n === '{') {
    const s = scanUntil(raw, i + 2, '}', inDouble);
    return { ...s, end: Math.min(s.end, raw.length), kind: 'expansion' };
  }
  if (NAME_START.test(n)) {
    let j = i + 2;
    while (j < raw.length && /[A-Za-z0-9_]/.test(raw[j]!)) j++;
    return { end: j, substitutions: 0, kind: 'expansion' };
  }
  if (SPECIAL_PARAM.test(n)) return { end: i + 2, substitutions: 0, kind: 'expansion' };
  return undefined;
}

/** Does an unquoted `{` at `i` start a brace expansion (`{a,b}` / `{1..3}`)? */
function isBraceExpansion(raw: string, i: number): boolean {
  let depth = 0;
  let sawComma = false;
  for (let j = i; j < raw.length; j++) {
    const c = raw[j]!;
    if (c === '\\') {
      j++;
      continue;
    }
    if (c === "'" || c === '"') continue;
    if (c === '{') depth++;
    else if (c === '}') {
      depth--;
      if (depth === 0) return sawComma || raw.slice(i, j).includes('..');
    } else if (c === ',' && depth === 1) sawComma = true;
  }
  return false;
}

/**
 * Per ASCII code: does the character mean anything to {@link decodeWordGeneral} (quotes, escapes,
 * `$`, backticks, `<(`/`>(`, parentheses, globs, braces, `~`, NUL)? A word with none of them,
 * not starting with `=`, is its own text.
 */
const SPECIAL = new Uint8Array(128);
for (const ch of '\\\'"$`<>()*?[{~\0') SPECIAL[ch.charCodeAt(0)] = 1;

/** Is `raw` a plain word: no character {@link decodeWordGeneral} treats specially, no leading `=`? @internal */
export function isPlainWord(raw: string): boolean {
  if (raw.charCodeAt(0) === 61 /* = */) return false;
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code < 128 && SPECIAL[code] === 1) return false;
  }
  return true;
}

/**
 * Decodes one shell word as written (`raw` is its exact source text). Never throws.
 * A plain word (see {@link isPlainWord}) is its own value; others are read by {@link decodeWordGeneral}.
 * @param shell - `zsh` makes a leading `=` (command path expansion) non-literal.
 * @param ansiC - the readings of `$'…'` the word must agree in (default: every shell an unknown context may be).
 */
export function decodeWord(raw: string, shell: 'bash' | 'zsh' | 'sh' = 'bash', ansiC: readonly AnsiCDialect[] = EVERY_ANSI_C): DecodedWord {
  if (isPlainWord(raw))
    return { value: raw, literal: true, glob: false, brace: false, tilde: false, expansion: false, substitutions: 0, zshEquals: false };
  return decodeWordGeneral(raw, shell, ansiC);
}

/** A parameter one pair of double quotes keeps as one word (`$@` and `${a[@]}` are not among them). */
const QUOTED_PARAMETER = /^\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\}|[0-9#?$!*-])/;

/** Directories a word may start with and stay a path: the home and the working directory. */
const DIRECTORY_PARAMETER = /^\$(?:\{(?:HOME|PWD)\}|(?:HOME|PWD)(?![A-Za-z0-9_]))/;

/**
 * Does the word `raw` always become exactly one operand, whatever the variables hold? A literal
 * word, a leading `~` (tilde expansion is never split) and parameters inside double quotes
 * (`"$HOME"/x`, `out/"$NAME"`) do; an unquoted parameter or substitution (split, or gone when
 * empty), a glob, a brace, `"$@"`, `"${a[@]}"`, a word whose first character a variable other than
 * `HOME` or `PWD` gives (`"$X"` may be an option) and anything this reading does not know may not,
 * so a program's positional operands may move.
 * @internal
 */
export function expandsToOneOperand(raw: string): boolean {
  const d = decodeWord(raw);
  if (d.literal) return true;
  if (d.error !== undefined || d.glob || d.brace || d.zshEquals || d.substitutions > 0) return false;
  const lead = raw.startsWith('"') ? raw.slice(1) : raw;
  if (/^["'$]/.test(lead) && !(lead.startsWith('$') && DIRECTORY_PARAMETER.test(lead))) return false;
  let inDouble = false;
  for (let i = 0; i < raw.length;) {
    const c = raw[i]!;
    if (c === '\\') i += 2;
    else if (c === '"') {
      inDouble = !inDouble;
      i++;
    } else if (c === "'" && !inDouble) {
      const end = raw.indexOf("'", i + 1);
      if (end < 0) return false;
      i = end + 1;
    } else if (c === '$') {
      const m = inDouble ? QUOTED_PARAMETER.exec(raw.slice(i)) : null;
      if (m === null) return false;
      i += m[0].length;
    } else if (c === '`') return false;
    else i++;
  }
  return !inDouble;
}

/** {@link decodeWord} without the plain-word fast path. @internal */
export function decodeWordGeneral(
  raw: string,
  shell: 'bash' | 'zsh' | 'sh' = 'bash',
  ansiC: readonly AnsiCDialect[] = EVERY_ANSI_C,
): DecodedWord {
  const w: DecodedWord = {
    value: '',
    literal: true,
    glob: false,
    brace: false,
    tilde: false,
    expansion: false,
    substitutions: 0,
    zshEquals: false,
  };
  let value = '';
  let i = 0;
  const fail = (error: string): DecodedWord => ({ ...w, value: raw, literal: false, error });
  if (raw.startsWith('=') && raw.length > 1) w.zshEquals = shell === 'zsh' || /^=[A-Za-z_.\/-]/.test(raw) || raw[1] === '(';
  if (raw.startsWith('~')) w.tilde = true;
  while (i < raw.length) {
    const c = raw[i]!;
    if (c === '\\') {
      const n = raw[i + 1];
      if (n === undefined) {
        value += '\\';
        i++;
      } else if (n === '\n') {
        i += 2;
      } else {
        value += n;
        i += 2;
      }
      continue;
    }
    if (c === "'") {
      const j = raw.indexOf("'", i + 1);
      if (j < 0) return fail('unterminated single quote');
      value += raw.slice(i + 1, j);
      i = j + 1;
      continue;
    }
    if (c === '"') {
      const d = scanDouble(raw, i + 1);
      w.substitutions += d.substitutions;
      if (d.expansion) w.expansion = true;
      if (d.error) return fail(d.error);
      value += d.value;
      i = d.end;
      continue;
    }
    if (c === '$' && raw[i + 1] === "'") {
      const d = decodeAnsiC(raw, i + 2, ansiC);
      if (d.error) return fail(d.error);
      // Not one known text (a NUL zsh keeps, a byte above 0x7f, shells reading it differently): like a parameter.
      if (d.unknown !== undefined) w.expansion = true;
      value += d.value;
      i = d.end;
      continue;
    }
    if (c === '$' && raw[i + 1] === '"') {
      const d = scanDouble(raw, i + 2);
      w.substitutions += d.substitutions;
      // `$"…"` is translated through the locale catalogue: never treat it as a known literal.
      w.expansion = true;
      if (d.error) return fail(d.error);
      i = d.end;
      continue;
    }
    if (c === '$') {
      const d = scanDollar(raw, i);
      if (d) {
        w.substitutions += d.substitutions;
        if (d.kind === 'expansion') w.expansion = true;
        if (d.error) return fail(d.error);
        i = d.end;
        continue;
      }
      value += c;
      i++;
      continue;
    }
    if (c === '`') {
      const s = scanUntil(raw, i + 1, '`');
      w.substitutions += 1 + s.substitutions;
      if (s.error || s.end > raw.length) return fail('unterminated backtick');
      i = s.end;
      continue;
    }
    if ((c === '<' || c === '>') && raw[i + 1] === '(') {
      const s = scanUntil(raw, i + 2, ')');
      w.substitutions += 1 + s.substitutions;
      if (s.error) return fail(s.error);
      i = Math.min(s.end, raw.length);
      continue;
    }
    if (c === '(' || c === ')') return fail('parenthesis inside a word (extended glob or zsh qualifier)');
    if (c === '*' || c === '?') w.glob = true;
    else if (c === '[' && raw.indexOf(']', i + 1) > i) w.glob = true;
    else if (c === '{' && isBraceExpansion(raw, i)) w.brace = true;
    else if (c === '~' && i > 0 && (raw[i - 1] === '=' || raw[i - 1] === ':')) w.tilde = true;
    else if (c === '\0') return fail('NUL byte');
    value += c;
    i++;
  }
  w.literal = !w.glob && !w.brace && !w.tilde && !w.expansion && w.substitutions === 0 && !w.zshEquals;
  w.value = w.literal ? value : raw;
  return w;
}

/**
 * Counts command substitutions in an unquoted here-document body (where quotes are literal
 * characters): `$(…)` and backticks, honouring backslash escapes.
 */
export function countHeredocSubstitutions(body: string): number {
  let n = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '$' && body[i + 1] === '(' && body[i + 2] !== '(') n++;
    else if (c === '`') {
      n++;
      const j = body.indexOf('`', i + 1);
      if (j < 0) return n;
      i = j;
    }
  }
  return n;
}

/**
 * The text of a word after the shell's quote removal, with each expansion and substitution kept
 * as written (`"$HOME/x"` is `$HOME/x`, `"\`cmd\`"` is `` `cmd` ``, `'a b'` is `a b`, `"\"k\": v"`
 * is `"k": v`): what a builtin that keeps text for later (`bind`, `PS1=…`, `complete -C`) is handed,
 * read by the same scanners as {@link decodeWordGeneral}. An `$'…'` string the shells read
 * differently, or a word that does not end, is left as written. Never throws. @internal
 */
export function quoteRemoved(raw: string, ansiC: readonly AnsiCDialect[] = EVERY_ANSI_C): string {
  if (isPlainWord(raw)) return raw;
  let out = '';
  let i = 0;
  while (i < raw.length) {
    const c = raw[i]!;
    if (c === '\\') {
      const n = raw[i + 1];
      if (n !== '\n') out += n ?? '\\';
      i += 2;
    } else if (c === "'") {
      const j = raw.indexOf("'", i + 1);
      if (j < 0) return raw;
      out += raw.slice(i + 1, j);
      i = j + 1;
    } else if (c === '$' && raw[i + 1] === "'") {
      const d = decodeAnsiC(raw, i + 2, ansiC);
      if (d.error !== undefined || d.unknown !== undefined) return raw;
      out += d.value;
      i = d.end;
    } else if (c === '"' || (c === '$' && raw[i + 1] === '"')) {
      // Inside double quotes a backslash quotes only `$`, `` ` ``, `"`, `\` and a newline.
      i += c === '"' ? 1 : 2;
      while (i < raw.length && raw[i] !== '"') {
        const d = raw[i]!;
        if (d === '\\' && i + 1 < raw.length) {
          const n = raw[i + 1]!;
          if (n !== '\n') out += '$`"\\'.includes(n) ? n : `\\${n}`;
          i += 2;
        } else {
          const end = d === '$' ? scanDollar(raw, i, true)?.end : d === '`' ? scanUntil(raw, i + 1, '`').end : undefined;
          out += raw.slice(i, end ?? i + 1);
          i = Math.min(end ?? i + 1, raw.length);
        }
      }
      if (i >= raw.length) return raw;
      i++;
    } else {
      const end = c === '$' ? scanDollar(raw, i)?.end : c === '`' ? scanUntil(raw, i + 1, '`').end : undefined;
      out += raw.slice(i, end ?? i + 1);
      i = Math.min(end ?? i + 1, raw.length);
    }
  }
  return out;
}
