import { describe, expect, it } from 'vitest';
import { throughProcessLink, unsettledProcSpelling } from '../../src/paths/aliases.js';
import { hasShortName, normalizePath, resolveProcAlias, resolveWindowsShare } from '../../src/paths/index.js';

const CWD = '/home/user/project';

describe('resolveProcAlias', () => {
  it.each([
    ['/proc/self/cwd/.env', '/home/user/project/.env'],
    ['/proc/thread-self/cwd/secrets/a', '/home/user/project/secrets/a'],
    ['/proc/self/cwd', '/home/user/project'],
    ['/proc/self/root/etc/passwd', '/etc/passwd'],
    ['/proc/self/root', '/'],
    ['/home/user/project/x', '/home/user/project/x'],
    ['/proc/self/status', '/proc/self/status'],
    ['/proc/self/root/proc/self/cwd/.env', '/home/user/project/.env'],
    ['/proc/self/root/proc/self/root/home/user/project/.env', '/home/user/project/.env'],
    ['/proc/self/root/proc/thread-self/cwd/.env', '/home/user/project/.env'],
  ])('%s is %s', (path, expected) => {
    const r = resolveProcAlias(path, CWD);
    expect(r).toEqual({ path: expected });
  });
  it.each([
    '/proc/1/cwd/.env',
    '/proc/4242/root/home/user/.ssh/id_rsa',
    '/proc/self/fd/3',
    '/dev/fd/0',
    '/dev/stdin',
    '/proc/self/fdinfo/1',
    '/proc/1/map_files/x',
  ])('%s is unknown', (path) => {
    expect(resolveProcAlias(path, CWD).unknown).toBeDefined();
  });
  it.each([
    ['/proc/self/task/4242/cwd/.env', '/home/user/project/.env'],
    ['/proc/self/task/*/cwd/.env', '/home/user/project/.env'],
    ['/proc/self/root/proc/1/cwd/.env', '/home/user/project/.env'],
    ['/proc/self/task/1/root/etc/x', '/etc/x'],
  ])('%s is unknown, most likely %s', (path, expected) => {
    const r = resolveProcAlias(path, CWD);
    expect(r.path).toBe(expected);
    expect(r.unknown).toBeDefined();
  });
  it.each(['/proc/self/task/1/fd/3', '/proc/self/root/dev/fd/3', '/proc/self/root/proc/self/fd/0'])('%s is a descriptor', (path) => {
    expect(resolveProcAlias(path, CWD).unknown).toMatch(/descriptor/);
  });
  it('another process root still gives its most likely meaning', () => {
    expect(resolveProcAlias('/proc/1/root/home/user/.ssh/id_rsa', CWD).path).toBe('/home/user/.ssh/id_rsa');
  });
  // The lexical path has dropped the link (`/proc/self/project/.env`); the raw text climbs from
  // the folder it leads to (replay 17b NEW-10: `cd .git/refs && cp x /proc/self/cwd/../hooks/pre-commit`).
  const lexical = (raw: string) => normalizePath(raw, { cwd: CWD, home: '/home/user', platform: 'linux' });
  it.each([
    ['/proc/self/cwd/../project/.env', '/home/user/project/.env'],
    ['/proc/self/cwd/..', '/home/user'],
    ['/proc/thread-self/cwd/../../x', '/home/x'],
    ['/proc/self/root/proc/self/cwd/../project/.git/hooks/pre-commit', '/home/user/project/.git/hooks/pre-commit'],
    ['/proc/self/root/tmp/../home/user/project/.env', '/home/user/project/.env'],
    ['//proc//self/cwd/../project/.claude/settings.json', '/home/user/project/.claude/settings.json'],
  ])('`..` after this process link from the start: %s is %s', (raw, expected) => {
    expect(resolveProcAlias(lexical(raw), CWD, raw)).toEqual({ path: expected });
  });
  it.each(['/proc/1/cwd/../x', '/tmp/../proc/self/cwd/../x', '/proc/self/task/1/cwd/../x'])(
    '`..` after a link toolgate cannot place: %s is unknown',
    (raw) => {
      expect(resolveProcAlias(lexical(raw), CWD, raw).unknown).toBeDefined();
    },
  );
});

