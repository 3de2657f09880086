import { beforeAll, describe, expect, it } from 'vitest';
import { arithmeticAssigns, subscriptAssigns } from '../../../src/shell/syntax/arithmetic.js';
import { analyzeShell, prepareShell } from '../../../src/shell/index.js';

// Every assignment below was run in bash 5.2 and zsh 5.9 (`Q=1; <text>; echo $Q` printed the new value).
describe('arithmeticAssigns', () => {
  it.each([
    ['PATH=0', ['PATH']],
    ['0, PATH=0', ['PATH']],
    [' PATH = 0 ', ['PATH']],
    ['PATH=0 ? 0 : 0', ['PATH']],
    ['x ? y : PATH=1', ['PATH']],
    ['PATH+=1', ['PATH']],
    ['PATH<<=1', ['PATH']],
    ['HOME|=0', ['HOME']],
    ['PATH++', ['PATH']],
    ['++PATH', ['PATH']],
    [' ++ PATH', ['PATH']],
    ['PATH-- ', ['PATH']],
    ['Q[0]=5', ['Q']],
    ['a[PATH=0]', ['PATH']],
    ["'PATH=0'", ['PATH']],
    ['i=0;i<3;i++', ['i']],
  ])('%j assigns %j', (text, names) => {
    expect(arithmeticAssigns(text)).toEqual(names);
  });

  it.each(['1+2', 'i<=3', 'i>=3', 'i!=3', 'i==3', 'PATH==0?1:0', 'A<=B', '$PATH+1', 'a[i]'])('%j assigns nothing', (text) => {
    expect(arithmeticAssigns(text)).toEqual([]);
  });
});

describe('subscriptAssigns', () => {
  it('reads the subscript of the name a builtin is given', () => {
    expect(subscriptAssigns("'a[PATH=0]'")).toEqual(['PATH']);
    expect(subscriptAssigns('b[HOME=0]=1')).toEqual(['HOME']);
  });

  it('ignores brackets that are no subscript of a name (a printf format)', () => {
    expect(subscriptAssigns("'[log]\\n\\tshowSignature = true\\n'")).toEqual([]);
    expect(subscriptAssigns('a[0]')).toEqual([]);
  });
});

describe('arithmetic that assigns is a state change (red team 18 F8)', () => {
  beforeAll(() => prepareShell());

  it.each([
    '((PATH=0)); ls',
    '((0, PATH=0)); ls',
    'x=$((PATH=0)); ls',
    'b[PATH=0]=1; ls',
    '[[ -v a[PATH=0] ]]; ls',
    "test -v 'a[PATH=0]'; ls",
    'a=([PATH=0]=1); ls',
    'for ((PATH=0; 0; )); do :; done; ls',
    '((HOME=0)); git status',
  ])('%j', (command) => {
    expect(analyzeShell(command, { shell: 'bash' }).stateChanges.length).toBeGreaterThan(0);
  });

  it.each(["printf '%d' PATH=0; ls", "printf '%i\\n' 'PATH=0'; ls", 'shift PATH=0; ls'])('%j in zsh', (command) => {
    expect(analyzeShell(command, { shell: 'zsh' }).stateChanges.length).toBeGreaterThan(0);
  });

  it.each(['for ((i=0;i<3;i++)); do echo $i; done', 'echo $((1+2))', '((i++))', "printf '%s\\n' PATH=0; ls", '[[ -v a[0] ]]; ls'])(
    'not for %j',
    (command) => {
      expect(analyzeShell(command, { shell: 'bash' }).stateChanges).toEqual([]);
    },
  );
});
