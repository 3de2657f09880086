/**
 * Windows names one file in several ways: trailing dots and spaces are dropped from each segment,
 * and `file::$DATA` (any `:stream` suffix) is the file or a stream of it. Rules must see through them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { CLAUDE_CODE_PROTECTED_PATHS as CC, matchPathPattern, normalizePath, protectedPathMatch } from '../../src/paths/index.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

const win = { cwd: 'C:\\Users\\user\\project', home: 'C:\\Users\\user', platform: 'windows' as const };
const P = 'C:\\Users\\user\\project';
const envForms = [
  `${P}\\.env.`,
  `${P}\\.env `,
  `${P}\\.env. .`,
  `${P}\\.env::$DATA`,
  `${P}\\.env:$DATA`,
  `${P}\\.env:secret:$DATA`,
  '.env.',
  '.\\.env::$DATA',
  `${P}\\sub\\..\\.env.`,
];

describe('normalizePath on windows: one file, many spellings', () => {
  it.each(envForms)('%j is .env', (path) => {
    expect(normalizePath(path, win)).toBe('/c/Users/user/project/.env');
  });
  it.each([
    ['C:\\p\\.git.\\hooks\\pre-commit', '/c/p/.git/hooks/pre-commit'],
    ['C:\\p\\.git::$INDEX_ALLOCATION\\config', '/c/p/.git/config'],
    ['C:\\p\\a\\.. \\b', '/c/p/b'],
    ['C:\\p\\...\\b', '/c/p/b'],
    ['C:\\p\\x.', '/c/p/x'],
    ['\\\\server\\share.\\x ', '//server/share/x'],
    ['C:\\p\\a.b', '/c/p/a.b'],
    ['C:\\p\\.env.local', '/c/p/.env.local'],
  ])('%j → %j', (input, out) => {
    expect(normalizePath(input, win)).toBe(out);
  });
  it('8.3 short names are not resolved (lexical only)', () => {
    expect(normalizePath(`${P}\\SECRET~1.ENV`, win)).toBe('/c/Users/user/project/SECRET~1.ENV');
  });
  it('other platforms keep dots, spaces and colons', () => {
    const lin = { cwd: '/p', home: '/h', platform: 'linux' as const };
    expect(normalizePath('/p/.env.', lin)).toBe('/p/.env.');
    expect(normalizePath('/p/.env::$DATA', lin)).toBe('/p/.env::$DATA');
  });
});

describe('path rules see through the spellings', () => {
  const ctx = { ...win, slashAnchor: P, list: 'deny' as const };
  it.each(envForms)('Read(./.env) denies %j', (path) => {
    expect(matchPathPattern('./.env', path, ctx)).toBe(true);
    expect(matchPathPattern('.env', path, ctx)).toBe(true);
  });
  it('evaluate: Read of each spelling is denied, a Write to .git.\\hooks is a protected path', async () => {
    await prepare();
    const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { deny: ['Read(./.env)'] } } }]);
    const ectx = { policy, cwd: P, home: 'C:\\Users\\user', platform: 'windows' as const };
    for (const file_path of envForms) {
      expect([file_path, evaluate({ tool: 'Read', input: { file_path } }, { ...ectx, mode: 'default' }).behavior]).toEqual([
        file_path,
        'deny',
      ]);
    }
    for (const file_path of [
      `${P}\\.git.\\hooks\\pre-commit`,
      `${P}\\.GIT \\hooks\\pre-commit`,
      `${P}\\.git::$INDEX_ALLOCATION\\hooks\\pre-commit`,
    ]) {
      const d = evaluate({ tool: 'Write', input: { file_path, content: 'x' } }, { ...ectx, mode: 'acceptEdits' });
      expect([file_path, d.behavior]).toEqual([file_path, 'ask']);
      expect(d.reason).toMatchObject({ kind: 'protectedPath' });
    }
  });
});

describe('protectedPathMatch', () => {
  it('case never hides a protected directory (macOS, Windows)', () => {
    expect(protectedPathMatch('/Users/u/p/.GIT/hooks/pre-commit', CC)).toBe('.git');
    expect(protectedPathMatch('/c/p/.Git/config', CC)).toBe('.git');
    expect(protectedPathMatch('/p/.VSCode/settings.json', CC)).toBe('.vscode');
  });
  it('trailing dots, spaces and stream suffixes never hide one', () => {
    expect(protectedPathMatch('/p/.git./hooks/pre-commit', CC)).toBe('.git');
    expect(protectedPathMatch('C:\\p\\.git \\hooks\\pre-commit', CC)).toBe('.git');
    expect(protectedPathMatch('/p/.git::$INDEX_ALLOCATION/config', CC)).toBe('.git');
    expect(protectedPathMatch('/home/u/.bashrc:$DATA', CC)).toBe('.bashrc');
    expect(protectedPathMatch('/home/u/.bashrc.', CC)).toBe('.bashrc');
    expect(protectedPathMatch('/home/u/.config./git/config', CC)).toBe('.config/git');
  });
  it('nor do they widen an exemption', () => {
    expect(protectedPathMatch('/p/.claude/worktrees/w/a', CC)).toBeUndefined();
    expect(protectedPathMatch('/p/.claude/worktrees./w/a', CC)).toBe('.claude');
    expect(protectedPathMatch('/p/.claude/worktrees::$DATA/w/a', CC)).toBe('.claude');
  });
  it('names that only start like one stay unprotected', () => {
    expect(protectedPathMatch('/p/.gitignore', CC)).toBeUndefined();
    expect(protectedPathMatch('/p/.github/x', CC)).toBeUndefined();
  });
});
