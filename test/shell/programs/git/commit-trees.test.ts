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
import { gitWith, isolatedGitEnv } from '../../../support/git.js';

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

const policy = policyFromObjects([{ kind: 'inline', settings: { permissions: { allow: ['Bash(*)'], deny: ['Read(./.env)'] } } }]);
const decide = (cwd: string, command: string) =>
  evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode: 'default',
      policy,
      cwd,
      home: root,
      projectDir: cwd,
      fs: nodeFsView(),
      environment: environmentFromProcess({ PATH: '/usr/bin:/bin' }),
    },
  );

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
    expect(why(plain, 'git checkout @{-1}')).toContain('which toolgate cannot read whole');
    expect(why(linked, 'git checkout feat')).toContain('holds a symbolic link (l)');
    // An untracked folder where feat has a file is removed whole by git (verified: its .claude went).
    mkdirSync(join(plain, 'src/y.js/.claude'), { recursive: true });
    try {
      expect(why(plain, 'git reset --hard feat')).toContain('src/y.js is a folder git may remove');
    } finally {
      rmSync(join(plain, 'src/y.js'), { recursive: true });
    }
    // A global option, an option not listed, an unknown stash entry, a word the shell expands: not said.
    expect(why(plain, 'git -C . checkout feat')).toContain('which toolgate does not read');
    expect(why(plain, 'git checkout --recurse-submodules feat')).toContain('which toolgate does not read');
    expect(why(stashed, 'git stash pop stash@{1}')).toContain('which toolgate does not read');
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

  it('without a view that inflates, the names stay unseen', () => {
    const { inflate: _inflate, ...view } = nodeFsView();
    const d = evaluate(
      { tool: 'Bash', input: { command: 'git checkout feat' } },
      { mode: 'default', policy, cwd: plain, home: root, projectDir: plain, fs: view, environment: environmentFromProcess({}) },
    );
    expect(d.behavior).toBe('ask');
    expect(d.reason.message).toContain('the file-system view cannot read git objects');
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
