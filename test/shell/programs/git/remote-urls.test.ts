/**
 * Which configured remote a git command reaches, and whether git reaches a URL over ssh once its
 * configuration rewrites it (red team 25 RT25-C; each reading checked with git 2.39.5 under strace).
 */
import { describe, expect, it } from 'vitest';
import type { GitConfigEntry } from '../../../../src/shell/programs/git/config-file.js';
import { reachedOverSsh, reachesRemoteNamed, typesUrlWith } from '../../../../src/shell/programs/git/remote-urls.js';

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
