/**
 * How each shell reads an ANSI-C quoted string `$'…'`: a table of escapes per dialect and one
 * decoder that reads every dialect a command may run in. Where the dialects disagree on the text
 * (bash's braced hex `\x{2e}` is `.` and zsh's is a NUL; bash's `\cX` is a control character and
 * zsh's is `cX`), the string is not one known text. Verified byte for byte against bash 5.2.15,
 * zsh 5.9 and dash 0.5.12 (`test/shell/shells/ansi-c.test.ts` runs them when installed).
 */

/** One shell's reading of `$'…'`. @internal */
export interface AnsiCDialect {
  readonly name: string;
  /** Does `$'` open an ANSI-C string? dash reads a `$` and then an ordinary single-quoted string. */
  readonly ansiC: boolean;
  /** One-character escapes and their text. */
  readonly simple: Readonly<Record<string, string>>;
  /** An escape that means nothing keeps its backslash (bash `\q` is `\q`; zsh drops it: `q`). */
  readonly unknownKeepsBackslash: boolean;
  /** `\x`, `\u`, `\U` without a hex digit: kept as written (bash) or a NUL (zsh). */
  readonly emptyNumber: 'asWritten' | 'nul';
  /** bash 5.2: `\x{H…}` takes any number of hex digits (the low byte counts). */
  readonly bracedHex: boolean;
  /** bash: `\cX` is X's control character. */
  readonly caretControl: boolean;
  /** zsh: `\C-X` / `\CX` is X's control character and `\M-X` / `\MX` sets the top bit. */
  readonly dashControl: boolean;
  /**
   * bash: a NUL ends the string's text (`$'.env\c 'x` is `.envx`); zsh keeps the NUL in the word
   * (its builtins see it, a program's argument ends there), which is not one known text.
   */
  readonly nulEndsText: boolean;
}

const SIMPLE: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

/** bash 5.2 (`ansicstr` in strtrans.c). @internal */
export const BASH_ANSI_C: AnsiCDialect = {
  name: 'bash',
  ansiC: true,
  simple: SIMPLE,
  unknownKeepsBackslash: true,
  emptyNumber: 'asWritten',
  bracedHex: true,
  caretControl: true,
  dashControl: false,
  nulEndsText: true,
};

/** zsh 5.9 (`getkeystring` in utils.c). @internal */
export const ZSH_ANSI_C: AnsiCDialect = {
  name: 'zsh',
  ansiC: true,
  simple: SIMPLE,
  unknownKeepsBackslash: false,
  emptyNumber: 'nul',
  bracedHex: false,
  caretControl: false,
  dashControl: true,
  nulEndsText: false,
};

/** dash 0.5.12: `$'a\tb'` is the text `$a\tb`. @internal */
export const DASH_ANSI_C: AnsiCDialect = {
  ...BASH_ANSI_C,
  name: 'dash',
  ansiC: false,
};

/** The dialects of every shell a command of unknown shell may run in (bash and zsh). @internal */
export const EVERY_ANSI_C: readonly AnsiCDialect[] = [BASH_ANSI_C, ZSH_ANSI_C];

/**
 * What decoding one `$'…'` gives: its text and where it ends; `unknown` when it is not one known
 * text (a NUL zsh keeps, a byte above 0x7f, shells that read it differently), `error` when where
 * it ends is not known either (unterminated, a quote after `\c`, dash ending it elsewhere).
 * @internal
 */
export interface AnsiCText {
  value: string;
  end: number;
  unknown?: string;
  error?: string;
}

const HEX = /[0-9A-Fa-f]/;

/** The character a control escape gives for the ASCII character `x` (`?` is DEL). */
function control(x: string, mask: number): number {
  return x === '?' ? 0x7f : x.toUpperCase().charCodeAt(0) & mask;
}

/** Reads up to `max` hex digits at `i`: their value and how many there were. */
function hexDigits(raw: string, i: number, max: number): { code: number; n: number } {
  let code = 0;
  let n = 0;
  while (n < max && i + n < raw.length && HEX.test(raw[i + n]!)) code = code * 16 + parseInt(raw[i + n++]!, 16);
  return { code, n };
}

