import { describe, expect, it } from 'vitest';
import { patternReach } from '../../src/paths/index.js';

const ctx = {
  cwd: '/home/user/project',
  home: '/home/user',
  slashAnchor: '/home/user/project',
  platform: 'linux' as const,
  list: 'deny' as const,
};
const P = '/home/user/project';

describe('patternReach: a directory stands for what is inside it', () => {
  it.each([
    // covered: the directory is (inside) what the pattern covers
    ['secrets/**', `${P}/secrets/sub`, 'covered'],
    ['./.env', `${P}/.env`, 'covered'],
    // contents: everything inside it is covered
    ['secrets/**', `${P}/secrets`, 'covered'],
    ['secrets/*', `${P}/secrets`, 'contents'],
    ['~/.ssh/*', '/home/user/.ssh', 'contents'],
    // stem: a path the pattern names literally lies inside
    ['./.env', P, 'stem'],
    ['./.env', '/home/user', 'stem'],
    ['./.env', '/', 'stem'],
    ['secrets/**', P, 'stem'],
    ['./secrets/key.pem', `${P}/secrets`, 'stem'],
    ['~/.ssh/**', '/home/user', 'stem'],
    ['**/.env', P, 'stem'],
    // probe: something inside may match, only the file system could tell
    ['*.pem', P, 'probe'],
    ['./.env', `${P}/src`, 'probe'],
    ['secrets/*.key', `${P}/secrets`, 'probe'],
  ] as const)('%s on %s: %s', (pattern, dir, expected) => {
    expect(patternReach(pattern, dir, ctx)).toBe(expected);
  });
  it.each([
    ['./secrets/key.pem', `${P}/src`],
    ['~/.ssh/**', P],
    ['./.env', '/tmp'],
    ['//etc/shadow', P],
  ] as const)('%s cannot reach into %s', (pattern, dir) => {
    expect(patternReach(pattern, dir, ctx)).toBeUndefined();
  });
});
