import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCaseFile } from '../../src/testing/conformance.js';
import { createGate } from '../../src/gate/index.js';
import { biu, robota } from '../../src/dialects/index.js';
import { policyForDialect } from '../../src/dialects/index.js';
import type { ToolCall } from '../../src/core/types.js';

const base = { cwd: '/home/user/project', home: '/home/user' };
const allowHook = {
  PreToolUse: [
    { hooks: [async () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'allow' as const } })] },
  ],
};
const npmInstall: ToolCall = { tool: 'Bash', input: { command: 'npm install' } };

describe('the gate follows the dialect', () => {
  it('Claude Code: a PreToolUse hook allow answers a plain ask', async () => {
    const gate = createGate({ ...base, policy: [], mode: 'default', hookCallbacks: allowHook });
    expect((await gate.check(npmInstall)).behavior).toBe('allow');
  });

  it('robota: a hook allow only lets evaluation continue', async () => {
    const gate = createGate({ ...base, policy: policyForDialect(robota, []), mode: 'default', dialect: robota, hookCallbacks: allowHook });
    expect((await gate.check(npmInstall)).behavior).toBe('ask');
  });

  it("biu: dontAsk is decided by biu's own order (an ask rule still asks)", async () => {
    const settings = [{ kind: 'projectSettings' as const, settings: { permissions: { ask: ['Bash(git push:*)'] } } }];
    const gate = createGate({ ...base, policy: policyForDialect(biu, settings), mode: 'dontAsk', dialect: biu });
    const viaBiu = (await gate.check({ tool: 'Bash', input: { command: 'git push origin main' } })).behavior;
    const cc = createGate({ ...base, policy: settings, mode: 'dontAsk' });
    expect((await cc.check({ tool: 'Bash', input: { command: 'git push origin main' } })).behavior).toBe('deny');
    expect(viaBiu).toBe('ask');
  });

  it('legacy mode names of the dialect are accepted', () => {
    const gate = createGate({ ...base, policy: [], mode: 'auto_edit' as never, dialect: biu });
    expect(gate.mode).toBe('acceptEdits');
  });
});

describe('biu cases whose hooks fire (replayed through the gate)', () => {
  const root = join(__dirname, '../cases');
  const cases = ['shared/biu.jsonl', 'own/biu-own.jsonl', 'own/biu-upstream.jsonl']
    .filter((f) => existsSync(join(root, f)))
    .flatMap((f) => parseCaseFile(readFileSync(join(root, f), 'utf8')).cases)
    .filter((c) => Array.isArray(c.expected['hooksFired']));

  it('has such cases', () => {
    expect(cases.length).toBeGreaterThan(0);
  });

  for (const c of cases) {
    it(`${c.id}: ${String(c.expected.result)}, hooks fired ${JSON.stringify(c.expected['hooksFired'])}`, async () => {
      const body = c.case as { settings?: unknown; mode?: string; call: ToolCall; cwd?: string };
      const fired: string[] = [];
      const events = ['PreToolUse', 'PermissionRequest', 'PermissionDenied'] as const;
      const hookCallbacks = Object.fromEntries(
        events.map((e) => [
          e,
          [
            {
              hooks: [
                async () => {
                  fired.push(e);
                  return {};
                },
              ],
            },
          ],
        ]),
      );
      const settings = body.settings !== undefined ? [{ kind: 'projectSettings' as const, settings: body.settings }] : [];
      const gate = createGate({
        cwd: body.cwd ?? base.cwd,
        home: base.home,
        policy: policyForDialect(biu, settings),
        mode: (body.mode ?? 'default') as never,
        dialect: biu,
        hookCallbacks,
      });
      const result = await gate.check(body.call);
      expect(result.behavior).toBe(c.expected.result);
      for (const e of c.expected['hooksFired'] as string[]) expect(fired).toContain(e);
    });
  }
});

describe('which refusals PermissionDenied hooks hear of', () => {
  const denyWrite = [{ kind: 'projectSettings' as const, settings: { permissions: { deny: ['Write'] } } }];
  const write: ToolCall = { tool: 'Write', input: { file_path: '/home/user/project/a.txt', content: 'x' } };
  const recorder = () => {
    const fired: string[] = [];
    const hookCallbacks = {
      PermissionDenied: [
        {
          hooks: [
            async () => {
              fired.push('PermissionDenied');
              return {};
            },
          ],
        },
      ],
    };
    return { fired, hookCallbacks };
  };

  it("biu: a deny rule's refusal and a blocking PreToolUse hook's", async () => {
    const r = recorder();
    const gate = createGate({
      ...base,
      policy: policyForDialect(biu, denyWrite),
      mode: 'default',
      dialect: biu,
      hookCallbacks: r.hookCallbacks,
    });
    expect((await gate.check(write)).behavior).toBe('deny');
    const block = { PreToolUse: [{ hooks: [async () => ({ decision: 'block' as const, reason: 'no' })] }], ...r.hookCallbacks };
    const gate2 = createGate({ ...base, policy: policyForDialect(biu, []), mode: 'default', dialect: biu, hookCallbacks: block });
    expect((await gate2.check(npmInstall)).behavior).toBe('deny');
    expect(r.fired).toEqual(['PermissionDenied', 'PermissionDenied']);
  });

  it("Claude Code: not a deny rule's (only the auto-mode classifier's)", async () => {
    const r = recorder();
    const gate = createGate({ ...base, policy: denyWrite, mode: 'default', hookCallbacks: r.hookCallbacks });
    expect((await gate.check(write)).behavior).toBe('deny');
    expect(r.fired).toEqual([]);
  });
});
