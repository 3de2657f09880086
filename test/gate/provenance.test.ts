/**
 * A gate reports each decision once to `onDecision`: each `check` (an ask when it parks) and each
 * `answer` — never the `evaluate` calls it makes inside, nor once per rewrite pass.
 */
import { describe, expect, it } from 'vitest';
import type { DecisionEvent } from '../../src/provenance/index.js';
import { CWD, gateFor, preToolUse } from './helpers.js';

const FILE = `${CWD}/.claude/settings.json`;
const settings = { permissions: { allow: ['Bash(npm test)'], deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] } };

function gateWithLog(spec: Parameters<typeof gateFor>[0] = {}) {
  const events: DecisionEvent[] = [];
  const gate = gateFor({ settings, sessionId: 'sess-9', onDecision: (e) => events.push(e), ...spec });
  return { gate, events };
}

describe('gate onDecision', () => {
  it('one event per check, with the rule, its file and layer, the mode, the session and the digest', async () => {
    const { gate, events } = gateWithLog();
    await gate.check({ tool: 'Bash', input: { command: 'npm test' } }, { toolUseId: 'u1' });
    await gate.check({ tool: 'Bash', input: { command: 'rm -rf x' } }, { toolUseId: 'u2' });
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({
      frontEnd: 'gate',
      behavior: 'allow',
      toolUseId: 'u1',
      rule: { text: 'Bash(npm test)', list: 'allow', layer: 'projectSettings', file: FILE },
      mode: 'default',
      sessionId: 'sess-9',
      decidedBy: 'rules',
      policyDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(events[1]).toMatchObject({ behavior: 'deny', rule: { text: 'Bash(rm *)', list: 'deny' }, decidedBy: 'rules' });
  });

  it('a parked ask and its answer are two decisions with the same ask id; the answer is a person’s', async () => {
    const { gate, events } = gateWithLog();
    const asked = await gate.check({ tool: 'Bash', input: { command: 'git push origin main' } }, { toolUseId: 'u3' });
    if (asked.behavior !== 'ask') throw new Error('expected an ask');
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      behavior: 'ask',
      askKind: 'firm',
      askId: asked.pending.id,
      rule: { text: 'Bash(git push *)', list: 'ask' },
    });
    await gate.answer(asked.pending, { behavior: 'allow' });
    expect(events).toHaveLength(2);
    expect(events[1]).toMatchObject({ behavior: 'allow', decidedBy: 'person', askId: asked.pending.id, askKind: 'firm', toolUseId: 'u3' });
  });

  it('hook outcomes are listed, a hook decision is the hook’s, and a rewrite is still one decision', async () => {
    let n = 0;
    const { gate, events } = gateWithLog({
      pre: [async () => (n++ === 0 ? { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { command: 'npm test' } } } : {})],
    });
    await gate.check({ tool: 'Bash', input: { command: 'npm run test' } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ behavior: 'allow', input: { command: 'npm test' } });
    expect(events[0]!.hooks).toHaveLength(2);
    expect(events[0]!.hooks![0]).toMatchObject({ event: 'PreToolUse', type: 'callback', status: expect.any(String) });

    const denying = gateWithLog({ pre: [preToolUse('deny', { reason: 'no pushing' })] });
    await denying.gate.check({ tool: 'Bash', input: { command: 'npm test' } });
    expect(denying.events).toHaveLength(1);
    expect(denying.events[0]).toMatchObject({ behavior: 'deny', decidedBy: 'hook', hooks: [{ decision: 'deny' }] });
  });

  it('dontAsk refusing what would ask is the mode’s decision; checkBatch reports only the calls it gates', async () => {
    const { gate, events } = gateWithLog({ mode: 'dontAsk' });
    await gate.check({ tool: 'Bash', input: { command: 'touch x' } });
    expect(events[0]).toMatchObject({ behavior: 'deny', decidedBy: 'mode', mode: 'dontAsk' });
    const batch = gateWithLog();
    const out = await batch.gate.checkBatch([
      { tool: 'Bash', input: { command: 'git push a' } },
      { tool: 'Bash', input: { command: 'npm test' } },
    ]);
    expect(out.map((r) => r.behavior)).toEqual(['ask', 'waiting']);
    expect(batch.events.map((e) => e.behavior)).toEqual(['ask']);
  });

  it('a throwing listener changes nothing', async () => {
    const { gate } = gateWithLog({
      onDecision: () => {
        throw new Error('broken listener');
      },
    });
    expect((await gate.check({ tool: 'Bash', input: { command: 'npm test' } })).behavior).toBe('allow');
  });
});
