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
import { GIT_HOOK_NAMES, hooksMayRun } from '../../../../src/shell/programs/git/hooks.js';
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
    // A submodule's own hooks run too (`sub:post-index-change` for describe --dirty): the lookup
    // reads the hooks of the repository the command names, not its submodules' (a known gap).
    for (const h of ran) expect(may).toContain(h.replace(/^sub:/, ''));
  });
  it('forms that fetch, change worktrees or submodules may run any hook', () => {
    for (const form of [
      ['remote', 'update'],
      ['remote', 'add', '-f', 'o', 'u'],
      ['remote', '-v', 'update'],
      ['worktree', 'add', '../w'],
      ['submodule', 'update'],
      ['remote', 'frobnicate'],
    ])
      expect(hooksMayRun(form[0]!, form.slice(1))).toBeUndefined();
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
