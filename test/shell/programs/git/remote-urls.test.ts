/**
 * Which configured remote a git command reaches, and whether git reaches a URL over ssh once its
 * configuration rewrites it (red team 25 RT25-C; each reading checked with git 2.39.5 under strace).
 */
import { describe, expect, it } from 'vitest';
import type { GitConfigEntry } from '../../../../src/shell/programs/git/config-file.js';
import {
  fetchesSubmodules,
  reachedOverSsh,
  reachesRemoteNamed,
  remoteNamesOf,
  typesUrlWith,
  withSshUrls,
} from '../../../../src/shell/programs/git/remote-urls.js';
import { branchesFileUrl, legacyRemoteEntries, remotesFileUrls } from '../../../../src/shell/programs/git/legacy-remotes.js';
import { lineConfigEntries } from '../../../../src/shell/programs/git/runs.js';
import { createMemoryFileSystem } from '../../../../src/testing/memory-fs.js';

const config = (pairs: Record<string, string>): Map<string, GitConfigEntry> =>
  new Map(Object.entries(pairs).map(([key, value]) => [key, { key, value }]));

const two = config({ 'remote.origin.url': 'git@host:x/y.git', 'remote.upstream.url': 'https://host/x/y.git' });

describe('the remote a git command reaches', () => {
  it('is the one it names, or origin when it names none', () => {
    expect(reachesRemoteNamed('fetch', ['upstream'], two, 'upstream')).toBe(true);
    expect(reachesRemoteNamed('fetch', ['upstream'], two, 'origin')).toBe(false);
    expect(reachesRemoteNamed('fetch', [], two, 'origin')).toBe(true);
    // `--depth 1`: the value is no remote, so origin is fetched.
    expect(reachesRemoteNamed('fetch', ['--depth', '1'], two, 'origin')).toBe(true);
    expect(reachesRemoteNamed('push', ['origin', 'main'], two, 'origin')).toBe(true);
    expect(reachesRemoteNamed('ls-remote', [], two, 'origin')).toBe(true);
  });

  it('is none of the configured ones for a URL or path typed', () => {
    expect(reachesRemoteNamed('fetch', ['https://host/z.git'], two, 'origin')).toBe(false);
    expect(reachesRemoteNamed('pull', ['../other'], two, 'origin')).toBe(false);
  });

  it('is every one for fetch --all and remote update, the named ones for --multiple', () => {
    expect(reachesRemoteNamed('fetch', ['--all'], two, 'upstream')).toBe(true);
    expect(reachesRemoteNamed('remote', ['update'], two, 'origin')).toBe(true);
    expect(reachesRemoteNamed('remote', ['update', 'upstream'], two, 'origin')).toBe(false);
    expect(reachesRemoteNamed('fetch', ['--multiple', 'upstream', 'origin'], two, 'origin')).toBe(true);
  });

  it('counts a branch default among the remotes reached with none named', () => {
    const withBranch = config({ ...Object.fromEntries([...two].map(([k, e]) => [k, e.value!])), 'branch.main.remote': 'upstream' });
    expect(reachesRemoteNamed('pull', [], withBranch, 'upstream')).toBe(true);
  });

  it('is none for a command that reaches no repository', () => {
    expect(reachesRemoteNamed('log', ['origin'], two, 'origin')).toBe(false);
    expect(reachesRemoteNamed('remote', ['-v'], two, 'origin')).toBe(false);
  });
});

describe('a URL reached over ssh', () => {
  it('as written, or as insteadOf rewrites it (the longest prefix)', () => {
    expect(reachedOverSsh('git@host:x/y.git', new Map())).toBe(true);
    expect(reachedOverSsh('https://host/x', new Map())).toBe(false);
    const rewrite = config({ 'url.git@host:.insteadof': 'https://host/', 'url.https://mirror/.insteadof': 'https://host/x' });
    expect(reachedOverSsh('https://host/y', rewrite)).toBe(true);
    expect(reachedOverSsh('https://host/x/z', rewrite)).toBe(false);
    expect(reachedOverSsh('https://host/y', config({ 'url.git@host:.pushinsteadof': 'https://host/' }))).toBe(true);
  });

  it('for a typed URL an insteadOf prefix names', () => {
    expect(typesUrlWith('clone', ['https://host/x/y'], 'https://host/')).toBe(true);
    expect(typesUrlWith('archive', ['--remote=https://host/x'], 'https://host/')).toBe(true);
    expect(typesUrlWith('clone', ['https://other/x'], 'https://host/')).toBe(false);
    expect(typesUrlWith('log', ['https://host/x'], 'https://host/')).toBe(false);
  });
});

