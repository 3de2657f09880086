import { describe, expect, it } from 'vitest';
import { policyForAgent } from '../../src/evaluate/agent-ceiling.js';
import { policyFromObjects } from '../../src/settings/index.js';

const policy = policyFromObjects([
  {
    kind: 'projectSettings',
    settings: {
      permissions: { allow: ['Bash(npm test)'] },
      $toolgate: { agents: { Explore: { deny: ['Bash(npm test)'] }, '*': { ask: ['WebFetch'] } } },
    },
  },
]);
const texts = (p: { rules: readonly { rule: { text: string } }[] }) => p.rules.map((r) => r.rule.text);

describe('policyForAgent', () => {
  it("puts the type's rules, then `*`'s, before the policy's", () => {
    expect(texts(policyForAgent(policy, 'Explore'))).toEqual(['Bash(npm test)', 'WebFetch', 'Bash(npm test)']);
    expect(texts(policyForAgent(policy, 'Plan'))).toEqual(['WebFetch', 'Bash(npm test)']);
    expect(texts(policyForAgent(policy, undefined))).toEqual(['WebFetch', 'Bash(npm test)']);
  });
  it('builds one policy per type the settings name: every other type shares `*`', () => {
    expect(policyForAgent(policy, 'Explore')).toBe(policyForAgent(policy, 'Explore'));
    const shared = policyForAgent(policy, 'Plan');
    for (let i = 0; i < 100; i++) expect(policyForAgent(policy, `made-up-${i}`)).toBe(shared);
    expect(policyForAgent(policy, undefined)).toBe(shared);
  });
});
