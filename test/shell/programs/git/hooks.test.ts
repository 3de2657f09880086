/**
 * Which forms of a git subcommand run which hook (`programs/git/hooks.ts`, `hook-forms.ts`),
 * proven against the installed git: a repository (with a submodule) holds every hook of
 * githooks(5) in `core.hooksPath=.husky`, each logging its name, and an index refresh pending (a
 * tracked file touched); each form is run and the hooks it ran must be among those the model says
 * it may run. After each form that may run none, `git status` runs `post-index-change`: the
 * refresh was still pending, so the form did not write the index.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../../../src/evaluate/index.js';
import { nodeFsView } from '../../../../src/node/fs-view.js';
import { policyFromObjects } from '../../../../src/settings/index.js';
import { GIT_HOOK_NAMES, hooksMayRun, submoduleHooksMayRun } from '../../../../src/shell/programs/git/hooks.js';
import { gitWith, isolatedGitEnv } from '../../../support/git.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-git-hooks-')));
const repo = join(root, 'r');
const log = join(root, 'hooks.log');
const git = gitWith(isolatedGitEnv(root));
// A submodule from a local path needs the file protocol (git 2.38.1 and later refuse it by default).
const gitFile = gitWith(
  isolatedGitEnv(root, { GIT_CONFIG_COUNT: '1', GIT_CONFIG_KEY_0: 'protocol.file.allow', GIT_CONFIG_VALUE_0: 'always' }),
);

/** Every hook of githooks(5) in `dir`, each appending its name (and `tag`) to the log. */
function installHooks(dir: string, tag = ''): void {
  mkdirSync(dir, { recursive: true });
  for (const name of GIT_HOOK_NAMES) {
    writeFileSync(join(dir, name), `#!/bin/sh\necho ${tag}${name} >> '${log}'\n`);
    chmodSync(join(dir, name), 0o755);
  }
}

