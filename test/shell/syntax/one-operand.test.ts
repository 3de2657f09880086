import { describe, expect, it } from 'vitest';
import { expandsToOneOperand } from '../../../src/shell/syntax/words.js';

describe('expandsToOneOperand', () => {
  it('takes words that bash always hands over as one operand', () => {
    for (const w of ['notes.txt', '~/notes.txt', '"$HOME"/notes.txt', '"$HOME/notes.txt"', '"${HOME}"/x', 'out/"$NAME"', "'$x'", 'a"$1"b'])
      expect(expandsToOneOperand(w), w).toBe(true);
  });

  it('refuses words that may split, vanish, match many names or start with a variable', () => {
    for (const w of [
      '$X',
      'a$X',
      '"$X"',
      '"$@"',
      '"${a[@]}"',
      'x*',
      '{a,b}',
      '$(pwd)/x',
      '"$(pwd)"/x',
      '`pwd`',
      '"$HOMEDIR"/x',
      '${HOME}/x',
      '""$X',
      '"a',
    ])
      expect(expandsToOneOperand(w), w).toBe(false);
  });
});
