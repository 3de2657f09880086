/**
 * Shell code in the words of a program with no model (decision 0125): a shell's `-c` text and an
 * interpreter's inline strings, read as embedded code.
 */
import { describe, expect, it } from 'vitest';
import { wordShellCode } from '../../src/evaluate/word-shell-code.js';

const scripts = (...argv: string[]) =>
  wordShellCode(
    argv,
    argv.map(() => true),
  ).map((f) => f.script);

describe('wordShellCode', () => {
  it("finds a shell's -c text past the program's first word", () => {
    expect(scripts('torsocks', 'sh', '-c', 'cp a b')).toEqual(['cp a b']);
    expect(scripts('mywrap', '-q', 'bash', '-e', '-o', 'pipefail', '-lc', 'rm x')).toEqual(['rm x']);
    expect(scripts('mywrap', '/bin/sh', '-c', '--', 'rm x')).toEqual(['rm x']);
    expect(scripts('mywrap', 'zsh', '-fc', '--', 'rm x')).toEqual(['rm x']);
  });
  it("finds an interpreter's inline strings", () => {
    expect(scripts('proxychains4', 'python3', '-c', 'import os; os.system("rm -rf x")')).toEqual(['rm -rf x']);
  });
  it('finds nothing where no shell is given -c', () => {
    expect(scripts('mywrap', 'sh', 'x.sh')).toEqual([]);
    expect(scripts('mywrap', '--label', 'sh')).toEqual([]);
    expect(wordShellCode(['mywrap', 'sh', '-c', '$X'], [true, true, true, false])).toEqual([]);
  });
  it('names what holds the text', () => {
    expect(wordShellCode(['torsocks', 'sh', '-c', 'ls'], [true, true, true, true])[0]!.holder).toBe("the sh -c text in torsocks's words");
  });
});
