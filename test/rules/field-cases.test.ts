/**
 * Rule-matching cases distilled from public bug reports and from Codex's execpolicy tests, reduced
 * to the matcher level. Each input is copied here (the shared case files are replayed in full by
 * the conformance runner); cases whose answer depends on shell analysis or the decision order are
 * covered only in the part the matchers decide.
 */
import { describe, expect, it } from 'vitest';
import { matchBashPattern, matchDomainRule, matchPathRule, parseRule, ruleCoversTool } from '../../src/rules/index.js';
import type { PathMatchContext, Rule } from '../../src/rules/index.js';
import type { Platform, RuleList } from '../../src/core/types.js';

const rule = (text: string): Rule => {
  const r = parseRule(text);
  if (!r.ok) throw new Error(text);
  return r.rule;
};
const bash = (text: string, command: string, list: RuleList) => {
  const r = rule(text);
  return ruleCoversTool(r, 'Bash', list) && (r.family === 'bare' || matchBashPattern(r.specifier!, command));
};
const pathCtx = (list: RuleList, platform: Platform = 'linux', cwd = '/home/user/project', home = '/home/user'): PathMatchContext => ({
  cwd,
  home,
  slashAnchor: cwd,
  platform,
  list,
});

describe('field reports: rule matching', () => {
  it('BUG-001 allow Bash(git stash *) matches `git stash`', () => {
    expect(bash('Bash(git stash *)', 'git stash', 'allow')).toBe(true);
  });
  it('BUG-002 allow Bash(ssh * uptime *) matches `ssh web1 uptime`', () => {
    expect(bash('Bash(ssh * uptime *)', 'ssh web1 uptime', 'allow')).toBe(true);
  });
  it('BUG-003 allow Bash(git -C * show:*) matches `git -C /srv/repo show HEAD`', () => {
    expect(bash('Bash(git -C * show:*)', 'git -C /srv/repo show HEAD', 'allow')).toBe(true);
  });
  it('BUG-004 allow Bash(msbuild *) matches quoted arguments', () => {
    expect(bash('Bash(msbuild *)', 'msbuild "-p:Configuration=Release" app.sln', 'allow')).toBe(true);
  });
  it('BUG-006 the text of `mkdir -p /home/user/cache/claude-$PPID` matches the pattern textually (the shell layer must refuse non-literal words for allow)', () => {
    expect(matchBashPattern('mkdir -p /home/user/cache/claude-*', 'mkdir -p /home/user/cache/claude-$PPID')).toBe(true);
  });
  it('BUG-007 deny Read(~/**) covers /home/user/notes/todo.txt', () => {
    expect(matchPathRule(rule('Read(~/**)'), '/home/user/notes/todo.txt', pathCtx('deny'))).toBe(true);
    expect(matchPathRule(rule('Read(//**)'), '/etc/passwd', pathCtx('deny'))).toBe(true);
  });
  it('BUG-008 deny Edit(**/.claude/*) and Edit(**/.claude/**) cover a Write to .claude/rules/test.txt', () => {
    for (const t of ['Edit(**/.claude/*)', 'Edit(**/.claude/**)']) {
      const r = rule(t);
      expect(ruleCoversTool(r, 'Write', 'deny')).toBe(true);
      expect(matchPathRule(r, '/home/user/project/.claude/rules/test.txt', pathCtx('deny'))).toBe(true);
    }
  });
  it('BUG-009 deny Read(**/.env*) covers an absolute nested .env', () => {
    expect(matchPathRule(rule('Read(**/.env*)'), '/home/user/project/server/.env', pathCtx('deny'))).toBe(true);
  });
  it('BUG-010 deny Read(./.env), Read(.env), Read(/.env) all cover the project-root .env', () => {
    for (const t of ['Read(./.env)', 'Read(.env)', 'Read(/.env)']) {
      expect(matchPathRule(rule(t), '/home/user/project/.env', pathCtx('deny')), t).toBe(true);
    }
  });
  it('BUG-014 WebFetch(domain:example.com) does not cover www.example.com', () => {
    expect(matchDomainRule(rule('WebFetch(domain:example.com)'), 'https://www.example.com/docs', 'allow')).toBe(false);
  });
  it('BUG-016 allow mcp__tts__* covers mcp__tts__say', () => {
    expect(ruleCoversTool(rule('mcp__tts__*'), 'mcp__tts__say', 'allow')).toBe(true);
  });
  it('BUG-017 allow mcp__cachebro covers mcp__cachebro__read_file', () => {
    expect(ruleCoversTool(rule('mcp__cachebro'), 'mcp__cachebro__read_file', 'allow')).toBe(true);
  });
  it('BUG-018 allow mcp__* does not cover mcp__github__create_issue', () => {
    expect(ruleCoversTool(rule('mcp__*'), 'mcp__github__create_issue', 'allow')).toBe(false);
  });
  it('BUG-020 Windows 8.3 alias: lexical matching misses it; the real (long) path matches', () => {
    const ctx = pathCtx('deny', 'windows', 'C:\\Users\\user\\project', 'C:\\Users\\user');
    const r = rule('Read(//c/Users/user/Secrets/**)');
    expect(matchPathRule(r, 'C:\\Users\\user\\SECRET~1\\key.txt', ctx)).toBe(false);
    expect(matchPathRule(r, 'C:\\Users\\user\\Secrets\\key.txt', ctx)).toBe(true);
  });
  it('BUG-021 Windows path is normalised to /c/... for a // rule', () => {
    const ctx = pathCtx('deny', 'windows', 'C:\\Users\\user\\project', 'C:\\Users\\user');
    expect(matchPathRule(rule('Read(//c/Users/user/Contacts/**)'), 'C:\\Users\\user\\Contacts\\list.vcf', ctx)).toBe(true);
  });
  it('BUG-022 macOS deny Read(./Secret.txt) covers SECRET.TXT; allow is not widened', () => {
    const deny = pathCtx('deny', 'macos', '/Users/user/project', '/Users/user');
    const allow = pathCtx('allow', 'macos', '/Users/user/project', '/Users/user');
    expect(matchPathRule(rule('Read(./Secret.txt)'), '/Users/user/project/SECRET.TXT', deny)).toBe(true);
    expect(matchPathRule(rule('Read(./Secret.txt)'), '/Users/user/project/SECRET.TXT', allow)).toBe(false);
  });
  it('BUG-023 deny Read(./secrets/**) covers the symlink target', () => {
    expect(matchPathRule(rule('Read(./secrets/**)'), '/home/user/project/docs/link.txt', pathCtx('deny'))).toBe(false);
    expect(matchPathRule(rule('Read(./secrets/**)'), '/home/user/project/secrets/key.txt', pathCtx('deny'))).toBe(true);
  });
  it('BUG-024 deny Read(./.env) covers Grep on .env', () => {
    const r = rule('Read(./.env)');
    expect(ruleCoversTool(r, 'Grep', 'deny')).toBe(true);
    expect(matchPathRule(r, '/home/user/project/.env', pathCtx('deny'))).toBe(true);
  });
  it('BUG-025 deny Bash(rm -rf /:*) does not match reordered flags `rm -fr /`', () => {
    expect(bash('Bash(rm -rf /:*)', 'rm -rf /', 'deny')).toBe(true);
    expect(bash('Bash(rm -rf /:*)', 'rm -fr /', 'deny')).toBe(false);
  });
});

