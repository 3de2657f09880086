/**
 * Property: when only a sub-agent type's mode setting (`$toolgate.agents.Plan.mode`) differs and
 * `diffPolicies` over a body of calls reports no widening, no call of that body decides looser for
 * that sub-agent under a parent in any mode — the parents the diff picks (the side's own mode and
 * the laxer of the two settings) are enough, although a sub-agent's mode is capped at its parent's.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Behavior, PermissionMode, ToolCall } from '../../src/core/types.js';
import { diffPolicies, type DiffCall } from '../../src/diff/index.js';
import { evaluate, prepare, type EvaluationContext } from '../../src/evaluate/index.js';
import { policyFromObjects, type Policy } from '../../src/settings/index.js';
import { propertyRuns } from '../support/property-runs.js';

const HOME = '/home/user';
const P = `${HOME}/project`;
const RANK: Record<Behavior, number> = { allow: 0, ask: 1, deny: 2 };
const MODES: PermissionMode[] = ['dontAsk', 'plan', 'default', 'acceptEdits', 'auto', 'bypassPermissions'];

beforeAll(async () => {
  await prepare();
});

const rule = fc.constantFrom('Bash(git status)', 'Bash(npm *)', 'Bash(rm *)', 'Read', 'Edit(src/**)', 'Read(./.env)', 'WebFetch');
const permissions = fc.record({
  allow: fc.array(rule, { maxLength: 3 }),
  ask: fc.array(rule, { maxLength: 1 }),
  deny: fc.array(rule, { maxLength: 1 }),
  defaultMode: fc.constantFrom(undefined, 'default', 'acceptEdits', 'dontAsk', 'plan'),
});
const agentMode = fc.constantFrom<PermissionMode | undefined>(undefined, ...MODES);
const path = fc.constantFrom('src/a.ts', '.env', 'README.md', `${HOME}/.ssh/id_rsa`, '/etc/hosts');
const call: fc.Arbitrary<ToolCall> = fc.oneof(
  fc
    .constantFrom(
      'git status',
      'npm test',
      'rm x',
      'rm -rf src',
      'mkdir x',
      'touch src/b.ts',
      'curl https://example.com/',
      'sed -i s/a/b/ README.md',
    )
    .map((command) => ({ tool: 'Bash', input: { command } })),
  fc
    .tuple(fc.constantFrom('Read', 'Edit', 'Write'), path)
    .map(([tool, p]) => ({ tool, input: { file_path: p.startsWith('/') ? p : `${P}/${p}` } })),
  fc.constant({ tool: 'WebFetch', input: { url: 'https://example.com/' } }),
);

function policyOf(
  perms: { allow: string[]; ask: string[]; deny: string[]; defaultMode: string | undefined },
  mode: PermissionMode | undefined,
): Policy {
  const { defaultMode, ...lists } = perms;
  const agents = { Plan: mode !== undefined ? { mode } : { deny: ['Bash(never-run)'] } };
  return policyFromObjects([
    {
      kind: 'userSettings',
      file: `${HOME}/.claude/settings.json`,
      settings: { permissions: { ...lists, ...(defaultMode !== undefined ? { defaultMode } : {}) }, $toolgate: { agents } },
    },
  ]);
}

const ctx = (policy: Policy): EvaluationContext => ({ policy, mode: policy.defaultMode?.value ?? 'default', cwd: P, home: HOME });
const asPlan = (c: EvaluationContext, parent: PermissionMode): EvaluationContext => ({
  ...c,
  mode: parent,
  agent: { type: 'Plan', parentMode: parent },
});

describe('a changed sub-agent mode setting: no widening reported means none under any parent mode', () => {
  it('holds for generated policies, mode settings and calls', () => {
    fc.assert(
      fc.property(permissions, agentMode, agentMode, fc.array(call, { minLength: 1, maxLength: 8 }), (perms, mo, mn, calls) => {
        const old = ctx(policyOf(perms, mo));
        const now = ctx(policyOf(perms, mn));
        const d = diffPolicies(
          old,
          now,
          calls.map((c): DiffCall => ({ call: c, origin: 'given' })),
        );
        if (d.widened) return;
        for (const parent of MODES) {
          for (const c of calls) {
            const before = evaluate(c, asPlan(old, parent)).behavior;
            const after = evaluate(c, asPlan(now, parent)).behavior;
            expect({ call: c, parent, mo, mn, before, after, looser: RANK[after] < RANK[before] }).toMatchObject({ looser: false });
          }
        }
      }),
      { numRuns: propertyRuns(200) },
    );
  }, 600_000);
});
