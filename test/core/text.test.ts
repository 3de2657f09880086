import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeBidi, escapeHidden, hiddenParts } from '../../src/core/text.js';

describe('escapeHidden', () => {
  it('writes bidi, zero-width, format and control characters, unusual spaces and fillers as <U+XXXX>', () => {
    const cases: [string, string][] = [
      ['a\u202Eb', 'a<U+202E>b'],
      ['a\u2066b\u2069', 'a<U+2066>b<U+2069>'],
      ['x\u200By\u200Dz\uFEFF', 'x<U+200B>y<U+200D>z<U+FEFF>'],
      ['soft\u00ADhyphen', 'soft<U+00AD>hyphen'],
      ['bell\u0007 esc\u001b[2J cr\r del\u007f c1\u0085', 'bell<U+0007> esc<U+001B>[2J cr<U+000D> del<U+007F> c1<U+0085>'],
      ['ls\u00A0-la\u3000x', 'ls<U+00A0>-la<U+3000>x'],
      ['line\u2028sep', 'line<U+2028>sep'],
      ['filler\u3164x', 'filler<U+3164>x'],
      ['tag\u{E0041}', 'tag<U+E0041>'],
    ];
    for (const [input, out] of cases) expect(escapeHidden(input)).toBe(out);
  });

  it('leaves tabs, line feeds, ordinary spaces and visible letters of any script alone', () => {
    for (const t of ['a\tb\nc d', 'café ñ 日本語 Ελληνικά', 'emoji 🙂', '']) expect(escapeHidden(t)).toBe(t);
  });

  it('escapes everything escapeBidi does, the same way', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', ' ', '\u061C', '\u200E', '\u200F', '\u202A', '\u202E', '\u2066', '\u2069') }),
        (t) => {
          expect(escapeHidden(t)).toBe(escapeBidi(t));
        },
      ),
    );
  });

  it('hiddenParts joins to escapeHidden, and no text part holds a hidden character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (t) => {
        const parts = hiddenParts(t);
        expect(parts.map((p) => p.text).join('')).toBe(escapeHidden(t));
        for (const p of parts) if (p.kind === 'text') expect(escapeHidden(p.text)).toBe(p.text);
      }),
    );
  });
});
