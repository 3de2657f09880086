/**
 * `lint` on rules a newcomer mistypes: a tool name near a built-in one (`Raed`, `bash`), another
 * unknown name, a space just inside the parentheses — errors where a deny or ask rule then
 * protects nothing, each finding once.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { formatLintReport, lintSettings, type LintCode, type LintReport } from '../../src/lint/index.js';
import { editDistance, nearToolNames } from '../../src/lint/tool-names.js';
import { TOOL_INFO } from '../../src/rules/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

beforeAll(async () => {
  await prepare();
});

const FILE = '/home/user/project/.claude/settings.json';
const lint = (permissions: Record<string, string[]>, options: Parameters<typeof lintSettings>[1] = {}): Promise<LintReport> =>
  lintSettings([{ text: JSON.stringify({ permissions }, null, 2), file: FILE }], options);
const only = (r: LintReport, code: LintCode) => r.diagnostics.filter((d) => d.code === code);
const decide = (permissions: Record<string, string[]>, call: { tool: string; input: Record<string, unknown> }) =>
  evaluate(call, {
    mode: 'default',
    policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]),
    cwd: '/home/user/project',
    home: '/home/user',
  });

describe('near misses of built-in tool names', () => {
  it.each([
    ['Raed(./.env)', 'Read(./.env)'],
    ['bash(rm *)', 'Bash(rm *)'],
    ['BASH(rm *)', 'Bash(rm *)'],
    ['Wirte(src/**)', 'Write(src/**)'],
    ['Tsak(x)', 'Agent(x)'],
  ])('%s in deny is an error saying "did you mean %s"', async (rule, meant) => {
    const r = await lint({ deny: [rule] });
    const found = only(r, 'TG_LINT_TOOL_NEAR_MISS');
    expect(found, formatLintReport(r)).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'error', path: ['permissions', 'deny', 0], file: FILE, line: 4 });
    expect(found[0]!.message).toContain(`did you mean "${meant}"`);
    expect(found[0]!.message).toMatch(/refuses nothing/);
  });

  it('in ask it is an error, in allow a warning', async () => {
    const r = await lint({ allow: ['Raed(src/**)'], ask: ['bash(git push *)'] });
    expect(only(r, 'TG_LINT_TOOL_NEAR_MISS').map((d) => [d.path?.[1], d.severity])).toEqual([
      ['allow', 'warning'],
      ['ask', 'error'],
    ]);
    expect(only(r, 'TG_LINT_TOOL_NEAR_MISS')[1]!.message).toMatch(/asks about nothing/);
  });

  it('what the error says is true: the mistyped deny rule refuses nothing, the suggested one refuses', () => {
    const read = { tool: 'Read', input: { file_path: '/home/user/project/.env' } };
    expect(decide({ deny: ['Raed(./.env)'] }, read).behavior).not.toBe('deny');
    expect(decide({ deny: ['Read(./.env)'] }, read).behavior).toBe('deny');
    const rm = { tool: 'Bash', input: { command: 'rm x' } };
    expect(decide({ deny: ['bash(rm *)'] }, rm).behavior).not.toBe('deny');
    expect(decide({ deny: ['Bash(rm *)'] }, rm).behavior).toBe('deny');
  });

  it('property: every built-in name in another case, or one edit away, is a near miss of it; the name itself is not', () => {
    const names = Object.keys(TOOL_INFO).filter((n) => n.length >= 4);
    fc.assert(
      fc.property(fc.constantFrom(...names), fc.nat(), fc.constantFrom('case', 'drop', 'swap'), (name, at, how) => {
        const i = at % (name.length - 1);
        const typo =
          how === 'case'
            ? name.toLowerCase()
            : how === 'drop'
              ? name.slice(0, i) + name.slice(i + 1)
              : name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
        if (typo === name || TOOL_INFO[typo] !== undefined) return;
        expect(nearToolNames(typo)).toContain(name);
        expect(nearToolNames(name)).toEqual([]);
      }),
    );
  });

  it('edit distance counts a swap of neighbours as one edit', () => {
    expect(editDistance('raed', 'read')).toBe(1);
    expect(editDistance('frob', 'glob')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
  });
});

describe('other unknown tool names', () => {
  it('are errors in deny and ask rules, warnings in allow rules, and say how to declare a tool', async () => {
    const r = await lint({ allow: ['Frobnicate'], ask: ['my_custom_tool'], deny: ['Deploy(prod)'] });
    expect(only(r, 'TG_LINT_UNKNOWN_TOOL').map((d) => [d.path?.[1], d.severity])).toEqual([
      ['allow', 'warning'],
      ['ask', 'error'],
      ['deny', 'error'],
    ]);
    expect(only(r, 'TG_LINT_UNKNOWN_TOOL')[2]!.message).toContain('toolgate lint --tools Deploy');
  });

  it('are not reported when declared (--tools), nor are mcp__ names', async () => {
    const r = await lint({ deny: ['Deploy(prod)', 'my_custom_tool', 'mcp__github__delete_repo'] }, { tools: ['Deploy', 'my_custom_tool'] });
    expect(only(r, 'TG_LINT_UNKNOWN_TOOL')).toEqual([]);
    expect(only(r, 'TG_LINT_TOOL_NEAR_MISS')).toEqual([]);
  });
});

describe('a space just inside the parentheses', () => {
  it('in a path deny rule is an error: the space is part of the pattern, and the rule refuses nothing a person means', async () => {
    const r = await lint({ deny: ['Read(./.env )', 'Read( ./secrets/**)'] });
    const found = only(r, 'TG_LINT_SPACE_IN_PARENS');
    expect(found.map((d) => d.severity)).toEqual(['error', 'error']);
    expect(found[0]!.message).toContain('trailing space');
    expect(found[0]!.message).toContain('write "Read(./.env)"');
    expect(found[1]!.message).toContain('leading space');
    expect(decide({ deny: ['Read(./.env )'] }, { tool: 'Read', input: { file_path: '/home/user/project/.env' } }).behavior).not.toBe(
      'deny',
    );
  });

  it('in a path allow rule is a warning', async () => {
    const r = await lint({ allow: ['Edit(src/** )'] });
    expect(only(r, 'TG_LINT_SPACE_IN_PARENS').map((d) => d.severity)).toEqual(['warning']);
  });

  it('in a command or domain rule is a warning: toolgate reads the rule as if the space were not there', async () => {
    const r = await lint({ deny: ['Bash( rm -rf *)', 'WebFetch(domain:example.com )'] });
    const found = only(r, 'TG_LINT_SPACE_IN_PARENS');
    expect(found.map((d) => d.severity)).toEqual(['warning', 'warning']);
    expect(found[0]!.message).toContain('toolgate reads this rule as "Bash(rm -rf *)"');
    expect(decide({ deny: ['Bash( rm -rf *)'] }, { tool: 'Bash', input: { command: 'rm -rf dist' } }).behavior).toBe('deny');
    expect(decide({ deny: ['WebFetch(domain:example.com )'] }, { tool: 'WebFetch', input: { url: 'https://example.com/' } }).behavior).toBe(
      'deny',
    );
  });

  it('is not reported for rules without it', async () => {
    const r = await lint({ allow: ['Bash(npm run test *)', 'Edit(src/**)', 'Read'], deny: ['Read(./.env)'] });
    expect(only(r, 'TG_LINT_SPACE_IN_PARENS')).toEqual([]);
  });
});

describe('each finding once', () => {
  it("a mistyped rule is reported by the check that says why, not again by the public schema's pattern", async () => {
    const r = await lint({ deny: ['Raed(./.env)', 'bash(rm *)', 'Frobnicate(x)', 'Read(./.env )'] });
    const perRule = new Map<number, LintCode[]>();
    for (const d of r.diagnostics) if (typeof d.path?.[2] === 'number') perRule.set(d.path[2], [...(perRule.get(d.path[2]) ?? []), d.code]);
    expect(Object.fromEntries(perRule)).toEqual({
      0: ['TG_LINT_TOOL_NEAR_MISS'],
      1: ['TG_LINT_TOOL_NEAR_MISS'],
      2: ['TG_LINT_UNKNOWN_TOOL'],
      3: ['TG_LINT_SPACE_IN_PARENS'],
    });
  });

  it('a confusable letter in a tool name is reported as the letter, not also as an unknown tool', async () => {
    const r = await lint({ deny: ['B\u0430sh(rm *)'] });
    expect(r.diagnostics.map((d) => d.code)).toEqual(['TG_LINT_CONFUSABLE_CHAR']);
  });

  it('the public schema still speaks where no other check does', async () => {
    const r = await lint({ allow: ['Bash(ls)'] });
    const withHook = await lintSettings([
      { text: JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: 'command', command: 'x', onFailure: 'block' }] }] } }), file: FILE },
    ]);
    expect(only(r, 'TG_LINT_SCHEMA_PUBLIC')).toEqual([]);
    expect(only(withHook, 'TG_LINT_SCHEMA_PUBLIC').length).toBeGreaterThan(0);
  });
});
