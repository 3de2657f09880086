import { describe, expect, it } from 'vitest';
import { createGate } from '../../src/gate/index.js';
import { biu, robota } from '../../src/dialects/index.js';
import { policyForDialect } from '../../src/dialects/index.js';
import type { ToolCall } from '../../src/core/types.js';

const base = { cwd: '/home/user/project', home: '/home/user' };
const allowHook = { PreToolUse: [{ hooks: [async () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse' as const, permissionDecision: 'allow' as const } })] }] };
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

  it('biu: dontAsk is decided by biu\'s own order (an ask rule still asks)', async () => {
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
