import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';

beforeAll(async () => {
  await prepareShell();
});

const unseen = (command: string, shell: 'bash' | 'zsh' | 'sh' | 'unknown') => analyzeShell(command, { shell }).unseen;

describe('a command table set whole is as firm as hash and alias (red team 23 RT23-D)', () => {
  it("makes bash's later commands unreadable through BASH_CMDS and BASH_ALIASES", () => {
    for (const c of ['BASH_CMDS+=([cat]=/usr/bin/cp); cat a b', 'BASH_CMDS=([cat]=/usr/bin/cp); cat a b', 'BASH_ALIASES=([ls]=rm); ls'])
      expect(unseen(c, 'bash'), c).toEqual([expect.stringMatching(/^setting BASH_(CMDS|ALIASES) .*cannot be judged$/)]);
  });
  it("makes zsh's later commands unreadable through commands, functions and the alias tables, by any setter", () => {
    for (const c of [
      'commands+=(cat /usr/bin/cp); cat a b',
      "functions+=(cat 'cp a b'); cat x",
      "set -A functions ls 'cp a b'; ls",
      'typeset -A aliases; ls',
      'galiases=(); ls',
      "dis_functions[x]='cp a b'; ls",
    ])
      expect(unseen(c, 'zsh'), c).toContainEqual(expect.stringMatching(/^setting \w+ \(a special parameter of zsh\) .*cannot be judged$/));
  });
  it('holds when the shell is unknown, and not where the name is data', () => {
    expect(unseen('commands+=(cat /usr/bin/cp); cat a b', 'unknown')).not.toEqual([]);
    expect(unseen('BASH_CMDS=([cat]=/usr/bin/cp); cat a b', 'unknown')).not.toEqual([]);
    // zsh's BASH_CMDS and bash's `functions` are plain variables: a state change, not a binding.
    expect(unseen('BASH_CMDS=(a b); cat a', 'zsh')).toEqual([]);
    expect(unseen('functions=(a b); cat a', 'bash')).toEqual([]);
    expect(unseen('set -A arr 1 2; echo ok', 'zsh')).toEqual([]);
    // Nothing after it: nothing to misread.
    expect(unseen('commands+=(cat /usr/bin/cp)', 'zsh')).toEqual([]);
  });
});
