import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolCall } from '../../src/core/types.js';
import { prepare } from '../../src/evaluate/index.js';
import { callFacts } from '../../src/evaluate/facts.js';
import { indexPolicy, rulesForTool } from '../../src/evaluate/policy-index.js';
import { allowCovers, restrictiveMatch, ruleBearsOnTool, type MatchEnv } from '../../src/evaluate/rule-match.js';
import { ruleCoversTool } from '../../src/rules/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { propertyRuns } from '../support/property-runs.js';

const P = '/home/user/project';

beforeAll(async () => {
  await prepare();
});

const words = fc.constantFrom('git', 'push', 'rm', '-rf', 'ls', 'cat', 'npm', 'x', '.env', 'src/a.ts', '/etc/passwd', '*.ts', 'sh', '-c');
const sep = fc.constantFrom(' ', ' && ', '; ', ' | ', ' > ', ' $(', ') ', '\n');
const command = fc.array(fc.tuple(words, sep), { minLength: 1, maxLength: 5 }).map((parts) =>
  parts
    .map(([w, s]) => w + s)
    .join('')
    .trim(),
);
const path = fc.constantFrom(
  `${P}/src/a.ts`,
  `${P}/.env`,
  `${P}/.git/config`,
  '/etc/hosts',
  '/home/user/.ssh/id_rsa',
  `${P}/secrets`,
  'relative/file.txt',
);
const tools = [
  'Bash',
  'Monitor',
  'PowerShell',
  'Read',
  'Grep',
  'Glob',
  'LSP',
  'NotebookRead',
  'ListMcpResourcesTool',
  'Edit',
  'Write',
  'MultiEdit',
  'NotebookEdit',
  'WebFetch',
  'WebSearch',
  'Agent',
  'Skill',
  'mcp__github__get_issue',
  'mcp__db__drop',
  'TodoWrite',
  'CustomTool',
  'ExitPlanMode',
];
const call: fc.Arbitrary<ToolCall> = fc
  .tuple(fc.constantFrom(...tools), command, path, fc.constantFrom('https://example.com/a', 'not a url'))
  .map(([tool, c, p, url]) => ({
    tool,
    input: { command: c, file_path: p, notebook_path: p, path: p, url, subagent_type: 'Explore', skill: 'review', model: 'opus' },
  }));
const ruleText = fc.oneof(
  command.map((c) => `Bash(${c.replace(/[()]/g, '')} *)`),
  fc
    .tuple(
      fc.constantFrom('Read', 'Edit', 'Write', 'Grep'),
      fc.constantFrom('./.env', '.env', 'src/**', '//etc/**', '~/.ssh/**', '/secrets/**', '**'),
    )
    .map(([t, p]) => `${t}(${p})`),
  fc.constantFrom(
    'Bash',
    'Read',
    'Edit',
    'Write',
    'Monitor',
    'PowerShell(rm *)',
    'WebFetch',
    'WebFetch(domain:example.com)',
    'WebSearch',
    'Agent(Explore)',
    'Agent(model:opus)',
    'Skill(review)',
    'Task',
    'mcp__github',
    'mcp__github__*',
    'mcp__*',
    '*',
    'CustomTool',
    'Custom*',
  ),
);
const lists = fc.record({
  allow: fc.array(ruleText, { maxLength: 5 }),
  ask: fc.array(ruleText, { maxLength: 5 }),
  deny: fc.array(ruleText, { maxLength: 5 }),
});

const env: MatchEnv = { cwd: P, home: '/home/user', platform: 'linux', slashAnchorOf: () => P };

