import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  contentSubject,
  hostOfUrl,
  matchContentRule,
  matchDomainRule,
  matchParamRule,
  parseRule,
  primaryField,
  ruleCoversTool,
  ruleWarningsForList,
  toolFamily,
  TOOL_INFO,
} from '../../src/rules/index.js';
import type { Rule } from '../../src/rules/index.js';

const rule = (text: string): Rule => {
  const r = parseRule(text);
  if (!r.ok) throw new Error(text);
  return r.rule;
};

describe('matchDomainRule', () => {
  const d = (r: string, url: string, list: 'allow' | 'deny' | 'ask' = 'allow') => matchDomainRule(rule(r), url, list);
  it('exact host, case-insensitive, trailing dot and port ignored', () => {
    expect(d('WebFetch(domain:example.com)', 'https://example.com/docs')).toBe(true);
    expect(d('WebFetch(domain:example.com)', 'https://EXAMPLE.com./x')).toBe(true);
    expect(d('WebFetch(domain:example.com)', 'http://example.com:8080/x')).toBe(true);
    expect(d('WebFetch(domain:example.com)', 'https://www.example.com/docs')).toBe(false);
    expect(d('WebFetch(domain:example.com)', 'https://example.com.evil.net/')).toBe(false);
    expect(d('WebFetch(domain:example.com)', 'https://user@evil.net/?example.com')).toBe(false);
    expect(d('WebFetch(domain:example.com)', 'https://evil.net@example.com/')).toBe(true);
  });
  it('*.host: any-depth subdomains, not the apex', () => {
    expect(d('WebFetch(domain:*.example.com)', 'https://api.example.com/x')).toBe(true);
    expect(d('WebFetch(domain:*.example.com)', 'https://a.b.example.com/x')).toBe(true);
    expect(d('WebFetch(domain:*.example.com)', 'https://example.com/')).toBe(false);
    expect(d('WebFetch(domain:*.example.com)', 'https://badexample.com/')).toBe(false);
  });
  it('* elsewhere stays within one label', () => {
    expect(d('WebFetch(domain:example.*)', 'https://example.org/')).toBe(true);
    expect(d('WebFetch(domain:example.*)', 'https://example.evil.com/')).toBe(false);
    expect(d('WebFetch(domain:api-*.example.com)', 'https://api-eu.example.com/')).toBe(true);
    expect(d('WebFetch(domain:api-*.example.com)', 'https://api-eu.x.example.com/')).toBe(false);
  });
  it('unparseable URLs: never an allow, always a deny/ask', () => {
    for (const url of ['not a url', '', 'example.com/x', 'file:///etc/passwd', '://']) {
      expect(d('WebFetch(domain:example.com)', url, 'allow')).toBe(false);
      expect(d('WebFetch(domain:example.com)', url, 'deny')).toBe(true);
      expect(d('WebFetch(domain:example.com)', url, 'ask')).toBe(true);
    }
  });
  it('hostOfUrl', () => {
    expect(hostOfUrl('https://Docs.Python.org./3/')).toBe('docs.python.org');
    expect(hostOfUrl('nope')).toBeUndefined();
  });
  it('WebFetch(domain:*) is the bare WebFetch rule', () => {
    expect(rule('WebFetch(domain:*)').family).toBe('bare');
  });
});

describe('matchParamRule', () => {
  it('compares the named top-level scalar as a string', () => {
    const r = rule('Agent(model:opus)');
    expect(matchParamRule(r, { model: 'opus', prompt: 'x' })).toBe(true);
    expect(matchParamRule(r, { model: 'claude-opus-4-6' })).toBe(false);
    expect(matchParamRule(r, { prompt: 'x' })).toBe(false);
    expect(matchParamRule(r, { model: null })).toBe(false);
    expect(matchParamRule(r, { model: ['opus'] })).toBe(false);
    expect(matchParamRule(rule('Agent(model:*opus*)'), { model: 'claude-opus-4-6' })).toBe(true);
  });
  it('numbers and booleans compare by their string form', () => {
    expect(matchParamRule(rule('Bash(run_in_background:true)'), { command: 'x', run_in_background: true })).toBe(true);
    expect(matchParamRule(rule('Bash(run_in_background:true)'), { command: 'x', run_in_background: false })).toBe(false);
    expect(matchParamRule(rule('Bash(timeout:600000)'), { command: 'x', timeout: 600000 })).toBe(true);
  });
  it('an ignored primary-field param rule never matches', () => {
    expect(matchParamRule(rule('Bash(command:rm *)'), { command: 'rm -rf x' })).toBe(false);
  });
  it('does not read inherited properties', () => {
    expect(matchParamRule(rule('Agent(model:*)'), Object.create({ model: 'opus' }) as Record<string, unknown>)).toBe(false);
  });
});

