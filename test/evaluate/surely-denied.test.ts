/**
 * `commandDenyTest` (surely-denied.ts), which `toolgate lint`'s deny-bypass check asks instead of
 * deciding a probe in full: whenever it says a Bash deny rule matches a command, `evaluate` denies
 * the command. Checked on the settings of the shared cases and every fourth everyday case, with
 * each Bash deny rule against the case's own command and the probes lint makes of the rule (its
 * sample, the sample under `/usr/bin/`, `bash -c`, `env` and `command`), in each case's mode.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PermissionMode } from '../../src/core/types.js';
import { evaluate } from '../../src/evaluate/evaluate.js';
import { prepare, type EvaluationContext } from '../../src/evaluate/index.js';
import { commandDenyTest } from '../../src/evaluate/surely-denied.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { policyCases } from '../support/policy-cases.js';

/** The commands lint's deny-bypass check tries for a Bash rule's specifier. */
function probesOf(specifier: string): string[] {
  const spec = specifier.replace(/:\*$/, ' *').trim();
  const sample = spec.replace(/\s\*/g, ' https://example.com/x').replace(/\*/g, '').replace(/\s+/g, ' ').trim();
  if (sample === '') return [];
  return [sample, `/usr/bin/${sample}`, `bash -c "${sample}"`, `env ${sample}`, `command ${sample}`];
}

beforeAll(async () => {
  await prepare();
});

describe('commandDenyTest', () => {
  const all = policyCases();

  it('says a Bash deny rule matches only commands evaluate denies', () => {
    let told = 0;
    let tried = 0;
    for (const c of all) {
      const policy = policyFromObjects([{ kind: 'projectSettings', settings: c.settings }]);
      const ctx: EvaluationContext = { mode: c.mode as PermissionMode, policy, cwd: c.cwd, home: c.home, projectDir: c.cwd };
      const test = commandDenyTest(ctx);
      expect(test, c.id).toBeDefined();
      const own = c.call.tool === 'Bash' && typeof c.call.input['command'] === 'string' ? [c.call.input['command'] as string] : [];
      for (const cr of policy.rules) {
        if (cr.list !== 'deny' || cr.rule.family !== 'bash') continue;
        for (const command of [...own, ...probesOf(cr.rule.specifier ?? '')]) {
          tried++;
          if (!test!(command, cr)) continue;
          told++;
          expect(evaluate({ tool: 'Bash', input: { command } }, ctx).behavior, `${c.id}: ${cr.rule.text} / ${command}`).toBe('deny');
        }
      }
    }
    // Most probes are told, and some are not (decided in full), so the test checks something.
    expect(told).toBeGreaterThan(300);
    expect(tried - told).toBeGreaterThan(50);
  }, 180_000);

  it('tells nothing for a sub-agent or a rule the deny step does not try', () => {
    const policy = policyFromObjects([
      { kind: 'projectSettings', settings: { permissions: { deny: ['Bash(rm *)'], allow: ['Bash(rm x)'] } } },
    ]);
    const base: EvaluationContext = { mode: 'default', policy, cwd: '/p', home: '/h', projectDir: '/p' };
    expect(commandDenyTest({ ...base, agent: { type: 'general-purpose' } })).toBeUndefined();
    const test = commandDenyTest(base)!;
    const deny = policy.rules.find((r) => r.list === 'deny');
    const allow = policy.rules.find((r) => r.list === 'allow');
    expect(test('rm -rf x', deny!)).toBe(true);
    expect(test('bash -c "rm -rf x"', deny!)).toBe(true);
    expect(test('rm x', allow!)).toBe(false);
    expect(test('ls', deny!)).toBe(false);
  });
});
