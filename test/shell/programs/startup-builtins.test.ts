import { describe, expect, it } from 'vitest';
import {
  aliasDefinitions,
  aliasesExpanded,
  aliasTexts,
  boundFiles,
  changedDirectory,
  hashedPrograms,
  LATER_TEXT_EXAMPLES,
  laterTexts,
  loadedBuiltins,
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

describe('aliases and loadable builtins (fix32-runners)', () => {
  it('an alias stands for its text where a command starts, from the line after its definition', () => {
    expect(aliasDefinitions(['alias', 's=source', 'run=bash -c', 'll'])).toEqual([
      ['s', 'source'],
      ['run', 'bash -c'],
    ]);
    const defined = (line: string) => (line.startsWith('alias ') ? aliasDefinitions(['alias', ...line.slice(6).split(' ')]) : []);
    expect(aliasesExpanded('alias s=source\ns ~/x; true && s ~/y\necho s', defined)).toBe(
      'alias s=source\nsource ~/x; true && source ~/y\necho s',
    );
    expect(aliasesExpanded('alias s=source; s ~/x', defined)).toBe('alias s=source; s ~/x');
    expect(aliasesExpanded('alias s=source\nss ~/x', defined)).toBe('alias s=source\nss ~/x');
  });
  it('enable -f names the shared object it loads', () => {
    expect(loadedBuiltins(['enable', '-f', '~/bin/x.so', 'x'])).toEqual(['~/bin/x.so']);
    expect(loadedBuiltins(['enable', '-nf/opt/x.so', 'x'])).toEqual(['/opt/x.so']);
    expect(loadedBuiltins(['enable', '-f', 'x.so', 'x'])).toEqual([]);
    expect(loadedBuiltins(['enable', '-n', 'echo'])).toEqual([]);
    expect(loadedBuiltins(['enable', 'echo', '-f', '/x.so'])).toEqual([]);
  });
});
