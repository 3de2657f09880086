import { describe, expect, it } from 'vitest';
import { autocorrectCandidates, autocorrectOff, autocorrectPrograms } from '../../../../src/shell/programs/git/autocorrect.js';

describe('git help.autocorrect', () => {
  it('lists the commands git 2.39.5 corrected each misspelling to', () => {
    // Observed: `git -c help.autocorrect=immediate WORD` ran these.
    for (const [word, ran] of [
      ['grpe', 'grep'],
      ['rn', 'rm'],
      ['stah', 'stash'],
      ['stauts', 'status'],
      ['lfs', 'log'],
    ] as const)
      expect(autocorrectCandidates(word)).toContain(ran);
  });

  it('lists nothing for a command git has or a word far from every command', () => {
    expect(autocorrectCandidates('status')).toEqual([]);
    expect(autocorrectCandidates('annex')).toEqual([]);
  });

  it('runs a correction only where the line turns autocorrect on', () => {
    const argv = ['git', '-c', 'help.autocorrect=immediate', 'grpe', 'x'];
    const literal = argv.map(() => true);
    const on = autocorrectPrograms(argv, literal, 3, [{ key: 'help.autocorrect', value: 'immediate' }]);
    // The same words with grep in the subcommand's place (each word quoted as the shell reads it).
    expect(on.some((u) => u.kind === 'text' && /'help\.autocorrect=immediate' grep 'x'$/.test(u.script))).toBe(true);
    expect(autocorrectPrograms(argv, literal, 3, [])).toEqual([]);
    expect(autocorrectPrograms(argv, literal, 3, [{ key: 'help.autocorrect', value: 'never' }])).toEqual([]);
    expect(
      autocorrectPrograms(argv, literal, 3, [
        { key: 'help.autocorrect', value: '1' },
        { key: 'alias.grpe', value: 'log' },
      ]),
    ).toEqual([]);
  });

  it('takes the values git reads as off, and any other as on', () => {
    for (const v of ['0', 'false', 'never', 'show', 'NO']) expect(autocorrectOff(v)).toBe(true);
    for (const v of ['1', '-1', 'immediate', 'prompt', '20', 'x']) expect(autocorrectOff(v)).toBe(false);
  });
});