describe('Codex execpolicy cases, translated: rule matching', () => {
  it('codex-001/011 allow Bash(git status *) matches `git status`', () => {
    expect(bash('Bash(git status *)', 'git status', 'allow')).toBe(true);
  });
  it('codex-003 allow Bash(ls *) matches `ls -l`', () => {
    expect(bash('Bash(ls *)', 'ls -l', 'allow')).toBe(true);
  });
  it('codex-005 ask Bash(git *) matches `git status`, deny Bash(git commit *) does not', () => {
    expect(bash('Bash(git *)', 'git status', 'ask')).toBe(true);
    expect(bash('Bash(git commit *)', 'git status', 'deny')).toBe(false);
  });
  it('codex-013 deny Bash(git commit *) and ask Bash(git *) both match `git commit -m hi`', () => {
    expect(bash('Bash(git commit *)', 'git commit -m hi', 'deny')).toBe(true);
    expect(bash('Bash(git *)', 'git commit -m hi', 'ask')).toBe(true);
  });
  it('codex-119 deny Bash(rm *) matches `rm -rf /some/important/folder`', () => {
    expect(bash('Bash(rm *)', 'rm -rf /some/important/folder', 'deny')).toBe(true);
  });
  it('codex-121 ask Bash(rm *) matches a bare `rm`', () => {
    expect(bash('Bash(rm *)', 'rm', 'ask')).toBe(true);
  });
  it('codex-131/147 deny Bash(rm *) matches the inner `rm -rf target` once extracted', () => {
    expect(bash('Bash(rm *)', 'rm -rf target', 'deny')).toBe(true);
    expect(bash('Bash(rm *)', 'echo ok', 'deny')).toBe(false);
  });
  it('codex-139/141/143/145/149 Bash(echo *) does not match the delegating commands themselves', () => {
    for (const c of [
      "env bash -c 'echo hidden'",
      "exec bash -c 'echo hidden'",
      '. ./payload.sh',
      "trap 'rm -rf target' EXIT",
      'env FOO=bar -u bash',
    ]) {
      expect(bash('Bash(echo *)', c, 'allow'), c).toBe(false);
    }
  });
  it('codex-151 ask Bash(later *) matches `later value`; allow Bash(echo *) matches `echo first`', () => {
    expect(bash('Bash(later *)', 'later value', 'ask')).toBe(true);
    expect(bash('Bash(echo *)', 'echo first', 'allow')).toBe(true);
  });
  it('codex-116 allow Bash(cat *) matches `cat` text-wise; the PATH assignment must stop it upstream', () => {
    expect(bash('Bash(cat *)', "cat <<'EOF'", 'allow')).toBe(true);
    expect(bash('Bash(cat *)', "PATH=/tmp/evil:$PATH cat <<'EOF'", 'allow')).toBe(false);
  });
});
