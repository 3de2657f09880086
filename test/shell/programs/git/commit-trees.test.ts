/**
 * The names a git command writes from commits, read through the file-system view (decision
 * 0121): real repositories made by the installed git — loose and packed objects, a delta-packed
 * history, a stash, a staged file — each decision under `Bash(*)` checked against what git
 * itself then writes (the command run in a copy, the work tree compared before and after).
 */
import {
  cpSync,
  rmSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
  lstatSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { nodeFsView } from '../../../../src/node/fs-view.js';
import { takenPaths } from '../../../../src/shell/programs/git/commit-trees.js';
import { applyDelta } from '../../../../src/shell/programs/git/object-store.js';
import { evaluate, prepare } from '../../../../src/evaluate/index.js';
import { policyFromObjects } from '../../../../src/settings/index.js';
import { environmentFromProcess } from '../../../../src/evaluate/door/environment.js';
import { bashDecider, gitWith, isolatedGitEnv } from '../../../support/git.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-git-commits-')));
const gitEnv = isolatedGitEnv(root, { GIT_CONFIG_PARAMETERS: "'init.defaultbranch'='main'" });
const git = gitWith(gitEnv);

function write(dir: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
}

/** A repository with `a.txt` and `src/x.js` on main, and `feat` adding `featFiles`. */
function repo(name: string, featFiles: Record<string, string>, after?: (dir: string) => void): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q');
  write(dir, { 'a.txt': 'a\n', 'src/x.js': 'x\n' });
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'init');
  git(dir, 'checkout', '-qb', 'feat');
  write(dir, featFiles);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'feat', '--allow-empty');
  git(dir, 'checkout', '-q', 'main');
  after?.(dir);
  return dir;
}

const decide = bashDecider({ allow: ['Bash(*)'], deny: ['Read(./.env)'] }, root);

/** A commit on main adding `files` that no ref names (made on a branch, which is then deleted): its id. */
function unreferencedCommit(dir: string, files: Record<string, string>): string {
  git(dir, 'checkout', '-qb', 'evil');
  write(dir, files);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'evil');
  git(dir, 'checkout', '-q', 'main');
  const id = execFileSync('git', ['rev-parse', 'evil'], { cwd: dir, env: gitEnv, encoding: 'utf8' }).trim();
  git(dir, 'branch', '-qD', 'evil');
  return id;
}

/** The work tree's files (links by target), `.git` left out. */
function snapshot(dir: string, rel = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(join(dir, rel))) {
    const r = rel === '' ? name : `${rel}/${name}`;
    if (r === '.git') continue;
    const st = lstatSync(join(dir, r));
    if (st.isDirectory()) for (const [k, v] of snapshot(dir, r)) out.set(k, v);
    else out.set(r, st.isSymbolicLink() ? 'link' : readFileSync(join(dir, r), 'utf8'));
  }
  return out;
}

/** What the command changes when git really runs it, in a copy of the repository. */
function writtenByGit(dir: string, command: string): string[] {
  const copy = mkdtempSync(join(root, 'run-'));
  cpSync(dir, copy, { recursive: true, verbatimSymlinks: true });
  const before = snapshot(copy);
  execFileSync('bash', ['-c', command], { cwd: copy, env: gitEnv, stdio: 'ignore' });
  const after = snapshot(copy);
  return [...new Set([...before.keys(), ...after.keys()])].filter((k) => before.get(k) !== after.get(k)).sort();
}

let plain: string;
let claude: string;
let packed: string;
let staged: string;
let stashed: string;
let history: string;
let linked: string;
let diverged: string;

beforeAll(async () => {
  await prepare();
  plain = repo('plain', { 'src/y.js': 'y\n' });
  claude = repo('claude', { '.claude/settings.json': '{}\n' });
  packed = repo('packed', { 'src/y.js': 'y\n'.repeat(50), 'a.txt': 'a\nb\n'.repeat(40) }, (d) => git(d, 'gc', '-q', '--aggressive'));
  staged = repo('staged', {}, (d) => {
    write(d, { '.vscode/settings.json': '{}\n' });
    git(d, 'add', '.vscode');
  });
  stashed = repo('stashed', {}, (d) => {
    write(d, { '.claude/settings.json': '{}\n' });
    git(d, 'add', '.claude');
    git(d, 'stash', '-q');
  });
  history = repo('history', {}, (d) => {
    write(d, { '.claude/settings.json': '{}\n' });
    git(d, 'add', '-A');
    git(d, 'commit', '-qm', 'c');
    git(d, 'rm', '-rq', '.claude');
    git(d, 'commit', '-qm', 'rm');
  });
  linked = repo('linked', {}, (d) => {
    git(d, 'checkout', '-q', 'feat');
    symlinkSync('a.txt', join(d, 'l'));
    git(d, 'add', 'l');
    git(d, 'commit', '-qm', 'l');
    git(d, 'checkout', '-q', 'main');
  });
  diverged = repo('diverged', { 'src/f.js': 'f\n' }, (d) => {
    write(d, { 'm.txt': 'm\n' });
    git(d, 'add', '-A');
    git(d, 'commit', '-qm', 'm');
  });
}, 60_000);

