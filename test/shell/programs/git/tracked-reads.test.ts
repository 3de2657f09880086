/**
 * git's diff, log, show and status forms that print content read every tracked file their
 * pathspecs select (decision 0082): real repositories made by the installed git, a Read-denied
 * `.env` committed by mistake and a tracked hard link of `~/.aws/credentials`, each decision
 * checked against what git itself prints.
 */
import { linkSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../../../src/evaluate/index.js';
import { bashDecider, gitWith, isolatedGitEnv } from '../../../support/git.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-git-tracked-')));
const home = join(root, 'home');
const git = gitWith(isolatedGitEnv(home, { GIT_PAGER: 'cat' }));
/** What a git command prints, run as bash would split these words (no quoting needed here). */
const run = (cwd: string, command: string) =>
  git(
    cwd,
    ...command
      .split(' ')
      .slice(1)
      .map((w) => w.replace(/^"(.*)"$/, '$1')),
  );

const decide = bashDecider({ deny: ['Read(./.env)', 'Read(~/.aws/**)'] }, home, { PATH: '/usr/bin:/bin', HOME: home });
/** Runs a git command and gives its exit code (1: grep found nothing). */
const status = (cwd: string, ...args: string[]) => {
  try {
    git(cwd, ...args);
    return 0;
  } catch (e) {
    return (e as { status: number }).status;
  }
};
/** A project with src/a.js and README.md committed; `.env` (ignored) and what `extra` adds. */
function project(name: string, extra: (dir: string) => void): string {
  const dir = join(home, name);
  mkdirSync(join(dir, 'src'), { recursive: true });
  git(dir, 'init', '-q');
  writeFileSync(join(dir, '.gitignore'), '.env\n');
  writeFileSync(join(dir, '.env'), 'DOTENVSECRET=1\n');
  writeFileSync(join(dir, 'src/a.js'), 'a\n');
  writeFileSync(join(dir, 'README.md'), 'hi\n');
  git(dir, 'add', '.gitignore', 'src/a.js', 'README.md');
  git(dir, 'commit', '-q', '-m', 'init');
  extra(dir);
  // A change in the working tree for the diffs to show.
  writeFileSync(join(dir, 'src/a.js'), 'a2\n');
  return dir;
}

let envTracked: string;
let hardLinked: string;
let clean: string;

