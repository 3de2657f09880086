/**
 * The git configuration a shell start-up file's text gives git (decision 0156): each spelling was
 * run with bash 5.2 -i and zsh 5.9 -i in a fake home (git 2.39.5), rows in `rt32-fix32-git.jsonl`.
 */
import { describe, expect, it } from 'vitest';
import { readStartupGit, startupGitEntries, startupGitReading } from '../../src/evaluate/startup-git.js';

const H = '/home/user';
const read = (...texts: string[]) => {
  const reading = startupGitReading();
  texts.forEach((t, i) => readStartupGit(t, `~/.rc${i}`, H, reading));
  return startupGitEntries(reading);
};

describe('readStartupGit', () => {
  it('reads the pairs across files, as the shell keeps the last value each name is given', () => {
    expect(read('export GIT_CONFIG_COUNT=1', 'export GIT_CONFIG_KEY_0=core.fsmonitor\nexport GIT_CONFIG_VALUE_0=~/bin/x.sh')).toEqual([
      { key: 'core.fsmonitor', value: `${H}/bin/x.sh`, file: '~/.rc1 (GIT_CONFIG_KEY_0)' },
    ]);
    expect(read('GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.pager GIT_CONFIG_VALUE_0=less', 'GIT_CONFIG_VALUE_0=${HOME}/p')).toEqual([
      { key: 'core.pager', value: `${H}/p`, file: '~/.rc0 (GIT_CONFIG_KEY_0)' },
    ]);
  });
  it('reads `git -c` where the program is git, by any spelling of its name, after a comment is taken off', () => {
    expect(read('\\git -c core.fsmonitor=~/x status').map((e) => e.value)).toEqual([`${H}/x`]);
    expect(read('/usr/bin/git -ccore.sshCommand="ssh -F ~/c" fetch').map((e) => e.key)).toEqual(['core.sshcommand']);
    expect(read('# alias git="git -c core.fsmonitor=~/x"')).toEqual([]);
    expect(read('gitk -c core.fsmonitor=~/x')).toEqual([]);
    expect(read('declare +x GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=core.fsmonitor GIT_CONFIG_VALUE_0=~/x')).toEqual([]);
  });
});

// Decision 0166: `git --config-env KEY=NAME` takes NAME's value when the command runs, after every
// start-up file (bash 5.2 -i with `export FSM=~/bin/x.sh` and the alias or function ran x.sh at `git status`).
describe('readStartupGit: --config-env', () => {
  it('reads the variable a start-up file sets, in any file, before or after the alias', () => {
    expect(read('export FSM=~/bin/x.sh\nalias git="git --config-env=core.fsmonitor=FSM"')).toEqual([
      { key: 'core.fsmonitor', value: `${H}/bin/x.sh`, file: '`git --config-env` of ~/.rc0' },
    ]);
    expect(read('git() { command git --config-env core.fsmonitor=FSM "$@"; }', 'FSM=~/bin/y.sh').map((e) => e.value)).toEqual([
      `${H}/bin/y.sh`,
    ]);
  });
  it('reads nothing for a variable no start-up file sets, or one set to an expansion', () => {
    expect(read('alias git="git --config-env=core.fsmonitor=FSM"')).toEqual([]);
    expect(read('FSM=$(pick)\nalias git="git --config-env=core.fsmonitor=FSM"')).toEqual([]);
  });
});
