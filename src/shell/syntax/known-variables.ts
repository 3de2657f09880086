/**
 * `~`, `$HOME` and `$PWD` in path words: what they may stand for, given that the command itself
 * may assign them (`HOME=.; cat ~/.env` reads `./.env`). A literal assignment adds its value to
 * what they may be; any other way of setting them (`read HOME`, `for HOME in …`, `HOME=$X`,
 * `unset HOME`, `${HOME:=…}`) makes them unknown.
 */
import { decodeWord } from './words.js';

/** What a variable may hold over the whole command. @internal */
export interface VariableView {
  /** Literal values the command assigns (as written, unresolved against any directory). */
  assigned: string[];
  /** Why its value cannot be told, when it cannot. */
  unknown?: string;
}

const SIMPLE_VALUE = /^[A-Za-z0-9_./~@%+,:=-]*$/;

/**
 * Where `command` may change `name`: literal assignments (`HOME=x`, `export HOME=x`, `env HOME=x`)
 * give values; any other mention of the name as something other than `$NAME`/`${NAME…}` read is a
 * change toolgate cannot follow.
 */
export function variableView(command: string, name: string): VariableView {
  const view: VariableView = { assigned: [] };
  // Most commands never name the variable: no pattern to build or run.
  if (!command.includes(name)) return view;
  const re = new RegExp(`(^|[^A-Za-z0-9_])${name}(?![A-Za-z0-9_])`, 'g');
  for (const m of command.matchAll(re)) {
    const at = (m.index ?? 0) + m[1]!.length;
    const before = command.slice(Math.max(0, at - 2), at);
    const after = command.slice(at + name.length);
    if (before.endsWith('$')) continue;
    if (before === '${') {
      // `${HOME:=x}` and `${HOME=x}` assign when unset.
      if (/^:?=/.test(after)) view.unknown ??= `\${${name}:=…} may assign ${name}`;
      continue;
    }
    const assign = /^(\+?)=((?:'[^']*'|"[^"$`\\]*"|[^\s;&|()<>'"`])*)/.exec(after);
    if (assign) {
      if (assign[1] === '+') {
        view.unknown ??= `${name}+=… changes ${name}`;
        continue;
      }
      const value = assign[2]!.replace(/'([^']*)'|"([^"]*)"/g, (_, a: string | undefined, b: string | undefined) => a ?? b ?? '');
      if (/[$`]/.test(assign[2]!) || !SIMPLE_VALUE.test(value) || value === '')
        view.unknown ??= `${name} is assigned a value toolgate cannot read`;
      else if (!view.assigned.includes(value)) view.assigned.push(value);
      continue;
    }
    view.unknown ??= `the command may change ${name} (${command.slice(Math.max(0, at - 12), at + name.length + 12).trim()})`;
  }
  return view;
}

/** Quotes text for the inside of a shell word: `'…'` outside quotes, escaped inside `"…"`. */
function quoteFor(value: string, inDouble: boolean): string {
  if (inDouble) return value.replace(/([$`"\\])/g, '\\$1');
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/**
 * The word with `$NAME` and `${NAME}` of the given variables replaced by their values (quoted, so
 * the value stays literal), or `undefined` when it mentions none of them. Other forms
 * (`${HOME%/*}`, `${HOME:-x}`) are left as they are.
 */
export function substituteVariables(raw: string, values: Readonly<Record<string, string>>): string | undefined {
  let changed = false;
  const out = replaceExpansions(raw, (text, i, inDouble) => {
    if (text[i] !== '$') return undefined;
    const m = /^\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})/.exec(text.slice(i));
    const name = m ? (m[1] ?? m[2])! : undefined;
    if (!m || name === undefined || !Object.prototype.hasOwnProperty.call(values, name)) return undefined;
    changed = true;
    return [m[0].length, quoteFor(values[name]!, inDouble)];
  });
  return changed ? out : undefined;
}

/**
 * `text` with each `$` and backquote outside single quotes and not after a backslash offered to
 * `at` (the text, the index, whether it stands inside double quotes); a hit `[length, replacement]`
 * replaces that many characters. The one quote-aware walk behind {@link substituteVariables} and
 * the known values of a settings or hook command (`evaluate/command-steps.ts`). @internal
 */
export function replaceExpansions(
  text: string,
  at: (text: string, i: number, inDouble: boolean) => [number, string] | undefined,
): string {
  let out = '';
  let inDouble = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') {
      out += text.slice(i, i + 2);
      i++;
      continue;
    }
    if (c === "'" && !inDouble) {
      const j = text.indexOf("'", i + 1);
      const end = j < 0 ? text.length : j + 1;
      out += text.slice(i, end);
      i = end - 1;
      continue;
    }
    if (c === '"') inDouble = !inDouble;
    if (c === '$' || c === '`') {
      const hit = at(text, i, inDouble);
      if (hit !== undefined) {
        out += hit[1];
        i += hit[0] - 1;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/**
 * A word's leading tilde expanded: `~` and `~/x` to `home`, `~+` to `pwd`; `undefined` when the
 * word has no unquoted leading tilde, `'unknown'` for `~user` and `~-`.
 */
export function expandTilde(raw: string, home: string, pwd: string): string | 'unknown' | undefined {
  if (!raw.startsWith('~')) return undefined;
  const m = /^~([^/]*)(.*)$/s.exec(raw);
  if (!m) return undefined;
  const who = m[1]!;
  if (who === '') return `${quoteFor(home, false)}${m[2]}`;
  if (who === '+') return `${quoteFor(pwd, false)}${m[2]}`;
  if (!decodeWord(`~${who}`).tilde) return undefined;
  return 'unknown';
}
