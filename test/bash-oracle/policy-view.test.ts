import { describe, expect, it } from 'vitest';
import { bashRuleMatches, execLines, isProtected, pathMatches, policyView } from '../support/bash-oracle/policy-view.js';

describe('bash oracle: its own reading of the rules', () => {
  it('reads Bash, Edit and Read rules into absolute patterns', () => {
    const v = policyView({
      permissions: {
        allow: ['Bash(echo *)', 'Edit(src/**)', 'Bash'],
        deny: ['Bash(rm:*)', 'Read(./.env)', 'Edit(secrets/**)', 'Read(*.pem)', 'Read(~/x)', 'Read(//etc/passwd)'],
      },
    });
    expect(v.bashAllow).toEqual(['echo *', '*']);
    expect(v.bashDeny).toEqual(['rm:*']);
    expect(v.editAllow).toEqual(['/home/user/project/src/**']);
    expect(v.editDeny).toEqual(['/home/user/project/secrets/**']);
    expect(v.readDeny).toEqual(['/home/user/project/.env', '/home/user/project/**/*.pem', '/home/user/x', '/etc/passwd']);
  });

  it('matches Bash rule contents like Claude Code prefix rules', () => {
    expect(bashRuleMatches('git log *', 'git log')).toBe(true);
    expect(bashRuleMatches('git log *', 'git log --oneline -5')).toBe(true);
    expect(bashRuleMatches('git log *', 'git logx')).toBe(false);
    expect(bashRuleMatches('rm:*', 'rm -rf src')).toBe(true);
    expect(bashRuleMatches('rm *', 'RM -rf src', true)).toBe(true);
    expect(bashRuleMatches('rm *', 'RM -rf src')).toBe(false);
    expect(bashRuleMatches('*', 'anything at all')).toBe(true);
    expect(bashRuleMatches('ssh * uptime *', 'ssh web1 uptime')).toBe(true);
  });

  it('names an exec by argv[0] as written and by base name', () => {
    expect(execLines(['/bin/rm', '-rf', 'src'], '/usr/bin/rm')).toEqual(['/bin/rm -rf src', 'rm -rf src']);
    expect(execLines(['./build.sh', 'x'], '/home/user/project/build.sh')).toEqual(['./build.sh x', 'build.sh x']);
  });

  it('matches paths and their parents', () => {
    expect(pathMatches('/home/user/project/secrets/**', '/home/user/project/secrets/a/b')).toBe(true);
    expect(pathMatches('/home/user/project/secrets/**', '/home/user/project/secretsx')).toBe(false);
    expect(pathMatches('/home/user/project/**/*.pem', '/home/user/project/a.pem')).toBe(true);
    expect(pathMatches('/home/user/project/.env', '/home/user/project/.env')).toBe(true);
  });

  it('knows protected paths in the project and HOME', () => {
    expect(isProtected('/home/user/project/.git/config')).toBe(true);
    expect(isProtected('/home/user/.bashrc')).toBe(true);
    expect(isProtected('/home/user/project/.claude/settings.json')).toBe(true);
    expect(isProtected('/home/user/project/.claude/worktrees/a')).toBe(false);
    expect(isProtected('/home/user/.config/git/config')).toBe(true);
    expect(isProtected('/home/user/project/src/a.js')).toBe(false);
    expect(isProtected('/tmp/x/.git/config')).toBe(false);
    // inside the project's .git: configuration and hooks, not git's own database
    expect(isProtected('/home/user/project/.git/hooks/pre-commit')).toBe(true);
    expect(isProtected('/home/user/project/.git')).toBe(true);
    expect(isProtected('/home/user/project/.git/FETCH_HEAD')).toBe(false);
    expect(isProtected('/home/user/project/.git/objects/ab/cdef')).toBe(false);
    expect(isProtected('/home/user/project/.git/index')).toBe(false);
    expect(isProtected('/home/user/project/secrets/.git/config')).toBe(false);
  });
});
