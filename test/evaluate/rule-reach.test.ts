/**
 * `ruleMayDecideTool` (rule-reach.ts), which `toolgate lint`'s shadowed-allow check asks before
 * evaluating a sample call: where it says no deny or ask rule can decide a tool's calls,
 * `evaluate` never gives one of them a deny or firm ask by a rule or a removed tool. Checked on the
 * calls and settings of the shared cases and the everyday cases, with and without their allow rules.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { evaluate } from '../../src/evaluate/evaluate.js';
import { prepare, type EvaluationContext } from '../../src/evaluate/index.js';
import { ruleMayDecideTool } from '../../src/evaluate/rule-reach.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { policyCases, settledByRule, withoutAllow } from '../support/policy-cases.js';

function ctxOf(permissions: Record<string, unknown>): EvaluationContext {
  const policy = policyFromObjects([{ kind: 'projectSettings', settings: { permissions } }]);
  return { mode: 'default', policy, cwd: '/work/project', home: '/home/user', projectDir: '/work/project' };
}

beforeAll(async () => {
  await prepare();
});

describe('ruleMayDecideTool', () => {
  it('tells the tools no deny or ask rule can decide', () => {
    const may = ruleMayDecideTool(
      ctxOf({ allow: ['mcp__a__x', 'WebFetch(domain:a.com)'], ask: ['mcp__b', 'Agent(Explore)'], deny: ['WebSearch', 'mcp__c__*'] }),
    )!;
    expect(may('mcp__a__x')).toBe(false);
    expect(may('WebFetch')).toBe(false);
    expect(may('mcp__b__y')).toBe(true);
    expect(may('mcp__c__z')).toBe(true);
    expect(may('WebSearch')).toBe(true);
    // A legacy name is decided as the tool it now is.
    expect(may('Task')).toBe(true);
    // Reads, edits and shell commands meet serve's state directory, whatever the rules.
    expect(may('Read')).toBe(true);
    expect(may('Edit')).toBe(true);
    expect(may('Bash')).toBe(true);
    expect(may('PowerShell')).toBe(true);
  });

  it('is not told for a sub-agent', () => {
    expect(ruleMayDecideTool({ ...ctxOf({}), agent: { type: 'Explore' } })).toBeUndefined();
  });

  it('says no only where evaluate decides no call of the tool by a deny or ask rule', () => {
    let no = 0;
    for (const c of policyCases()) {
      for (const settings of [c.settings, withoutAllow(c.settings)]) {
        const policy = policyFromObjects([{ kind: 'projectSettings', settings }]);
        const ctx: EvaluationContext = { mode: c.mode as PermissionMode, policy, cwd: c.cwd, home: c.home, projectDir: c.cwd };
        if (ruleMayDecideTool(ctx)!(c.call.tool)) continue;
        no++;
        expect(settledByRule(evaluate(c.call, ctx)), c.id).toBe(false);
      }
    }
    expect(no).toBeGreaterThan(50);
  }, 120_000);
});