describe('rulesForTool', () => {
  it('skips only rules that can never match a call of the tool', () => {
    fc.assert(
      fc.property(lists, call, (permissions, c) => {
        const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
        const facts = callFacts(c, { cwd: P, home: '/home/user', platform: 'linux', shell: 'bash' });
        for (const cr of policy.rules) {
          if (cr.list !== 'allow' && restrictiveMatch(cr, c, facts, env).kind !== 'none') {
            expect(ruleBearsOnTool(cr, c.tool, 'restrictive'), `${cr.rule.text} on ${c.tool}`).toBe(true);
          }
          if (cr.list === 'allow' && allowCovers(cr, c, facts, env).kind === 'match') {
            expect(ruleBearsOnTool(cr, c.tool, 'allow'), `${cr.rule.text} on ${c.tool}`).toBe(true);
          }
          // The shell allow step picks bare and Bash rules with ruleCoversTool.
          if (cr.list === 'allow' && facts.kind === 'shell' && ruleCoversTool(cr.rule, c.tool, 'allow')) {
            expect(ruleBearsOnTool(cr, c.tool, 'allow'), `${cr.rule.text} on ${c.tool}`).toBe(true);
          }
        }
      }),
      { numRuns: propertyRuns(1500) },
    );
  });

  it('keeps policy order and is cached per index and tool', () => {
    const policy = policyFromObjects([
      {
        kind: 'projectSettings',
        settings: {
          permissions: {
            deny: ['Bash(rm *)', 'Read(./.env)', 'WebFetch', 'Read(**/*.pem)'],
            allow: ['Edit(./src/**)', 'Bash(ls *)', 'Read(./docs/**)'],
          },
        },
      },
    ]);
    const index = indexPolicy(policy, undefined);
    expect(rulesForTool(index, 'deny', 'Read').map((cr) => cr.rule.text)).toEqual(['Read(./.env)', 'Read(**/*.pem)']);
    expect(rulesForTool(index, 'deny', 'Edit').map((cr) => cr.rule.text)).toEqual(['Read(./.env)', 'Read(**/*.pem)']);
    expect(rulesForTool(index, 'deny', 'Bash').map((cr) => cr.rule.text)).toEqual(['Bash(rm *)', 'Read(./.env)', 'Read(**/*.pem)']);
    expect(rulesForTool(index, 'allow', 'Read').map((cr) => cr.rule.text)).toEqual(['Edit(./src/**)', 'Read(./docs/**)']);
    expect(rulesForTool(index, 'allow', 'Bash').map((cr) => cr.rule.text)).toEqual(['Bash(ls *)']);
    expect(rulesForTool(index, 'allow', 'Read')).toBe(rulesForTool(index, 'allow', 'Read'));
  });

  it('for an MCP tool, gives the rules a filter of the whole list gives, in order', () => {
    const mcpRule = fc.constantFrom(
      'mcp__github',
      'mcp__github__get_issue',
      'mcp__github__*',
      'mcp__git*',
      'mcp__*',
      '*',
      'mcp__db__drop',
      'mcp__db',
      'mcp__a__b__c',
      'mcp__a__b',
      'mcp__a',
      'mcp__github__get_issue(x)',
      'mcp__github__get_issue(owner:me)',
      'Read(./.env)',
      'Bash(rm *)',
      'Bash',
      'WebFetch',
      'Custom*',
    );
    const mcpLists = fc.record({
      allow: fc.array(mcpRule, { maxLength: 8 }),
      ask: fc.array(mcpRule, { maxLength: 8 }),
      deny: fc.array(mcpRule, { maxLength: 8 }),
    });
    const mcpTool = fc.constantFrom(
      'mcp__github__get_issue',
      'mcp__github__list',
      'mcp__db__drop',
      'mcp__a__b__c',
      'mcp__a__b',
      'mcp__gitlab__x',
      'mcp__x__y',
    );
    fc.assert(
      fc.property(mcpLists, mcpTool, (permissions, tool) => {
        const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
        const index = indexPolicy(policy, undefined);
        for (const list of ['deny', 'ask', 'allow'] as const) {
          const use = list === 'allow' ? 'allow' : 'restrictive';
          const scan = index[list].filter((cr) => ruleBearsOnTool(cr, tool, use));
          expect(rulesForTool(index, list, tool)).toEqual(scan);
        }
      }),
      { numRuns: propertyRuns(1000) },
    );
  });
});
