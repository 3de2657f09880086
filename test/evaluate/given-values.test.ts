import { describe, expect, it } from 'vitest';
import { givenWords, printfValues } from '../../src/evaluate/given-values.js';

describe('givenWords', () => {
  it('puts the value the text gives in place of the variable, by any spelling', () => {
    expect(givenWords('$T/x.sh', 'T=~/bin; $T/x.sh')).toEqual([{ word: '~/bin/x.sh', shape: 'exact' }]);
    expect(givenWords('$T', 'readonly T=~/bin/x.sh; $T')).toEqual([{ word: '~/bin/x.sh', shape: 'exact' }]);
    expect(givenWords('${!N}', 'T=~/bin/x.sh; N=T; ${!N}')).toEqual([{ word: '~/bin/x.sh', shape: 'exact' }]);
    expect(givenWords('$(echo ~/bin/x.sh)', '$(echo ~/bin/x.sh)')).toEqual([{ word: '~/bin/x.sh', shape: 'exact' }]);
  });
  it('takes a suffix cut as a start of the value, a rewrite as any name below its folder', () => {
    expect(givenWords('${T%XX}', 'T=~/bin/x.shXX')).toEqual([{ word: '~/bin/x.shXX', shape: 'prefix' }]);
    expect(givenWords('${T/XX/}', 'T=~/bin/x.shXX')).toEqual([{ word: '~/bin/x.shXX', shape: 'below' }]);
  });
  it('names nothing for a variable only inherited, or a value with no slash (found on PATH)', () => {
    expect(givenWords('$EDITOR', 'ls')).toEqual([]);
    expect(givenWords('$T', 'T=vim; $T')).toEqual([]);
  });
});

describe('printfValues', () => {
  it('makes the text of a %s format, else offers each word', () => {
    expect(printfValues(['~/bin/%s', 'x.sh'])).toEqual(['~/bin/x.sh']);
    expect(printfValues(['%d', '1'])).toEqual(['%d', '1']);
  });
});
