/**
 * Text shown to people: the Unicode bidirectional controls can reorder what a terminal, a browser
 * or an editor displays (CVE-2021-42574, "Trojan Source"), so a rule or a command that holds one
 * can read as something else. Every human-facing output of toolgate passes through
 * {@link escapeBidi}.
 * @packageDocumentation
 */

/**
 * The bidirectional formatting characters (Unicode UAX #9): ALM U+061C, LRM U+200E, RLM U+200F,
 * the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
/** The same class without `g`: a test keeps no `lastIndex` state. */
const HAS_BIDI_CONTROL = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

/** Is `char` (one UTF-16 unit) a bidirectional formatting character? @public */
export function isBidiControl(char: string): boolean {
  return /^[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]$/.test(char);
}

/**
 * `text` with every bidirectional control written as `<U+XXXX>`, so that what is shown is the
 * order in which the characters are stored. Text without one is returned as it is.
 * @public
 */
export function escapeBidi(text: string): string {
  // Most text holds none: testing first spares `replace` its work on every trace entry.
  if (!HAS_BIDI_CONTROL.test(text)) return text;
  return text.replace(BIDI_CONTROLS, (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);
}

/**
 * Characters that do not show as themselves: C0 and C1 controls other than TAB and LF (CR, ESC,
 * DEL, …), format characters (bidi controls, zero-width spaces and joiners, the soft hyphen, the
 * BOM, word joiners, invisible operators, tags), the line and paragraph separators, spaces other
 * than U+0020 (NBSP, the U+2000 spaces, the ideographic space), invisible fillers (Hangul
 * fillers, the combining grapheme joiner) and variation selectors.
 */
const HIDDEN =
  /[\x00-\x08\x0B-\x1F\x7F-\x9F\p{Cf}\p{Zl}\p{Zp}\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000\u034F\u115F\u1160\u3164\uFFA0\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
/** The same class without `g`. */
const HAS_HIDDEN = new RegExp(HIDDEN.source, 'u');

/** A piece of text as shown to a person: as it is, or one hidden character written as `<U+XXXX>`. @public */
export type ShownPart = { kind: 'text'; text: string } | { kind: 'hidden'; text: string; codePoint: number };

/** `<U+202E>`, `<U+E0041>`: a code point in the form every human-facing output uses. */
const written = (cp: number) => `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`;

/**
 * `text` cut into what shows as itself and each hidden character (see {@link escapeHidden}), for
 * outputs that mark the escapes (the approval page styles them).
 * @public
 */
export function hiddenParts(text: string): ShownPart[] {
  if (!HAS_HIDDEN.test(text)) return text === '' ? [] : [{ kind: 'text', text }];
  const parts: ShownPart[] = [];
  let last = 0;
  for (const m of text.matchAll(HIDDEN)) {
    if (m.index > last) parts.push({ kind: 'text', text: text.slice(last, m.index) });
    const cp = m[0].codePointAt(0)!;
    parts.push({ kind: 'hidden', text: written(cp), codePoint: cp });
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

/**
 * `text` with every character that does not show as itself written as `<U+XXXX>`: the bidi
 * controls of {@link escapeBidi}, and also zero-width and other format characters, control
 * characters other than TAB and LF, unusual spaces and invisible fillers — so that a person reads
 * the characters that are there, in the order they are stored. Hook replies and the approval page
 * both show text through this function. Text without one is returned as it is.
 * @public
 */
export function escapeHidden(text: string): string {
  if (!HAS_HIDDEN.test(text)) return text;
  return text.replace(HIDDEN, (c) => written(c.codePointAt(0)!));
}
