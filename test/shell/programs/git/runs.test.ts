/**
 * What a git command runs besides git from its options: clone's own `--config` pairs and the
 * command options of a subcommand, in every spelling git's parse-options reads.
 */
import { describe, expect, it } from 'vitest';
import { gitPrograms } from '../../../../src/shell/programs/git/runs.js';

const run = (...argv: string[]) => gitPrograms(['git', ...argv], argv.map(() => true).concat(true), []);
const scripts = (...argv: string[]) => run(...argv).flatMap((u) => (u.kind === 'text' ? [u.script] : []));

describe('git clone --config', () => {
  it('runs what a pair it sets names, in every spelling and after the operands', () => {
    expect(scripts('clone', '-c', 'core.sshCommand=sh x.sh', 'git@h:a/b')).toEqual(['sh x.sh']);
    expect(scripts('clone', '-qccore.sshCommand=sh x.sh', 'git@h:a/b')).toEqual(['sh x.sh']);
    expect(scripts('clone', '--config=core.sshCommand=sh x.sh', 'git@h:a/b')).toEqual(['sh x.sh']);
    expect(scripts('clone', '--conf', 'core.sshCommand=sh x.sh', 'git@h:a/b')).toEqual(['sh x.sh']);
    expect(scripts('clone', 'git@h:a/b', 'd', '-c', 'filter.a.smudge=sh x.sh')).toEqual(['sh x.sh']);
  });

  it('reads no pair where another option takes the word, after --, or for another subcommand', () => {
    expect(run('clone', '-o', '-c', 'git@h:a/b')).toEqual([]);
    expect(run('clone', '--', '-c', 'core.sshCommand=sh x.sh')).toEqual([]);
    expect(run('clone', '-c', 'user.name=me', 'git@h:a/b')).toEqual([]);
    expect(run('fetch', '-c', 'core.sshCommand=sh x.sh')).toEqual([]);
  });

  it('takes the hooks of the folder core.hooksPath names, as git -c does', () => {
    expect(run('clone', '-c', 'core.hooksPath=h', 'git@h:a/b').map((u) => u.kind)).toEqual(['unknown']);
    expect(run('clone', '-c', 'core.hooksPath=/dev/null', 'git@h:a/b')).toEqual([]);
  });
});

describe('command options of a subcommand', () => {
  it('reads the letter alone, last in a cluster, or with its value attached', () => {
    expect(scripts('rebase', '-x', 'make test', 'main')).toEqual(['make test']);
    expect(scripts('rebase', '-qx', 'make test', 'main')).toEqual(['make test']);
    expect(scripts('rebase', '-xmake test', 'main')).toEqual(['make test']);
    expect(scripts('clone', '-qu', 'sh x.sh', 'git@h:a/b')).toEqual(['sh x.sh']);
    expect(scripts('clone', '--upl=sh x.sh', 'git@h:a/b')).toEqual(['sh x.sh']);
  });

  it('leaves a value of another letter alone', () => {
    // `-ox` is -o given x, and `-ou` is -o given u: neither leaves a letter for -u.
    expect(scripts('clone', '-ox', '-u', 'sh x.sh', 'git@h:a/b')).toEqual(['sh x.sh']);
    expect(scripts('clone', '-ou', 'git@h:a/b')).toEqual([]);
  });
});
