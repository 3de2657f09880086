/**
 * The other names a program is installed under (programs/name-variants.ts): names of the same
 * program, and the versioned and triplet shapes every table of programs looks a name up by.
 */
import { describe, expect, it } from 'vitest';
import { nameVariants, sameProgram, variantBase } from '../../../src/shell/programs/name-variants.js';
import { interpreterName } from '../../../src/shell/programs/interpreters.js';
import { shellName } from '../../../src/shell/programs/posix-shells.js';
import { escapeCodeOf } from '../../../src/shell/programs/code-runners.js';
import { projectCodeOf } from '../../../src/shell/programs/project-runners.js';
import { foldedCommandName } from '../../../src/shell/commands/emit.js';
import { plainProgramName } from '../../../src/shell/programs/plain-names.js';

describe('name variants', () => {
  it.each([
    ['x86_64-linux-gnu-gcc-12', ['x86_64-linux-gnu-gcc', 'gnu-gcc', 'gcc']],
    ['x86_64-linux-gnu-gcc-ar', ['gnu-gcc-ar', 'gcc-ar', 'ar']],
    ['lli-14', ['lli']],
    ['pydoc3.11', ['pydoc3', 'pydoc']],
    ['perl5.36-x86_64-linux-gnu', ['perl5', 'perl']],
    ['cpan5.36-x86_64-linux-gnu', ['cpan5', 'cpan']],
    ['vim.basic', ['vim']],
    ['ed25519', []],
    ['as86', []],
    ['ls', []],
  ])('%s may be %j', (name, bases) => {
    expect(nameVariants(name)).toEqual(bases);
  });

  it('strips a version of digits alone only when asked', () => {
    expect(nameVariants('ksh93', 'any')).toEqual(['ksh']);
    expect(variantBase('perl5', (n) => n === 'perl', 'any')).toBe('perl');
    expect(variantBase('perl5', (n) => n === 'perl')).toBeUndefined();
  });

  it('takes a triplet behind only after a dotted version', () => {
    expect(nameVariants('perl-x86_64-linux-gnu')).toEqual([]);
    expect(nameVariants('foo5.1-sh-bar')).toEqual(['foo5', 'foo']);
  });

  it.each([
    ['perl5.36-x86_64-linux-gnu', 'perl'],
    ['perl5.36.0', 'perl'],
    ['python3.11', 'python3'],
    ['arm-none-eabi-gdb', 'gdb'],
    ['view', 'vim'],
    ['perlish5', undefined],
  ])('%s is the interpreter %s', (name, interpreter) => {
    expect(interpreterName(name)).toBe(interpreter);
  });

  it.each([
    ['rzsh', 'zsh'],
    ['zsh5', 'zsh'],
    ['zsh-5.9', 'zsh'],
    ['ksh93', 'ksh'],
    ['rbash', 'rbash'],
    ['fish', undefined],
    ['shellcheck', undefined],
  ])('%s is the shell %s', (name, shell) => {
    expect(shellName(foldedCommandName(name))).toBe(shell);
  });

  it('folds a name of the same program, and only those', () => {
    expect(foldedCommandName('/usr/bin/vim.basic')).toBe('vim');
    expect(foldedCommandName('VIEW')).toBe('vim');
    expect(sameProgram('editor')).toBe('editor');
    expect(sameProgram('pager')).toBe('pager');
    expect(sameProgram('toString')).toBe('toString');
  });

  it('finds the code and project runners under their installed names', () => {
    expect(escapeCodeOf('editor', ['editor', 'notes.txt'])).toMatch(/editor alternative/);
    expect(escapeCodeOf('sensible-editor', ['sensible-editor', '-es'])).toMatch(/VISUAL, EDITOR/);
    expect(projectCodeOf('cpan5.36-x86_64-linux-gnu', ['cpan5.36-x86_64-linux-gnu', '-j', './c.pm', '-v'])).toMatch(/Makefile\.PL/);
  });

  it.each([
    ['perl5.36-x86_64-linux-gnu', 'perl'],
    ['rzsh', 'zsh'],
    ['view', 'vim'],
    ['zsh-5.9', 'zsh'],
    ['x86_64-linux-gnu-gcc-12', 'gcc'],
    ['cpan5.36-x86_64-linux-gnu', 'cpan'],
    ['pydoc3.11', 'pydoc3'],
    ['perl', undefined],
    ['editor', undefined],
    ['perlish', undefined],
    ['foo-12', undefined],
    ['sha256sum', undefined],
  ])('a deny rule sees %s as %s', (name, plain) => {
    expect(plainProgramName(name)).toBe(plain);
  });
});