describe('the prefetch task of git maintenance (replay 25 C2, git 2.39.5)', () => {
  const up = config({ 'remote.up.url': 'git@host:x/y.git' });
  it('reaches every remote when it runs prefetch', () => {
    expect(reachesRemoteNamed('maintenance', ['run', '--task=prefetch'], up, 'up')).toBe(true);
    expect(reachesRemoteNamed('maintenance', ['run', '--task', 'prefetch'], up, 'up')).toBe(true);
    expect(reachesRemoteNamed('maintenance', ['run', '--schedule=hourly'], up, 'up')).toBe(true);
    expect(reachesRemoteNamed('maintenance', ['run'], config({ 'maintenance.prefetch.enabled': 'true' }), 'up')).toBe(true);
  });
  it('reaches none when it runs other tasks', () => {
    expect(reachesRemoteNamed('maintenance', ['run'], up, 'up')).toBe(false);
    expect(reachesRemoteNamed('maintenance', ['run', '--task=gc'], up, 'up')).toBe(false);
    expect(reachesRemoteNamed('maintenance', ['run', '--auto'], config({ 'maintenance.prefetch.enabled': 'true' }), 'up')).toBe(false);
    expect(reachesRemoteNamed('maintenance', ['register'], up, 'up')).toBe(false);
  });
});

describe("a remote's URLs are a list", () => {
  it('the first reached over ssh stands for the key', () => {
    const entries: GitConfigEntry[] = [
      { key: 'remote.origin.url', value: 'git@host:x/y.git' },
      { key: 'remote.origin.url', value: 'https://host/x/y.git' },
    ];
    const last = new Map(entries.map((e) => [e.key, e]));
    expect(withSshUrls(entries, last).get('remote.origin.url')?.value).toBe('git@host:x/y.git');
  });
});

describe("git's older remote files (replay 25 C3)", () => {
  it('read URL: lines and the part of a branches file before #', () => {
    expect(remotesFileUrls('URL: git@h:x\nPull: refs/heads/*:refs/remotes/up/*\nURL:  https://h/y \n')).toEqual(['git@h:x', 'https://h/y']);
    expect(branchesFileUrl('git@h:x/y.git#main\n')).toBe('git@h:x/y.git');
    expect(branchesFileUrl('\n')).toBeUndefined();
  });
  it('are read for the names a command may reach', () => {
    const fs = createMemoryFileSystem({ '/r/.git/remotes/up': 'URL: git@h:x\n', '/r/.git/branches/bp': 'git@h:y#main\n' }).view();
    expect(remoteNamesOf('fetch', ['up'], new Map())).toEqual(['up', 'origin']);
    expect(remoteNamesOf('fetch', ['--all'], new Map())).toEqual(['origin']);
    expect(remoteNamesOf('log', ['up'], new Map())).toEqual([]);
    expect(legacyRemoteEntries(fs, '/r/.git', ['up', 'bp', 'origin', '../x'])).toEqual([
      { key: 'remote.up.url', value: 'git@h:x', file: '/r/.git/remotes/up' },
      { key: 'remote.bp.url', value: 'git@h:y', file: '/r/.git/branches/bp' },
    ]);
  });
});

describe('the forms that clone or fetch submodules (replay 25 C4, git 2.39.5)', () => {
  it('are clone --recurse-submodules, submodule update and a recursing fetch or pull', () => {
    const none = new Map();
    expect(fetchesSubmodules('clone', ['--recurse-submodules', 's', 'd'], none)).toBe(true);
    expect(fetchesSubmodules('clone', ['--recursive', 's', 'd'], none)).toBe(true);
    expect(fetchesSubmodules('clone', ['s', 'd'], none)).toBe(false);
    expect(fetchesSubmodules('submodule', ['update', '--init'], none)).toBe(true);
    expect(fetchesSubmodules('submodule', ['status'], none)).toBe(false);
    expect(fetchesSubmodules('fetch', ['--recurse-submodules'], none)).toBe(true);
    expect(fetchesSubmodules('fetch', ['--recurse-submodules=no'], none)).toBe(false);
    expect(fetchesSubmodules('pull', [], config({ 'submodule.recurse': 'true' }))).toBe(true);
    expect(fetchesSubmodules('pull', ['--no-recurse-submodules'], config({ 'submodule.recurse': 'true' }))).toBe(false);
    expect(fetchesSubmodules('fetch', [], none)).toBe(false);
  });
});

describe("the configuration a git command's line gives", () => {
  it('is read in order, the environment first, a subsection as written', () => {
    const argv = ['git', '-c', 'Remote.Up.URL=git@h:x', '-c', 'color.ui', 'fetch', 'up'];
    expect(
      lineConfigEntries(
        argv,
        argv.map(() => true),
        [`GIT_CONFIG_PARAMETERS="'core.fsmonitor'='false'"`],
      ),
    ).toEqual([
      { key: 'core.fsmonitor', value: 'false', file: 'GIT_CONFIG_PARAMETERS on the command line' },
      { key: 'remote.Up.url', value: 'git@h:x', file: 'git -c remote.up.url=… on the command line' },
      { key: 'color.ui', value: 'true', file: 'git -c color.ui=… on the command line' },
    ]);
  });
});
