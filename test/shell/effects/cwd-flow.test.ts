import { describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';
import { analyzeShellWith } from '../../../src/shell/analyze.js';
import { shellPathEffects } from '../../../src/shell/effects/path-effects.js';
import { commandDirectories } from '../../../src/shell/effects/path-effects.js';
import { followFlow } from '../../../src/shell/effects/cwd-flow.js';
import { flowOf } from '../../../src/shell/syntax/flow.js';

await prepareShell();

const DIRS = new Set(['/p', '/p/src', '/p/src/lib', '/']);
/** The directories each command of `command` runs in, from /p (the view shows /p/src, /p/src/lib and the file /p/README.md). */
function places(
  command: string,
  shell: 'bash' | 'zsh' | 'unknown' = 'bash',
  front: 'auto' | 'lexer' | 'parser' = 'auto',
  view = true,
): string[][] {
  const a = front === 'auto' ? analyzeShell(command, { shell }) : analyzeShellWith(front, command, { shell });
  // The fast path leaves what it does not read to the parser (`parser: 'none'`): judged as auto does.
  if (a.parser === 'none' && front === 'lexer') return places(command, shell, 'auto', view);
  const isDirectory = (p: string) => (DIRS.has(p) ? true : p === '/p/README.md' ? false : undefined);
  const r = shellPathEffects(a, { cwd: '/p', home: '/h', platform: 'linux', shell, cdPath: null, ...(view ? { isDirectory } : {}) });
  return a.commands.map((_, i) => [...(commandDirectories(r.effects, i) ?? [])].sort());
}

describe('the working directory along the flow', () => {
  it('a cd that may not run leaves the commands after it in either directory (red team 19 replay NEW-8)', () => {
    expect(places('false && cd ..; cat .env')[2]).toEqual(['/', '/p']);
    expect(places('true || cd ..; cat .env')[2]).toEqual(['/', '/p']);
    expect(places('if false; then cd ..; fi; cat .env')[2]).toEqual(['/', '/p']);
    expect(places('x=1; case $x in 2) cd ..;; esac; cat .env').at(-1)).toEqual(['/', '/p']);
    expect(places('while false; do cd ..; done; cat .env')[2]).toEqual(['/', '/p']);
    expect(places('f() { cd ..; }; cat .env')[1]).toEqual(['/', '/p']);
    expect(places('nice cd ..; cat .env')[2]).toEqual(['/', '/p']);
  });
  it("each reading of a line the shells read two ways starts where the line starts: one's cd does not move the other", () => {
    // bash reads `ls x<1-5>y` as redirections, zsh as a numeric glob: two readings, both after `cd src`, in /p/src.
    const p = places('cd src && ls x<1-5>y', 'unknown');
    expect(p).toHaveLength(4);
    for (const dirs of p.slice(1)) expect(dirs).not.toContain('/p/src/src');
    expect(p[1]).toEqual(['/p/src']);
    expect(p[3]).toEqual(['/p/src']);
  });
  it('keeps the everyday forms to one directory', () => {
    expect(places('cd src && ls')[1]).toEqual(['/p/src']);
    expect(places('cd src || exit 1; ls')[2]).toEqual(['/p/src']);
    // bash's cdable_vars and zsh's CDABLE_VARS (start-up files may set them) may take a name that is no
    // directory here to where a variable of that name points: somewhere the view cannot tell (`/**`).
    expect(places('cd nonexist || { echo no; exit 1; }; ls')[3]).toEqual(['/**', '/p/nonexist']);
    expect(places('(cd nonexist || exit 1); ls')[2]).toContain('/p');
    expect(places('cd src; ls')[1]).toEqual(['/p/src']);
    expect(places('cd src && make; ls')[2]).toEqual(['/p/src']);
    expect(places('cd nonexist && make; ls')[2]).toEqual(['/**', '/p', '/p/nonexist']);
    expect(places('builtin cd src && ls')[2]).toEqual(['/p/src']);
  });
  it('a cd the view does not show going to a directory may fail', () => {
    expect(places('cd nonexist; ls')[1]).toEqual(['/**', '/p', '/p/nonexist']);
    expect(places('cd nonexist && ls')[1]).toEqual(['/**', '/p/nonexist']);
    expect(places('cd ..; ls')[1]).toEqual(['/']);
  });
  it('a cd whose redirection may fail may not run (replay of red team 20, NEW-R1)', () => {
    for (const front of ['lexer', 'parser'] as const)
      for (const shell of ['bash', 'zsh'] as const) {
        for (const c of [
          'cd .. < /nonexistent; cat .env',
          'cd .. > /nonexist/x; cat .env',
          'cd .. 2>/nonexist/x; cat .env',
          'cd .. > src; cat .env',
          'cd .. <&7; cat .env',
          'cd .. 2>&7; cat .env',
          'cd .. >&2; cat .env',
          'pushd .. < /nonexistent; cat .env',
          '{ cd ..; } < /nonexistent; cat .env',
        ])
          expect(places(c, shell, front).at(-1), `${front} ${shell}: ${c}`).toEqual(['/', '/p']);
        // It fails when the redirection does: what runs only after it succeeded is in the parent.
        expect(places('cd .. < /nonexistent && cat .env', shell, front).at(-1)).toEqual(['/']);
        expect(places('cd .. < /nonexistent || cat .env', shell, front).at(-1)).toEqual(['/p']);
        // /dev/null opens wherever a shell runs.
        expect(places('cd .. > /dev/null; cat .env', shell, front).at(-1)).toEqual(['/']);
        expect(places('cd src 2>/dev/null; ls', shell, front).at(-1)).toEqual(['/p/src']);
      }
  });
  it('a cd through a part before .. the view does not show to be a directory may fail (NEW-R1)', () => {
    for (const front of ['lexer', 'parser'] as const) {
      expect(places('cd ./nonexist/../..; cat .env', 'bash', front).at(-1)).toEqual(['/', '/p']);
      expect(places('cd src/nonexist/../../..; cat .env', 'bash', front).at(-1)).toEqual(['/', '/p']);
      expect(places('cd README.md/../..; cat .env', 'zsh', front).at(-1)).toEqual(['/', '/p']);
      expect(places('cd src/../..; cat .env', 'bash', front).at(-1)).toEqual(['/']);
      expect(places('cd src/lib/../..; ls', 'bash', front).at(-1)).toEqual(['/p']);
      expect(places('cd ../..; ls', 'bash', front).at(-1)).toEqual(['/']);
    }
    // With no view, any part before a `..` may be missing.
    expect(places('cd src/../..; cat .env', 'bash', 'auto', false).at(-1)).toEqual(['/', '/p']);
    expect(places('cd ..; cat .env', 'bash', 'auto', false).at(-1)).toEqual(['/']);
  });
  it('a cd may fail from one place it starts and not another', () => {
    expect(places('[ -d x ] && cd src; cd lib; cat .env').at(-1)).toEqual(['/**', '/p', '/p/lib', '/p/src/lib']);
    expect(places('[ -d x ] && cd src; cd lib && cat .env').at(-1)).toEqual(['/**', '/p/lib', '/p/src/lib']);
  });
  it('says a cd in a loop body is not followed, and zsh repeat N of a cd too', () => {
    expect(analyzeShell('while read d; do cd ..; done; ls', { shell: 'bash' }).stateChanges.join()).toMatch(/loop's body/);
    expect(analyzeShell('for i in 1 2; do cd ..; done; ls', { shell: 'bash' }).stateChanges).toEqual([]);
    expect(analyzeShell('while read d; do (cd src && make); done', { shell: 'bash' }).stateChanges).toEqual([]);
    expect(analyzeShell('repeat 2 cd ..; ls', { shell: 'zsh' }).stateChanges.join()).toMatch(/repeat 2/);
  });
  it('follows the lexer and the parser alike', () => {
    const flow = flowOf(analyzeShell('a && cd x || b; c | d', { shell: 'bash' }));
    const seen: number[] = [];
    followFlow(flow, ['/'], (to) => {
      seen.push(to);
      return { ok: ['/'], fail: ['/'] };
    });
    expect(seen).toEqual([1, 2, 3, 4, 5]);
  });
});
