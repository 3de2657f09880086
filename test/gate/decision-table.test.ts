/**
 * The Agent SDK's "decision beats" table, as an executable test:
 *
 * | decision  | beats                                                                 |
 * |-----------|-----------------------------------------------------------------------|
 * | hook deny | every rule and every mode                                             |
 * | deny rule | hook allow, allow rules, bypassPermissions                            |
 * | ask rule  | hook allow, allow rules (goes to canUseTool; denied in dontAsk)       |
 * | mode      | decides whatever the rules left open                                  |
 * | canUseTool| last; never called in dontAsk or for auto-approved calls              |
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MODES, type PermissionMode } from '../../src/core/types.js';
import { prepare } from '../../src/evaluate/index.js';
import { bash, edit, gateFor, preToolUse, CWD } from './helpers.js';

beforeAll(() => prepare());

function counting() {
  const calls: string[] = [];
  return { calls, canUseTool: async (tool: string) => (calls.push(tool), { behavior: 'allow' as const }) };
}

describe('decision beats', () => {
  describe.each(PERMISSION_MODES.map((m) => [m]))('in %s', (mode: PermissionMode) => {
    it('hook deny beats every rule and every mode', async () => {
      const { calls, canUseTool } = counting();
      const gate = gateFor({
        mode,
        settings: { permissions: { allow: ['Bash', 'Bash(git status)'] } },
        pre: [preToolUse('deny')],
        canUseTool,
        classifier: async () => ({ decision: 'allow' }),
      });
      expect((await gate.check(bash('git status'))).behavior).toBe('deny');
      expect(calls).toEqual([]);
    });

    it('deny rule beats hook allow, allow rules, bypassPermissions', async () => {
      const { calls, canUseTool } = counting();
      const gate = gateFor({
        mode,
        settings: { permissions: { allow: ['Bash(rm *)'], deny: ['Bash(rm *)'] } },
        pre: [preToolUse('allow')],
        canUseTool,
        classifier: async () => ({ decision: 'allow' }),
      });
      const r = await gate.check(bash('rm x'));
      expect(r.behavior).toBe('deny');
      if (r.behavior === 'deny') expect(r.decidedBy).toBe('rules');
      expect(calls).toEqual([]);
    });

    it('ask rule beats hook allow and allow rules: it goes to canUseTool, or is denied in dontAsk', async () => {
      const { calls, canUseTool } = counting();
      const gate = gateFor({
        mode,
        settings: { permissions: { allow: ['Bash(git push *)'], ask: ['Bash(git push *)'] } },
        pre: [preToolUse('allow')],
        canUseTool,
        classifier: async () => ({ decision: 'allow' }),
      });
      const r = await gate.check(bash('git push origin main'));
      if (mode === 'dontAsk') {
        expect(r.behavior).toBe('deny');
        expect(calls).toEqual([]);
      } else {
        expect(r).toMatchObject({ behavior: 'allow', decidedBy: 'canUseTool' });
        expect(calls).toEqual(['Bash']);
      }
    });

    it('canUseTool is last: never called for auto-approved calls', async () => {
      const { calls, canUseTool } = counting();
      // An ordinary environment (git's variables unset), so a read-only git command can allow.
      const gate = gateFor({
        mode,
        settings: { permissions: { allow: ['Bash(npm test)'] } },
        canUseTool,
        environment: { values: {}, complete: true },
      });
      // Plan mode keeps the task read-only whatever the allow rules say: a read-only command there.
      expect((await gate.check(bash(mode === 'plan' ? 'git log' : 'npm test'))).behavior).toBe('allow');
      expect((await gate.check({ tool: 'Read', input: { file_path: `${CWD}/a.ts` } })).behavior).toBe('allow');
      expect(calls).toEqual([]);
    });
  });

  it('the mode decides what the rules left open', async () => {
    const expected: Record<PermissionMode, string> = {
      default: 'ask',
      acceptEdits: 'allow',
      plan: 'ask',
      auto: 'allow',
      dontAsk: 'deny',
      bypassPermissions: 'allow',
    };
    for (const mode of PERMISSION_MODES) {
      const gate = gateFor({ mode });
      expect([mode, (await gate.check(edit(`${CWD}/src/a.ts`))).behavior]).toEqual([mode, expected[mode]]);
    }
  });

  it('canUseTool is never called in dontAsk', async () => {
    const { calls, canUseTool } = counting();
    const gate = gateFor({ mode: 'dontAsk', canUseTool });
    expect((await gate.check(bash('npm install'))).behavior).toBe('deny');
    expect((await gate.check(edit(`${CWD}/src/a.ts`))).behavior).toBe('deny');
    expect(calls).toEqual([]);
  });
});
