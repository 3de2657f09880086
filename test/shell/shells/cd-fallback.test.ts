/**
 * Where `cd DIR` may go when DIR is no directory here: zsh's CDABLE_VARS (start-up files may set
 * it) reads `cd NAME/rest` as `cd ~NAME/rest`. Observed with zsh 5.9 (`zsh -f -o cdablevars -c`):
 * `s=$HOME/.ssh; cd s` went to ~/.ssh, `h=$HOME; cd h/.ssh` to ~/.ssh, `cd root` to /root,
 * `cd ./s` failed. bash's `cdable_vars` (a start-up file's `shopt -s cdable_vars`) reads a whole
 * name as a variable: `bash -O cdable_vars -c 'cd HOME && cat .ssh/id_rsa'` printed ~/.ssh/id_rsa
 * (bash 5.2, leads24); dash has no such option.
 */
import { describe, expect, it } from 'vitest';
import { SHELL_MODELS } from '../../../src/shell/shells/index.js';

describe('cdFallback', () => {
  const { bash, sh, zsh } = SHELL_MODELS;
  it.each([
    ['s', ''],
    ['h/.ssh', '/.ssh'],
    ['root', ''],
    ['.c#laude', ''],
    ['a/b/c', '/b/c'],
  ])('zsh reads cd %s as ~NAME followed by %j', (dir, rest) => {
    expect(zsh.cdFallback(dir)).toBe(rest);
  });
  it.each(['./s', '../s', '.', '..', '/abs/dir', ''])('zsh looks up no name for cd %j', (dir) => {
    expect(zsh.cdFallback(dir)).toBeUndefined();
  });
  it.each(['HOME', 's', '_x1'])('bash reads cd %s as the value of that variable', (dir) => {
    expect(bash.cdFallback(dir)).toBe('');
  });
  it.each(['h/.ssh', './s', '..', '.c', '/abs', '1x', ''])('bash looks up no variable for cd %j', (dir) => {
    expect(bash.cdFallback(dir)).toBeUndefined();
  });
  it('sh goes nowhere else', () => {
    expect(sh.cdFallback('s')).toBeUndefined();
  });
});
