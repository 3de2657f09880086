/**
 * A deny or ask path rule written on Write, MultiEdit or NotebookEdit is enforced as the Edit rule
 * of the same pattern (Claude Code never consults it); in allow lists it stays inert.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseRule, ruleForList } from '../../src/rules/index.js';
import type { RuleList } from '../../src/core/types.js';
import { evaluate, prepare } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

const parsed = (text: string) => {
  const r = parseRule(text);
  if (!r.ok) throw new Error(`${text} does not parse`);
  return r;
};

describe('ruleForList', () => {
  it.each(['Write', 'MultiEdit', 'NotebookEdit'])('%s(.env) in deny and ask is enforced as Edit(.env), keeping its text', (tool) => {
    for (const list of ['deny', 'ask'] as const) {
      const { rule, warnings } = ruleForList(parsed(`${tool}(.env)`), list);
      expect(rule).toMatchObject({ text: `${tool}(.env)`, tool: 'Edit', family: 'path', specifier: '.env', writtenAs: tool });
      expect(rule.ignored).toBeUndefined();
      expect(warnings.map((w) => w.code)).toEqual(['TG_RULE_PATH_ENFORCED_AS_EDIT']);
      expect(warnings[0]!.message).toContain('"Edit(.env)"');
    }
  });

  it('in allow the rule stays inert, as in Claude Code', () => {
    const { rule, warnings } = ruleForList(parsed('Write(src/**)'), 'allow');
    expect(rule.ignored).toBe(true);
    expect(warnings.map((w) => w.code)).toEqual(['TG_RULE_PATH_IGNORED']);
  });

  it('read-family path rules (Glob, Grep) stay inert in every list: a rule refuses only what it names', () => {
    for (const list of ['allow', 'ask', 'deny'] as const) expect(ruleForList(parsed('Grep(.env)'), list).rule.ignored).toBe(true);
  });

  it('every other rule comes back unchanged in every list', () => {
    const texts = fc.constantFrom(
      'Bash(rm *)',
      'Read(./.env)',
      'Edit(src/**)',
      'WebFetch(domain:x.com)',
      'Agent(model:opus)',
      'Write',
      'mcp__github',
      'Write(*)',
    );
    fc.assert(
      fc.property(texts, fc.constantFrom<RuleList>('allow', 'ask', 'deny'), (text, list) => {
        const p = parsed(text);
        expect(ruleForList(p, list)).toEqual({ rule: p.rule, warnings: p.warnings });
      }),
    );
  });
});

describe('a Write(...) deny rule refuses writes through every tool', () => {
  const P = '/home/user/project';
  beforeAll(async () => {
    await prepare();
  });
  const decide = (
    tool: string,
    input: Record<string, unknown>,
    permissions: Record<string, string[]>,
    mode: 'acceptEdits' | 'bypassPermissions' = 'acceptEdits',
  ) =>
    evaluate(
      { tool, input },
      { mode, policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]), cwd: P, home: '/home/user' },
    );

  it.each([
    ['Write', { file_path: `${P}/.env`, content: 'x' }],
    ['Edit', { file_path: `${P}/.env`, old_string: 'a', new_string: 'b' }],
    ['MultiEdit', { file_path: `${P}/.env`, edits: [] }],
    ['Bash', { command: 'echo SECRET=1 > .env' }],
  ])('%s of .env under deny Write(.env*) is denied, citing the rule as written', (tool, input) => {
    const d = decide(tool, input, { deny: ['Write(.env*)'] }, 'bypassPermissions');
    expect(d.behavior).toBe('deny');
    expect(d.rule?.text).toBe('Write(.env*)');
  });

  it('reading the file is not refused by it: the rule names writing', () => {
    expect(decide('Read', { file_path: `${P}/.env` }, { deny: ['Write(.env*)'] }).behavior).toBe('allow');
  });

  it('an ask rule Write(src/**) asks for an edit under acceptEdits', () => {
    expect(decide('Edit', { file_path: `${P}/src/a.js`, old_string: 'a', new_string: 'b' }, { ask: ['Write(src/**)'] }).behavior).toBe(
      'ask',
    );
  });

  it('an allow rule Write(src/**) grants nothing (Claude Code ignores it)', () => {
    const d = evaluate(
      { tool: 'Write', input: { file_path: `${P}/src/a.js`, content: 'x' } },
      {
        mode: 'default',
        policy: policyFromObjects([{ kind: 'projectSettings', settings: { permissions: { allow: ['Write(src/**)'] } } }]),
        cwd: P,
        home: '/home/user',
      },
    );
    expect(d.behavior).toBe('ask');
  });
});
