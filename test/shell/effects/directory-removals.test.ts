import { describe, expect, it } from 'vitest';
import { expandsUnquoted, filesRemovalMayBeCritical } from '../../../src/shell/effects/directory-removals.js';

describe('expandsUnquoted', () => {
  it('says a word whose expansion the shell splits (unquoted $x, $(…), `…`)', () => {
    for (const raw of ['$t', '${t}', 'x$t', '$(pwd)', '`pwd`', '"a"$t', "'a'$t"]) expect(expandsUnquoted(raw), raw).toBe(true);
  });
  it("leaves quoted expansions, $'…' and escaped dollars alone", () => {
    for (const raw of ['"$t"', '"${t}/x"', "'$t'", "$'a\\tb'", '\\$t', '"$(pwd)"']) expect(expandsUnquoted(raw), raw).toBe(false);
  });
});

describe('filesRemovalMayBeCritical', () => {
  it('keeps top-level names (links to folders on a merged /usr) and what is found below /', () => {
    expect(filesRemovalMayBeCritical('/bin', false)).toBe(true);
    expect(filesRemovalMayBeCritical('/', true)).toBe(true);
  });
  it('drops the root, the home directory and the working directory, which rm -f refuses', () => {
    expect(filesRemovalMayBeCritical('/', false)).toBe(false);
    expect(filesRemovalMayBeCritical('/home/user', false)).toBe(false);
    expect(filesRemovalMayBeCritical('/home/user/project', true)).toBe(false);
  });
});
