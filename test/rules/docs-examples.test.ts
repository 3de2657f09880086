/**
 * The decision examples of Claude Code's permissions docs, reduced to what the rule matchers
 * decide (which rule matches which call). Splitting compound commands, stripping wrappers and
 * the decision order belong to other modules; where an example needs them, the split parts are
 * given here directly.
 */
import { describe, expect, it } from 'vitest';
import {
  matchBashPattern,
  matchDomainRule,
  matchParamRule,
  matchPathRule,
  parseRule,
  ruleCoversTool,
  ruleWarningsForList,
} from '../../src/rules/index.js';
import type { PathMatchContext, Rule } from '../../src/rules/index.js';
import type { RuleList } from '../../src/core/types.js';

const rule = (text: string): Rule => {
  const r = parseRule(text);
  if (!r.ok) throw new Error(text);
  return r.rule;
};
const bash = (text: string, command: string, list: RuleList = 'allow') => {
  const r = rule(text);
  return ruleCoversTool(r, 'Bash', list) && (r.family === 'bare' || matchBashPattern(r.specifier!, command));
};
const ctx = (list: RuleList, slashAnchor = '/home/user/project'): PathMatchContext => ({
  cwd: '/home/user/project',
  home: '/home/user',
  slashAnchor,
  platform: 'linux',
  list,
});
const path = (text: string, tool: string, p: string, list: RuleList) => {
  const r = rule(text);
  return ruleCoversTool(r, tool, list) && matchPathRule(r, p, ctx(list));
};

