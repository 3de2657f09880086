import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeWord, decodeWordGeneral, isPlainWord } from '../../../src/shell/syntax/words.js';
import { propertyRuns } from '../../support/property-runs.js';

/** Characters the word decoder cares about, plain ones, non-ASCII and control characters. */
const CHARS = [
  ...'abcXYZ019-_./:,+%@^=!#&;| \t\n\r\'"\\$`<>()*?[]{}~\0\x01\x1b\x7f\u0085\u00a0\u00e9\u200b\u2028\u202e\ufeff',
  '\ud83d\ude00',
  '\ud800',
];
const word = fc.oneof(
  fc.array(fc.constantFrom(...CHARS), { maxLength: 24 }).map((a) => a.join('')),
  fc.string({ maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 24 }),
);
const shells = fc.constantFrom('bash' as const, 'zsh' as const, 'sh' as const);

describe('decodeWord plain-word fast path', () => {
  it('gives what the general decoder gives, on any word', () => {
    fc.assert(
      fc.property(word, shells, (raw, shell) => {
        expect(decodeWord(raw, shell)).toStrictEqual(decodeWordGeneral(raw, shell));
      }),
      { numRuns: propertyRuns(20_000) },
    );
  });

  it('takes plain words as their own literal text', () => {
    fc.assert(
      fc.property(word, shells, (raw, shell) => {
        if (!isPlainWord(raw)) return;
        const d = decodeWordGeneral(raw, shell);
        expect(d.literal && d.value === raw && d.error === undefined).toBe(true);
      }),
      { numRuns: propertyRuns(5_000) },
    );
  });

  it('sends every quote, expansion, glob, brace, tilde, escape and leading = to the general decoder', () => {
    for (const raw of [
      "'a'",
      '"a"',
      '\\a',
      '$a',
      '`a`',
      '<(a)',
      '>(a)',
      '(a',
      'a)',
      '*',
      '?',
      '[a]',
      '{a,b}',
      '~',
      'a=~',
      'a\0',
      '=ls',
      "$'a'",
    ]) {
      expect(isPlainWord(raw)).toBe(false);
    }
  });
});
