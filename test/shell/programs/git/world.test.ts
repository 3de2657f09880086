import { describe, expect, it } from 'vitest';
import { createMemoryFileSystem, type MemoryEntry } from '../../../../src/testing/memory-fs.js';
import { gitWorldProblem, type GitWhere } from '../../../../src/shell/programs/git/world.js';

const P = '/home/user/project';
/** A project that is an ordinary repository (HEAD, objects, refs, a plain config) plus `extra`. */
function world(extra: Record<string, MemoryEntry> = {}): Record<string, MemoryEntry> {
  return {
    [`${P}/.git/HEAD`]: 'ref: refs/heads/main\n',
    [`${P}/.git/objects/info`]: { directory: true },
    [`${P}/.git/refs/heads`]: { directory: true },
    [`${P}/.git/hooks/pre-commit.sample`]: '#!/bin/sh\n',
    [`${P}/.git/config`]:
      '[core]\n\trepositoryformatversion = 0\n\tbare = false\n[remote "origin"]\n\turl = git@example.com:x/y.git\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n',
    [`${P}/src/a.ts`]: 'x',
    '/home/user/.gitconfig':
      '[user]\n\tname = A\n\temail = a@example.com\n[core]\n\tpager = delta\n\teditor = vim\n[credential]\n\thelper = store\n[alias]\n\tst = status\n',
    ...extra,
  };
}
const where = (files: Record<string, MemoryEntry>, over: Partial<GitWhere> = {}): GitWhere => ({
  cwd: P,
  projectDir: P,
  home: '/home/user',
  view: createMemoryFileSystem(files).view(),
  variable: () => null,
  ...over,
});

