import { describe, expect, it } from 'vitest';
import { characterSetSlash, zshPatternOf } from '../../../src/shell/shells/zsh-globs.js';

// Each word's zsh reading observed with `zsh -o extendedglob -c 'print -r -- WORD'` and
// `zsh -o braceccl -c …` (zsh 5.9) in a folder holding .env, .ssh/id_rsa and notes1.txt.
describe('zshPatternOf', () => {
  it.each([
    ['.e#nv', '.*nv'], // zsh: .env
    ['.e##nv', '.*nv'], // .env
    ['.en#v', '.e*v'],
    ['notes#1.txt', 'note*1.txt'], // notes1.txt
    ['.ss[h]#/id_rsa', '.ss*/id_rsa'], // .ssh/id_rsa
    ['.e^xv', '.e*'], // .env
    ['^x', '*'], // notes1.txt
    ['~/.s#sh/id_rsa', '~/.*sh/id_rsa'],
    ['.en*~x', '.en*'], // .env
    ['.ss?~x/id_rsa', '.ss?'], // .ssh: the exclusion takes the rest of the word
    ['.{e}nv', '.?nv'], // .env
    ['.{d-f}nv', '.?nv'], // .dnv .env .fnv
    ['stash@{0}', 'stash@?'], // stash@0
    ['/a/#b', '/a/*'], // a bad pattern to zsh: read as any name
  ])('%s may name what %s matches', (word, pattern) => {
    expect(zshPatternOf(word)).toBe(pattern);
  });

  it.each([
    'README.md',
    'notes.txt~', // no other pattern character: zsh keeps the word
    '.env~x',
    "'.e#nv'",
    '.e\\#nv',
    '".e#nv"',
    '${#x}/y',
    '$#',
    '{}',
    'x{a,b}',
    '.{e..f}nv',
  ])('%s is read as bash reads it', (word) => {
    expect(zshPatternOf(word)).toBeUndefined();
  });

  it('a character set holding / is named (`.{./}env` is `..env ./env`)', () => {
    expect(characterSetSlash('.{./}env')).toBe(true);
    expect(characterSetSlash('.{e}nv')).toBe(false);
    expect(characterSetSlash("'{./}'")).toBe(false);
  });
});
