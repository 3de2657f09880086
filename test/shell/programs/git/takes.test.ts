/**
 * Which files of a working tree git takes, settled through the file-system view: real
 * repositories made by the installed git (its index in versions 2 and 4, tracked and ignored
 * files, a .gitignore that takes a file back), and the answers checked against what git itself
 * stages (`git add -n`) or tracks (`git ls-files`).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeFsView } from '../../../../src/node/fs-view.js';
import { readIndexPaths } from '../../../../src/shell/programs/git/index-file.js';
import { gitSkipsIn } from '../../../../src/shell/programs/git/takes.js';
import { bashDecider, gitWith, isolatedGitEnv } from '../../../support/git.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-git-takes-')));
const gitEnv = isolatedGitEnv(root);
const git = gitWith(gitEnv);
const none = () => false;

function repo(name: string, files: Record<string, string>, commit: readonly string[], indexVersion = 2): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  if (commit.length > 0) git(dir, 'add', '-f', '--', ...commit);
  git(dir, 'update-index', '--index-version', String(indexVersion));
  if (commit.length > 0) git(dir, 'commit', '-q', '-m', 'x');
  return dir;
}

const FILES = {
  '.gitignore': '.env\n.env.*\n!.env.example\nsecrets/\n',
  '.env': 'API_KEY=1\n',
  '.env.local': 'DB=1\n',
  '.env.example': 'API_KEY=\n',
  'secrets/api.key': 'k\n',
  'src/a.js': 'a\n',
  'src/deep/.gitignore': '!keep.env\n',
  'src/deep/keep.env': 'x\n',
  'config/.env': 'nested\n',
};

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('git index file', () => {
  it.each([2, 3, 4])('reads the paths of an index in version %i as git ls-files lists them', (v) => {
    const dir = repo(
      `ls-${v}`,
      { ...FILES, 'a/b/c/long-name.txt': 'x', 'a/b/d.txt': 'y' },
      ['.gitignore', 'src/a.js', '.env.local', 'a/b/c/long-name.txt', 'a/b/d.txt'],
      v,
    );
    const bytes = nodeFsView().readBytes!(join(dir, '.git/index'))!;
    const read = readIndexPaths(bytes, 20);
    expect([...(read?.paths ?? [])].sort()).toEqual(git(dir, 'ls-files').trim().split('\n').sort());
  });

  it('is no answer for bytes that are not an index, or one cut short', () => {
    expect(readIndexPaths(new TextEncoder().encode('not an index at all'), 20)).toBeUndefined();
    const dir = repo('cut', FILES, ['.gitignore', 'src/a.js']);
    const bytes = nodeFsView().readBytes!(join(dir, '.git/index'))!;
    expect(readIndexPaths(bytes.subarray(0, 60), 20)).toBeUndefined();
  });
});

describe('what git takes of a tree, as git itself says', () => {
  let dir: string;
  let staged: Set<string>;
  beforeAll(() => {
    dir = repo('app', FILES, ['.gitignore', 'src/a.js', '.env.local']);
    staged = new Set(
      git(dir, 'add', '-n', '-A')
        .split('\n')
        .map((l) => /^add '(.*)'$/.exec(l)?.[1])
        .filter((x): x is string => x !== undefined),
    );
    for (const t of git(dir, 'ls-files').trim().split('\n')) staged.add(t);
  });

  it('skips exactly the files git add -A does not stage (ignored and untracked)', () => {
    const skips = gitSkipsIn(nodeFsView(), dir, 'unignored', none)!;
    expect(skips).toBeDefined();
    for (const rel of Object.keys(FILES)) expect(`${rel}: ${skips(join(dir, rel))}`).toBe(`${rel}: ${!staged.has(rel)}`);
    // An ignored directory with nothing tracked below is skipped whole.
    expect(skips(join(dir, 'secrets'))).toBe(true);
  });

  it('takes only tracked files for tracked reads (a tracked file .gitignore matches included)', () => {
    const skips = gitSkipsIn(nodeFsView(), dir, 'tracked', none)!;
    expect(skips(join(dir, '.env.local'))).toBe(false);
    expect(skips(join(dir, '.env'))).toBe(true);
    expect(skips(join(dir, '.env.example'))).toBe(true);
    expect(skips(join(dir, 'src'))).toBe(false);
  });

  it('settles nothing when a variable that moves git may be set, or without a repository', () => {
    expect(gitSkipsIn(nodeFsView(), dir, 'unignored', (n) => n === 'GIT_INDEX_FILE')).toBeUndefined();
    expect(gitSkipsIn(nodeFsView(), dir, 'unignored', () => true)).toBeUndefined();
    const bare = join(root, 'no-repo');
    mkdirSync(bare, { recursive: true });
    expect(gitSkipsIn(nodeFsView(), bare, 'unignored', none)).toBeUndefined();
  });

  it('settles nothing when the index cannot be read (a view without readBytes)', () => {
    const { readBytes: _, ...view } = nodeFsView();
    expect(gitSkipsIn(view, dir, 'tracked', none)).toBeUndefined();
  });
});

describe('git tree reads under Read deny rules', () => {
  const decide = bashDecider({ allow: ['Bash(git *)'], deny: ['Read(./.env)', 'Read(./secrets/**)'] }, root);

  it.each(['git add .', 'git add -A', 'git commit -a -m x', 'git stash', 'git grep TODO'])(
    '%s: ignored, untracked .env and secrets/ are not read',
    (command) => {
      const dir = repo(`deny-${command.replace(/\W+/g, '-')}`, FILES, ['.gitignore', 'src/a.js']);
      expect(decide(dir, command).behavior).toBe('allow');
    },
  );

  it('a tracked .env is read (guarded-read ask), and so is every file with git add -f', () => {
    const dir = repo('tracked-env', FILES, ['.gitignore', '.env']);
    const d = decide(dir, 'git add -A');
    expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
    expect(d.reason.message).toContain('git takes it');
    const other = repo('force', FILES, ['.gitignore']);
    expect(decide(other, 'git add -f .').behavior).toBe('ask');
  });

  it('a work tree set on the config header line leaves the tree unsettled: git grep reads the tracked .env (replay 23 V1b)', () => {
    for (const [i, line] of ['[core] worktree = ../..\n', '[core]worktree="../.."\n', '[core] worktree = ..\\\n/..\n'].entries()) {
      const dir = repo(`header-line-${i}/proj`, FILES, ['.gitignore', 'src/a.js']);
      writeFileSync(join(dir, '.git/config'), `${readFileSync(join(dir, '.git/config'), 'utf8')}${line}`);
      // Added with the work tree at ../..: the index says proj/.env (git lists it from proj/ as .env), and git grep prints it.
      git(dir, 'add', '-f', '.env');
      expect(git(dir, 'ls-files')).toBe('.env\n');
      expect(git(dir, 'grep', 'API_KEY')).toContain('.env:API_KEY=1');
      expect(gitSkipsIn(nodeFsView(), dir, 'tracked', none), line).toBeUndefined();
      const d = decide(dir, 'git grep API_KEY');
      expect([d.behavior, d.askKind], line).toEqual(['ask', 'guardedRead']);
    }
  });

  it('GIT_INDEX_FILE in the environment leaves the tree unsettled', () => {
    const dir = repo('env-index', FILES, ['.gitignore', 'src/a.js']);
    const d = decide(dir, 'git add -A', { env: { GIT_INDEX_FILE: '/tmp/other-index' } });
    expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
  });
});

describe('git grep walks no symbolic link, but reads a tracked path below one', () => {
  // The project holds the committed link vendor/keys -> ~/.ssh, as a user's repository may.
  const home = join(root, 'links-home');
  const decide = bashDecider({ deny: ['Read(~/.ssh/**)'] }, home, { PATH: '/usr/bin:/bin', HOME: home });
  const grep = (cwd: string, ...args: string[]) => {
    try {
      return execFileSync('git', ['grep', ...args], { cwd, env: gitEnv, encoding: 'utf8' });
    } catch {
      return ''; // exit 1: nothing found
    }
  };
  function linked(name: string): string {
    mkdirSync(join(home, '.ssh'), { recursive: true });
    writeFileSync(join(home, '.ssh', 'id_rsa'), 'CANARY_KEY\n');
    const dir = repo(name, { 'README.md': 'hello\n', 'src/index.js': 'hello\n' }, ['README.md', 'src/index.js']);
    mkdirSync(join(dir, 'vendor'));
    symlinkSync(join(home, '.ssh'), join(dir, 'vendor', 'keys'));
    git(dir, 'add', 'vendor/keys');
    git(dir, 'commit', '-q', '-m', 'link');
    return dir;
  }

  it.each(['git grep hello', 'git grep --untracked hello', 'git grep -n hello -- .'])(
    '%s is allowed: git reads the link as a link, and a link to a directory not at all',
    (command) => {
      const dir = linked(`grep-${command.replace(/\W+/g, '-')}`);
      expect(decide(dir, command).behavior).toBe('allow');
      // The real program: the key is not printed.
      const args = command
        .split(' ')
        .slice(2)
        .map((w) => (w === 'hello' ? 'CANARY' : w));
      expect(grep(dir, ...args)).not.toContain('CANARY_KEY');
    },
  );

  it('an index made by hand that tracks vendor/keys/id_rsa: git grep reads the key through the link, so toolgate asks', () => {
    const dir = linked('grep-crafted-index');
    const blob = execFileSync('git', ['hash-object', '-w', '--stdin'], { cwd: dir, env: gitEnv, input: 'x\n', encoding: 'utf8' }).trim();
    git(dir, 'update-index', '--add', '--replace', '--cacheinfo', `100644,${blob},vendor/keys/id_rsa`);
    expect(grep(dir, 'CANARY')).toContain('CANARY_KEY');
    const d = decide(dir, 'git grep hello');
    expect(d.behavior).not.toBe('allow');
    expect(d.reason.message).toContain('vendor/keys');
    // --untracked walks the work tree, which it does not leave through a link.
    expect(grep(dir, '--untracked', 'CANARY')).not.toContain('CANARY_KEY');
  });

  it('a tracked folder replaced by a link to ~/.ssh: git grep reads its tracked files there, so toolgate asks', () => {
    const dir = linked('grep-folder-link');
    writeFileSync(join(home, '.ssh', 'index.js'), 'CANARY_KEY\n');
    rmSync(join(dir, 'src'), { recursive: true });
    symlinkSync(join(home, '.ssh'), join(dir, 'src'));
    expect(grep(dir, 'CANARY')).toContain('CANARY_KEY');
    expect(decide(dir, 'git grep hello').behavior).not.toBe('allow');
    rmSync(join(home, '.ssh', 'index.js'));
  });
});