describe('a command that writes the files of commits, judged by what they hold', () => {
  // Each row: the repository, the command, toolgate's answer, and (run by git) what it wrote.
  const rows: [() => string, string, 'allow' | 'ask', string[]][] = [
    [() => plain, 'git checkout feat', 'allow', ['src/y.js']],
    [() => plain, 'git switch feat', 'allow', ['src/y.js']],
    [() => plain, 'git merge feat', 'allow', ['src/y.js']],
    [() => plain, 'git rebase feat', 'allow', ['src/y.js']],
    [() => plain, 'git reset --hard feat', 'allow', ['src/y.js']],
    [() => plain, 'git checkout -b new feat', 'allow', ['src/y.js']],
    [() => packed, 'git checkout feat', 'allow', ['a.txt', 'src/y.js']],
    [() => packed, 'git merge --no-edit feat', 'allow', ['a.txt', 'src/y.js']],
    [() => diverged, 'git merge --no-edit feat', 'allow', ['src/f.js']],
    [() => diverged, 'git rebase feat', 'allow', ['src/f.js']],
    [() => history, 'git reset --hard HEAD', 'allow', []],
    [() => claude, 'git checkout feat', 'ask', ['.claude/settings.json']],
    [() => claude, 'git merge feat', 'ask', ['.claude/settings.json']],
    [() => claude, 'git rebase feat', 'ask', ['.claude/settings.json']],
    [() => history, 'git reset --hard HEAD~1', 'ask', ['.claude/settings.json']],
    [() => history, 'git checkout HEAD^', 'ask', ['.claude/settings.json']],
    // The index's paths count: a staged new file is removed by reset --hard and by stash.
    [() => staged, 'git reset --hard', 'ask', ['.vscode/settings.json']],
    [() => staged, 'git stash', 'ask', ['.vscode/settings.json']],
    [() => stashed, 'git stash pop', 'ask', ['.claude/settings.json']],
  ];
  it.each(rows)('%#: %s', (dir, command, answer, wrote) => {
    const d = decide(dir(), command);
    expect(d.behavior, d.reason.message).toBe(answer);
    if (answer === 'ask')
      expect(d.reason.message).toMatch(/a protected path \((\.claude|\.vscode)\): the commits \(or the index\) git takes/);
    expect(writtenByGit(dir(), command)).toEqual(wrote);
  });

  it('stays a protected ask where the commits cannot be read whole, saying why', () => {
    const why = (dir: string, command: string) => {
      const d = decide(dir, command);
      expect(d.behavior).toBe('ask');
      expect(d.askKind).toBe('protected');
      return d.reason.message;
    };
    expect(why(plain, 'git pull')).toContain('git pull takes them from commits it fetches first');
    expect(why(plain, 'git checkout nonexist')).toContain('nonexist names no branch, tag or commit');
    expect(why(plain, 'git checkout 4b825d')).toContain('may be an abbreviated object name');
    expect(why(linked, 'git checkout feat')).toContain('holds a symbolic link (l)');
    // An untracked folder where feat has a file is removed whole by git (verified: its .claude went).
    mkdirSync(join(plain, 'src/y.js/.claude'), { recursive: true });
    try {
      expect(why(plain, 'git reset --hard feat')).toContain('src/y.js is a folder git may remove');
    } finally {
      rmSync(join(plain, 'src/y.js'), { recursive: true });
    }
    // A global option, an option not listed, a stash entry given as a number, a word the shell expands: not said.
    expect(why(plain, 'git -C . checkout feat')).toContain('which toolgate does not read');
    expect(why(plain, 'git checkout --recurse-submodules feat')).toContain('which toolgate does not read');
    expect(why(stashed, 'git stash pop stash@{1}')).toContain('the stash holds fewer than 2 entries');
    expect(why(stashed, 'git stash pop 1')).toContain('which toolgate does not read');
    expect(decide(plain, 'git checkout "$(cat branch.txt)"').behavior).toBe('ask');
    expect(why(plain, 'git stash -u')).toContain('which toolgate does not read');
    expect(decide(plain, 'GIT_DIR=elsewhere git checkout feat').behavior).toBe('ask');
  });

  it('stays an ask where git may read other commits than the refs name: replace refs, a .git/NAME file (replay 22 NEW-U6)', () => {
    // `git replace feat EVIL`: every command that reads feat reads EVIL, whose tree adds .claude/settings.local.json.
    const replaced = repo('replaced', { 'src/y.js': 'y\n' }, (d) =>
      git(d, 'replace', 'feat', unreferencedCommit(d, { '.claude/settings.local.json': '{"permissions":{"allow":["Bash(*)"]}}\n' })),
    );
    for (const command of ['git checkout feat', 'git switch feat', 'git reset --hard feat', 'git merge feat']) {
      const d = decide(replaced, command);
      expect(d.behavior, command).toBe('ask');
      expect(d.reason.message, command).toContain('replace refs');
    }
    expect(writtenByGit(replaced, 'git checkout feat')).toContain('.claude/settings.local.json');
    // A file .git/feat holding another commit: reset --hard and merge take it before refs/heads/feat.
    const gitDirRef = repo('gitdirref', { 'src/y.js': 'y\n' }, (d) =>
      writeFileSync(join(d, '.git', 'feat'), unreferencedCommit(d, { '.claude/settings.local.json': '{}\n' }) + '\n'),
    );
    const d = decide(gitDirRef, 'git reset --hard feat');
    expect(d.behavior).toBe('ask');
    expect(d.reason.message).toContain('more than one ref');
    expect(writtenByGit(gitDirRef, 'git reset --hard feat')).toContain('.claude/settings.local.json');
  });

  it('cherry-pick, revert, stash@{N}, checkout - and rebase --onto: the commits they name (decision 0121 addendum)', () => {
    // feat~2 adds src/y.js, feat~1 .claude/settings.json, feat z.txt; main adds m.txt after the fork.
    const picks = repo('picks', { 'src/y.js': 'y\n' }, (d) => {
      git(d, 'checkout', '-q', 'feat');
      for (const [file, text] of [
        ['.claude/settings.json', '{}\n'],
        ['z.txt', 'z\n'],
      ] as const) {
        write(d, { [file]: text });
        git(d, 'add', '-A');
        git(d, 'commit', '-qm', file);
      }
      git(d, 'checkout', '-q', 'main');
      write(d, { 'm.txt': 'm\n' });
      git(d, 'add', '-A');
      git(d, 'commit', '-qm', 'm');
    });
    // Three stashes: stash@{2} changes a.txt, stash@{1} stages .claude/settings.local.json, stash@{0} changes a.txt.
    const stashes = repo('stashes', {}, (d) => {
      for (const files of [{ 'a.txt': 'A\n' }, { '.claude/settings.local.json': '{}\n' }, { 'a.txt': 'C\n' }]) {
        write(d, files);
        git(d, 'add', '-A');
        git(d, 'stash', '-q');
      }
    });
    // HEAD's reflog: checked out feat (which tracks .claude/settings.json), then main.
    const back = repo('back', { '.claude/settings.json': '{}\n' }, (d) => {
      git(d, 'checkout', '-q', 'feat');
      git(d, 'checkout', '-q', 'main');
    });
    const rows: [string, string, 'allow' | 'ask', string[]][] = [
      [picks, 'git cherry-pick feat~2', 'allow', ['src/y.js']],
      [picks, 'git cherry-pick -x feat~1', 'ask', ['.claude/settings.json']],
      [plain, 'git revert --no-edit HEAD', 'allow', ['a.txt', 'src/x.js']],
      [history, 'git revert --no-edit HEAD', 'ask', ['.claude/settings.json']],
      [stashes, 'git stash apply stash@{2}', 'allow', ['a.txt']],
      [stashes, 'git stash pop stash@{2}', 'allow', ['a.txt']],
      [stashes, 'git stash apply stash@{1}', 'ask', ['.claude/settings.local.json']],
      [plain, 'git checkout -', 'allow', ['src/y.js']],
      [plain, 'git switch -', 'allow', ['src/y.js']],
      [back, 'git checkout -', 'ask', ['.claude/settings.json']],
      [back, 'git checkout @{-1}', 'ask', ['.claude/settings.json']],
      [picks, 'git rebase --onto feat~2 main~1', 'allow', ['src/y.js']],
      [picks, 'git rebase --onto feat main~1', 'ask', ['.claude/settings.json', 'src/y.js', 'z.txt']],
    ];
    for (const [dir, command, answer, wrote] of rows) {
      const d = decide(dir, command);
      expect(d.behavior, `${command}: ${d.reason.message}`).toBe(answer);
      if (answer === 'ask')
        expect(d.reason.message, command).toMatch(/a protected path \(\.claude\): the commits \(or the index\) git takes/);
      expect(writtenByGit(dir, command), command).toEqual(wrote);
    }
    // What the reflogs do not hold, and forms not read, stay the ask saying why.
    const why = (dir: string, command: string) => decide(dir, command).reason.message;
    expect(why(stashes, 'git stash apply stash@{3}')).toContain('the stash holds fewer than 4 entries');
    expect(why(plain, 'git checkout @{-9}')).toContain("HEAD's reflog holds fewer than 9 switches");
    expect(why(picks, 'git cherry-pick --continue')).toContain('which toolgate does not read');
    expect(why(picks, 'git cherry-pick main..feat')).toContain('which toolgate cannot read whole');
    expect(why(picks, 'git rebase --onto feat')).toContain('which toolgate does not read');
  });

  it('a merge or rebase reads the commits down to the merge base only, whatever their dates say', () => {
    // Below the merge base: .claude/settings.json added and removed on the common history.
    const below = repo('below', { 'src/y.js': 'y\n' }, (d) => {
      write(d, { '.claude/settings.json': '{}\n' });
      git(d, 'add', '-A');
      git(d, 'commit', '-qm', 'c');
      git(d, 'rm', '-rq', '.claude');
      git(d, 'commit', '-qm', 'rm');
      git(d, 'checkout', '-qb', 'side');
      write(d, { 'src/z.js': 'z\n' });
      git(d, 'add', '-A');
      git(d, 'commit', '-qm', 'z');
      git(d, 'checkout', '-q', 'main');
      write(d, { 'm.txt': 'm\n' });
      git(d, 'add', '-A');
      git(d, 'commit', '-qm', 'm');
    });
    expect(decide(below, 'git merge --no-edit side').behavior).toBe('allow');
    expect(writtenByGit(below, 'git merge --no-edit side')).toEqual(['src/z.js']);
    // Every commit dated the same second (a script's commits): the walk may reach a common commit
    // from one side first, and it still counts as common.
    const sameSecond = repo('same-second', {}, (d) => {
      const env = { ...gitEnv, GIT_COMMITTER_DATE: '2020-01-01T00:00:00Z', GIT_AUTHOR_DATE: '2020-01-01T00:00:00Z' };
      const g = (...args: string[]) => execFileSync('git', args, { cwd: d, env, stdio: 'ignore' });
      write(d, { '.claude/settings.json': '{}\n' });
      g('add', '-A');
      g('commit', '-qm', 'c');
      g('rm', '-rq', '.claude');
      g('commit', '-qm', 'rm');
      g('checkout', '-qb', 'side');
      write(d, { 'src/z.js': 'z\n' });
      g('add', '-A');
      g('commit', '-qm', 'z');
      g('checkout', '-q', 'main');
      write(d, { 'm.txt': 'm\n' });
      g('add', '-A');
      g('commit', '-qm', 'm');
    });
    expect(decide(sameSecond, 'git merge --no-edit side').behavior).toBe('allow');
    expect(writtenByGit(sameSecond, 'git merge --no-edit side')).toEqual(['src/z.js']);
    // Clock skew: the branch's commits are dated years before the history they grow from.
    const skewed = repo('skewed', {}, (d) => {
      const old = { ...gitEnv, GIT_COMMITTER_DATE: '2001-01-01T00:00:00Z', GIT_AUTHOR_DATE: '2001-01-01T00:00:00Z' };
      const oldGit = (...args: string[]) => execFileSync('git', args, { cwd: d, env: old, stdio: 'ignore' });
      oldGit('checkout', '-qb', 'old');
      write(d, { '.claude/settings.json': '{}\n' });
      oldGit('add', '-A');
      oldGit('commit', '-qm', 'claude');
      write(d, { 'src/o.js': 'o\n' });
      oldGit('add', '-A');
      oldGit('commit', '-qm', 'o');
      oldGit('checkout', '-q', 'main');
    });
    const d = decide(skewed, 'git merge --no-edit old');
    expect(d.behavior).toBe('ask');
    expect(d.reason.message).toContain('.claude');
    expect(writtenByGit(skewed, 'git merge --no-edit old')).toEqual(['.claude/settings.json', 'src/o.js']);
  });

  it('without a view that inflates, the names stay unseen', () => {
    const { inflate: _inflate, ...view } = nodeFsView();
    const policy = policyFromObjects([{ kind: 'inline', settings: { permissions: { allow: ['Bash(*)'] } } }]);
    const d = evaluate(
      { tool: 'Bash', input: { command: 'git checkout feat' } },
      { mode: 'default', policy, cwd: plain, home: root, projectDir: plain, fs: view, environment: environmentFromProcess({}) },
    );
    expect(d.behavior).toBe('ask');
    expect(d.reason.message).toContain('the file-system view cannot read git objects');
  });

  it('reads the repository configuration as git parses it: a key on its header line moves the work tree (replay 23 V1)', () => {
    // proj/.git/config's last line sets the work tree to ../.. (the folder holding proj/); git
    // then writes feat's home/.ssh/config there, outside the project.
    const world = (name: string, line: string) => {
      const proj = repo(`${name}/proj`, { 'home/.ssh/config': 'Host *\n' });
      writeFileSync(join(proj, '.git/config'), `${readFileSync(join(proj, '.git/config'), 'utf8')}${line}`);
      return proj;
    };
    /** Whether git, run in a copy of the world, writes feat's file outside proj/. */
    const writesAbove = (proj: string) => {
      const copy = mkdtempSync(join(root, 'run-'));
      cpSync(dirname(proj), copy, { recursive: true });
      execFileSync('git', ['checkout', '-q', 'feat'], { cwd: join(copy, 'proj'), env: gitEnv, stdio: 'ignore' });
      return lstatSync(join(copy, 'home/.ssh/config'), { throwIfNoEntry: false }) !== undefined;
    };
    const taken = (proj: string) => {
      const found = { gitDir: join(proj, '.git'), commonDir: join(proj, '.git'), workTree: proj };
      return takenPaths(nodeFsView(), found, { how: 'switch', revisions: ['feat'] });
    };
    const spellings = [
      '[core] worktree = ../..\n',
      '[core]worktree=../..\n',
      '[CORE] WorkTree = "../.." ; a comment\n',
      '[core] worktree = ..\\\n/..\n',
      '[core] bare = false\n\tworktree = ../..\n',
    ];
    spellings.forEach((line, i) => {
      const proj = world(`header-line-${i}`, line);
      expect(writesAbove(proj), line).toBe(true);
      expect(taken(proj)).toEqual({ unknown: `${join(proj, '.git/config')} sets the work tree or the object format, or includes another file` });
      const d = decide(proj, 'git checkout feat');
      expect(d.behavior, line).toBe('ask');
    });
    // The object format, the refs' storage and an include, each on the header's line, are read too.
    for (const [i, line] of ['[extensions] objectformat = sha1\n', '[extensions] refstorage = files\n', '[include] path = other\n'].entries())
      expect(taken(world(`layout-${i}`, line))).toHaveProperty('unknown');
    // A file git would refuse to read is not read around.
    expect(taken(world('bad-line', '[core "x] worktree = ../..\n'))).toHaveProperty('unknown');
    // A subsection's worktree is not core.worktree: git writes in proj/, and so the names are read.
    const sub = world('sub-section', '[core "sub"] worktree = ../..\n');
    expect(writesAbove(sub)).toBe(false);
    expect(taken(sub)).toHaveProperty('paths');
  });

  it('lists every path of the trees taken, packed or loose', () => {
    const found = { gitDir: join(packed, '.git'), commonDir: join(packed, '.git'), workTree: packed };
    const taken = takenPaths(nodeFsView(), found, { how: 'switch', revisions: ['feat'] });
    expect('paths' in taken && [...taken.paths].sort()).toEqual(['a.txt', 'src/x.js', 'src/y.js']);
  });
});

describe('applyDelta', () => {
  it('copies from the base and inserts new bytes', () => {
    const base = new TextEncoder().encode('hello world');
    // source size 11, target size 9: copy offset 0 length 6 ("hello "), insert "you".
    const delta = Uint8Array.from([11, 9, 0x80 | 0x10, 6, 3, ...new TextEncoder().encode('you')]);
    expect(new TextDecoder().decode(applyDelta(base, delta))).toBe('hello you');
    expect(applyDelta(base, Uint8Array.from([10, 1, 1, 0x41]))).toBeUndefined();
  });
});
