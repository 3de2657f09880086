import { describe, expect, it } from 'vitest';
import { caseFsView } from '../../src/cases/case-fs.js';
import { configuredProgramWrite, configuredPrograms, entryPrograms } from '../../src/evaluate/git-configured-programs.js';

const P = '/home/user/project';
const H = '/home/user';
const world = { cwd: P, home: H, platform: 'linux' as const };

/** A repository whose .git/config holds `config`, run from `cwd`. */
function programs(config: string, cwd = P) {
  const fs = caseFsView(
    {
      [P]: 'directory',
      [`${P}/.git`]: 'directory',
      [`${P}/.git/HEAD`]: 'text: ref: refs/heads/main\n',
      [`${P}/.git/refs`]: 'directory',
      [`${P}/.git/objects`]: 'directory',
      [`${P}/.git/config`]: `text: [core]\n\tbare = false\n${config}`,
      [`${P}/src`]: 'directory',
      [H]: 'directory',
    },
    { cwd: P, home: H, platform: 'linux' },
  );
  return configuredPrograms(fs, { ...world, cwd }, () => null);
}

describe('configuredPrograms: the files the git configuration names as programs (decision 0126)', () => {
  it.each([
    ['\tfsmonitor = ./x.sh\n', ['/home/user/project/x.sh']],
    ['[gpg]\n\tprogram = ./tools/sign.sh\n', ['/home/user/project/tools/sign.sh']],
    ['[alias]\n\tt = !sh scripts/t.sh\n', ['/home/user/project/scripts/t.sh']],
    ['[diff "img"]\n\ttextconv = ./conv.sh\n', ['/home/user/project/conv.sh']],
    ['[filter "lfs"]\n\tsmudge = git-lfs smudge -- %f\n', []],
    // Shell text: what it runs, not the data it is given.
    ['[alias]\n\tlg = !rm -f README.md\n', []],
    ['[filter "x"]\n\tsmudge = rm -f README.md; cat\n', []],
    ['\teditor = python3 -u tools/edit.py\n', ['/home/user/project/tools/edit.py']],
    ['[alias]\n\tst = status --short\n', []],
    ['\teditor = vim\n', []],
    ['\tfsmonitor = false\n', []],
  ])('%j', (config, paths) => {
    expect(programs(config).map((p) => p.path)).toEqual(paths);
  });

  it('a relative program is found from the top of the working tree, wherever git runs', () => {
    expect(programs('\tfsmonitor = ./x.sh\n', `${P}/src`).map((p) => p.path)).toEqual([`${P}/x.sh`]);
  });

  it('a write to one names the setting; another write is none', () => {
    const found = programs('\tfsmonitor = ./x.sh\n');
    expect(configuredProgramWrite(`${P}/x.sh`, found)).toMatch(/^core\.fsmonitor in .*\.git\/config names .*x\.sh as a program git runs/);
    expect(configuredProgramWrite(`${P}/y.sh`, found)).toBeUndefined();
    // The working tree's top holds it, but a write there (git pull's) is judged by its names.
    expect(configuredProgramWrite(P, found)).toBeUndefined();
  });
});

/** A repository with no program keys of its own, and `~/.gitconfig` holding `global` (`extra`: more files). */
function globalPrograms(global: string, extra: Record<string, string> = {}) {
  const fs = caseFsView(
    {
      [P]: 'directory',
      [`${P}/.git`]: 'directory',
      [`${P}/.git/HEAD`]: 'text: ref: refs/heads/main\n',
      [`${P}/.git/refs`]: 'directory',
      [`${P}/.git/objects`]: 'directory',
      [`${P}/.git/config`]: 'text: [core]\n\tbare = false\n',
      [H]: 'directory',
      [`${H}/bin`]: 'directory',
      [`${H}/.gitconfig`]: `text: ${global}`,
      ...extra,
    },
    { cwd: P, home: H, platform: 'linux' },
  );
  return configuredPrograms(fs, world, () => null).map((p) => p.path);
}

describe("configuredPrograms: the user's global configuration, read by the one reader (red team 26 RT26-A, G3; decision 0135)", () => {
  it.each([
    ['[core]\n\tfsmonitor = sh ~/bin/x.sh\n', [`${H}/bin/x.sh`]],
    ['[core]\n\tfsmonitor = $HOME/bin/x.sh\n', [`${H}/bin/x.sh`]],
    ['[core]\n\tfsmonitor = ${HOME}/bin/x.sh\n', [`${H}/bin/x.sh`]],
    ['[credential]\n\thelper = !sh ~/bin/x.sh\n', [`${H}/bin/x.sh`]],
    ['[credential "https://h"]\n\thelper = !$HOME/bin/x.sh\n', [`${H}/bin/x.sh`]],
    // `git credential-store --file ~/creds`, `git credential-sh ~/bin/x.sh`: no file of these runs (git 2.39.5).
    ['[credential]\n\thelper = store --file ~/creds\n', []],
    ['[credential]\n\thelper = sh ~/bin/x.sh\n', []],
    ['[core]\n\tsshCommand = ssh -F ~/bin/x.cfg\n', [`${H}/bin/x.cfg`]],
    ['[core]\n\tpager = less -R\n\teditor = vim\n', []],
  ])('%j', (global, paths) => {
    expect(globalPrograms(global)).toEqual(paths);
  });

  it('a program whose folder is a link is also where the link leads', () => {
    expect(globalPrograms('[core]\n\tfsmonitor = ~/bin/fsm.sh\n', { [`${H}/bin`]: 'symlink -> dots', [`${H}/dots`]: 'directory', [`${H}/dots/fsm.sh`]: 'text: x\n' })).toEqual([
      `${H}/bin/fsm.sh`,
      `${H}/dots/fsm.sh`,
    ]);
  });

  it('a write to a program of ~/.gitconfig names the setting; a program found by its name is none (red team 25 RT25-G)', () => {
    const world2 = (global: string) => globalPrograms(global);
    expect(world2('[core]\n\tfsmonitor = ~/scripts/fsm.sh\n')).toEqual([`${H}/scripts/fsm.sh`]);
    expect(world2('[alias]\n\tup = !/opt/tools/up.sh --all\n')).toEqual(['/opt/tools/up.sh']);
    expect(world2('[core]\n\teditor = vim\n')).toEqual([]);
  });
});

describe("entryPrograms: entries read apart from the files (the start-up files' git -c and pairs, decision 0156)", () => {
  const view = caseFsView({ [H]: 'directory', [P]: 'directory', [`${H}/bin`]: 'directory' }, { cwd: P, home: H, platform: 'linux' });
  const paths = (key: string, value: string) => entryPrograms([{ key, value, file: '`git -c` of ~/.bashrc' }], P, H, view).map((p) => p.path);
  it('reads each value as the configuration files\' are, from the top of the work tree', () => {
    expect(paths('core.fsmonitor', `${H}/bin/x.sh`)).toEqual([`${H}/bin/x.sh`]);
    expect(paths('core.pager', `sh ${H}/bin/p.sh`)).toEqual([`${H}/bin/p.sh`]);
    expect(paths('core.fsmonitor', './x.sh')).toEqual([`${P}/x.sh`]);
    expect(paths('color.ui', 'always')).toEqual([]);
    expect(paths('core.editor', 'vim')).toEqual([]);
  });
});
