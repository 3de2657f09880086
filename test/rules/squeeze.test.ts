import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { matchBashPattern, matchSqueezedCommand, squeezeCommand } from '../../src/rules/command.js';
import { propertyRuns } from '../support/property-runs.js';

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
      { numRuns: propertyRuns(3000) },
    );
  });
  it('matchSqueezedCommand on a squeezed text equals matchBashPattern', () => {
    fc.assert(
      fc.property(text, text, (spec, cmd) => {
        expect(matchSqueezedCommand(spec, squeezeCommand(cmd))).toBe(matchBashPattern(spec, cmd));
      }),
      { numRuns: propertyRuns(3000) },
    );
  });
});

describe('matchBashPattern: first-character shortcut', () => {
  it('agrees with matching the compiled parts for specifiers of any first character', () => {
    const unit = fc.constantFrom(' ', '\t', '*', '\\', ':', 'a', 'b', '-', '\u00a0', '\n');
    const s = fc.array(unit, { maxLength: 8 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(s, s, (spec, cmd) => {
        const text = squeezeCommand(cmd);
        // Reference: a plain wildcard match of each alternative, as documented.
        const sq = squeezeCommand(spec);
        let prefix: string | undefined;
        if (sq.endsWith(':*') && sq.length > 2) prefix = sq.slice(0, -2).trimEnd();
        else if (sq.endsWith(' *')) prefix = sq.slice(0, -2);
        const alts = prefix === undefined ? [sq] : [`${prefix} *`, prefix];
        const toRe = (p: string) =>
          new RegExp(
            `^${p.replace(/\\([*\\])|\*|[.+?^${}()|[\]\\/]/g, (m, esc: string | undefined) => (esc !== undefined ? `\\${esc}` : m === '*' ? '[\\s\\S]*' : `\\${m}`))}$`,
          );
        const expected = alts.some((a) => toRe(a).test(text));
        expect(matchSqueezedCommand(spec, text)).toBe(expected);
      }),
      { numRuns: propertyRuns(5000) },
    );
  });
});