beforeAll(() => {
  const sub = join(root, 'sub');
  git(root, 'init', '-q', sub);
  writeFileSync(join(sub, 's.txt'), 's\n');
  git(sub, 'add', 's.txt');
  git(sub, 'commit', '-qm', 's');
  git(root, 'init', '-q', repo);
  writeFileSync(join(repo, 'a.txt'), 'a\n');
  writeFileSync(join(repo, 'b.txt'), 'b\n');
  git(repo, 'add', 'a.txt', 'b.txt');
  git(repo, 'commit', '-qm', 'one');
  git(repo, 'tag', 'v1');
  git(repo, 'notes', 'add', '-m', 'n', 'HEAD');
  writeFileSync(join(repo, 'a.txt'), 'a2\n');
  git(repo, 'stash', '-q');
  git(repo, 'remote', 'add', 'origin', sub);
  gitFile(repo, 'submodule', 'add', '-q', sub, 'sub');
  git(repo, 'commit', '-qm', 'sub');
  installHooks(join(repo, '.husky'));
  installHooks(join(repo, '.git/modules/sub/hooks'), 'sub:');
  git(repo, 'config', 'core.hooksPath', '.husky');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

let tick = 0;
/** The hooks `git ARGS` runs with an index refresh pending (b.txt and sub/s.txt touched, unchanged). */
function hooksRun(args: readonly string[]): string[] {
  const when = new Date(Date.UTC(2021, 0, 1) + ++tick * 60_000);
  utimesSync(join(repo, 'b.txt'), when, when);
  utimesSync(join(repo, 'sub/s.txt'), when, when);
  rmSync(log, { force: true });
  git(repo, ...args);
  return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
}

/** Listing forms: they write no ref and no index, and run no hook. */
const LISTING: readonly (readonly string[])[] = [
  ['branch'],
  ['branch', '--list'],
  ['branch', '-a'],
  ['branch', '-r'],
  ['branch', '-v'],
  ['branch', '-vv'],
  ['branch', '--show-current'],
  ['branch', '--list', 'ma*'],
  ['branch', '--contains', 'HEAD'],
  ['branch', '--merged'],
  ['branch', '--sort=-committerdate', '--format=%(refname)'],
  ['tag'],
  ['tag', '-l'],
  ['tag', '-n'],
  ['tag', '-n3'],
  ['tag', '-l', 'v*'],
  ['tag', '--contains', 'HEAD'],
  ['tag', '--points-at', 'HEAD'],
  ['stash', 'list'],
  ['stash', 'show'],
  ['notes'],
  ['notes', 'list'],
  ['notes', 'show', 'v1'],
  ['reflog'],
  ['reflog', 'show'],
  ['reflog', '--all'],
  ['reflog', '-n', '3'],
  ['remote'],
  ['remote', '-v'],
  ['remote', 'show'],
  ['remote', 'show', '-n', 'origin'],
  ['remote', 'get-url', 'origin'],
  ['worktree', 'list'],
  ['worktree', 'list', '--porcelain'],
  ['describe', '--always'],
  ['describe', '--tags'],
  ['describe', '--all', '--long'],
  ['submodule'],
  ['submodule', 'status'],
  ['submodule', 'status', '--recursive'],
];

describe('the hooks each form of a git subcommand runs, as git 2.39 runs them', () => {
  it('git status runs post-index-change with a refresh pending (the check below means something)', () => {
    expect(hooksRun(['status'])).toContain('post-index-change');
    expect(hooksMayRun('status', [])).toContain('post-index-change');
  });
  it.each(LISTING.map((f) => [f.join(' '), f] as const))('git %s runs no hook, and the model says so', (_, form) => {
    expect(hooksMayRun(form[0]!, form.slice(1))).toEqual([]);
    expect(hooksRun(form)).toEqual([]);
    expect(hooksRun(['status'])).toContain('post-index-change');
  });
  it.each<readonly string[]>([
    ['branch', 'x'],
    ['tag', 't'],
    ['describe', '--dirty', '--always'],
    ['notes', 'add', '-f', '-m', 'x'],
    ['update-ref', 'refs/heads/y', 'HEAD'],
  ])('git %s runs only hooks the model says it may', (...form) => {
    const may = hooksMayRun(form[0]!, form.slice(1));
    expect(may).toBeDefined();
    const ran = hooksRun(form);
    expect(ran.length).toBeGreaterThan(0);
    // A submodule's own hooks run too (`sub:post-index-change` for describe --dirty).
    for (const h of ran)
      expect(h.startsWith('sub:') ? submoduleHooksMayRun(form[0]!, form.slice(1)) : may).toContain(h.replace(/^sub:/, ''));
  });
  it('forms that fetch, change worktrees or submodules may run any hook', () => {
    for (const form of [
      ['remote', 'update'],
      ['remote', 'add', '-f', 'o', 'u'],
      ['remote', '-v', 'update'],
      ['worktree', 'add', '--orphan', '../w'],
      ['worktree', 'frobnicate'],
      ['submodule', 'update'],
      ['remote', 'frobnicate'],
    ])
      expect(hooksMayRun(form[0]!, form.slice(1))).toBeUndefined();
  });
  it('git init runs no hook; worktree and clone forms run only the hooks git 2.39.5 ran for them', () => {
    // Checked in a mount namespace with every hook installed (and `-c core.hooksPath=` for clone and init).
    expect(hooksMayRun('init', ['-q', '--bare', 'sub'])).toEqual([]);
    expect(hooksMayRun('clone', ['-q', '.', 'u'])).toEqual(['post-index-change', 'reference-transaction', 'post-checkout']);
    expect(hooksMayRun('clone', ['-q', '--bare', '.', 'u'])).toEqual(['reference-transaction']);
    expect(hooksMayRun('worktree', ['add', '../w'])).toEqual(['post-index-change', 'reference-transaction', 'post-checkout']);
    expect(hooksMayRun('worktree', ['add', '-f', '--lock', '--reason', 'r', '-B', 'nb', '../w'])).toContain('post-checkout');
    expect(hooksMayRun('worktree', ['add', '--no-checkout', '../w'])).toEqual(['reference-transaction']);
    expect(hooksMayRun('worktree', ['remove', '../w'])).toEqual(['post-index-change']);
    for (const a of ['lock', 'unlock', 'move', 'prune', 'repair']) expect(hooksMayRun('worktree', [a])).toEqual([]);
  });
  it('a form with a word the model does not know is the widest form', () => {
    for (const form of [
      ['branch', 'new'],
      ['branch', '-d', 'x'],
      ['branch', '--abbrev', '7'],
      ['tag', 'v2'],
      ['tag', '-l', '-d', 'v1'],
      ['describe', '--dirt'],
      ['notes', '--ref=x', 'list'],
      ['stash'],
      ['reflog', 'expire', '--all'],
      ['remote', 'add', 'o', 'u'],
    ])
      expect(hooksMayRun(form[0]!, form.slice(1))?.length).toBeGreaterThan(0);
  });
});

/** Forms that look at the submodules' work trees, and the submodule hooks git 2.39.5 runs for each. */
const VISITING: readonly (readonly [readonly string[], boolean])[] = [
  [['status'], true],
  [['status', '-s'], true],
  [['status', '--ignore-submodules=untracked'], true],
  [['status', '--ignore-submodules'], false],
  [['status', '--ignore-submodules=dirty'], false],
  [['status', '--ignore-submodules=all'], false],
  [['diff'], true],
  [['diff', '--stat'], true],
  [['diff', 'HEAD'], true],
  [['diff', '--ignore-submodules'], false],
  [['diff-files'], true],
  [['diff-index', 'HEAD'], true],
  [['describe', '--dirty', '--always'], true],
  [['describe', '--always'], false],
];

describe("a submodule's own hooks, as git 2.39 runs them", () => {
  it.each(VISITING.map(([f, runs]) => [f.join(' '), f, runs] as const))(
    'git %s: the model says what git runs in the submodule',
    (_, form, runs) => {
      const ran = hooksRun(form).filter((h) => h.startsWith('sub:'));
      const may = submoduleHooksMayRun(form[0]!, form.slice(1));
      expect(ran.length > 0).toBe(runs);
      for (const h of ran) expect(may).toContain(h.slice(4));
      // Precise where git runs none of the submodule's.
      if (!runs) expect(may).toEqual([]);
    },
  );
  it("listing forms run none of a submodule's hooks, and the model says so", () => {
    for (const form of LISTING) expect(submoduleHooksMayRun(form[0]!, form.slice(1))).toEqual([]);
  });
});

describe("toolgate asks where a submodule's hooks run (the file system as it is)", () => {
  const top = join(root, 'plain');
  beforeAll(async () => {
    await prepare();
    git(root, 'init', '-q', top);
    writeFileSync(join(top, 'a.txt'), 'a\n');
    git(top, 'add', 'a.txt');
    git(top, 'commit', '-qm', 'a');
    gitFile(top, 'submodule', 'add', '-q', join(root, 'sub'), 'sub');
    git(top, 'commit', '-qm', 'sub');
  });
  const decide = (command: string) =>
    evaluate(
      { tool: 'Bash', input: { command } },
      {
        mode: 'default',
        policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions: {} } }]),
        cwd: top,
        home: root,
        fs: nodeFsView(),
        environment: { values: {}, complete: true },
      },
    );
  const hooks = join(top, '.git/modules/sub/hooks');
  const subHook = join(hooks, 'post-index-change');

  it('a submodule holding no hooks (only samples) keeps git status allowed', () => {
    expect(existsSync(subHook)).toBe(false);
    expect(decide('git status').behavior).toBe('allow');
    expect(decide('git diff --stat').behavior).toBe('allow');
  });
  it("a submodule's post-index-change makes the forms that visit it ask, and only those", () => {
    writeFileSync(subHook, '#!/bin/sh\ntrue\n');
    chmodSync(subHook, 0o755);
    try {
      // (`git diff-files`, `git diff-index` and `git describe --dirty` ask already: not taken as read-only.)
      for (const c of ['git status', 'git diff', 'git diff --stat']) {
        const d = decide(c);
        expect(d.behavior, c).toBe('ask');
        expect(d.reason.message, c).toContain(`post-index-change hook in ${hooks} (of the submodule sub)`);
      }
      for (const c of ['git branch --list', 'git log -1', 'git describe --always']) expect(decide(c).behavior, c).toBe('allow');
      // (`--ignore-submodules` is not taken as read-only; its reason names no submodule hook.)
      expect(decide('git status --ignore-submodules').reason.message).not.toContain(hooks);
    } finally {
      rmSync(subHook);
    }
  });
  it("a submodule's own core.hooksPath is where its hooks are looked for", () => {
    const own = join(top, 'sub/.githooks');
    installHooks(own, 'own:');
    git(join(top, 'sub'), 'config', 'core.hooksPath', '.githooks');
    try {
      const when = new Date(Date.UTC(2020, 0, 1));
      utimesSync(join(top, 'sub/s.txt'), when, when);
      rmSync(log, { force: true });
      git(top, 'status');
      expect(readFileSync(log, 'utf8')).toContain('own:post-index-change');
      const d = decide('git status');
      expect(d.behavior).toBe('ask');
      expect(d.reason.message).toContain(`post-index-change hook in ${own} (of the submodule sub)`);
    } finally {
      git(join(top, 'sub'), 'config', '--unset', 'core.hooksPath');
      rmSync(own, { recursive: true, force: true });
    }
  });
});
