/**
 * Places where bash evaluates text as code although it looks like data: arithmetic contexts
 * (`$((…))`, `((…))`, `let`, `[[ x -eq y ]]`, array subscripts) expand and run a `$(…)` found
 * inside a subscript of a variable they reference, even when the text came from single quotes
 * or from a variable (`x='a[$(cmd)]'; echo $((x))` runs cmd), and `${x@P}` expands a prompt
 * string that may hold substitutions.
 */
import { decodeAnsiC } from '../shells/ansi-c.js';
import { scanUntil } from './words.js';

/** A command substitution or backtick (not `$((`) anywhere in the text, quoted or not. */
const CODE_TEXT = /\$\((?!\()|`/;

/** `name[…$(…)…]` or a backtick inside `[…]`: a subscript holding a substitution. */
const SUBSCRIPT_CODE = /\[.*(\$\((?!\()|`)/s;

/**
 * Whether arithmetic evaluation of `text` may run a command: a `$(…)` or backtick anywhere in
 * it, as written or once quotes and escapes are removed (bash evaluates the word it has after
 * quote removal: `a\[\$\(cmd\)\]` reaches the builtin as `a[$(cmd)]`). Inside quotes the
 * subscript runs it; unquoted, its output is evaluated again.
 */
export function arithmeticRunsCode(text: string): boolean {
  return CODE_TEXT.test(text) || CODE_TEXT.test(withoutQuotes(text).text);
}

/**
 * Whether a word handed to a builtin that evaluates subscripts (`test -v`, `declare`, `unset`,
 * `printf -v`, `read`, …) holds a subscript with a substitution, as written or after quote removal.
 */
export function subscriptRunsCode(word: string): boolean {
  return SUBSCRIPT_CODE.test(word) || SUBSCRIPT_CODE.test(withoutQuotes(word).text);
}

/**
 * `text` after quote removal (escapes, single and double quotes, `$'…'`, `$"…"`), expansions
 * left as written, with each character marked when it came from quotes or an escape (a `$`
 * or backtick inside double quotes stays active, so it is not marked). Errs toward keeping
 * characters: an unterminated quote runs to the end.
 */
function withoutQuotes(text: string): { text: string; quoted: boolean[] } {
  let out = '';
  const quoted: boolean[] = [];
  const put = (s: string, q: boolean): void => {
    out += s;
    for (let k = 0; k < s.length; k++) quoted.push(q);
  };
  let double = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      const n = text[i + 1];
      if (n === undefined) break;
      // Inside double quotes a backslash escapes only `$`, backtick, `"`, `\` and newline.
      if (double && !'$`"\\\n'.includes(n)) put('\\', true);
      if (n !== '\n') put(n, true);
      i += 2;
      continue;
    }
    if (!double && c === "'") {
      const j = text.indexOf("'", i + 1);
      put(j < 0 ? text.slice(i + 1) : text.slice(i + 1, j), true);
      i = j < 0 ? text.length : j + 1;
      continue;
    }
    if (!double && c === '$' && text[i + 1] === "'") {
      const d = decodeAnsiC(text, i + 2);
      // Where the shells read it differently, the text as written is kept too (errs toward keeping).
      put(d.error !== undefined || d.unknown !== undefined ? d.value + text.slice(i + 2, d.end) : d.value, true);
      i = d.end;
      continue;
    }
    if (!double && c === '$' && text[i + 1] === '"') {
      double = true;
      i += 2;
      continue;
    }
    if (c === '"') {
      double = !double;
      i++;
      continue;
    }
    put(c, double && c !== '$' && c !== '`');
    i++;
  }
  return { text: out, quoted };
}

/**
 * Whether quote removal assembles a `$(` or backtick from quoted or escaped parts (`\$\(`,
 * `\$'('`, `'$'(`): text the shell does not run where it stands, but runs once something
 * evaluates the word again (a subscript, `test -v`, `${x@P}`).
 */
function splicesCode(text: string): boolean {
  const { text: out, quoted } = withoutQuotes(text);
  for (let k = out.indexOf('$'); k >= 0; k = out.indexOf('$', k + 1)) {
    if (out[k + 1] === '(' && out[k + 2] !== '(' && (quoted[k] || quoted[k + 1])) return true;
  }
  for (let k = out.indexOf('`'); k >= 0; k = out.indexOf('`', k + 1)) if (quoted[k]) return true;
  return false;
}

/** The characters {@link hidesCode} starts at. */
const HIDING = /[\\'"$`]/;

/**
 * Whether `text` holds a `$(` or backtick that the shell does not run where it stands: inside
 * single quotes, `$'…'` or escaped with a backslash. Such text runs when something later
 * evaluates it (a subscript, `${x@P}`). Substitutions that do run are scanned as scripts of
 * their own. Unterminated quotes count as hidden code.
 */
export function hidesCode(text: string): boolean {
  // Every way of hiding code starts at a quote, a backslash, a `$` or a backtick: text with none is plain.
  if (!HIDING.test(text)) return false;
  if (splicesCode(text)) return true;
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
      if (d.error !== undefined || d.unknown !== undefined || CODE_TEXT.test(d.value) || CODE_TEXT.test(text.slice(i + 2, d.end)))
        return true;
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

/**
 * A name an arithmetic assignment sets: `name=`, `name+=` (and `-= *= /= %= <<= >>= &= ^= |=`,
 * zsh's `**= &&= ||= ^^=`), `name[…]=`, `name++`, `++name`, `name--`, `--name`, spaces allowed
 * between (`(( PATH = 0 ))`, `(( ++ PATH ))`). `==`, `<=`, `>=` and `!=` compare. A name in a
 * subscript is matched too (`((a[PATH=0]))`); a name after `$`, `#` or `.` is not one.
 */
const ASSIGNED =
  /(?<![A-Za-z0-9_$#.])([A-Za-z_][A-Za-z0-9_]*)(?=\s*(?:\[[^\]]*\]\s*)?(?:\*\*|&&|\|\||\^\^|<<|>>|[-+*/%&^|])?=(?!=)|\s*(?:\+\+|--))|(?:\+\+|--)\s*([A-Za-z_][A-Za-z0-9_]*)/g;

/**
 * The variables arithmetic evaluation of `text` assigns (bash, zsh and dash's `$((…))` alike:
 * `((PATH=0))`, `((0, HOME=0))`, `((PATH++))`), after quote removal. Each is a state change
 * like `PATH=0`: a later bare name is looked up along the new PATH. Errs toward names: `((1--x))`
 * counts x.
 */
export function arithmeticAssigns(text: string): string[] {
  const out = new Set<string>();
  for (const t of new Set([text, withoutQuotes(text).text])) for (const m of t.matchAll(ASSIGNED)) out.add((m[1] ?? m[2])!);
  return [...out];
}

/** `name[…]` at the start of a word: the subscript, to its last `]` (`a[b[i]]`). */
const NAMED_SUBSCRIPT = /^[A-Za-z_][A-Za-z0-9_]*\[(.*)\]/s;

/**
 * The variables a word handed to a builtin that evaluates subscripts (`test -v 'a[PATH=0]'`,
 * `unset`, `printf -v`, `read`, `declare`) assigns inside the subscript of the name it begins with.
 */
export function subscriptAssigns(word: string): string[] {
  const out = new Set<string>();
  for (const t of new Set([word, withoutQuotes(word).text])) {
    const subscript = NAMED_SUBSCRIPT.exec(t)?.[1];
    if (subscript !== undefined) for (const n of arithmeticAssigns(subscript)) out.add(n);
  }
  return [...out];
}