describe('matchContentRule and contentSubject', () => {
  it('Agent(type) exact', () => {
    expect(matchContentRule(rule('Agent(Explore)'), 'Explore')).toBe(true);
    expect(matchContentRule(rule('Agent(Explore)'), 'Plan')).toBe(false);
    expect(matchContentRule(rule('Agent(Explore)'), 'explore')).toBe(false);
  });
  it('Skill(name) exact and Skill(name *) prefix', () => {
    expect(matchContentRule(rule('Skill(commit)'), 'commit')).toBe(true);
    expect(matchContentRule(rule('Skill(commit)'), 'commit-all')).toBe(false);
    expect(matchContentRule(rule('Skill(review-pr *)'), 'review-pr')).toBe(true);
    expect(matchContentRule(rule('Skill(review-pr *)'), 'review-pr 42')).toBe(true);
    expect(matchContentRule(rule('Skill(review-pr *)'), 'review-prx')).toBe(false);
  });
  it('contentSubject reads the primary field; Skill joins args', () => {
    expect(contentSubject('Skill', { skill: '/review-pr', args: '42' })).toBe('review-pr 42');
    expect(contentSubject('Skill', { skill: 'commit' })).toBe('commit');
    expect(contentSubject('Agent', { subagent_type: 'Explore', prompt: 'x' })).toBe('Explore');
    expect(contentSubject('Agent', { prompt: 'x' })).toBeUndefined();
    expect(contentSubject('TodoWrite', { todos: [] })).toBeUndefined();
  });
  it('ignored rules never match', () => {
    expect(matchContentRule(rule('WebSearch(cats)'), 'cats')).toBe(false);
  });
});

describe('ruleCoversTool', () => {
  const c = (r: string, tool: string, list: 'allow' | 'ask' | 'deny' = 'deny') => ruleCoversTool(rule(r), tool, list);
  it('bare names are exact', () => {
    expect(c('Bash', 'Bash')).toBe(true);
    expect(c('Bash', 'Monitor')).toBe(false);
    expect(c('Edit', 'Write')).toBe(false);
    expect(c('Write', 'Write')).toBe(true);
  });
  it('Edit(...) covers the file-writing tools; in allow also the reading ones', () => {
    for (const t of ['Edit', 'Write', 'MultiEdit', 'NotebookEdit']) expect(c('Edit(src/**)', t)).toBe(true);
    expect(c('Edit(src/**)', 'Read', 'deny')).toBe(false);
    expect(c('Edit(src/**)', 'Read', 'allow')).toBe(true);
    expect(c('Edit(src/**)', 'Bash')).toBe(false);
  });
  it('Read(...) covers the reading tools; in deny/ask also Edit/Write/MultiEdit, not NotebookEdit', () => {
    for (const t of ['Read', 'Grep', 'Glob', 'LSP', 'NotebookRead']) expect(c('Read(.env)', t, 'allow')).toBe(true);
    expect(c('Read(.env)', 'Write', 'deny')).toBe(true);
    expect(c('Read(.env)', 'Edit', 'ask')).toBe(true);
    expect(c('Read(.env)', 'NotebookEdit', 'deny')).toBe(false);
    expect(c('Read(.env)', 'Write', 'allow')).toBe(false);
  });
  it('Bash(...) covers Bash and Monitor', () => {
    expect(c('Bash(rm *)', 'Monitor')).toBe(true);
    expect(c('Bash(rm *)', 'PowerShell')).toBe(false);
  });
  it('MCP server rules and globs', () => {
    expect(c('mcp__tts__*', 'mcp__tts__say', 'allow')).toBe(true);
    expect(c('mcp__cachebro', 'mcp__cachebro__read_file', 'allow')).toBe(true);
    expect(c('mcp__cachebro', 'mcp__cachebrox__read_file', 'allow')).toBe(false);
    expect(c('mcp__github__get_*', 'mcp__github__get_issue', 'allow')).toBe(true);
    expect(c('mcp__github__get_*', 'mcp__github__create_issue', 'allow')).toBe(false);
    expect(c('mcp__github__get_issue', 'mcp__github__get_issue_comments', 'allow')).toBe(false);
  });
  it('unanchored globs count in deny/ask, never in allow', () => {
    expect(c('mcp__*', 'mcp__github__create_issue', 'deny')).toBe(true);
    expect(c('mcp__*', 'mcp__github__create_issue', 'allow')).toBe(false);
    expect(c('*', 'Bash', 'deny')).toBe(true);
    expect(c('*', 'Bash', 'allow')).toBe(false);
    expect(c('B*', 'Bash', 'ask')).toBe(true);
    expect(c('B*', 'WebFetch', 'ask')).toBe(false);
    expect(c('mcp__git*__x', 'mcp__github__x', 'allow')).toBe(false);
    expect(c('mcp__git*__x', 'mcp__github__x', 'deny')).toBe(true);
  });
  it('param rules count in deny/ask only; ignored rules never', () => {
    expect(c('Agent(model:opus)', 'Agent', 'deny')).toBe(true);
    expect(c('Agent(model:opus)', 'Agent', 'allow')).toBe(false);
    expect(c('Bash(command:rm *)', 'Bash', 'deny')).toBe(false);
    expect(c('Write(src/**)', 'Write', 'deny')).toBe(false);
  });
});

