/**
 * A read-only profile is built over its program's grammar: the safe options it names must be
 * options of that grammar, else the entry would drop them without a word.
 */
import { describe, expect, it } from 'vitest';
import { readOnlyEntry } from '../../../src/shell/programs/read-only-profile.js';

const grammar = { short: 'fo:', long: { 'ignore-case': 'none', output: 'required' } } as const;

describe('readOnlyEntry', () => {
  it('keeps the safe options of the grammar, with their values', () => {
    const entry = readOnlyEntry(grammar, { source: 'test', safe: { short: 'f', long: 'ignore-case' }, operands: 'read', globs: true });
    expect(entry.short).toBe('f');
    expect(entry.long).toBe('ignore-case');
  });

  it('refuses a safe option its grammar does not have, naming it', () => {
    expect(() =>
      readOnlyEntry(grammar, { source: 'test', safe: { short: 'fZ', long: 'ignore-case zebra' }, operands: 'read', globs: true }),
    ).toThrow('a read-only profile names options its grammar does not have: -Z --zebra');
  });
});