describe('throughProcessLink: a write through it may land anywhere', () => {
  it.each(['/proc/$$/cwd/hooks/pre-commit', '/proc/1/root/x', '/proc/self/task/7/cwd/x', '/tmp/../proc/self/cwd/../x'])('%s', (raw) => {
    expect(throughProcessLink(raw)).toBeDefined();
  });
  it.each(['/proc/self/cwd/../hooks/pre-commit', '/proc/thread-self/cwd/x', '/proc/self/root/etc/x', '/home/user/project/x'])(
    '%s is resolved, not unsettled',
    (raw) => {
      expect(throughProcessLink(raw)).toBeUndefined();
    },
  );
});

describe('unsettledProcSpelling: a . or .. through /proc or /dev (replay 18 NEW-3)', () => {
  it.each([
    '/proc/./self/cwd/../hooks/pre-commit',
    '/proc/self/./cwd/../x',
    '/dev/fd/../cwd/../x',
    '/proc/self/fd/../cwd/../x',
    '/proc/net/../cwd/../x',
    '/dev/fd/../cwd/..',
    '/proc/self/root/../proc/self/cwd/../x',
    '/proc/self/cwd/../../../proc/self/fd/../cwd/../x',
  ])('%s is unsettled, for writes and reads', (raw) => {
    expect(unsettledProcSpelling(raw)).toBeDefined();
    expect(throughProcessLink(raw)).toBeDefined();
    expect(resolveProcAlias(normalizePath(raw, { cwd: CWD, home: '/home/user', platform: 'linux' }), CWD, raw).unknown).toBeDefined();
  });
  it.each([
    '/proc/self/cwd/../hooks/x',
    '/proc/self/root/etc/x',
    '/dev/null',
    '/proc/self/status',
    '/home/user/project/dev/../x',
    'src/../x',
  ])('%s is not', (raw) => {
    expect(unsettledProcSpelling(raw)).toBeUndefined();
  });
});

describe('resolveWindowsShare', () => {
  const win = (p: string) => normalizePath(p, { cwd: 'C:\\Users\\user\\project', home: 'C:\\Users\\user', platform: 'windows' });
  it.each([
    ['\\\\localhost\\c$\\Users\\user\\.ssh\\id_rsa', '/c/Users/user/.ssh/id_rsa'],
    ['\\\\127.0.0.1\\C$\\x', '/c/x'],
    ['\\\\?\\UNC\\localhost\\c$\\Users\\user\\.ssh\\id_rsa', '/c/Users/user/.ssh/id_rsa'],
  ])('%s is %s', (raw, expected) => {
    expect(resolveWindowsShare(win(raw))).toEqual({ path: expected });
  });
  it('a drive through the long-path prefix is the drive', () => {
    expect(win('\\\\?\\C:\\Users\\user\\.env')).toBe('/c/Users/user/.env');
  });
  it('a named host may be this machine', () => {
    const r = resolveWindowsShare(win('\\\\buildbox\\d$\\secrets\\k'));
    expect(r.path).toBe('/d/secrets/k');
    expect(r.unknown).toMatch(/may be on this machine/);
  });
  it('device paths that are not drives are unknown', () => {
    expect(resolveWindowsShare(win('\\\\?\\GLOBALROOT\\Device\\HarddiskVolume1\\x')).unknown).toMatch(/device path/);
  });
  it('//c/x is read as the drive', () => {
    expect(resolveWindowsShare(win('//c/Users/user/.ssh/id_rsa'))).toEqual({ path: '/c/Users/user/.ssh/id_rsa' });
  });
  it('an ordinary share is left alone', () => {
    expect(resolveWindowsShare(win('\\\\server\\share\\x'))).toEqual({ path: '//server/share/x' });
  });
});

describe('hasShortName', () => {
  it.each([
    ['/c/Users/user/SECRET~1/key', true],
    ['/c/PROGRA~2/x', true],
    ['/c/Users/user/SECRET~1.TXT', true],
    ['/c/Users/user/Secrets/key', false],
    ['/c/Users/user/~tmp', false],
    ['/c/a/verylongname~1', false],
  ])('%s: %s', (path, expected) => {
    expect(hasShortName(path)).toBe(expected);
  });
});