describe('git in its world', () => {
  it.each(['status', 'log', 'diff', 'show', 'blame', 'grep', 'ls-files', 'rev-parse', 'branch'])(
    'git %s in an ordinary repository with an ordinary configuration is read-only',
    (sub) => {
      // Its words as the read-only check gives them: unknown words may be a form that starts the editor.
      expect(gitWorldProblem(sub, where(world()), [])).toBeUndefined();
    },
  );

  it('pager, editor and credential helpers are read by no read-only subcommand (no terminal, no network)', () => {
    expect(gitWorldProblem('log', where(world()))).toBeUndefined();
  });

  it.each([
    ['diff', `${P}/.git/config`, '[diff]\n\texternal = evil\n', /diff\.external/],
    ['status', `${P}/.git/config`, '[core]\n\tfsmonitor = "evil; false"\n', /core\.fsmonitor/],
    ['log', '/home/user/.gitconfig', '[log]\n\tshowSignature = true\n', /log\.showsignature/],
    ['log', '/home/user/.config/git/config', '[format]\n\tpretty = %h %G?\n', /format\.pretty/],
    ['show', '/etc/gitconfig', '[pretty]\n\tsig = "%GK"\n', /pretty\.sig/],
    ['log', `${P}/.git/config`, '[diff "pdf"]\n\ttextconv = evil\n', /diff\.pdf\.textconv/],
    ['blame', `${P}/.git/config`, '[filter "x"]\n\tclean = evil\n', /filter\.x\.clean/],
    ['diff', `${P}/.git/config.worktree`, '[diff "x"]\n\tcommand = evil\n', /diff\.x\.command/],
  ])('git %s with %s setting a program it reads is not read-only', (sub, file, text, why) => {
    const extra = file === `${P}/.git/config` ? { [file]: text } : { [file]: text };
    expect(gitWorldProblem(sub, where(world(extra)))).toMatch(why);
  });

  it.each([
    ['diff-tree', '[core]\n\tfsmonitor = evil\n', /core\.fsmonitor/],
    ['diff-tree', '[pretty]\n\tsig = "%GK"\n', /pretty\.sig/],
    ['check-ignore', '[core]\n\tfsmonitor = evil\n', /core\.fsmonitor/],
  ])('git %s with a key it reads that runs a program (%s) is not read-only', (sub, text, why) => {
    expect(gitWorldProblem(sub, where(world({ [`${P}/.git/config`]: text })))).toMatch(why);
  });

  it.each(['diff-tree', 'show-branch', 'count-objects', 'check-ignore'])('git %s in an ordinary repository is read-only', (sub) => {
    expect(gitWorldProblem(sub, where(world()))).toBeUndefined();
  });

  it('keys git diff-tree, show-branch and count-objects never read leave them read-only (observed with git 2.39)', () => {
    const drivers = '[diff]\n\texternal = evil\n[diff "x"]\n\ttextconv = evil\n\tcommand = evil\n[core]\n\tpager = evil\n';
    expect(gitWorldProblem('diff-tree', where(world({ [`${P}/.git/config`]: drivers })))).toBeUndefined();
    const all = `${drivers}[core]\n\tfsmonitor = evil\n[log]\n\tshowSignature = true\n`;
    expect(gitWorldProblem('show-branch', where(world({ [`${P}/.git/config`]: all })))).toBeUndefined();
    expect(gitWorldProblem('count-objects', where(world({ [`${P}/.git/config`]: all })))).toBeUndefined();
  });

  it('a key only other subcommands read leaves a subcommand read-only (diff.external and git log)', () => {
    expect(gitWorldProblem('log', where(world({ [`${P}/.git/config`]: '[diff]\n\texternal = evil\n' })))).toBeUndefined();
    expect(gitWorldProblem('rev-parse', where(world({ [`${P}/.git/config`]: '[core]\n\tfsmonitor = evil\n' })))).toBeUndefined();
  });

  it('core.fsmonitor = true is the built-in daemon, not a program', () => {
    expect(gitWorldProblem('status', where(world({ [`${P}/.git/config`]: '[core]\n\tfsmonitor = true\n' })))).toBeUndefined();
  });

  it('a later file or line overrides an earlier one', () => {
    const files = world({ '/home/user/.gitconfig': '[diff]\n\texternal = evil\n', [`${P}/.git/config`]: '[diff]\n\texternal =\n' });
    expect(gitWorldProblem('diff', where(files))).toBeUndefined();
  });

  it('includes are read in place (relative to the including file, ~/ from home), every includeIf too', () => {
    expect(
      gitWorldProblem(
        'diff',
        where(
          world({
            '/home/user/.gitconfig': '[include]\n\tpath = .config/extra\n',
            '/home/user/.config/extra': '[diff]\n\texternal = evil\n',
          }),
        ),
      ),
    ).toMatch(/\/home\/user\/\.config\/extra sets diff\.external/);
    expect(
      gitWorldProblem(
        'status',
        where(
          world({
            [`${P}/.git/config`]: '[includeIf "gitdir:/elsewhere/"]\n\tpath = ~/inc\n',
            '/home/user/inc': '[core]\n\tfsmonitor = evil\n',
          }),
        ),
      ),
    ).toMatch(/fsmonitor/);
  });

  it("an include of ~user/ is unknown (git expands it to a user's home), never read-only (red team H10)", () => {
    const files = world({ '/home/user/.gitconfig': '[include]\n\tpath = ~user/inc\n', '/home/user/inc': '[core]\n\tfsmonitor = evil\n' });
    expect(gitWorldProblem('status', where(files))).toMatch(/~user\/inc, in a user's home/);
  });

  it("a configuration file the command line writes — included, an include not there yet, or git's own — is not the one the view shows (red team H10)", () => {
    const inc = `${P}/.gitinc`;
    const files = world({ '/home/user/.gitconfig': `[include]\n\tpath = ${inc}\n` });
    const writes = (p: string) => p === inc;
    expect(gitWorldProblem('status', where(files, { writes }))).toMatch(/writes \/home\/user\/project\/\.gitinc, and an include names it/);
    expect(gitWorldProblem('status', where({ ...files, [inc]: '[user]\n\tname = A\n' }, { writes }))).toMatch(
      /git reads it as configuration/,
    );
    expect(gitWorldProblem('status', where(files, { writes: (p) => p === `${P}/.git/config` }))).toMatch(/\.git\/config/);
    // Another file written, or a subcommand that reads no program-running key: as before.
    expect(gitWorldProblem('status', where(files, { writes: (p) => p === `${P}/out.txt` }))).toBeUndefined();
    expect(gitWorldProblem('rev-parse', where(files, { writes }))).toBeUndefined();
  });

  it('a configuration file that cannot be read or parsed is unknown, never read-only', () => {
    expect(gitWorldProblem('status', where(world({ [`${P}/.git/config`]: '[core\n' })))).toMatch(/cannot be read/);
    const view = createMemoryFileSystem(world()).view();
    const { readText: _unread, ...blind } = view;
    expect(gitWorldProblem('status', where(world(), { view: blind }))).toMatch(/cannot be read/);
  });

  it('git status runs a post-index-change hook, in .git/hooks or core.hooksPath', () => {
    expect(gitWorldProblem('status', where(world({ [`${P}/.git/hooks/post-index-change`]: '#!/bin/sh\nevil\n' })))).toMatch(
      /post-index-change/,
    );
    expect(
      gitWorldProblem(
        'status',
        where(world({ [`${P}/.git/config`]: '[core]\n\thooksPath = .husky\n', [`${P}/.husky/post-index-change`]: 'evil' })),
      ),
    ).toMatch(/\.husky\/post-index-change/);
    expect(
      gitWorldProblem(
        'status',
        where(world({ [`${P}/.git/config`]: '[core]\n\thooksPath = .husky\n', [`${P}/.husky/pre-commit`]: 'npm test' })),
      ),
    ).toBeUndefined();
  });

  it('a partial clone fetches missing objects: its ssh command and credential helpers count', () => {
    const partial = { [`${P}/.git/config`]: '[remote "origin"]\n\turl = x\n\tpromisor = true\n\tpartialclonefilter = blob:none\n' };
    expect(gitWorldProblem('log', where(world(partial)))).toMatch(/credential\.helper/);
    expect(gitWorldProblem('status', where(world(partial)))).toBeUndefined();
  });

  describe('discovery', () => {
    const bare = {
      [`${P}/b/HEAD`]: 'ref: refs/heads/main\n',
      [`${P}/b/objects/info/alternates`]: `${P}/.git/objects\n`,
      [`${P}/b/refs/heads/main`]: 'x\n',
      [`${P}/b/config`]: '[core]\n\tbare = true\n',
    };
    it('git in a directory that is itself a repository (a bare one the project holds) is not read-only, whatever its config', () => {
      expect(gitWorldProblem('diff', where(world(bare), { cwd: `${P}/b` }))).toMatch(
        /finds the repository \/home\/user\/project\/b, not the project's/,
      );
      expect(gitWorldProblem('status', where(world(bare), { cwd: `${P}/b/refs` }))).toMatch(/not the project's/);
    });
    it('git in a nested work tree or behind a .git file is not read-only', () => {
      expect(
        gitWorldProblem(
          'status',
          where(world({ [`${P}/vendor/lib/.git/HEAD`]: 'x', [`${P}/vendor/lib/a.js`]: '1' }), { cwd: `${P}/vendor/lib` }),
        ),
      ).toMatch(/vendor\/lib\/\.git/);
      expect(gitWorldProblem('log', where(world({ ...bare, [`${P}/sub/.git`]: `gitdir: ${P}/b\n` }), { cwd: `${P}/sub` }))).toMatch(
        /repository \/home\/user\/project\/b/,
      );
    });
    it("git in a subdirectory of the project finds the project's repository", () => {
      expect(gitWorldProblem('status', where(world(), { cwd: `${P}/src` }))).toBeUndefined();
    });
    it('without a view, git anywhere but the project root may find another repository', () => {
      expect(gitWorldProblem('status', { cwd: P, projectDir: P, home: '/home/user', variable: () => null })).toBeUndefined();
      expect(gitWorldProblem('status', { cwd: `${P}/b`, projectDir: P, home: '/home/user', variable: () => null })).toMatch(/no view/);
    });
  });

  describe('environment', () => {
    it.each(['GIT_DIR', 'GIT_WORK_TREE', 'GIT_CONFIG_PARAMETERS', 'GIT_CONFIG_COUNT', 'GIT_EXEC_PATH'])(
      '%s known set is not read-only',
      (name) => {
        expect(gitWorldProblem('status', where(world(), { variable: (n) => (n === name ? 'x' : null) }))).toMatch(
          new RegExp(`${name}=x is set`),
        );
      },
    );
    it('GIT_EXTERNAL_DIFF counts for git diff, not git log', () => {
      const variable = (n: string) => (n === 'GIT_EXTERNAL_DIFF' ? 'difft' : null);
      expect(gitWorldProblem('diff', where(world(), { variable }))).toMatch(/GIT_EXTERNAL_DIFF/);
      expect(gitWorldProblem('log', where(world(), { variable }))).toBeUndefined();
    });
    it('a variable that may be set is unknown', () => {
      expect(gitWorldProblem('status', where(world(), { variable: (n) => (n === 'GIT_DIR' ? undefined : null) }))).toMatch(
        /GIT_DIR may be set/,
      );
    });
    it('what the front end says of an unknown environment ends the reason of a variable that may be set, and only that one', () => {
      const environmentUnknown = 'nothing is known of the environment';
      expect(gitWorldProblem('status', where(world(), { variable: () => undefined, environmentUnknown }))).toMatch(
        /^GIT_DIR may be set.*; nothing is known of the environment$/,
      );
      expect(
        gitWorldProblem('status', where(world(), { variable: (n) => (n === 'GIT_DIR' ? '/x' : null), environmentUnknown })),
      ).not.toMatch(/nothing is known/);
    });
    it('a known GIT_CONFIG_GLOBAL or XDG_CONFIG_HOME names the file read instead', () => {
      const files = world({
        '/home/user/other.gitconfig': '[diff]\n\texternal = evil\n',
        '/home/user/xdg/git/config': '[core]\n\tfsmonitor = evil\n',
      });
      expect(
        gitWorldProblem('diff', where(files, { variable: (n) => (n === 'GIT_CONFIG_GLOBAL' ? '/home/user/other.gitconfig' : null) })),
      ).toMatch(/other\.gitconfig sets diff\.external/);
      expect(gitWorldProblem('status', where(files, { variable: (n) => (n === 'XDG_CONFIG_HOME' ? '/home/user/xdg' : null) }))).toMatch(
        /xdg\/git\/config sets core\.fsmonitor/,
      );
      expect(gitWorldProblem('status', where(files, { variable: (n) => (n === 'GIT_TRACE' ? '1' : null) }))).toBeUndefined();
      expect(gitWorldProblem('status', where(files, { variable: (n) => (n === 'GIT_TRACE' ? '/tmp/t' : null) }))).toMatch(/trace/);
    });
  });
});
