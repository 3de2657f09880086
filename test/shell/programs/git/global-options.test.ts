import { describe, expect, it } from 'vitest';
import { gitPagerOff } from '../../../../src/shell/programs/git/global-options.js';

// git 2.39.5 under `script` with core.pager = ./x.sh: `git -P -p log` paged, `git -p -P log` did not.
describe('gitPagerOff: the last of -p/-P before the subcommand wins', () => {
  it.each([
    [['git', '--no-pager', 'log'], true],
    [['git', '-P', 'log'], true],
    [['git', '-p', '-P', 'log'], true],
    [['git', '-C', 'sub', '-c', 'a.b=c', '--no-pager', 'log'], true],
    [['git', 'log'], false],
    [['git', '-P', '-p', 'log'], false],
    [['git', '--paginate', 'log'], false],
    // After the subcommand the words are its own (`git log -P` is a perl regex).
    [['git', 'log', '-P', 'x'], false],
    // `-c -P` is -c's value, not the option.
    [['git', '-c', '-P', 'log'], false],
  ])('%j -> %s', (argv, off) => {
    expect(gitPagerOff(argv)).toBe(off);
  });
});
