import { describe, expect, it } from 'vitest';
import {
  aliasTexts,
  boundFiles,
  changedDirectory,
  hashedPrograms,
  LATER_TEXT_EXAMPLES,
  laterTexts,
  PARAMETER_ALTERNATIVE_EXAMPLES,
  parameterAlternatives,
  readlineMacros,
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

describe('readline start-up lines', () => {
  it('bind -f names a file of readline lines', () => {
    expect(boundFiles(['bind', '-f', '~/dots/rc'])).toEqual(['~/dots/rc']);
    expect(boundFiles(['bind', '-m', 'vi', '-f~/rc'])).toEqual(['~/rc']);
    expect(boundFiles(['bind', '-x', '"\\C-f": x'])).toEqual([]);
  });
  it('a macro line types its text; a function binding and a setting type none', () => {
    expect(readlineMacros('"\\C-t": ". ~/dots/x\\C-m"').map((m) => m.text)).toEqual(['. ~/dots/x\n']);
    expect(readlineMacros('Control-t: ". ~/dots/x\\r"').map((m) => m.text)).toEqual(['. ~/dots/x\n']);
    expect(readlineMacros('"\\e[A": history-search-backward')).toEqual([]);
    expect(readlineMacros('set completion-ignore-case on')).toEqual([]);
  });
});
