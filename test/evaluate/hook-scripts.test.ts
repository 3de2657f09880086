/**
 * What git's hooks run beyond themselves (red team 25 RT25-E, red team 26 RT26-G): the scripts a
 * hook runs, husky's hooks, through links. The programs a configuration key names are
 * `git-configured-programs.ts`'s (its test).
 */
import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { gitRunPlaces } from '../../src/evaluate/hook-scripts.js';
import { readPlaceWrite } from '../../src/evaluate/sourced-files.js';

const H = '/home/user';
const P = `${H}/project`;
const repo = {
  [H]: 'directory',
  [P]: 'directory',
  [`${P}/.git`]: 'directory',
  [`${P}/.git/HEAD`]: 'text: ref: refs/heads/main\n',
  [`${P}/.git/objects`]: 'directory',
  [`${P}/.git/refs`]: 'directory',
  [`${P}/.git/hooks`]: 'directory',
};
const hit = (files: Record<string, string>, written: string) =>
  readPlaceWrite(
    written,
    undefined,
    gitRunPlaces({ fs: caseFsView({ ...repo, ...files }, { cwd: P, home: H, platform: 'linux' }), environment: undefined, projectDir: P }, H),
  );

describe('gitRunPlaces', () => {
  it('reads the scripts a hook runs, from the top of the work tree', () => {
    const hook = { [`${P}/.git/hooks/pre-commit`]: 'text: #!/bin/sh\nexec ./scripts/pre-commit.sh\n' };
    expect(hit(hook, `${P}/scripts/pre-commit.sh`)).toContain('git runs the hook');
    expect(hit(hook, `${P}/scripts/build.sh`)).toBeUndefined();
    expect(hit({ [`${P}/.git/hooks/pre-commit`]: 'text: #!/bin/sh\nnpx lint-staged\n' }, `${P}/scripts/pre-commit.sh`)).toBeUndefined();
  });

  it("reads husky's hooks beside its `_` folder", () => {
    const husky = {
      [`${P}/.git/config`]: 'text: [core]\n\thooksPath = .husky/_\n',
      [`${P}/.husky`]: 'directory',
      [`${P}/.husky/_`]: 'directory',
      [`${P}/.husky/_/pre-commit`]: 'text: . "$(dirname "$0")/h"\n',
      [`${P}/.husky/pre-commit`]: 'text: sh scripts/check.sh\n',
    };
    expect(hit(husky, `${P}/scripts/check.sh`)).toContain('.husky/pre-commit');
  });

  it('follows a link on the way to what a hook runs (red team 26 RT26-G)', () => {
    const links = { [`${P}/tools`]: 'directory', [`${P}/tools/impl.sh`]: 'text: echo\n', [`${P}/bin`]: 'symlink -> tools' };
    expect(hit({ ...links, [`${P}/.git/hooks/pre-commit`]: 'text: #!/bin/sh\nsh bin/impl.sh\n' }, `${P}/tools/impl.sh`)).toContain('through the link');
    expect(hit({ ...links, [`${P}/.git/hooks/pre-commit`]: 'text: #!/bin/sh\nsh bin/impl.sh\n' }, `${P}/tools/other.sh`)).toBeUndefined();
  });
});