describe('ruleWarningsForList', () => {
  const codes = (r: string, list: 'allow' | 'ask' | 'deny') => ruleWarningsForList(rule(r), list).map((d) => d.code);
  it('allow globs without a literal server prefix', () => {
    expect(codes('mcp__*', 'allow')).toEqual(['TG_RULE_ALLOW_GLOB_IGNORED']);
    expect(codes('*', 'allow')).toEqual(['TG_RULE_ALLOW_GLOB_IGNORED']);
    expect(codes('mcp__github__get_*', 'allow')).toEqual([]);
    expect(codes('mcp__*', 'deny')).toEqual([]);
  });
  it('param rules in allow', () => {
    expect(codes('Agent(model:opus)', 'allow')).toEqual(['TG_RULE_PARAM_IN_ALLOW']);
    expect(codes('Agent(model:opus)', 'deny')).toEqual([]);
  });
  it('unknown tools in deny/ask', () => {
    expect(codes('Bsh(rm *)', 'deny')).toEqual(['TG_RULE_UNKNOWN_TOOL']);
    expect(codes('my_tool', 'deny')).toEqual([]);
    expect(codes('Bsh', 'allow')).toEqual([]);
  });
});

describe('tool tables', () => {
  it('families', () => {
    expect(toolFamily('Read')).toBe('read');
    expect(toolFamily('Grep')).toBe('read');
    expect(toolFamily('Write')).toBe('edit');
    expect(toolFamily('NotebookEdit')).toBe('edit');
    expect(toolFamily('Bash')).toBe('shell');
    expect(toolFamily('WebFetch')).toBe('web');
    expect(toolFamily('mcp__x__y')).toBe('mcp');
    for (const t of [
      'AskUserQuestion',
      'TodoWrite',
      'TaskCreate',
      'TaskStop',
      'ToolSearch',
      'CronCreate',
      'EnterWorktree',
      'ExitWorktree',
      'EnterPlanMode',
      'ListAgents',
      'SendMessage',
      'EndConversation',
      'Skill',
      'Agent',
    ]) {
      expect(toolFamily(t), t).toBe('interaction');
    }
    expect(toolFamily('ExitPlanMode')).toBe('other');
    expect(toolFamily('SomethingNew')).toBe('other');
    expect(toolFamily('toString')).toBe('other');
  });
  it('primary fields', () => {
    expect(primaryField('Bash')).toBe('command');
    expect(primaryField('Monitor')).toBe('command');
    expect(primaryField('Read')).toBe('file_path');
    expect(primaryField('Write')).toBe('file_path');
    expect(primaryField('NotebookEdit')).toBe('notebook_path');
    expect(primaryField('Glob')).toBe('path');
    expect(primaryField('Grep')).toBe('path');
    expect(primaryField('WebFetch')).toBe('url');
    expect(primaryField('Agent')).toBe('subagent_type');
    expect(primaryField('Skill')).toBe('skill');
    expect(primaryField('TodoWrite')).toBeUndefined();
    expect(primaryField('constructor')).toBeUndefined();
  });
  it('no tool lists its primary field among its params', () => {
    for (const [name, info] of Object.entries(TOOL_INFO)) {
      if (info.primaryField !== undefined) expect(info.params, name).not.toContain(info.primaryField);
    }
  });
  it('random tool names never throw', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        toolFamily(s);
        primaryField(s);
      }),
    );
  });
});

describe('PowerShell content rules', () => {
  it('compare case-insensitively', () => {
    expect(matchContentRule(rule('PowerShell(Get-ChildItem *)'), 'get-childitem -Recurse')).toBe(true);
    expect(matchContentRule(rule('PowerShell(Remove-Item *)'), 'REMOVE-ITEM x')).toBe(true);
    expect(matchContentRule(rule('PowerShell(Remove-Item *)'), 'Get-Item x')).toBe(false);
  });
});

describe('ruleWarningsForList ranges', () => {
  it('cover the tool name as written', () => {
    const d = ruleWarningsForList(rule('  Bsh(rm *)'), 'deny')[0]!;
    expect(d.range).toEqual({ start: 2, end: 5 });
    const g = ruleWarningsForList(rule('mcp__*'), 'allow')[0]!;
    expect(g.range).toEqual({ start: 0, end: 6 });
  });
});
