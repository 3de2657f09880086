/**
 * ssh_config lines as OpenSSH 9.2 reads them (`ssh -G -F FILE x` under strace): the one reader of
 * what a configuration file runs and includes, for `ssh -F`/`core.sshCommand` files and
 * `~/.ssh/config` alike.
 */
import { describe, expect, it } from 'vitest';
import { sshConfigLines, sshWords } from '../../../src/shell/programs/ssh-options.js';

describe('sshWords: misc.c argv_split with comments', () => {
  it.each([
    ['a # note', ['a']],
    ['"my file" b', ['my file', 'b']],
    ["'x y'z", ['x yz']],
    ['e\\ f g\\"h', ['e f', 'g"h']],
    ['c#d', ['c#d']],
    ['a\tb', ['a', 'b']],
    ['"open', ['open']],
  ])('%s', (value, words) => {
    expect(sshWords(value)).toEqual(words);
  });
});

describe('sshConfigLines', () => {
  it('reads Include words as ssh does: a trailing comment is no file, a quoted name is one', () => {
    expect(sshConfigLines('Include a # note\ninclude "my file" b\nInclude=c#d\n').includes).toEqual(['a', 'my file', 'b', 'c#d']);
  });
  it('takes a command keyword value as the rest of the line, none running nothing', () => {
    expect(sshConfigLines('Host x\n  ProxyCommand ~/p.sh %h # c\n  LocalCommand=none\n  knownhostscommand "k %H"').commands).toEqual([
      '~/p.sh %h # c',
      'k %H',
    ]);
  });
  // `Match host exec exec z.sh`: the first exec is a host pattern; ssh ran z.sh for host `exec`.
  it('runs every exec criterion of a Match line, negated too, and only a criterion', () => {
    expect(sshConfigLines('Match exec "m.sh %h" # c\nMatch host y !exec n\\ sh\nMatch host exec user u\nMatch all\nMatch host exec exec z.sh').commands).toEqual([
      'm.sh %h',
      'n sh',
      'z.sh',
    ]);
  });
  it('leaves comment lines out', () => {
    expect(sshConfigLines('# ProxyCommand x\n  # Include y\n')).toEqual({ commands: [], includes: [] });
  });
});
