/** What a word becomes when only `$PWD`, `$HOME` and `~` expand in it (known-expansions.ts): each example of `KNOWN_EXPANSION_EXAMPLES` is a test. */
import { describe, expect, it } from 'vitest';
import { KNOWN_EXPANSION_EXAMPLES, knownExpansions } from '../../src/evaluate/known-expansions.js';

describe('what a word becomes where only the working directory and the home folder expand', () => {
  it.each(KNOWN_EXPANSION_EXAMPLES.map((e) => [e.raw, e.texts] as const))('%s becomes %j', (raw, texts) => {
    for (const shell of ['bash', 'zsh', 'sh'] as const) expect(knownExpansions(raw, { pwd: '/p', home: '/h', shell })).toEqual(texts);
  });

  it('a directory the shell would split or match is not told', () => {
    expect(knownExpansions('$PWD/x.sh', { pwd: '/p q', home: '/h', shell: 'bash' })).toBeUndefined();
  });
});
