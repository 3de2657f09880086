import { describe, expect, it } from 'vitest';
import { zshOnlyBraceGroup } from '../../../src/shell/shells/zsh-braces.js';
import { zsh } from '../../../src/shell/shells/zsh.js';
import { bash } from '../../../src/shell/shells/bash.js';

// Each word's meaning was observed with zsh 5.9 (`zsh -c "print -r -- WORD"`) and bash 5.2
// (`bash -c "echo WORD"`), red team 18 F4.
describe('zsh brace sequences bash keeps as written', () => {
  it('a sequence with quotes inside: zsh takes them off first', () => {
    // zsh: .env .fnv; bash: .{e..f}nv (cat printed .env, rm -rf .{g\..g}it removed .git).
    for (const w of ['.{e\\..f}nv', ".{e'..'f}nv", '.{e".."f}nv', '.{\\e..f}nv', '.{e..\\f}nv', '.{e.\\.f}nv', "{$'a'..c}"])
      expect(zshOnlyBraceGroup(w)?.why, w).toBe('sequence');
    // zsh: 1 2 3, -1 0 1 2, 01 02 03, 1 3.
    for (const w of ['{1\\..3}', '{"1..3"}', "{'1..3'}", '{-1\\..2}', '{\\-1..2}', '{01\\..3}', '{0\\1..3}', '{1..3\\..2}', '{1..3"..2"}'])
      expect(zshOnlyBraceGroup(w)?.why, w).toBe('sequence');
    expect(zshOnlyBraceGroup('.{c\\..c}laude/settings.json')?.group).toBe('{c\\..c}');
  });
  it('a sequence of any two characters, not only letters', () => {
    // zsh: `- . /`, `. / 0 … c`, `a … }`, `1 … a`, `é ê`; bash keeps each.
    for (const w of ['{-../}env', '{...c}', '{a..\\}}', '{1..a}', '{é..ê}', '{*..-}', '{\\,..0}'])
      expect(zshOnlyBraceGroup(w)?.why, w).toBe('sequence');
  });
  it('a group a parameter or substitution fills: zsh expands them before braces', () => {
    // x=e..f: zsh prints .env .fnv for each.
    for (const w of ['.{$x}nv', '.{"$x"}nv', '.{$x..f}nv', '{$(echo a..c)}', '{`echo a..c`}'])
      expect(zshOnlyBraceGroup(w)?.why, w).toBe('expansion');
  });
  it('a nested group is looked at on its own', () => {
    // zsh: a 1 2; bash: a {1..2}.
    expect(zshOnlyBraceGroup('{a,{1\\..2}}')?.group).toBe('{1\\..2}');
    expect(zshOnlyBraceGroup('{a..b}{c\\..d}')?.group).toBe('{c\\..d}');
  });
  it('leaves what both shells read alike', () => {
    for (const w of [
      '{a..c}',
      '{1..10}',
      '{-3..-1}',
      '{01..3}',
      '{a,b}',
      '{a\\,b}',
      '{a",b"}',
      '{1\\..2,b}',
      '{$x,a}',
      '"{1..3}"',
      "$'{a..c}'",
      '{1..3\\}',
      '{ab..c}',
      '{""..a}',
      '${x}',
      '"${x}"{a,b}',
      '{}',
      'a{}b',
      'HEAD@{1}',
      '@{u}',
      "'{print $1}'",
    ])
      expect(zshOnlyBraceGroup(w), w).toBeUndefined();
  });
  it('is a word problem of zsh only', () => {
    expect(zsh.wordProblem('.{e\\..f}nv')).toContain('zsh expands {e\\..f} as a sequence');
    expect(zsh.wordProblem('.{$x}nv')).toContain('zsh expands parameters and substitutions before braces');
    expect(bash.wordProblem('.{e\\..f}nv')).toBeUndefined();
    expect(zsh.wordProblem('{a..c}.txt')).toBeUndefined();
  });
});
