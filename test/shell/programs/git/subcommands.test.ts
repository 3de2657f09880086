/**
 * git's one subcommand table: the files facet and the read-only check read the same entries, and
 * a subcommand named like a property every object has is read as any subcommand git does not have.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../../src/shell/index.js';
import { GIT_READ_ONLY } from '../../../../src/shell/programs/git/read-only.js';
import { GIT_SUBCOMMANDS, gitCommandOptions, gitValueLetters } from '../../../../src/shell/programs/git/subcommands.js';
import { effectsText as show } from '../../effects-text.js';

beforeAll(async () => {
  await prepareShell();
});

describe('git subcommand table', () => {
  it('gives each read-only set the subcommands whose entry names it', () => {
    for (const set of ['claudeCode', 'robota'] as const) {
      const named = Object.keys(GIT_SUBCOMMANDS).filter((n) => GIT_SUBCOMMANDS[n]!.readOnly?.includes(set));
      expect([...GIT_READ_ONLY[set]].sort()).toEqual(named.sort());
    }
  });

  it("takes robota's read-only subcommands to be Claude Code's too", () => {
    for (const name of GIT_READ_ONLY.robota) expect(GIT_READ_ONLY.claudeCode.has(name), name).toBe(true);
  });

  it('reads a value letter only for the subcommand that has it', () => {
    expect(gitValueLetters('commit')).toContain('m');
    expect(gitValueLetters('add')).toBe('');
    expect(gitValueLetters('constructor')).toBe('');
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty'])('git %s -ab x is read as a subcommand git does not have', (name) => {
    expect(show(`git ${name} -ab x`)).toEqual(show('git no-such-subcommand -ab x'));
  });

  it('reads the options that run a command only for the subcommand that has them', () => {
    expect(gitCommandOptions('rebase')?.short).toBe('x');
    expect(gitCommandOptions('add')).toBeUndefined();
    expect(gitCommandOptions('constructor')).toBeUndefined();
    // git rebase --exec runs its value; the same option of a subcommand git does not have runs nothing.
    expect(analyzeShell('git rebase --exec "rm -rf /" main').commands.map((c) => c.argv[0])).toEqual(['git', 'rm']);
  });

  it.each(['constructor', 'toString', '__proto__'])('git %s --exec x runs what git no-such --exec x runs', (name) => {
    const programs = (command: string) => analyzeShell(command).commands.map((c) => c.argv.slice(2));
    expect(programs(`git ${name} --exec x`)).toEqual(programs('git no-such --exec x'));
  });
});