describe('Claude Code docs examples at the rule level', () => {
  it('#1 deny Bash(aws *) and allow Bash(aws s3 ls) both match `aws s3 ls`', () => {
    expect(bash('Bash(aws *)', 'aws s3 ls', 'deny')).toBe(true);
    expect(bash('Bash(aws s3 ls)', 'aws s3 ls')).toBe(true);
  });
  it('#2 ask Bash(git push *) and allow Bash(git push origin main) both match', () => {
    expect(bash('Bash(git push *)', 'git push origin main', 'ask')).toBe(true);
    expect(bash('Bash(git push origin main)', 'git push origin main')).toBe(true);
  });
  it('#3 a bare Bash deny covers every Bash call', () => {
    expect(rule('Bash')).toMatchObject({ family: 'bare' });
    expect(bash('Bash', 'anything at all', 'deny')).toBe(true);
  });
  it('#4 Bash(ls *) does not match lsof; Bash(ls*) does', () => {
    expect(bash('Bash(ls *)', 'lsof')).toBe(false);
    expect(bash('Bash(ls*)', 'lsof')).toBe(true);
  });
  it('#5 Bash(git * main) matches `git push origin main` and `git merge main`', () => {
    expect(bash('Bash(git * main)', 'git push origin main')).toBe(true);
    expect(bash('Bash(git * main)', 'git merge main')).toBe(true);
  });
  it('#6 Bash(git:* push) does not match `git push` (":" literal mid-pattern)', () => {
    expect(bash('Bash(git:* push)', 'git push')).toBe(false);
  });
  it('#7 Bash(git stash *) matches `git stash`', () => {
    expect(bash('Bash(git stash *)', 'git stash')).toBe(true);
  });
  it('#8 Bash(safe-cmd *) covers `safe-cmd` but not `other-cmd` (each part matched alone)', () => {
    expect(bash('Bash(safe-cmd *)', 'safe-cmd')).toBe(true);
    expect(bash('Bash(safe-cmd *)', 'other-cmd')).toBe(false);
  });
  it('#9 Bash(npm test *) matches `npm test` once the wrapper / safe assignment is stripped', () => {
    expect(bash('Bash(npm test *)', 'npm test')).toBe(true);
    expect(bash('Bash(npm test *)', 'timeout 30 npm test')).toBe(false);
  });
  it('#10 deny Bash(rm *) matches `rm -rf tmp/` (after the assignment)', () => {
    expect(bash('Bash(rm *)', 'rm -rf tmp/', 'deny')).toBe(true);
  });
  it('#11 Bash(grep *) matches `grep pattern` but not `xargs -n1 grep pattern`', () => {
    expect(bash('Bash(grep *)', 'grep pattern')).toBe(true);
    expect(bash('Bash(grep *)', 'xargs -n1 grep pattern')).toBe(false);
  });
  it('#12 Bash(devbox run *) matches `devbox run rm -rf .` (runners are not stripped)', () => {
    expect(bash('Bash(devbox run *)', 'devbox run rm -rf .')).toBe(true);
  });
  it('#17 Bash(command:rm *) parses, is ignored and warns', () => {
    const r = parseRule('Bash(command:rm *)');
    expect(r.ok && r.rule.ignored).toBe(true);
    expect(r.ok && r.warnings.map((w) => w.code)).toEqual(['TG_RULE_PARAM_PRIMARY']);
    expect(ruleCoversTool(rule('Bash(command:rm *)'), 'Bash', 'deny')).toBe(false);
  });
  it('#18 deny Agent(model:opus): {model:"opus"} matches; full id / omitted do not', () => {
    const r = rule('Agent(model:opus)');
    expect(ruleCoversTool(r, 'Agent', 'deny')).toBe(true);
    expect(matchParamRule(r, { model: 'opus', prompt: 'p', subagent_type: 'Explore' })).toBe(true);
    expect(matchParamRule(r, { model: 'claude-opus-4-6' })).toBe(false);
    expect(matchParamRule(r, { prompt: 'p' })).toBe(false);
  });
  it('#19 deny Read(./.env): Read and Write of .env match; NotebookEdit is not covered', () => {
    expect(path('Read(./.env)', 'Read', '/home/user/project/.env', 'deny')).toBe(true);
    expect(path('Read(./.env)', 'Write', '/home/user/project/.env', 'deny')).toBe(true);
    expect(path('Read(./.env)', 'NotebookEdit', '/home/user/project/.env', 'deny')).toBe(false);
  });
  it('#20 deny Read(.env): sub/dir/.env matches; ../.env does not', () => {
    expect(path('Read(.env)', 'Read', '/home/user/project/sub/dir/.env', 'deny')).toBe(true);
    expect(path('Read(.env)', 'Read', '/home/user/.env', 'deny')).toBe(false);
  });
  it('#21 Edit(src/**) vs vendor/pkg/src/lib.js: allow no, deny yes', () => {
    expect(path('Edit(src/**)', 'Edit', '/home/user/project/vendor/pkg/src/lib.js', 'allow')).toBe(false);
    expect(path('Edit(src/**)', 'Edit', '/home/user/project/vendor/pkg/src/lib.js', 'deny')).toBe(true);
  });
  it('#22 Read(/secrets/**) in user settings anchors at ~/.claude', () => {
    const r = rule('Read(/secrets/**)');
    expect(matchPathRule(r, '/home/user/project/secrets/a', ctx('deny', '/home/user/.claude'))).toBe(false);
    expect(matchPathRule(r, '/home/user/.claude/secrets/a', ctx('deny', '/home/user/.claude'))).toBe(true);
  });
  it('#23 symlink ./project/key → ~/.ssh/id_rsa: allow matches the link, deny matches the target', () => {
    expect(path('Read(./project/**)', 'Read', '/home/user/project/project/key', 'allow')).toBe(true);
    expect(path('Read(./project/**)', 'Read', '/home/user/.ssh/id_rsa', 'allow')).toBe(false);
    expect(path('Read(~/.ssh/**)', 'Read', '/home/user/.ssh/id_rsa', 'deny')).toBe(true);
  });
  it('#24 WebFetch(domain:*.example.com): api.example.com yes, apex no', () => {
    const r = rule('WebFetch(domain:*.example.com)');
    expect(matchDomainRule(r, 'https://api.example.com/x', 'allow')).toBe(true);
    expect(matchDomainRule(r, 'https://example.com/', 'allow')).toBe(false);
  });
  it('#25 WebFetch(domain:example.*): example.org yes, example.evil.com no', () => {
    const r = rule('WebFetch(domain:example.*)');
    expect(matchDomainRule(r, 'https://example.org/', 'allow')).toBe(true);
    expect(matchDomainRule(r, 'https://example.evil.com/', 'allow')).toBe(false);
  });
  it('#26 allow mcp__* is ignored with a warning; mcp__github__get_* matches', () => {
    expect(ruleCoversTool(rule('mcp__*'), 'mcp__github__get_issue', 'allow')).toBe(false);
    expect(ruleWarningsForList(rule('mcp__*'), 'allow').map((d) => d.code)).toEqual(['TG_RULE_ALLOW_GLOB_IGNORED']);
    expect(ruleCoversTool(rule('mcp__github__get_*'), 'mcp__github__get_issue', 'allow')).toBe(true);
  });
  it('#27 deny mcp__* covers every MCP tool', () => {
    expect(ruleCoversTool(rule('mcp__*'), 'mcp__any__tool', 'deny')).toBe(true);
    expect(ruleCoversTool(rule('mcp__*'), 'Bash', 'deny')).toBe(false);
  });
  it('#28/#29 the same command matches rules in every list', () => {
    expect(bash('Bash(npm test)', 'npm test', 'deny')).toBe(true);
    expect(bash('Bash(curl *)', 'curl x', 'deny')).toBe(true);
  });
  it('#37 ask Bash(git push *) matches `git push`; deny Bash(rm *) matches `rm x`', () => {
    expect(bash('Bash(git push *)', 'git push', 'ask')).toBe(true);
    expect(bash('Bash(rm *)', 'rm x', 'deny')).toBe(true);
  });
  it('#42 disallowed Bash(rm *) matches `rm a.txt`, not `ls`', () => {
    expect(bash('Bash(rm *)', 'rm a.txt', 'deny')).toBe(true);
    expect(bash('Bash(rm *)', 'ls', 'deny')).toBe(false);
  });
  it('#43 Bash(npm test) is a narrow rule: only `npm test`', () => {
    expect(bash('Bash(npm test)', 'npm test')).toBe(true);
    expect(bash('Bash(npm test)', 'npm test --watch')).toBe(false);
  });
  it('#46 deny Bash(rm *) matches `rm x`', () => {
    expect(bash('Bash(rm *)', 'rm x', 'deny')).toBe(true);
  });
  it('#51 if: Bash(rm *) matches the `rm -rf /` part of `echo $(rm -rf /)`, not `echo $(date)` parts', () => {
    expect(bash('Bash(rm *)', 'rm -rf /', 'ask')).toBe(true);
    expect(bash('Bash(rm *)', 'date', 'ask')).toBe(false);
    expect(bash('Bash(rm *)', 'echo $(date)', 'ask')).toBe(false);
  });
});
