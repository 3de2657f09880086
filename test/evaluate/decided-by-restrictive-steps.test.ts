/**
 * `decidedByRestrictiveSteps` (evaluate.ts), which `toolgate lint` asks whether the deny and ask
 * rules settle a call: when it gives a decision, `evaluate` gives the same one; when it gives none,
 * `evaluate`'s decision, under a policy without allow rules, is never a deny or firm ask by a rule
 * or a removed tool — what lint's shadowed-allow check counts as settled. Checked on the calls and
 * settings of the shared cases and every fourth everyday case (they repeat a few policies), with
 * their allow rules taken out.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { decidedByRestrictiveSteps, evaluate } from '../../src/evaluate/evaluate.js';
import { prepare, type EvaluationContext } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { policyCases, settledByRule, withoutAllow } from '../support/policy-cases.js';

beforeAll(async () => {
  await prepare();
});

describe('decidedByRestrictiveSteps', () => {
  const all = policyCases();

  it('reads the cases', () => {
    expect(all.length).toBeGreaterThan(500);
  });

  it('gives evaluate’s decision, or none only where evaluate’s is not settled by a deny or ask rule', () => {
    let given = 0;
    let none = 0;
    for (const c of all) {
      const policy = policyFromObjects([{ kind: 'projectSettings', settings: withoutAllow(c.settings) }]);
      const ctx: EvaluationContext = { mode: c.mode as PermissionMode, policy, cwd: c.cwd, home: c.home, projectDir: c.cwd };
      const full = evaluate(c.call, ctx);
      const early = decidedByRestrictiveSteps(c.call, ctx);
      if (early === undefined) {
        none++;
        expect(settledByRule(full), c.id).toBe(false);
      } else {
        given++;
        expect(early, c.id).toEqual(full);
      }
    }
    // Both answers occur, so both halves of the claim are checked.
    expect(given).toBeGreaterThan(50);
    expect(none).toBeGreaterThan(50);
    // Some 650 calls decided twice: allow for a loaded machine.
  }, 120_000);
});
