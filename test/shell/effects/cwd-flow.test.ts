import { describe, expect, it } from 'vitest';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';
import { shellPathEffects } from '../../../src/shell/effects/path-effects.js';
import { commandDirectories } from '../../../src/shell/effects/path-effects.js';
import { followFlow } from '../../../src/shell/effects/cwd-flow.js';
import { flowOf } from '../../../src/shell/syntax/flow.js';

await prepareShell();

const DIRS = new Set(['/p', '/p/src', '/']);
/** The directories each command of `command` runs in, from /p (the view shows /p/src). */
function places(command: string, shell: 'bash' | 'zsh' = 'bash'): string[][] {
  const a = analyzeShell(command, { shell });
  const r = shellPathEffects(a, { cwd: '/p', home: '/h', platform: 'linux', shell, cdPath: null, isDirectory: (p) => DIRS.has(p) });
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
  it('keeps the everyday forms to one directory', () => {
    expect(places('cd src && ls')[1]).toEqual(['/p/src']);
    expect(places('cd src || exit 1; ls')[2]).toEqual(['/p/src']);
    expect(places('cd nonexist || { echo no; exit 1; }; ls')[3]).toEqual(['/p/nonexist']);
    expect(places('(cd nonexist || exit 1); ls')[2]).toContain('/p');
    expect(places('cd src; ls')[1]).toEqual(['/p/src']);
    expect(places('cd src && make; ls')[2]).toEqual(['/p/src']);
    expect(places('cd nonexist && make; ls')[2]).toEqual(['/p', '/p/nonexist']);
    expect(places('builtin cd src && ls')[2]).toEqual(['/p/src']);
  });
  it('a cd the view does not show going to a directory may fail', () => {
    expect(places('cd nonexist; ls')[1]).toEqual(['/p', '/p/nonexist']);
    expect(places('cd nonexist && ls')[1]).toEqual(['/p/nonexist']);
    expect(places('cd ..; ls')[1]).toEqual(['/']);
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
