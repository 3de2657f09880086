/**
 * An object id, or an index entry, that names the blob of a tracked Read-denied file (#37, red
 * team 11): real repositories made by the installed git, a `.env` committed by mistake under
 * `Read(./.env)`, each decision checked against what git itself prints or stores.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { environmentFromProcess } from '../../../../src/evaluate/door/environment.js';
import { evaluate, prepare } from '../../../../src/evaluate/index.js';
import { nodeFsView } from '../../../../src/node/fs-view.js';
import { policyFromObjects } from '../../../../src/settings/index.js';
import { gitWith, isolatedGitEnv } from '../../../support/git.js';

const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-git-ids-')));
const home = join(root, 'home');
const git = gitWith(isolatedGitEnv(home, { GIT_PAGER: 'cat' }));
const policy = policyFromObjects([{ kind: 'inline', settings: { permissions: { deny: ['Read(./.env)'] } } }]);
const decide = (project: string, command: string) =>
  evaluate(
    { tool: 'Bash', input: { command } },
    {
      mode: 'default',
      policy,
      cwd: project,
      home,
      projectDir: project,
      fs: nodeFsView(),
      environment: environmentFromProcess({ PATH: '/usr/bin:/bin', HOME: home }),
    },
  );

/** A repository `name` under the home with README.md and a `.env` holding `env` committed (made by the installed git). */
function committed(name: string, env: string): string {
  const dir = join(home, name);
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q');
  writeFileSync(join(dir, 'README.md'), 'hi\n');
  writeFileSync(join(dir, '.env'), env);
  git(dir, 'add', 'README.md', '.env');
  git(dir, 'commit', '-q', '-m', 'init');
  return dir;
}

/** A repository with README.md and a `.env` committed (and still in the index); `old`: a blob of .env's first version. */
let repo: string;
let envId: string;
let readmeId: string;
let oldEnvId: string;

beforeAll(async () => {
  await prepare();
  repo = committed('repo', 'DOTENVSECRET=old\n');
  oldEnvId = git(repo, 'rev-parse', 'HEAD:.env').trim();
  writeFileSync(join(repo, '.env'), 'DOTENVSECRET=1\n');
  git(repo, 'commit', '-q', '-am', 'env');
  envId = git(repo, 'rev-parse', ':.env').trim();
  readmeId = git(repo, 'rev-parse', ':README.md').trim();
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('an id the index gives a Read-denied file is a read of that file: denied, naming it', () => {
  it.each([
    ['git cat-file -p', (id: string) => id],
    ['git cat-file -p (7 digits)', (id: string) => id.slice(0, 7)],
    ['git cat-file blob (5 digits)', (id: string) => id.slice(0, 5)],
    ['git show', (id: string) => id],
  ])('%s', (label, short) => {
    const command = `${label.replace(/ \(.*\)$/, '')} ${short(envId)}`;
    expect(git(repo, ...command.split(' ').slice(1))).toContain('DOTENVSECRET=1');
    const d = decide(repo, command);
    expect(d.behavior).toBe('deny');
    expect(d.reason.message).toContain(`${repo}/.env`);
  });

  it.each([
    'git tag t ID',
    'git notes add -C ID HEAD',
    'git replace HEAD ID',
    'git update-index --add --cacheinfo 100644,ID,x.txt',
    'git update-ref refs/x ID',
  ])('%s gives it a new name: denied', (form) => {
    const d = decide(repo, form.replace('ID', envId.slice(0, 8)));
    expect(d.behavior).toBe('deny');
    expect(d.reason.message).toContain(`${repo}/.env`);
  });
});

describe('an id the index cannot match stays a guarded ask (an older blob, a tree or a commit may hold it)', () => {
  it('an older version of .env is no blob of the index: asked, never allowed', () => {
    expect(git(repo, 'cat-file', '-p', oldEnvId.slice(0, 7))).toContain('DOTENVSECRET=old');
    const d = decide(repo, `git cat-file -p ${oldEnvId.slice(0, 7)}`);
    expect([d.behavior, d.askKind]).toEqual(['ask', 'guardedRead']);
  });

  it("README.md's id (another tracked file) is not denied", () => {
    expect(decide(repo, `git cat-file -p ${readmeId}`).behavior).toBe('ask');
  });

  it('an id that prints nothing of an object (cat-file -t) stays allowed', () => {
    expect(decide(repo, `git cat-file -t ${envId}`).behavior).toBe('allow');
  });
});

describe("an index entry holding a Read-denied file's blob (git show :x.txt)", () => {
  let aliased: string;
  beforeAll(() => {
    aliased = committed('aliased', 'DOTENVSECRET=1\n');
    const id = git(aliased, 'rev-parse', ':.env').trim();
    git(aliased, 'update-index', '--add', '--cacheinfo', `100644,${id},x.txt`);
  });

  it.each(['git show :x.txt', 'git cat-file -p :x.txt', 'git show :0:x.txt'])('%s reads .env: denied', (command) => {
    expect(git(aliased, ...command.split(' ').slice(1))).toContain('DOTENVSECRET=1');
    const d = decide(aliased, command);
    expect(d.behavior).toBe('deny');
    expect(d.reason.message).toContain(`${aliased}/.env`);
  });

  it('another entry (git show :README.md) stays allowed', () => {
    expect(git(aliased, 'show', ':README.md')).toBe('hi\n');
    expect(decide(aliased, 'git show :README.md').behavior).toBe('allow');
  });

  it('HEAD:x.txt names no index entry: not matched against the index', () => {
    expect(decide(aliased, 'git show HEAD:README.md').behavior).toBe('allow');
  });
});
