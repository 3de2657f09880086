/**
 * Input toolgate will not read at all, checked on the raw bytes before either front end runs:
 * what bash and the grammar (or a person reading the approval dialog) would see differently.
 * Claude Code rejects CR, VT and FF outright ("command contains control characters that would be
 * hidden in the approval dialog"); toolgate asks, firmly, in every mode.
 */
import { MAX_COMMAND_LENGTH } from './limits.js';

/**
 * Control characters other than TAB and LF (C0, DEL, C1). bash takes CR, VT and FF as word
 * characters where the grammar takes them as blanks (`ls src<VT># ; rm x` runs `rm`), and a
 * backslash before CR is no line continuation in bash.
 */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;

/**
 * Unicode blanks and format characters (NBSP, the U+2000 spaces, ZWSP/ZWJ, bidi controls,
 * U+2028/2029, BOM, …): bash splits words only on ASCII blanks, so `ls<NBSP>-la` is one word
 * that looks like two, and bidi controls reorder what a reader sees.
 */
const UNICODE_BLANK_OR_FORMAT = /[\p{Zs}\p{Zl}\p{Zp}\p{Cf}]/u;

function describe(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Why `command` cannot be read safely as a whole, or undefined. Control characters count
 * anywhere; Unicode blanks and format characters only outside quotes (inside `'…'`, `"…"` or
 * `$'…'` they are data).
 */
export function unreadableInput(command: string): string | undefined {
  if (command.length > MAX_COMMAND_LENGTH) return `command longer than ${MAX_COMMAND_LENGTH} characters`;
  if (command.includes('\0')) return 'NUL byte in command';
  const control = CONTROL.exec(command);
  if (control) return `control character ${describe(control[0])} in command (bash and the parser read it differently)`;
  if (!/[^\x00-\x7f]/.test(command)) return undefined;
  const blank = unquotedUnicodeBlank(command);
  if (blank !== undefined) return `Unicode blank or format character ${describe(blank)} outside quotes`;
  return undefined;
}

/** The first Unicode blank or format character outside quotes, if any. */
function unquotedUnicodeBlank(text: string): string | undefined {
  let i = 0;
  let double = false;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '\\') {
      const n = text[i + 1];
      if (n !== undefined && !double && UNICODE_BLANK_OR_FORMAT.test(n)) return n;
      i += 2;
      continue;
    }
    if (!double && c === "'") {
      const j = text.indexOf("'", i + 1);
      if (j < 0) return firstBlank(text.slice(i + 1));
      i = j + 1;
      continue;
    }
    if (!double && c === '$' && text[i + 1] === "'") {
      let j = i + 2;
      while (j < text.length && text[j] !== "'") j += text[j] === '\\' ? 2 : 1;
      i = j + 1;
      continue;
    }
    if (c === '"') {
      double = !double;
      i++;
      continue;
    }
    if (!double && c === '#' && (i === 0 || /[\s;&|()<>]/.test(text[i - 1]!))) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) return firstBlank(text.slice(i));
      const hit = firstBlank(text.slice(i, nl));
      if (hit !== undefined) return hit;
      i = nl;
      continue;
    }
    if (!double) {
      const cp = text.codePointAt(i)!;
      const ch = String.fromCodePoint(cp);
      if (cp > 0x7f && UNICODE_BLANK_OR_FORMAT.test(ch)) return ch;
      i += ch.length;
      continue;
    }
    i++;
  }
  return undefined;
}

function firstBlank(text: string): string | undefined {
  const m = UNICODE_BLANK_OR_FORMAT.exec(text.replace(/ /g, 'x'));
  return m?.[0];
}
