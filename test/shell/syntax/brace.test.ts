import { describe, expect, it } from 'vitest';
import { expandBraces } from '../../../src/shell/syntax/brace.js';

describe('brace expansion', () => {
  it('lists, nesting, ranges', () => {
    expect(expandBraces('a{b,c}d')).toEqual(['abd', 'acd']);
    expect(expandBraces('/home/{user,x}')).toEqual(['/home/user', '/home/x']);
    expect(expandBraces('~/{,x}')).toEqual(['~/', '~/x']);
    expect(expandBraces('{a,{b,c}}')).toEqual(['a', 'b', 'c']);
    expect(expandBraces('f{1..3}')).toEqual(['f1', 'f2', 'f3']);
    expect(expandBraces('{c..a}')).toEqual(['c', 'b', 'a']);
    expect(expandBraces('{0..10..5}')).toEqual(['0', '5', '10']);
  });
  it('leaves what bash leaves', () => {
    expect(expandBraces('{a}')).toEqual(['{a}']);
    expect(expandBraces('{}')).toEqual(['{}']);
    expect(expandBraces('${HOME}')).toEqual(['${HOME}']);
    expect(expandBraces('a\\{b,c}')).toEqual(['a\\{b,c}']);
    expect(expandBraces('{a}x{b,c}')).toEqual(['{a}xb', '{a}xc']);
  });
  it('gives up past the limit instead of growing without bound', () => {
    expect(expandBraces('{1..1000}')).toBeUndefined();
    expect(expandBraces('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}', 64)).toBeUndefined();
  });
});

import { analyzeShell } from '../../../src/shell/index.js';

describe('absurd nesting fails closed at once', () => {
  it('a chain of wrappers past 32 is unknown', () => {
    const a = analyzeShell(`${'env '.repeat(2400)}rm x`);
    expect(a.unknown.join(' ')).toContain('wrappers nested deeper than 32');
  });
  it('substitutions nested past the syntax limit are unknown before parsing', () => {
    const a = analyzeShell(`echo ${'$('.repeat(1600)}x${')'.repeat(1600)}`);
    expect(a.unknown).toEqual(['substitutions nested deeper than 200']);
  });
});

describe('spelledBraces', () => {
  it('spells a brace out into the words bash runs, an empty alternative no word', async () => {
    const { spelledBraces } = await import('../../../src/shell/syntax/brace.js');
    expect(spelledBraces(['torsocks', '{r,}m', '-f', 'x'], [true, false, true, true])).toEqual({
      argv: ['torsocks', 'rm', 'm', '-f', 'x'],
      literal: [true, true, true, true, true],
    });
    expect(spelledBraces(['torsocks', '{sh,}', '-c', 'x'], [true, false, true, true])?.argv).toEqual(['torsocks', 'sh', '-c', 'x']);
    expect(spelledBraces(['ls', 'a', 'b'], [true, true, true])).toBeUndefined();
    // A quoted brace is literal text: the word is literal, nothing is spelled out.
    expect(spelledBraces(['echo', '{a,b}'], [true, true])).toBeUndefined();
  });
});
