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
