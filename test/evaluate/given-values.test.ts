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
  // check32 and fix33-given rows: each ran ~/bin/x.sh at bash 5.2 -i (decision 0163).
  it('follows an array element, a default inside a value, a copy, printf -v with --, and read from a here-string', () => {
    const words = (word: string, text: string) => givenWords(word, text).map((g) => g.word);
    expect(words('${A[0]}', 'A[0]=~/bin/x.sh; ${A[0]}')).toEqual(['~/bin/x.sh']);
    expect(words('"${A[@]}"', 'A+=(~/bin/x.sh); "${A[@]}"')).toEqual(['~/bin/x.sh']);
    expect(words('$T/x.sh', 'T=${U:-~/bin}; $T/x.sh')).toEqual(['$HOME/bin/x.sh']);
    expect(words('"$T/x.sh"', 'T="${U:-$HOME/bin}"; "$T/x.sh"')).toEqual(['"$HOME/bin"/x.sh']);
    // A `~` inside a double-quoted default stays a `~` (bash ran nothing): a folder named `~`.
    expect(words('"$T/x.sh"', 'T="${U:-~/bin}"; "$T/x.sh"')).toEqual(['"./~/bin"/x.sh']);
    expect(words('$T', 'U=~/bin/x.sh; T=$U; $T')).toEqual(['~/bin/x.sh']);
    expect(words('$T', 'printf -v T -- %s ~/bin/x.sh; $T')).toEqual(['$HOME/bin/x.sh']);
    expect(words('$T', "printf -v T -- '%s/x.sh' ~/bin; $T")).toEqual(['$HOME/bin/x.sh']);
    expect(words('$T', "printf -v T -- '~/bin/%s' x.sh; $T")).toEqual(["'~/bin/x.sh'"]);
    expect(words('$b', 'IFS=: read -r a b <<< "x:$HOME/bin/x.sh"; $b')).toEqual(['"x:$HOME/bin/x.sh"', '"$HOME/bin/x.sh"']);
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
    expect(printfValues(['--', '%s', '~/x'])).toEqual(['~/x']);
  });
});
