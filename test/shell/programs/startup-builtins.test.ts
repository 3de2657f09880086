import { describe, expect, it } from 'vitest';
import {
  aliasTexts,
  changedDirectory,
  hashedPrograms,
  sourcedOperand,
  STARTUP_BUILTIN_EXAMPLES,
} from '../../../src/shell/programs/startup-builtins.js';

describe('the builtins a start-up file names a file with', () => {
  it.each(STARTUP_BUILTIN_EXAMPLES)('$words', ({ words, sourced, hashed, aliased, cd }) => {
    expect(sourcedOperand(words)).toBe(sourced);
    expect(hashedPrograms(words)).toEqual(hashed ?? []);
    expect(aliasTexts(words)).toEqual(aliased ?? []);
    expect(changedDirectory(words)).toBe(cd);
  });
});
