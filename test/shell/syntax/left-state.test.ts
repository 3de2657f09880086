import { beforeAll, describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';
import { leftState } from '../../../src/shell/syntax/left-state.js';

beforeAll(async () => {
  await prepareShell();
});

const zsh = (command: string) => analyzeShell(command, { shell: 'zsh' });

describe('the state a script leaves (replay 19 NEW-2)', () => {
  it('is what changed after the last command, which stateChanges leaves out', () => {
    const a = zsh('cd proj proj/.claude');
    expect(a.stateChanges).toEqual([]);
    expect(leftState(a).map((s) => s.why)).toEqual([expect.stringContaining('cd with two directories')]);
    expect(leftState(zsh('cd src; ls'))).toEqual([]);
  });
  it('holds after eval, source and a signal trap, in this shell', () => {
    for (const c of [
      'eval cd proj proj/.claude; ls',
      "eval 'pushd proj proj/.claude'; ls",
      'builtin eval cd proj proj/.claude; ls',
      "source /dev/stdin <<< 'PATH=0'; ls",
      "eval 'eval PATH=0'; ls",
      "eval 'f() { :; }'; f",
      "trap 'PATH=0' USR1; kill -USR1 $$; ls",
    ])
      expect(zsh(c).stateChanges, c).not.toEqual([]);
  });
  it('keeps an alias firm', () => {
    expect(zsh("eval 'alias ls=rm'; ls").unseen).toEqual([expect.stringContaining("in eval script: 'alias' defines an alias")]);
  });
  it('does not hold after a script run by another shell, or the exit trap', () => {
    for (const c of ["zsh -c 'PATH=0'; ls", "trap 'PATH=0' EXIT; ls", 'eval cd proj proj/.claude', "trap 'echo bye; exit 1' INT TERM; ls"])
      expect(zsh(c).stateChanges, c).toEqual([]);
  });
});
