import { describe, expect, it } from 'vitest';
import { createHostAsks } from '../../../src/adapters/shared/host-asks.js';
import type { PendingAsk } from '../../../src/gate/index.js';

const ask = (toolUseId: string, command: string): PendingAsk => ({
  version: 1,
  id: `ask-${toolUseId}-${command}`,
  call: { tool: 'Bash', input: { command } },
  originalCall: { tool: 'Bash', input: { command } },
  toolUseId,
  rewrites: 0,
  askKind: 'firm',
  reason: { kind: 'rule', message: 'ask rule Bash(git push *)' },
  suggestions: [],
  mode: 'default',
  trace: [],
});

describe('createHostAsks', () => {
  it('finds an ask by id (newest) or by id and input; settling forgets it', () => {
    const h = createHostAsks();
    h.show(ask('call_0', 'git push a'));
    h.show(ask('call_0', 'git push b'));
    expect(h.pendingAsk('call_0')?.call.input).toEqual({ command: 'git push b' });
    expect(h.pendingAsk('call_0', { command: 'git push a' })?.call.input).toEqual({ command: 'git push a' });
    h.settle('call_0', { command: 'git push b' });
    expect(h.pendingAsk('call_0')?.call.input).toEqual({ command: 'git push a' });
  });

  it('binds an answer to the input of the ask shown last for the id', () => {
    const h = createHostAsks();
    h.show(ask('call_0', 'git push a'));
    h.setAnswer('call_0', { behavior: 'deny', message: 'no' });
    expect(h.takeAnswer('call_0', { command: 'git push b' })).toBeUndefined();
    expect(h.takeAnswer('call_0', { command: 'git push a' })).toEqual({ behavior: 'deny', message: 'no' });
    expect(h.takeAnswer('call_0', { command: 'git push a' })).toBeUndefined();
    h.setAnswer('unseen', { behavior: 'allow' }); // nothing shown for the id: any input takes it
    expect(h.takeAnswer('unseen', { anything: 1 })).toEqual({ behavior: 'allow' });
  });

  it('saves asks as JSON and restores them, naming what is not a pending ask', () => {
    const h = createHostAsks();
    h.show(ask('c1', 'git push a'));
    const saved = JSON.parse(JSON.stringify(h.save())) as unknown[];
    const other = createHostAsks();
    const bad = [
      null,
      { ...ask('c2', 'x'), version: 2 },
      { ...ask('c3', 'x'), call: { tool: 'Bash' } },
      { ...ask('c4', 'x'), askKind: 'soft' },
      { ...ask('c5', 'x'), reason: 'r' },
      { ...ask('c6', 'x'), toolUseId: 6 },
    ];
    const r = other.restore([...saved, ...bad]);
    expect(r.restored).toBe(1);
    expect(r.problems.map((p) => p.message)).toEqual([
      'asks[1]: expected a pending ask (an object)',
      'asks[2]: expected "version": 1',
      'asks[3]: expected "call" to be { tool: string, input: object }',
      'asks[4]: expected "askKind" to be "firm", "protected", "guardedRead", "planBlock" or "plain"',
      'asks[5]: expected "reason" to be { kind: string, message: string }',
      'asks[6]: expected "toolUseId" to be a string',
    ]);
    expect(other.pendingAsk('c1')?.reason.message).toBe('ask rule Bash(git push *)');
  });

  it('is bounded', () => {
    const h = createHostAsks(2);
    for (const id of ['a', 'b', 'c']) h.show(ask(id, 'x'));
    expect(h.pendingAsk('a')).toBeUndefined();
    expect(h.save()).toHaveLength(2);
  });
});
