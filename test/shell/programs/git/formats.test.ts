import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOptionValues, formatVerifiesSignatures, signatureFormat } from '../../../../src/shell/programs/git/formats.js';

describe('git formats that verify signatures', () => {
  it.each([
    '%G?',
    '%GS',
    '%GK',
    '%GF',
    '%GP',
    '%GT',
    '%GG',
    'format:%h %G?',
    'tformat:%H%n%GG',
    '%%%G?',
    '%(signature)',
    '%( signature:grade)',
  ])('%j verifies', (f) => {
    expect(formatVerifiesSignatures(f)).toBe(true);
  });
  it.each(['%h %s', '%%G?', 'oneline', 'raw', '%gs %gd', '%(refname)', '%C(yellow)%h', '%%%%G'])('%j does not', (f) => {
    expect(formatVerifiesSignatures(f)).toBe(false);
  });
  it('a %G placeholder anywhere after an even run of % verifies, whatever surrounds it', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !s.includes('%')),
        fc.string().filter((s) => !s.includes('%')),
        fc.nat(3),
        (before, after, pairs) => {
          expect(formatVerifiesSignatures(`${before}${'%%'.repeat(pairs)}%G${after}`)).toBe(true);
          expect(formatVerifiesSignatures(`${before}${'%%'.repeat(pairs + 1)}G${after}`)).toBe(false);
        },
      ),
    );
  });
  it('reads --format/--pretty values attached or as the next word, never after --', () => {
    expect(formatOptionValues(['--format=%G?', '--pretty', 'x', '-1', '--', '--format=%GK'])).toEqual(['%G?', 'x']);
    expect(signatureFormat(['-1', '--pretty=format:%GS'])).toBe('format:%GS');
    expect(signatureFormat(['--grep=%G?'])).toBeUndefined();
  });
});
