/**
 * Where `cd DIR` may go when DIR is no directory here: zsh's CDABLE_VARS (start-up files may set
 * it) reads `cd NAME/rest` as `cd ~NAME/rest`. Observed with zsh 5.9 (`zsh -f -o cdablevars -c`):
 * `s=$HOME/.ssh; cd s` went to ~/.ssh, `h=$HOME; cd h/.ssh` to ~/.ssh, `cd root` to /root,
 * `cd ./s` failed; bash and sh have no such fallback without `shopt -s cdable_vars`.
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
  it('bash and sh go nowhere else', () => {
    expect(bash.cdFallback('s')).toBeUndefined();
    expect(sh.cdFallback('s')).toBeUndefined();
  });
});
