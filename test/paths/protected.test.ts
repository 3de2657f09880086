import { describe, expect, it } from 'vitest';
import { CLAUDE_CODE_PROTECTED_PATHS as CC, NOETA_PROTECTED_PATHS as NOETA, protectedPathMatch } from '../../src/paths/index.js';

describe('protectedPathMatch (Claude Code list)', () => {
  it.each([
    ['/p/.git/config', '.git'],
    ['/p/.git', '.git'],
    ['/p/sub/.git/hooks/pre-commit', '.git'],
    ['/home/u/.config/git/config', '.config/git'],
    ['/p/.vscode/settings.json', '.vscode'],
    ['/p/.claude/settings.json', '.claude'],
    ['/p/.claude/skills/lint/SKILL.md', '.claude'],
    ['/p/.husky/pre-commit', '.husky'],
    ['/home/u/.bashrc', '.bashrc'],
    ['/p/sub/.npmrc', '.npmrc'],
    ['/p/.mcp.json', '.mcp.json'],
    ['/p/.pre-commit-config.yaml', '.pre-commit-config.yaml'],
    ['/p/.GIT/config', '.git'],
    ['/p/.BASHRC', '.bashrc'],
  ])('%s is protected by %s', (path, entry) => {
    expect(protectedPathMatch(path, CC)).toBe(entry);
  });
  it.each(['/p/src/a.ts', '/p/.gitignore', '/p/.config/nvim/init.lua', '/p/git/config', '/p/.github/workflows/ci.yml', '/p/.env', '/p/config/.git-blame'])(
    '%s is not protected',
    (path) => {
      expect(protectedPathMatch(path, CC)).toBeUndefined();
    },
  );
  it('.claude/worktrees is exempt, but what is inside a worktree is judged again', () => {
    expect(protectedPathMatch('/p/.claude/worktrees/feature/src/a.ts', CC)).toBeUndefined();
    expect(protectedPathMatch('/p/.claude/worktrees', CC)).toBeUndefined();
    expect(protectedPathMatch('/p/.claude/worktrees/feature/.git', CC)).toBe('.git');
    expect(protectedPathMatch('/p/.claude/worktrees/f/.claude/settings.json', CC)).toBe('.claude');
    expect(protectedPathMatch('/p/.claude/Worktrees/x', CC)).toBe('.claude');
  });
  it('a file entry is matched by the last segment only', () => {
    expect(protectedPathMatch('/p/.bashrc.d/x', CC)).toBeUndefined();
    expect(protectedPathMatch('/p/.npmrc/x', CC)).toBeUndefined();
  });
});

describe('protectedPathMatch (noeta list)', () => {
  it('.noeta is protected except skills, commands, worktrees', () => {
    expect(protectedPathMatch('/p/.noeta/settings.json', NOETA)).toBe('.noeta');
    expect(protectedPathMatch('/p/.noeta/skills/x/SKILL.md', NOETA)).toBeUndefined();
    expect(protectedPathMatch('/p/.noeta/commands/c.md', NOETA)).toBeUndefined();
    expect(protectedPathMatch('/p/.noeta/worktrees/w/a', NOETA)).toBeUndefined();
  });
  it('all of .claude is protected, worktrees included', () => {
    expect(protectedPathMatch('/p/.claude/worktrees/w/a', NOETA)).toBe('.claude');
    expect(protectedPathMatch('/p/.claude/skills/a', NOETA)).toBe('.claude');
    expect(protectedPathMatch('/p/.git/HEAD', NOETA)).toBe('.git');
  });
});
