/**
 * The work tree git uses where it is not the folder holding `.git`, read through the file-system
 * view and checked against what the installed git says (`git rev-parse --show-toplevel`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFsView } from '../../../../src/node/fs-view.js';
import { gitReads } from '../../../../src/shell/programs/git/reads.js';
import { movedWorkTree } from '../../../../src/shell/programs/git/work-tree.js';
import { gitWith, isolatedGitEnv } from '../../../support/git.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-git-worktree-')));
const gitEnv = isolatedGitEnv(root);
const git = gitWith(gitEnv);
const unset = () => null;

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A repository in `root/name/p` whose `.git/config` gets `config` appended; `root/name/home` exists. */
function world(name: string, config: string, extra: Record<string, string> = {}): string {
  const p = join(root, name, 'p');
  mkdirSync(join(root, name, 'home'), { recursive: true });
  mkdirSync(p, { recursive: true });
  git(p, 'init', '-q');
  writeFileSync(join(p, '.git', 'config'), `[core]\n\trepositoryformatversion = 0\n\tbare = false\n${config}`);
  for (const [rel, text] of Object.entries(extra)) writeFileSync(join(p, rel), text);
  return p;
}

/** Where git itself puts the top, run in `dir`. */
const gitTop = (dir: string) => execFileSync('git', ['rev-parse', '--show-toplevel'], { cwd: dir, env: gitEnv, encoding: 'utf8' }).trim();

describe('movedWorkTree', () => {
  it.each([
    ['absolute', (home: string) => `\tworktree = ${home}\n`, {}],
    ['relative to the repository directory', () => '\tworktree = ../../home\n', {}],
    [
      'in config.worktree under the extension',
      () => '[extensions]\n\tworktreeConfig = true\n',
      { '.git/config.worktree': '' } as Record<string, string>,
    ],
  ])('core.worktree %s: the configured folder, as git says', (name, config, extra) => {
    const dir = `w-${name.replace(/\W+/g, '-')}`;
    const home = join(root, dir, 'home');
    const files = Object.fromEntries(Object.entries(extra).map(([k]) => [k, `[core]\n\tworktree = ${home}\n`]));
    const p = world(dir, config(home), files);
    expect(gitTop(p)).toBe(home);
    expect(movedWorkTree(gitReads(nodeFsView()), p, root, unset)).toBe(home);
  });

  it.each([
    ['an include', '[include]\n\tpath = wt.cfg\n', { '.git/wt.cfg': 'WT' }],
    ['config.worktree without the extension', '', { '.git/config.worktree': 'WT' }],
    ['none', '', {}],
  ])('%s: the folder holding .git, as git says (no move)', (name, config, extra) => {
    const dir = `k-${name.replace(/\W+/g, '-')}`;
    const home = join(root, dir, 'home');
    const files = Object.fromEntries(Object.entries(extra).map(([k]) => [k, `[core]\n\tworktree = ${home}\n`]));
    const p = world(dir, config, files);
    expect(gitTop(p)).toBe(p);
    expect(movedWorkTree(gitReads(nodeFsView()), p, root, unset)).toBeUndefined();
  });

  it('GIT_WORK_TREE in the environment moves it; one that may be set is unknown', () => {
    const p = world('env', '');
    const home = join(root, 'env', 'home');
    expect(movedWorkTree(gitReads(nodeFsView()), p, root, (n) => (n === 'GIT_WORK_TREE' ? home : null))).toBe(home);
    expect(movedWorkTree(gitReads(nodeFsView()), p, root, () => undefined)).toEqual({
      unknown: 'GIT_WORK_TREE may be set in the environment, and it moves the work tree git writes in',
    });
  });
});
