import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchBashPattern, matchSqueezedCommand, squeezeCommand } from '../../src/rules/command.js';

const reference = (s: string) => s.replace(/[ \t]+/g, ' ').trim();
const unit = fc.constantFrom(' ', ' ', '\t', '\n', '\u00a0', '\u2028', 'a', 'b', '*', 'x y');
const text = fc.array(unit, { maxLength: 12 }).map((xs) => xs.join(''));

describe('squeezeCommand', () => {
  it('equals the plain replace-and-trim, and is idempotent', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(squeezeCommand(a)).toBe(reference(a));
        expect(squeezeCommand(b)).toBe(reference(b));
        expect(squeezeCommand(a)).toBe(reference(a)); // the remembered answer is the right one
        expect(squeezeCommand(squeezeCommand(a))).toBe(squeezeCommand(a));
      }),
      { numRuns: 3000 },
    );
  });
  it('matchSqueezedCommand on a squeezed text equals matchBashPattern', () => {
    fc.assert(
      fc.property(text, text, (spec, cmd) => {
        expect(matchSqueezedCommand(spec, squeezeCommand(cmd))).toBe(matchBashPattern(spec, cmd));
      }),
      { numRuns: 3000 },
    );
  });
});
