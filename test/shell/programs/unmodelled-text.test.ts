/**
 * The text a program toolgate does not model is given, read for the programs it may run and the
 * files it may open (red team 12: quotes hid `rm` from the screen; `#include ".env"` on cpp's input).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';
import { innerPathWords, innerProgramWords, inputTexts, textPieces } from '../../../src/shell/programs/unmodelled-text.js';
import { wordsOfUnknownPrograms } from '../../../src/shell/unknown-programs.js';

beforeAll(async () => {
  await prepareShell();
});

/** The unknown program's command (the last one named `name`) and what is written for its input. */
function inputOf(command: string, name: string): string[] {
  const a = analyzeShell(command);
  const i = a.commands.findIndex((c) => c.argv[0] === name);
  return inputTexts(a.commands, i);
}

describe('inputTexts', () => {
  it.each([
    [`cpp -P <<< '#include ".env"'`, 'cpp', ['#include ".env"']],
    [`printf '.so creds\\n' | groff -Tutf8`, 'groff', ['.so creds\n']],
    [`echo '#include ".env"' | cpp`, 'cpp', ['#include ".env"']],
    ['cat <<EOF | groff -U\n.sy rm x\nEOF', 'groff', ['.sy rm x\n']],
    ['groff -U doc.1', 'groff', []],
    ['ls | groff', 'groff', []],
    [`printf '.so .env\\n' > doc.1 && groff`, 'groff', []],
  ])('%s: %s reads %j', (command, name, texts) => {
    expect(inputOf(command, name)).toEqual(texts);
  });
});

describe('innerProgramWords', () => {
  it.each([
    [['sqlite3', ':memory:', '.shell r""m -f notes.txt'], [], 'rm'],
    [['sqlite3', ':memory:', ".import '|r\\m -f notes.txt' t"], [], 'rm'],
    [['tmux', 'new', '-d', 'r""m -f x'], [], 'rm'],
    [['gcc', '-wrapper', '/bin/sh,-c,r""m -f x', '-c', 'x.c'], [], 'rm'],
    [['tmux', 'new', "$'\\x72m' x"], [], 'rm'],
    [['groff', '-U'], ['.sy r""m -f x\n'], 'rm'],
  ])('%j with input %j names %s', (argv, inputs, name) => {
    expect(innerProgramWords(argv, inputs).has(name)).toBe(true);
  });
  it('a word the quotes do not join is not a name', () => {
    expect(innerProgramWords(['tmux', 'new', 'farm x'], []).has('rm')).toBe(false);
  });
});

describe('innerPathWords', () => {
  it('pieces of an argument split at quotes, parentheses, commas and blanks, not the whole argument', () => {
    expect(innerPathWords(['sqlite3', ':memory:', "select readfile('.env')"], [])).toContain('.env');
    expect(innerPathWords(['sqlite3', 'x', '.read .env'], [])).toEqual(expect.arrayContaining(['.read', '.env']));
    expect(innerPathWords(['frob', '.env'], [])).not.toContain('.env');
  });
  it('pieces of the input text', () => {
    expect(innerPathWords(['cpp', '-P'], ['#include "creds"'])).toContain('creds');
  });
});

describe('textPieces', () => {
  it.each([
    [`'rm -rf .claude'`, ['rm', '-rf', '.claude']],
    [`'sh -c "rm -rf .cl""aude"'`, ['sh', '-c', 'rm', '-rf', '.cl', 'aude', '.claude']],
    ['-Xlog:gc:file=.claude/settings.json', ['-Xlog:gc:file', '.claude/settings.json']],
    [`"rm -rf $HOME/.ssh"`, ['rm', '-rf']],
  ])('%s gives the pieces %j (a piece holding an expansion is left out)', (text, pieces) => {
    expect(textPieces(text).sort()).toEqual([...pieces].sort());
  });
});

describe('wordsOfUnknownPrograms', () => {
  it.each([`sqlite3x :memory: '.shell r""m -f notes.txt'`, `printf '.sy r""m -f x\\n' | groff`, `groff <<< '.sy rm -f x'`])(
    '%s names rm',
    (command) => {
      expect(wordsOfUnknownPrograms(analyzeShell(command)).has('rm')).toBe(true);
    },
  );
  it('says where the name is', () => {
    expect(wordsOfUnknownPrograms(analyzeShell(`sqlite3x new 'r""m x'`)).get('rm')).toMatch(/its arguments name$/);
    expect(wordsOfUnknownPrograms(analyzeShell(`groff <<< '.sy rm x'`)).get('rm')).toMatch(/the input written for it names$/);
  });
  it('a program whose model runs the code it reads is left to the opaque-code table', () => {
    expect(wordsOfUnknownPrograms(analyzeShell(`batch <<< 'rm -rf src'`)).has('rm')).toBe(false);
    // tmux's commands are read as the shell code they run (its model), not screened for names.
    expect(wordsOfUnknownPrograms(analyzeShell(`tmux new -d 'r""m -f x'`)).has('rm')).toBe(false);
    // gcc's -wrapper runs a program of the agent's choosing: opaque code, whatever it names.
    expect(wordsOfUnknownPrograms(analyzeShell(`gcc -wrapper /bin/sh,-c,'r""m -f x' -c x.c`)).has('rm')).toBe(false);
    // groff -U (unsafe mode) runs what its text's .sy lines name, which it may build from strings: opaque code.
    expect(wordsOfUnknownPrograms(analyzeShell(`printf '.sy r""m -f x\\n' | groff -U`)).has('rm')).toBe(false);
  });
  it('a known program passes its input to no one it does not show', () => {
    expect(wordsOfUnknownPrograms(analyzeShell(`printf 'rm x\\n' | wc -l`)).has('rm')).toBe(false);
  });
});
