/**
 * `nameWords`: which words of a builtin name the variables it sets, read from its one grammar —
 * by option (`printf -v NAME`, zsh's `print -v NAME`, `zformat -f NAME`) or by position (zsh's
 * `zstyle -s CONTEXT STYLE NAME`, `namedAt`).
 */
import { describe, expect, it } from 'vitest';
import { arithmeticValueWords, nameWords } from '../../../src/shell/programs/variable-setters.js';

describe('nameWords', () => {
  it('reads an option value as a name, apart or inside the option word', () => {
    const print = { valued: 'CfuxX', nameOptions: 'v', optionsOnly: true };
    expect(nameWords(['-v', 'PATH', '0'], print)).toEqual([1]);
    expect(nameWords(['-rvPATH', '0'], print)).toEqual([0]);
    expect(nameWords(['-f', '%s', '-v', 'PATH', '0'], print)).toEqual([3]);
    expect(nameWords(['-f', '-v', 'x'], print)).toEqual([]);
  });

  it('reads every operand of a setter whose operands are names', () => {
    expect(nameWords(['-A', 'path', 'x'], {})).toEqual([1, 2]);
  });

  it('reads the positions namedAt gives, not options', () => {
    const zstyle = { namedAt: (args: readonly string[]) => (args[0] === '-s' ? [3] : []) };
    expect(nameWords(['-s', 'ctx', 'style', 'PATH'], zstyle)).toEqual([3]);
    expect(nameWords(['ctx', 'style', 'PATH'], zstyle)).toEqual([]);
  });
});

describe('arithmeticValueWords', () => {
  const read = { valued: 'dinNptu', nameOptions: 'a', arithmeticValued: 'tn' };
  it('finds the value of an option zsh evaluates as arithmetic, beside or inside its word', () => {
    expect(arithmeticValueWords(['-t', '$x', 'v'], read)).toEqual([1]);
    expect(arithmeticValueWords(['-rt', '$x', 'v'], read)).toEqual([1]);
    expect(arithmeticValueWords(['-t$x', 'v'], read)).toEqual([0]);
    expect(arithmeticValueWords(['-p', 'prompt', '-n', '$x', 'v'], read)).toEqual([3]);
  });
  it('finds none for other options, operands or a setter without such options', () => {
    expect(arithmeticValueWords(['-u', '$x', 'v'], read)).toEqual([]);
    expect(arithmeticValueWords(['-r', '$x'], read)).toEqual([]);
    expect(arithmeticValueWords(['--', '-t', '$x'], read)).toEqual([]);
    expect(arithmeticValueWords(['-t', '$x'], { valued: 't' })).toEqual([]);
  });
});
