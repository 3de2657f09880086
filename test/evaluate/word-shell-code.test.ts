/**
 * Shell code in the words of a program with no model (decision 0125): a shell's `-c` text and an
 * interpreter's inline strings, read as embedded code.
 */
import { describe, expect, it } from 'vitest';
import { wordShape, wordShellCode } from '../../src/evaluate/word-shell-code.js';

const scripts = (...argv: string[]) =>
  wordShellCode({ argv, literal: argv.map(() => true) }).map((f) => f.script);

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
  });
  it('reads a -c text that is not literal with its expansions as written, and what a shell reads or runs besides', () => {
    // The text still shows the command (red team 25's replay, RP25-U2: the settings were overwritten).
    const nonLiteral = { argv: ['torsocks', 'sh', '-c', '"cp a b # $HOME"'], literal: [true, true, true, false], raw: ['torsocks', 'sh', '-c', '"cp a b # $HOME"'] };
    expect(wordShellCode(nonLiteral).map((f) => f.script)).toEqual(['cp a b # $HOME']);
    expect(scripts('torsocks', 'bash', '--rcfile', '/dev/null', '-c', 'cp a b')).toEqual(['cp a b']);
    const herestring = { argv: ['torsocks', 'sh', '-s'], literal: [true, true, true], shown: { input: ['cp a b'] } };
    expect(wordShellCode(herestring).map((f) => f.holder)).toEqual(["the sh input in torsocks's words"]);
    const written = { argv: ['torsocks', 'sh', 'x.sh'], literal: [true, true, true], shown: { words: { 2: ['cp a b'] } } };
    expect(wordShellCode(written).map((f) => f.script)).toEqual(['cp a b']);
  });
  it('names what holds the text', () => {
    expect(wordShellCode({ argv: ['torsocks', 'sh', '-c', 'ls'], literal: [true, true, true, true] })[0]!.holder).toBe("the sh -c text in torsocks's words");
  });
});

describe('wordShape', () => {
  it('removes quotes and reads escapes, leaving expansions as written', () => {
    expect(wordShape(`"cp a b # $HOME"`)).toBe('cp a b # $HOME');
    expect(wordShape(`'cp a '"\\"$X\\""' b'`)).toBe('cp a "$X" b');
    expect(wordShape(`a\\ b`)).toBe('a b');
  });
});
