/**
 * A write lands in the hooks folder of the repository it lands in (#37): the repository git
 * discovery finds from the written path's folder — the project's or a nested one (a `.git`
 * folder, a `.git` file, a bare repository's layout) — with that repository's own `core.hooksPath`.
 */
import { describe, expect, it } from 'vitest';
import { gitUserConfigPlaces, ownRepositoryHooksUnknown, ownRepositoryHooksWrite } from '../../src/evaluate/git-hooks-dir.js';
import { readPlaceWrite } from '../../src/evaluate/sourced-files.js';
import type { EnvironmentFacts } from '../../src/evaluate/types.js';
import { createMemoryFileSystem, type MemoryEntry } from '../../src/testing/memory-fs.js';

const P = '/home/user/project';
const HOME = '/home/user';
const ORDINARY: EnvironmentFacts = { values: {}, complete: true };

const repo = (dir: string, config: string, bare = false): Record<string, MemoryEntry> => {
  const git = bare ? dir : `${dir}/.git`;
  return {
    [`${git}/HEAD`]: 'ref: refs/heads/main\n',
    [`${git}/objects/info`]: { directory: true },
    [`${git}/refs/heads`]: { directory: true },
    [`${git}/config`]: `[core]\n\trepositoryformatversion = 0\n${config}`,
  };
};

const TREE: Record<string, MemoryEntry> = {
  ...repo(P, ''),
  ...repo(`${P}/r_hooks`, '\thooksPath = hk\n'),
  ...repo(`${P}/plain`, ''),
  ...repo(`${P}/b.git`, '\tbare = true\n\thooksPath = bh\n', true),
  ...repo('/home/user/elsewhere/x.git', '\thooksPath = hk\n', true),
  [`${P}/gf/.git`]: 'gitdir: /home/user/elsewhere/x.git\n',
  ...repo(`${P}/inc`, '[include]\n\tpath = ../shared.cfg\n'),
  ...repo(`${P}/broken`, '[core\n'),
  [`${P}/src/a.ts`]: 'x\n',
};

function hit(written: string, tree: Record<string, MemoryEntry> = TREE): string | undefined {
  const view = createMemoryFileSystem(tree).view();
  return ownRepositoryHooksWrite(written, view.realpath(written), { fs: view, environment: ORDINARY }, HOME);
}

describe('ownRepositoryHooksWrite and ownRepositoryHooksUnknown', () => {
  it("protects the folder a nested repository's own core.hooksPath names, the folder itself and files below it", () => {
    expect(hit(`${P}/r_hooks/hk/post-index-change`)).toContain(`${P}/r_hooks/hk is where git takes its hooks from`);
    expect(hit(`${P}/r_hooks/hk`)).toContain(`${P}/r_hooks/.git`);
    expect(hit(`${P}/r_hooks/hk/deeper/pre-commit`)).toBeDefined();
  });

  it("protects a bare repository's hooksPath (relative to the repository) and a gitfile repository's (relative to its work tree)", () => {
    expect(hit(`${P}/b.git/bh/pre-push`)).toContain(`${P}/b.git/bh`);
    expect(hit(`${P}/gf/hk/post-checkout`)).toContain('/home/user/elsewhere/x.git');
  });

  it('protects a configuration file the repository includes (it may set core.hooksPath), existing or not', () => {
    expect(hit(`${P}/inc/shared.cfg`)).toContain(`git reads ${P}/inc/shared.cfg as configuration`);
  });

  it('tells apart a write whose repository configuration the view cannot read (asked after the named checks)', () => {
    const view = createMemoryFileSystem(TREE).view();
    const ctx = { fs: view, environment: ORDINARY };
    expect(ownRepositoryHooksWrite(`${P}/broken/src/x.js`, undefined, ctx, HOME)).toBeUndefined();
    expect(ownRepositoryHooksUnknown(`${P}/broken/src/x.js`, undefined, ctx, HOME)).toContain('cannot be told');
    expect(ownRepositoryHooksUnknown(`${P}/r_hooks/src/x.js`, undefined, ctx, HOME)).toBeUndefined();
  });

  it('protects the folder through a link to the nested repository', () => {
    const tree = { ...TREE, [`${P}/rl`]: { symlink: `${P}/r_hooks` } } as Record<string, MemoryEntry>;
    expect(hit(`${P}/rl/hk/pre-commit`, tree)).toBeDefined();
  });

  it('leaves ordinary writes alone: other folders of a nested repository, one with no hooksPath, no repository', () => {
    expect(hit(`${P}/r_hooks/src/x.js`)).toBeUndefined();
    expect(hit(`${P}/plain/hk/pre-commit`)).toBeUndefined();
    expect(hit(`${P}/src/a.ts`)).toBeUndefined();
    expect(hit('/tmp/x/pre-commit')).toBeUndefined();
  });

  it('a view that reads no file (no readText) settles nothing and asks nothing, as without a view', () => {
    const full = createMemoryFileSystem(TREE).view();
    const { readText: _unused, ...rest } = full;
    const view = rest as typeof full;
    const ctx = { fs: view, environment: ORDINARY };
    expect(ownRepositoryHooksUnknown(`${P}/src/a.ts`, undefined, ctx, HOME)).toBeUndefined();
    expect(ownRepositoryHooksWrite(`${P}/src/a.ts`, undefined, ctx, HOME)).toBeUndefined();
  });

  it('without a view, decides nothing (.git is protected by name)', () => {
    expect(ownRepositoryHooksWrite(`${P}/r_hooks/hk/x`, undefined, { environment: ORDINARY }, HOME)).toBeUndefined();
  });
});

