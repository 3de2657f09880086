/** evaluateSharingRuns: contexts that differ in mode and sub-agent share the main agent's runs and decide as evaluate does. */
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateSharingRuns, type SharedRuns } from '../../src/evaluate/evaluate.js';
import { evaluate, prepare, type EvaluationContext } from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import type { PermissionMode } from '../../src/core/types.js';

beforeAll(async () => {
  await prepare();
});

const P = '/home/user/project';
const policy = policyFromObjects([
  {
    kind: 'projectSettings',
    file: `${P}/.claude/settings.json`,
    settings: {
      permissions: { allow: ['Bash(npm test)'], ask: ['Bash(git push *)'] },
      $toolgate: { agents: { Plan: { mode: 'plan' }, Explore: { deny: ['WebFetch'], allow: ['Bash(rm *)'] } } },
    },
  },
]);
const base: EvaluationContext = { policy, mode: 'default', cwd: P, home: '/home/user' };
const MODES: PermissionMode[] = ['default', 'acceptEdits', 'plan', 'bypassPermissions', 'dontAsk'];
const contexts: EvaluationContext[] = [
  base,
  ...['Plan', 'Explore', 'Other'].flatMap((type) =>
    MODES.map((parentMode): EvaluationContext => ({ ...base, mode: parentMode, agent: { type, parentMode } })),
  ),
];

describe('evaluateSharingRuns', () => {
  it('decides every context as evaluate does, with one table of runs per call', () => {
    for (const call of [
      { tool: 'Bash', input: { command: 'rm -rf src' } },
      { tool: 'Bash', input: { command: 'git push origin main' } },
      { tool: 'Edit', input: { file_path: `${P}/src/a.ts`, old_string: 'a', new_string: 'b' } },
      { tool: 'WebFetch', input: { url: 'https://example.com/', prompt: 'x' } },
    ]) {
      const runs: SharedRuns = new Map();
      for (const ctx of contexts) expect(evaluateSharingRuns(call, ctx, runs)).toEqual(evaluate(call, ctx));
      // The main agent's runs, by policy and mode: fewer than two per context.
      const made = [...runs.values()].reduce((n, byMode) => n + byMode.size, 0);
      expect(made).toBeLessThan(contexts.length);
    }
  });
});
