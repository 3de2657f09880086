import { describe, expect, it } from 'vitest';
import { isCriticalRemovalTarget } from '../../src/paths/index.js';

const lin = {
  cwd: '/home/user/project',
  home: '/home/user',
  workingDirectories: ['/home/user/project', '/srv/shared'],
  platform: 'linux' as const,
};
const win = { cwd: 'C:\\Users\\user\\project', home: 'C:\\Users\\user', workingDirectories: [], platform: 'windows' as const };

describe('isCriticalRemovalTarget', () => {
  it.each([
    '/',
    '/usr',
    '/etc',
    '/tmp',
    '/home',
    '/home/user',
    '~',
    '/home/user/project',
    '.',
    '..',
    '/srv/shared',
    '/srv',
    '/usr/',
    '/home/user/project/sub/..',
  ])('%s is critical (linux)', (p) => {
    expect(isCriticalRemovalTarget(p, lin)).toBeTypeOf('string');
  });
  it.each([
    '/usr/local/bin/x',
    '/home/user/project/build',
    'build',
    '/home/user/other',
    '/srv/shared/tmp',
    '/home/user/project/*.o',
    '/home/user/project/build/*',
  ])('%s is not critical (linux)', (p) => {
    expect(isCriticalRemovalTarget(p, lin)).toBeUndefined();
  });
  it('globs are judged by the directory they empty', () => {
    expect(isCriticalRemovalTarget('/home/user/project/*', lin)).toBe('the working directory');
    expect(isCriticalRemovalTarget('~/*', lin)).toBe('the home directory');
    expect(isCriticalRemovalTarget('/*', lin)).toBe('the filesystem root');
    expect(isCriticalRemovalTarget('/srv/shared/*', lin)).toBe('a working directory');
    expect(isCriticalRemovalTarget('/home/user/project/.*', lin)).toBe('the working directory');
  });
  it('a glob that could name a critical directory is critical', () => {
    expect(isCriticalRemovalTarget('/u*', lin)).toBe('a glob over top-level directories');
    expect(isCriticalRemovalTarget('/home/us*', lin)).toBe('a glob matching the home directory');
    expect(isCriticalRemovalTarget('/home/user/proj?ct', lin)).toBe('a glob matching the working directory');
    expect(isCriticalRemovalTarget('/home/user/p*/src', lin)).toBeUndefined();
    expect(isCriticalRemovalTarget('/srv/*', lin)).toBe('a top-level directory');
    expect(isCriticalRemovalTarget('/srv/sh*', lin)).toBe('a glob matching a working directory');
  });
  it('reasons', () => {
    expect(isCriticalRemovalTarget('/', lin)).toBe('the filesystem root');
    expect(isCriticalRemovalTarget('/usr', lin)).toBe('a top-level directory');
    expect(isCriticalRemovalTarget('/home/user', lin)).toBe('the home directory');
    expect(isCriticalRemovalTarget('/home/user/project', lin)).toBe('the working directory');
  });
  it('windows: drive roots, their top-level directories, home, cwd parents; case-insensitive', () => {
    expect(isCriticalRemovalTarget('C:\\', win)).toBe('the drive root C:');
    expect(isCriticalRemovalTarget('D:\\', win)).toBe('the drive root D:');
    expect(isCriticalRemovalTarget('C:\\Windows', win)).toBe('a top-level directory of a drive');
    expect(isCriticalRemovalTarget('c:\\users\\USER', win)).toBe('the home directory');
    expect(isCriticalRemovalTarget('C:\\Users\\user\\project', win)).toBe('the working directory');
    expect(isCriticalRemovalTarget('C:\\Users\\user\\project\\dist', win)).toBeUndefined();
  });
});
