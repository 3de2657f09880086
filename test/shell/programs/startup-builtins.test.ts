import { describe, expect, it } from 'vitest';
import {
  aliasTexts,
  changedDirectory,
  hashedPrograms,
  LATER_TEXT_EXAMPLES,
  laterTexts,
  PARAMETER_ALTERNATIVE_EXAMPLES,
  parameterAlternatives,
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

describe('the texts a builtin keeps and runs later', () => {
  it.each(LATER_TEXT_EXAMPLES)('$words', ({ words, texts }) => {
    expect(laterTexts(words).map((t) => t.text)).toEqual(texts);
  });
});

describe('the words a parameter expansion with a default may stand for', () => {
  it.each(PARAMETER_ALTERNATIVE_EXAMPLES)('$text', ({ text, alternatives }) => {
    expect(parameterAlternatives(text)).toEqual(alternatives);
  });
});
