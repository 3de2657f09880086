import { describe, expect, it } from 'vitest';
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
  it('`..` after a process link cannot be followed lexically', () => {
    const raw = '/proc/self/cwd/../project/.env';
    expect(resolveProcAlias(normalizePath(raw, { cwd: CWD, home: '/home/user', platform: 'linux' }), CWD, raw).unknown).toMatch(/climbs/);
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
