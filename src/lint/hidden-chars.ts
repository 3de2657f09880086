import { isBidiControl } from '../core/text.js';

/** What kind of character a rule should not hold. */
export type HiddenCharKind = 'bidi' | 'invisible' | 'space' | 'compatibility' | 'confusable';

/** One character of a rule that does not show as what it is. */
export interface HiddenChar {
  /** 0-based UTF-16 offset in the string. */
  index: number;
  /** Length in UTF-16 units (2 for a character outside the BMP). */
  length: number;
  /** `U+200B` form. */
  codePoint: string;
  kind: HiddenCharKind;
  /** What it is, for the message (`ZERO WIDTH SPACE`, `CYRILLIC SMALL LETTER ES, looks like "c"`). */
  name: string;
}

const NAMES: Readonly<Record<number, string>> = {
  0x00a0: 'NO-BREAK SPACE',
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x115f: 'HANGUL CHOSEONG FILLER',
  0x1160: 'HANGUL JUNGSEONG FILLER',
  0x1680: 'OGHAM SPACE MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x202f: 'NARROW NO-BREAK SPACE',
  0x205f: 'MEDIUM MATHEMATICAL SPACE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0x3000: 'IDEOGRAPHIC SPACE',
  0x3164: 'HANGUL FILLER',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (BOM)',
  0xffa0: 'HALFWIDTH HANGUL FILLER',
};

/** Characters that take no room: zero-width spaces and joiners, fillers, invisible operators, tags. */
const INVISIBLE = /^[\u00AD\u034F\u115F\u1160\u180E\u200B-\u200D\u2060-\u2064\u3164\uFEFF\uFFA0\u{E0000}-\u{E007F}]$/u;
/** White space other than the ASCII space and tab that looks like a space. */
const SPACE = /^[\u00A0\u1680\u2000-\u200A\u202F\u205F\u3000]$/;

/**
 * Letters of other scripts drawn like an ASCII letter (a subset of Unicode's confusables.txt,
 * UTS #39): Cyrillic, Greek, Armenian and a few Latin letters that are not ASCII.
 */
const LOOKS_LIKE: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'B',
  е: 'e',
  к: 'k',
  м: 'M',
  н: 'H',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 'T',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  ү: 'y',
  А: 'A',
  В: 'B',
  Е: 'E',
  К: 'K',
  М: 'M',
  Н: 'H',
  О: 'O',
  Р: 'P',
  С: 'C',
  Т: 'T',
  У: 'Y',
  Х: 'X',
  Ѕ: 'S',
  І: 'I',
  Ј: 'J',
  Ԁ: 'D',
  Һ: 'h',
  Ԛ: 'Q',
  Ԝ: 'W',
  Ӏ: 'I',
  // Greek
  Α: 'A',
  Β: 'B',
  Ε: 'E',
  Ζ: 'Z',
  Η: 'H',
  Ι: 'I',
  Κ: 'K',
  Μ: 'M',
  Ν: 'N',
  Ο: 'O',
  Ρ: 'P',
  Τ: 'T',
  Υ: 'Y',
  Χ: 'X',
  ο: 'o',
  ν: 'v',
  ι: 'i',
  κ: 'k',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  α: 'a',
  // Armenian
  օ: 'o',
  ս: 'u',
  ց: 'g',
  հ: 'h',
  ո: 'n',
  // Latin letters that are not ASCII
  ı: 'i',
  ȷ: 'j',
  ɡ: 'g',
  ɑ: 'a',
  ʟ: 'L',
  ꓲ: 'I',
};

const hex = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;

/** The word (run of letters and digits) around `index`. */
function wordAround(text: string, index: number): string {
  let start = index;
  let end = index + 1;
  while (start > 0 && /[\p{L}\p{N}]/u.test(text[start - 1]!)) start--;
  while (end < text.length && /[\p{L}\p{N}]/u.test(text[end]!)) end++;
  return text.slice(start, end);
}

/**
 * The characters of `text` that do not show as what they are: bidirectional controls, invisible
 * characters, spaces other than U+0020 and TAB, compatibility forms of ASCII (fullwidth `Ｂａｓｈ`,
 * mathematical letters: NFKC maps them to ASCII), and letters of another script that look like an
 * ASCII letter. A look-alike letter counts when the text before the first `(` (the tool name)
 * holds it, or when it sits in a word that also has ASCII letters (`сurl`); a word entirely in
 * Cyrillic or Greek is a real name and is left alone.
 */
export function hiddenChars(text: string): HiddenChar[] {
  const out: HiddenChar[] = [];
  const toolEnd = text.indexOf('(') === -1 ? text.length : text.indexOf('(');
  for (let i = 0; i < text.length;) {
    const cp = text.codePointAt(i)!;
    // ASCII shows as what it is: nothing to build for it (most rules are ASCII only).
    if (cp < 0x80) {
      i++;
      continue;
    }
    const ch = String.fromCodePoint(cp);
    const length = ch.length;
    const at = { index: i, length, codePoint: hex(cp) };
    const name = NAMES[cp];
    if (isBidiControl(ch)) out.push({ ...at, kind: 'bidi', name: name ?? 'BIDIRECTIONAL CONTROL' });
    else if (INVISIBLE.test(ch)) out.push({ ...at, kind: 'invisible', name: name ?? 'INVISIBLE CHARACTER' });
    else if (SPACE.test(ch)) out.push({ ...at, kind: 'space', name: name ?? 'SPACE' });
    else {
      const nfkc = ch.normalize('NFKC');
      if (nfkc !== ch && /^[\x21-\x7E]+$/.test(nfkc)) {
        out.push({
          ...at,
          kind: 'compatibility',
          name: `a compatibility form of "${nfkc}"${cp >= 0xff01 && cp <= 0xff5e ? ' (fullwidth)' : ''}`,
        });
      } else if (LOOKS_LIKE[ch] !== undefined && (i < toolEnd || /[A-Za-z]/.test(wordAround(text, i)))) {
        out.push({ ...at, kind: 'confusable', name: `a letter that looks like "${LOOKS_LIKE[ch]}"` });
      }
    }
    i += length;
  }
  return out;
}

/** The text with each hidden character written as `<U+XXXX>`, for messages. */
export function showHidden(text: string, chars: readonly HiddenChar[] = hiddenChars(text)): string {
  let out = '';
  let last = 0;
  for (const c of chars) {
    out += text.slice(last, c.index) + `<${c.codePoint}>`;
    last = c.index + c.length;
  }
  return out + text.slice(last);
}
