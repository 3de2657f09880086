import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineColumn, lineColumnIn, lineStarts } from '../../src/lint/locate.js';
import { surelyUnique } from '../../src/lint/schema.js';
import { publicValidators } from '../../src/lint/validators.js';

/** The line and column a character-by-character count gives (what `lineColumn` did before the line table). */
function counted(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = -1;
  for (let k = 0; k < offset && k < text.length; k++) {
    if (text[k] === '\n') {
      line++;
      last = k;
    }
  }
  return { line, column: offset - last };
}

describe('positions from a line table', () => {
  it('give the line and column a count of newlines gives, for any text and offset (before, inside, after the text)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', ' ', '\n', '\r', '"', 'é'), maxLength: 60 });
    fc.assert(
      fc.property(text, fc.integer({ min: -3, max: 70 }), (t, offset) => {
        expect(lineColumnIn(lineStarts(t), t.length, offset)).toEqual(counted(t, offset));
        expect(lineColumn(t, offset)).toEqual(counted(t, offset));
      }),
    );
  });
});

describe('the public schema without its uniqueItems checks', () => {
  const validators = publicValidators();
  const v = { full: validators.full(), withoutUnique: validators.withoutUnique(), uniqueAt: validators.uniqueAt };
  const item = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom('Bash(ls)', 'Bash(git status)', 'Read(./a)', 'Edit(//etc/**)', 'not a rule(', '/a', '~/b') },
    { weight: 1, arbitrary: fc.constantFrom(1, null, { a: 1 }) },
  );
  const settings = fc.record(
    {
      permissions: fc.oneof(
        fc.record(
          {
            allow: fc.array(item, { maxLength: 6 }),
            deny: fc.array(item, { maxLength: 4 }),
            ask: fc.array(item, { maxLength: 4 }),
            additionalDirectories: fc.array(item, { maxLength: 4 }),
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom('x', [1, 1], null),
      ),
      model: fc.constantFrom('sonnet', 3),
    },
    { requiredKeys: [] },
  );

  it('are the only ones it drops: on settings whose unique lists hold distinct strings, both validators give the same errors', () => {
    fc.assert(
      fc.property(settings, (s) => {
        const full = v.full(s);
        const fullErrors = v.full.errors ?? [];
        if (!surelyUnique(s, v.uniqueAt)) {
          // A repeated or non-string item: lint uses the full validator, whatever it says.
          return;
        }
        expect(v.withoutUnique(s)).toBe(full);
        expect(v.withoutUnique.errors ?? []).toEqual(fullErrors);
      }),
    );
  });

  it('knows the permission lists as unique, and sees a repeated rule', () => {
    expect(v.uniqueAt).toEqual(
      expect.arrayContaining([
        ['permissions', 'allow'],
        ['permissions', 'deny'],
        ['permissions', 'ask'],
      ]),
    );
    expect(surelyUnique({ permissions: { allow: ['Bash(ls)', 'Bash(pwd)'] } }, v.uniqueAt)).toBe(true);
    expect(surelyUnique({ permissions: { deny: ['Bash(ls)', 'Bash(ls)'] } }, v.uniqueAt)).toBe(false);
    expect(surelyUnique({ permissions: { ask: [{ a: 1 }] } }, v.uniqueAt)).toBe(false);
    expect(v.full({ permissions: { deny: ['Bash(ls)', 'Bash(ls)'] } })).toBe(false);
    expect(v.full.errors?.some((e) => e.keyword === 'uniqueItems')).toBe(true);
  });
});
