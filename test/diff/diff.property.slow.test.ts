/**
 * Property: when `diffPolicies` over the calls generated from both policies' rules reports no
 * widening, no call — here any generated command or file call over the same words and paths —
 * decides looser (allow < ask < deny) under the new policy than under the old.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Behavior, ToolCall } from '../../src/core/types.js';
import { callsOfPolicies, diffPolicies, type DiffCall } from '../../src/diff/index.js';
import { evaluate, prepare, type EvaluationContext } from '../../src/evaluate/index.js';
import { policyFromObjects, type Policy } from '../../src/settings/index.js';

const HOME = '/home/user';
const P = `${HOME}/project`;
const RANK: Record<Behavior, number> = { allow: 0, ask: 1, deny: 2 };

beforeAll(async () => {
  await prepare();
});

const word = fc.constantFrom('git', 'push', 'status', 'npm', 'run', 'rm', '-rf', 'x', 'src');
const words = fc.array(word, { minLength: 1, maxLength: 3 }).map((w) => w.join(' '));
const path = fc.constantFrom(
  'src/a.ts',
  'src/x/y.ts',
  '.env',
  'README.md',
  'docs/a.md',
  `${HOME}/.ssh/id_rsa`,
  '/opt/data/sub/y.md',
  `${HOME}/notes/a.md`,
);

const rule = fc.oneof(
  words.map((w) => `Bash(${w})`),
  words.map((w) => `Bash(${w} *)`),
  fc.constantFrom('Bash', 'Read', 'Edit', 'Read(src/**)', 'Edit(src/**)', 'Read(./.env)', 'Edit(docs/*)', 'Read(~/.ssh/**)'),
);
const permissions = fc.record({
  allow: fc.array(rule, { maxLength: 3 }),
  ask: fc.array(rule, { maxLength: 2 }),
  deny: fc.array(rule, { maxLength: 2 }),
  defaultMode: fc.constantFrom(undefined, 'default', 'acceptEdits', 'dontAsk', 'plan'),
  additionalDirectories: fc.subarray(['/opt/data', '~/notes']),
});

const call: fc.Arbitrary<ToolCall> = fc.oneof(
  words.map((command) => ({ tool: 'Bash', input: { command } })),
  path.map((p) => ({ tool: 'Bash', input: { command: `cat ${p}` } })),
  fc
    .tuple(fc.constantFrom('Read', 'Edit', 'Write'), path)
    .map(([tool, p]) => ({ tool, input: { file_path: p.startsWith('/') ? p : `${P}/${p}` } })),
);

function policyOf(p: {
  allow: string[];
  ask: string[];
  deny: string[];
  defaultMode: string | undefined;
  additionalDirectories: string[];
}): Policy {
  const { defaultMode, ...lists } = p;
  return policyFromObjects([
    { kind: 'projectSettings', settings: { permissions: { ...lists, ...(defaultMode !== undefined ? { defaultMode } : {}) } } },
  ]);
}

const ctx = (policy: Policy): EvaluationContext => ({ policy, mode: policy.defaultMode?.value ?? 'default', cwd: P, home: HOME });

describe('no widening reported means no call decides looser', () => {
  it('holds for generated policies and calls', () => {
    fc.assert(
      fc.property(permissions, permissions, fc.array(call, { minLength: 1, maxLength: 20 }), (o, n, probes) => {
        const old = policyOf(o);
        const now = policyOf(n);
        const body = callsOfPolicies([old, now], { cwd: P, home: HOME, projectDir: P }).map((c): DiffCall => ({
          call: c,
          origin: 'generated',
        }));
        const d = diffPolicies(ctx(old), ctx(now), body);
        if (d.widened) return;
        for (const c of probes) {
          const before = evaluate(c, ctx(old)).behavior;
          const after = evaluate(c, ctx(now)).behavior;
          expect({ call: c, before, after, looser: RANK[after] < RANK[before] }).toMatchObject({ looser: false });
        }
      }),
      {
        numRuns: Number(process.env.TOOLGATE_PROPERTY_RUNS ?? 300),
        examples: [
          // CI seed 1748024346: a bare Edit allow with acceptEdits taken away widened an edit outside the working directories.
          [
            { allow: [], ask: [], deny: [], defaultMode: 'acceptEdits', additionalDirectories: [] },
            { allow: ['Edit'], ask: [], deny: [], defaultMode: undefined, additionalDirectories: [] },
            [{ tool: 'Edit', input: { file_path: '/opt/data/sub/y.md' } }],
          ],
        ],
      },
    );
  }, 600_000);
});