describe("what the user's git configuration includes, and its template folder (red team 24, RT24-B)", () => {
  const places = (files: Record<string, MemoryEntry>, env: EnvironmentFacts = ORDINARY) =>
    gitUserConfigPlaces({ fs: createMemoryFileSystem({ ...repo(P, ''), ...files }).view(), environment: env, projectDir: P }, HOME);
  const hit = (files: Record<string, MemoryEntry>, written: string, env?: EnvironmentFacts) =>
    readPlaceWrite(written, undefined, places(files, env));

  it('an include.path or includeIf target of ~/.gitconfig, existing or not, relative or from ~', () => {
    const global = {
      [`${HOME}/.gitconfig`]: '[include]\n\tpath = ~/.gitconfig.local\n[includeIf "gitdir:~/work/"]\n\tpath = ../user/.gitconfig-work\n',
    };
    expect(hit(global, `${HOME}/.gitconfig.local`)).toBe(
      '~/.gitconfig includes ~/.gitconfig.local: git reads it as configuration, which runs programs (core.fsmonitor, core.pager, an alias)',
    );
    expect(hit(global, `${HOME}/.gitconfig-work`)).toContain('includes ~/.gitconfig-work');
    expect(hit(global, `${HOME}/.gitconfig.other`)).toBeUndefined();
  });

  it('what the XDG file and the project repository include, and what an include includes', () => {
    const files = {
      [`${HOME}/.config/git/config`]: '[include]\n\tpath = extra\n',
      [`${HOME}/.config/git/extra`]: '[include]\n\tpath = /opt/shared/gitcfg\n',
      [`${P}/.git/config`]: '[core]\n\trepositoryformatversion = 0\n[include]\n\tpath = ../../team.gitconfig\n',
    };
    expect(hit(files, '/opt/shared/gitcfg')).toContain('~/.config/git/extra includes /opt/shared/gitcfg');
    expect(hit(files, `${HOME}/team.gitconfig`)).toContain('includes ~/team.gitconfig');
  });

  it("init.templateDir's folder, hooks and all; a configuration the view cannot parse adds nothing", () => {
    const files = { [`${HOME}/.gitconfig`]: '[init]\n\ttemplateDir = ~/tmpl\n' };
    expect(hit(files, `${HOME}/tmpl/hooks/pre-commit`)).toContain('sets init.templateDir = ~/tmpl');
    expect(hit({ [`${HOME}/.gitconfig`]: '[include\n' }, `${HOME}/tmpl/hooks/pre-commit`)).toBeUndefined();
  });
});