/** Decodes the body of `$'…'` starting after the opening quote, as one dialect reads it. */
function decodeOne(raw: string, start: number, d: AnsiCDialect): AnsiCText {
  if (!d.ansiC) {
    const j = raw.indexOf("'", start);
    if (j < 0) return { value: '$' + raw.slice(start), end: raw.length, error: 'unterminated single quote' };
    return { value: '$' + raw.slice(start, j), end: j + 1 };
  }
  let text = '';
  /** Set once a NUL ended the text (bash): the rest of the string is read but gives nothing. */
  let cut = false;
  let unknown: string | undefined;
  let i = start;
  const put = (s: string): void => {
    if (!cut) text += s;
  };
  /** A byte (an octal, hex or control escape): text only below 0x80; a NUL ends the text or is unknown. */
  const byte = (code: number): void => {
    if (cut) return;
    if (code === 0) {
      if (d.nulEndsText) cut = true;
      else unknown ??= `a NUL byte in $'…' string (${d.name} keeps it)`;
    } else if (code > 0x7f) unknown ??= `a byte above 0x7f in $'…' string (${d.name})`;
    else put(String.fromCharCode(code));
  };
  const done = (end: number, error?: string): AnsiCText => ({
    value: text,
    end,
    ...(unknown !== undefined ? { unknown } : {}),
    ...(error !== undefined ? { error } : {}),
  });
  while (i < raw.length) {
    const c = raw[i]!;
    if (c === "'") return done(i + 1);
    if (c === '\0') return done(raw.length, "NUL byte in $'…' string");
    if (c !== '\\') {
      put(c);
      i++;
      continue;
    }
    const n = raw[i + 1];
    if (n === undefined) break;
    const simple = d.simple[n];
    const octal = /^[0-7]{1,3}/.exec(raw.slice(i + 1, i + 4));
    if (simple !== undefined) {
      put(simple);
      i += 2;
    } else if (octal) {
      byte(parseInt(octal[0], 8) & 0xff);
      i += 1 + octal[0].length;
    } else if (n === 'x' && d.bracedHex && raw[i + 2] === '{') {
      // bash: any number of digits, the low byte counts; a closing brace is optional.
      let j = i + 3;
      let code = 0;
      while (j < raw.length && HEX.test(raw[j]!)) code = (code * 16 + parseInt(raw[j++]!, 16)) & 0xff;
      if (raw[j] === '}') j++;
      byte(code);
      i = j;
    } else if (n === 'x' || n === 'u' || n === 'U') {
      const h = hexDigits(raw, i + 2, n === 'x' ? 2 : n === 'u' ? 4 : 8);
      if (h.n === 0) {
        if (d.emptyNumber === 'nul') byte(0);
        else put('\\' + n);
      } else if (n !== 'x' && h.code > 0x7f) {
        // A code point above ASCII becomes the locale's encoding of it (or stays as written in C).
        if (!cut) unknown ??= `a \\${n} escape above ASCII in $'…' string, which the locale decides`;
      } else byte(h.code);
      i += 2 + h.n;
    } else if (n === 'c' && d.caretControl) {
      const x = raw[i + 2];
      if (x === undefined || x === "'") return done(raw.length, "\\c before the closing quote of $'…' string");
      if (x.charCodeAt(0) > 0x7f) unknown ??= `\\c before a non-ASCII character in $'…' string`;
      else byte(control(x, 0x1f));
      // `\c\\` is one control character: the second backslash goes with it.
      i += x === '\\' && raw[i + 3] === '\\' ? 4 : 3;
    } else if ((n === 'C' || n === 'M') && d.dashControl) {
      const j = raw[i + 2] === '-' ? i + 3 : i + 2;
      const x = raw[j];
      if (x === undefined || x === "'") return done(raw.length, `\\${n} before the closing quote of $'…' string`);
      // `\M` sets the top bit; `\C` before an escape (`\C-\x41`) is left unread, the escape read on.
      if (n === 'M' || x === '\\' || x.charCodeAt(0) > 0x7f) {
        unknown ??= `a \\${n} escape toolgate does not read in $'…' string (${d.name})`;
        i = x === '\\' ? j : j + 1;
      } else {
        byte(control(x, 0x9f));
        i = j + 1;
      }
    } else {
      put(d.unknownKeepsBackslash ? '\\' + n : n);
      i += 2;
    }
  }
  return done(raw.length, "unterminated $'…' string");
}

/**
 * Decodes the body of `$'…'` starting after the opening quote, as every one of `dialects` reads
 * it: one text when they agree, else `unknown` (not one known text) or `error` (they end it in
 * different places).
 * @internal
 */
export function decodeAnsiC(raw: string, start: number, dialects: readonly AnsiCDialect[] = EVERY_ANSI_C): AnsiCText {
  const first = decodeOne(raw, start, dialects[0] ?? BASH_ANSI_C);
  if (first.error !== undefined) return first;
  for (const d of dialects.slice(1)) {
    const other = decodeOne(raw, start, d);
    if (other.error !== undefined) return { ...first, error: other.error };
    if (other.end !== first.end)
      return { ...first, error: `${first.end < other.end ? dialects[0]?.name : d.name} ends this $'…' string earlier` };
    if (first.unknown !== undefined) return first;
    if (other.unknown !== undefined) return { ...first, unknown: other.unknown };
    if (other.value !== first.value)
      return { ...first, unknown: `${dialects.map((x) => x.name).join(' and ')} read this $'…' string differently` };
  }
  return first;
}