beforeAll(async () => {
  await prepare();
  mkdirSync(join(home, '.aws'), { recursive: true });
  writeFileSync(join(home, '.aws/credentials'), 'aws_secret_access_key=AWSSECRET\n');
  envTracked = project('env-tracked', (dir) => {
    git(dir, 'add', '-f', '.env');
    git(dir, 'commit', '-q', '-m', 'env');
    writeFileSync(join(dir, '.env'), 'DOTENVSECRET=2\n');
  });
  hardLinked = project('hard-linked', (dir) => {
    mkdirSync(join(dir, 'docs'));
    linkSync(join(home, '.aws/credentials'), join(dir, 'docs/creds-hard'));
    git(dir, 'add', 'docs/creds-hard');
    git(dir, 'commit', '-q', '-m', 'creds');
  });
  clean = project('clean', () => {});
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('a tracked Read-denied .env', () => {
  it.each([
    'git diff',
    'git diff .',
    'git diff HEAD',
    'git status -vv',
    'git log -p',
    'git show',
    'git diff -- :/',
    'git log --stat -p -1',
  ])('%s reads it: asked, and git prints it', (command) => {
    expect(run(envTracked, command)).toContain('DOTENVSECRET');
    const d = decide(envTracked, command);
    expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
    expect(d.reason.message).toContain(`${envTracked}/.env`);
    expect(d.reason.message).toContain('its index tracks it');
  });

  it('from a subdirectory git diff still reads the whole tree, from its top', () => {
    expect(run(join(envTracked, 'src'), 'git diff')).toContain('DOTENVSECRET');
    expect(decide(join(envTracked, 'src'), 'git diff', { projectDir: envTracked }).behavior).toBe('ask');
  });

  it.each([
    'git diff --name-only',
    'git diff --name-status',
    'git log --oneline',
    'git show -s',
    'git status',
    'git diff -- src',
    'git log -p -- src',
    // Names and line counts only (decision 0085).
    'git diff --stat',
    'git show HEAD --stat',
    'git log --stat -3',
    'git log --numstat',
    'git diff --shortstat',
    'git log --summary',
  ])('%s prints no content of it: allowed', (command) => {
    expect(run(envTracked, command)).not.toContain('DOTENVSECRET');
    expect(decide(envTracked, command).behavior).toBe('allow');
  });
});

describe('a tracked hard link of ~/.aws/credentials', () => {
  it.each(['git diff', 'git diff -- docs', 'git log -p', 'git show HEAD'])('%s asks, as cat docs/creds-hard does', (command) => {
    const d = decide(hardLinked, command);
    expect(d.behavior).toBe('ask');
    expect(d.reason.message).toContain('docs/creds-hard');
  });
});

describe('nothing Read-denied tracked', () => {
  it.each(['git diff', 'git diff .', 'git log -p', 'git show', 'git diff --stat', 'git status -vv', 'git diff HEAD~0'])(
    '%s stays allowed: the index shows .env untracked',
    (command) => {
      expect(run(clean, command)).not.toContain('DOTENVSECRET');
      expect(decide(clean, command).behavior).toBe('allow');
    },
  );

  it('an index toolgate cannot read is unknown: asked, never allowed nor denied', () => {
    const dir = project('bad-index', () => {});
    writeFileSync(join(dir, '.git/index'), 'not an index');
    const d = decide(dir, 'git diff');
    expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
  });
});

describe('git log -L reads the file its range names, as git blame does (#37)', () => {
  it.each([
    'git log -L1,1:.env',
    'git log -L 1,1:.env',
    'git log -L /D/,+1:.env',
    'git log -L:D:.env',
    'git show -L1,1:.env',
    'git whatchanged -L1,1:.env',
  ])('%s prints .env from history: denied by Read(./.env)', (command) => {
    expect(run(envTracked, command)).toContain('DOTENVSECRET');
    const d = decide(envTracked, command);
    expect(d.behavior).toBe('deny');
    expect(d.reason.message).toContain('.env');
  });

  it.each(['git reflog -L1,1:.env', 'git reflog show -L 1,1:.env', 'git log -g -L1,1:.env', 'git reflog -L1,1:README.md'])(
    '%s: git refuses -L with a reflog walk and reads nothing, so it is unknown (a firm ask), not a deny',
    (command) => {
      expect(status(envTracked, ...command.split(' ').slice(1))).toBe(128);
      const d = decide(envTracked, command);
      expect([d.behavior, d.askKind]).toEqual(['ask', 'firm']);
      expect(d.reason.message).toContain('git refuses -L with a reflog walk');
    },
  );

  it('a file named after a regex range that holds a colon is still the text after the last colon', () => {
    expect(decide(envTracked, 'git log -L /a:b/,+1:.env').behavior).toBe('deny');
  });

  it('a value whose file toolgate cannot tell asks', () => {
    expect(decide(envTracked, 'git log -L1,1:a:b').behavior).toBe('ask');
  });

  it('another file stays allowed', () => {
    expect(run(envTracked, 'git log -L1,1:README.md')).toContain('hi');
    expect(decide(envTracked, 'git log -L1,1:README.md').behavior).toBe('allow');
    expect(decide(join(envTracked, 'src'), 'git log -L1,1:a.js', { projectDir: envTracked }).behavior).toBe('allow');
  });
});

describe('an object id may be the blob of a tracked Read-denied file (#37)', () => {
  const blob = (dir: string, path: string) => git(dir, 'rev-parse', `HEAD:${path}`).trim();

  it.each(['git cat-file -p ID', 'git cat-file blob ID', 'git show ID', 'git show -s ID'])(
    '%s with the id of .env in the index is denied, naming .env (object-ids.test.ts)',
    (form) => {
      const id = blob(envTracked, '.env');
      for (const command of [form.replace('ID', id), form.replace('ID', id.slice(0, 7))]) {
        expect(run(envTracked, command)).toContain('DOTENVSECRET');
        const d = decide(envTracked, command);
        expect(d.behavior).toBe('deny');
        expect(d.reason.message).toContain(`${envTracked}/.env`);
      }
    },
  );

  it('its type or size prints nothing of it: allowed', () => {
    expect(decide(envTracked, `git cat-file -t ${blob(envTracked, '.env')}`).behavior).toBe('allow');
  });

  it('with nothing Read-denied tracked, an id stays allowed', () => {
    expect(decide(clean, `git cat-file -p ${blob(clean, 'README.md')}`).behavior).toBe('allow');
    expect(decide(clean, `git show ${blob(clean, 'README.md')}`).behavior).toBe('allow');
  });
});

describe('git grep named a tracked symbolic link reads nothing of it (#37)', () => {
  let linked: string;
  let handMade: string;
  beforeAll(() => {
    // vendor/keys -> ~/.aws, committed as a link.
    linked = project('linked', (dir) => {
      mkdirSync(join(dir, 'vendor'));
      symlinkSync(join(home, '.aws'), join(dir, 'vendor/keys'));
      git(dir, 'add', 'vendor/keys');
      git(dir, 'commit', '-q', '-m', 'link');
    });
    // lnk/credentials committed while lnk was a folder, then lnk made a link to ~/.aws: git reads
    // the tracked path through the link.
    handMade = project('hand-made', (dir) => {
      mkdirSync(join(dir, 'lnk'));
      writeFileSync(join(dir, 'lnk/credentials'), 'old\n');
      git(dir, 'add', 'lnk');
      git(dir, 'commit', '-q', '-m', 'lnk');
      rmSync(join(dir, 'lnk'), { recursive: true });
      symlinkSync(join(home, '.aws'), join(dir, 'lnk'));
    });
  });

  it.each([
    'git grep AWSSECRET vendor/keys/',
    'git grep AWSSECRET vendor/keys',
    'git grep --cached AWSSECRET vendor/keys/',
    'git grep --untracked AWSSECRET vendor/keys/',
  ])('%s: git reads no link it is named (it finds nothing), allowed', (command) => {
    expect(status(linked, ...command.split(' ').slice(1))).toBe(1);
    expect(decide(linked, command).behavior).toBe('allow');
  });

  it('a path the index tracks below the link is read through it: denied', () => {
    expect(run(handMade, 'git grep AWSSECRET lnk/')).toContain('AWSSECRET');
    expect(decide(handMade, 'git grep AWSSECRET lnk/').behavior).toBe('deny');
    expect(decide(handMade, 'git grep AWSSECRET -- lnk').behavior).toBe('deny');
  });
});

describe('a magic pathspec that names one path exactly is that path (#37)', () => {
  it.each(['git diff HEAD~1 -- ":(top).env"', 'git diff HEAD~1 -- :/.env', 'git diff HEAD~1 -- ":(literal).env"'])(
    '%s prints .env: denied',
    (command) => {
      expect(run(envTracked, command)).toContain('DOTENVSECRET');
      expect(decide(envTracked, command).behavior).toBe('deny');
    },
  );

  it('git diff -- ":(top)src/a.js" prints that file only: allowed', () => {
    expect(run(envTracked, 'git diff -- ":(top)src/a.js"')).toContain('a2');
    expect(run(envTracked, 'git diff -- ":(top)src/a.js"')).not.toContain('DOTENVSECRET');
    expect(decide(envTracked, 'git diff -- ":(top)src/a.js"').behavior).toBe('allow');
  });

  it(':(icase) may match .env by another case: the whole tree, a guarded ask', () => {
    expect(run(envTracked, 'git diff HEAD~1 -- ":(icase).ENV"')).toContain('DOTENVSECRET');
    expect([decide(envTracked, 'git diff -- ":(icase).ENV"').behavior, decide(envTracked, 'git diff -- ":(icase).ENV"').askKind]).toEqual([
      'ask',
      'guardedRead',
    ]);
  });
});
