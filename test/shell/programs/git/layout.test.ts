import { describe, expect, it } from 'vitest';
import { createMemoryFileSystem } from '../../../../src/testing/memory-fs.js';
import { repositoryFilledInto } from '../../../../src/shell/programs/git/layout.js';

const P = '/home/user/project';
/** `u` holds HEAD and a config written while it was a plain folder; `t` holds objects/ and refs/. */
const view = createMemoryFileSystem({
  [`${P}/u/HEAD`]: 'ref: refs/heads/main\n',
  [`${P}/u/config`]: '[alias]\n\tlg = !rm -f README.md\n',
  [`${P}/t/objects/info`]: { directory: true },
  [`${P}/t/refs/heads`]: { directory: true },
  [`${P}/src/a.js`]: 'x',
}).view();

describe('repositoryFilledInto (red team 20 R20-1)', () => {
  it('a copy of a folder’s entries (cp -r t/. u/) completes the repository in u', () => {
    expect(repositoryFilledInto(`${P}/u`, [`${P}/t`], [], view)).toBe(`${P}/u`);
  });
  it('a glob’s matches (mv t/* u/) complete it too', () => {
    expect(repositoryFilledInto(`${P}/u`, [`${P}/t/*`], [], view)).toBe(`${P}/u`);
  });
  it('names that hold no repository part complete nothing (cp -r src/* u/)', () => {
    expect(repositoryFilledInto(`${P}/u`, [`${P}/src/*`], [], view)).toBeUndefined();
  });
  it('a folder without HEAD stays a folder (cp -r t/. v/)', () => {
    expect(repositoryFilledInto(`${P}/v`, [`${P}/t`], [], view)).toBeUndefined();
  });
  it('without a view nothing is said', () => {
    expect(repositoryFilledInto(`${P}/u`, [`${P}/t`], [], undefined)).toBeUndefined();
  });
});
