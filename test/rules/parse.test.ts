import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseRule, RULE_DIAGNOSTICS } from '../../src/rules/index.js';
import type { Rule } from '../../src/rules/index.js';
import { propertyRuns } from '../support/property-runs.js';

function ok(text: string): Rule {
  const r = parseRule(text);
  if (!r.ok) throw new Error(`expected ${text} to parse: ${JSON.stringify(r.issues)}`);
  return r.rule;
}
function warnings(text: string): string[] {
  const r = parseRule(text);
  return r.ok ? r.warnings.map((w) => w.code) : [];
}
function issue(text: string) {
  const r = parseRule(text);
  if (r.ok) throw new Error(`expected ${text} to fail`);
  return r.issues[0];
}

describe('parseRule: bare forms', () => {
  it.each(['Bash', 'Bash()', 'Bash(*)', 'WebFetch(domain:*)', 'mcp__github', 'mcp__github__get_issue'])('%s is bare', (text) => {
    expect(ok(text).family).toBe('bare');
    expect(ok(text).specifier).toBeUndefined();
  });
  it('Bash() warns about empty parentheses', () => {
    expect(warnings('Bash()')).toEqual(['TG_RULE_EMPTY_PARENS']);
  });
  it('keeps the original text', () => {
    expect(ok('Bash(*)').text).toBe('Bash(*)');
    expect(ok('Bash(*)').tool).toBe('Bash');
  });
  it('tool-name globs', () => {
    for (const t of ['*', 'mcp__*', 'mcp__github__get_*', 'B*']) {
      const r = ok(t);
      expect(r.toolIsGlob).toBe(true);
      expect(r.family).toBe('bare');
    }
    expect(ok('mcp__github__*').toolIsGlob).toBe(true);
  });
  it('legacy Task is Agent', () => {
    expect(ok('Task(Explore)')).toMatchObject({ tool: 'Agent', family: 'content', specifier: 'Explore' });
    expect(warnings('Task')).toEqual(['TG_RULE_LEGACY_TOOL_NAME']);
  });
  it('trims whitespace around the rule with a warning', () => {
    expect(ok('  Bash(ls) ')).toMatchObject({ tool: 'Bash', specifier: 'ls' });
    expect(warnings(' Bash ')).toEqual(['TG_RULE_WHITESPACE']);
  });
});

describe('parseRule: bash', () => {
  it('exact, prefix, wildcard', () => {
    expect(ok('Bash(npm run build)')).toMatchObject({ family: 'bash', specifier: 'npm run build' });
    expect(ok('Bash(npm run test *)')).toMatchObject({ family: 'bash', specifier: 'npm run test *' });
    expect(ok('Bash(git * main)').specifier).toBe('git * main');
    expect(ok('Monitor(tail -f *)').family).toBe('bash');
  });
  it('legacy :* warns and stays a bash rule (not a param rule)', () => {
    expect(ok('Bash(npm:*)')).toMatchObject({ family: 'bash', specifier: 'npm:*' });
    expect(warnings('Bash(npm:*)')).toEqual(['TG_RULE_LEGACY_PREFIX']);
    expect(warnings('Bash(git:* push)')).toEqual([]);
  });
  it('escapes \\( \\) unescape', () => {
    expect(ok('Bash(echo \\(hi\\))').specifier).toBe('echo (hi)');
    expect(ok('Bash(find . \\\\\\( -name x \\\\\\))').specifier).toBe('find . \\( -name x \\)');
  });
  it('inner unescaped parentheses are content when the rule ends with )', () => {
    expect(ok('Bash(node -e "console.log(1)")').specifier).toBe('node -e "console.log(1)"');
  });
  it('an empty :* prefix is an error', () => {
    expect(issue('Bash(:*)').code).toBe('TG_RULE_EMPTY_PREFIX');
  });
});

describe('parseRule: param rules', () => {
  it('known non-primary fields', () => {
    expect(ok('Agent(model:opus)')).toMatchObject({ family: 'param', param: { name: 'model', value: 'opus' }, specifier: 'model:opus' });
    expect(ok('Agent(isolation:worktree)').family).toBe('param');
    expect(ok('Bash(run_in_background:true)').param).toEqual({ name: 'run_in_background', value: 'true' });
    expect(ok('Bash(dangerouslyDisableSandbox:true)').family).toBe('param');
  });
  it('whitespace around : is ignored', () => {
    expect(ok('Agent(model : opus)').param).toEqual({ name: 'model', value: 'opus' });
  });
  it('Agent(Explore) is a content rule', () => {
    expect(ok('Agent(Explore)')).toMatchObject({ family: 'content', specifier: 'Explore' });
  });
  it('a primary-field param rule parses, is ignored and warns', () => {
    const r = ok('Bash(command:rm *)');
    expect(r).toMatchObject({ family: 'param', ignored: true });
    expect(warnings('Bash(command:rm *)')).toEqual(['TG_RULE_PARAM_PRIMARY']);
    expect(ok('Read(file_path:/etc/*)').ignored).toBe(true);
    expect(ok('WebFetch(url:*)').ignored).toBe(true);
  });
  it('Bash(timeout:*) is a param rule with an ambiguity warning', () => {
    expect(ok('Bash(timeout:*)').family).toBe('param');
    expect(warnings('Bash(timeout:*)')).toEqual(['TG_RULE_PARAM_AMBIGUOUS']);
  });
  it('unknown tools never get param rules', () => {
    expect(ok('MyTool(mode:fast)').family).toBe('content');
  });
});

