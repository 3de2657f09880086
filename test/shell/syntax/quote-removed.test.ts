import { describe, expect, it } from 'vitest';
import { quoteRemoved } from '../../../src/shell/syntax/words.js';

/** Each as bash 5.2 hands the word to a builtin (`printf '%s\n' WORD` printed the right side, expansions aside). */
const EXAMPLES: readonly [string, string][] = [
  ['plain', 'plain'],
  [`'"\\C-t": ~/bin/x.sh'`, '"\\C-t": ~/bin/x.sh'],
  [`"\\"\\C-t\\": ~/bin/x.sh"`, '"\\C-t": ~/bin/x.sh'],
  ['"\\`~/bin/x.sh\\` $ "', '`~/bin/x.sh` $ '],
  ['"\\u@\\h \\`~/x\\` $PWD"', '\\u@\\h `~/x` $PWD'],
  ['"$HOME/.x"', '$HOME/.x'],
  ['"${X:-a b}"/y', '${X:-a b}/y'],
  ['"$(echo "a b")"c', '$(echo "a b")c'],
  ["$'a\\nb'", 'a\nb'],
  ['~/a\\ b', '~/a b'],
  ['"unterminated', '"unterminated'],
];

describe('a word after quote removal, its expansions kept as written', () => {
  it.each(EXAMPLES)('%s', (raw, text) => {
    expect(quoteRemoved(raw)).toBe(text);
  });
});