describe('parseRule: paths, domains, others', () => {
  it('Read/Edit paths', () => {
    expect(ok('Read(./.env)')).toMatchObject({ family: 'path', specifier: './.env' });
    expect(ok('Edit(src/**)')).toMatchObject({ family: 'path', specifier: 'src/**' });
    expect(ok('Read(//**/.env)').specifier).toBe('//**/.env');
    expect(ok('Read(**)').family).toBe('path');
  });
  it.each(['Write(src/**)', 'Glob(**/*.ts)', 'MultiEdit(a)', 'NotebookEdit(x.ipynb)', 'Grep(x)'])(
    '%s is ignored with a warning',
    (text) => {
      const r = ok(text);
      expect(r).toMatchObject({ family: 'path', ignored: true });
      expect(warnings(text)).toEqual(['TG_RULE_PATH_IGNORED']);
    },
  );
  it('domains', () => {
    expect(ok('WebFetch(domain:Example.COM.)')).toMatchObject({ family: 'domain', domain: 'example.com', specifier: 'domain:example.com' });
    expect(ok('WebFetch(domain:*.example.com)').domain).toBe('*.example.com');
    expect(issue('WebFetch(https://example.com)').code).toBe('TG_RULE_DOMAIN');
    expect(issue('WebFetch(domain:)').code).toBe('TG_RULE_DOMAIN');
    expect(issue('WebFetch(domain:a b)').code).toBe('TG_RULE_DOMAIN');
  });
  it('Skill and PowerShell are content rules', () => {
    expect(ok('Skill(review-pr *)')).toMatchObject({ family: 'content', specifier: 'review-pr *' });
    expect(ok('Skill(commit)').specifier).toBe('commit');
    expect(ok('PowerShell(Get-ChildItem *)').family).toBe('content');
  });
  it('a specifier on a tool that takes none is ignored', () => {
    expect(ok('WebSearch(cats)')).toMatchObject({ ignored: true });
    expect(warnings('TodoWrite(x)')).toEqual(['TG_RULE_SPECIFIER_IGNORED']);
  });
});

describe('parseRule: invalid rules', () => {
  const cases: [string, string, number][] = [
    ['', 'TG_RULE_EMPTY', 0],
    ['   ', 'TG_RULE_EMPTY', 0],
    ['(ls)', 'TG_RULE_EMPTY_TOOL', 0],
    ['Bash(rm -r /)*', 'TG_RULE_TRAILING_TEXT', 13],
    ['Bash(ls', 'TG_RULE_UNBALANCED_PAREN', 4],
    ['Bash)', 'TG_RULE_UNBALANCED_PAREN', 4],
    ['Bash(ls\\)', 'TG_RULE_UNBALANCED_PAREN', 4],
    ['Bash (ls)', 'TG_RULE_INVALID_TOOL_NAME', 4],
    ['Ba:sh', 'TG_RULE_INVALID_TOOL_NAME', 2],
    ['mcp__github__x(foo)', 'TG_RULE_MCP_SPECIFIER', 14],
    ['mcp__*(foo)', 'TG_RULE_GLOB_SPECIFIER', 7],
    ['  Bash(x)y', 'TG_RULE_TRAILING_TEXT', 9],
  ];
  it.each(cases)('%j → %s at %i', (text, code, start) => {
    const i = issue(text);
    expect(i.code).toBe(code);
    expect(i.severity).toBe('error');
    expect(i.range?.start).toBe(start);
    expect(i.message.length).toBeGreaterThan(0);
  });
  it('every code it reports is documented', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const r = parseRule(s);
        const codes = r.ok ? r.warnings.map((w) => w.code) : r.issues.map((i) => i.code);
        for (const c of codes) expect(Object.keys(RULE_DIAGNOSTICS)).toContain(c);
      }),
    );
  });
  it('never throws on random strings, and ranges stay inside the text', () => {
    const alphabet = fc.constantFrom(...'Bash()\\*: mcp__.ReadEdit/~-domain'.split(''));
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: alphabet, maxLength: 30 })), (s) => {
        const r = parseRule(s);
        const all = r.ok ? r.warnings : r.issues;
        for (const d of all) {
          expect(d.range!.start).toBeGreaterThanOrEqual(0);
          expect(d.range!.end).toBeLessThanOrEqual(s.length);
        }
      }),
      { numRuns: propertyRuns(2000) },
    );
    expect(parseRule(undefined as unknown as string).ok).toBe(false);
  });
});
