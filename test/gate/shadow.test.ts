/**
 * A gate with a shadow policy (`$toolgate.shadow`, or `GateOptions.shadow`) decides it beside the
 * live policy and never enforces it: the would-be decision rides on the call's `onDecision`
 * event, emitted once the shadow is decided.
 */
import { describe, expect, it } from 'vitest';
import type { DecisionEvent } from '../../src/provenance/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { CWD, gateFor } from './helpers.js';

const FILE = `${CWD}/.claude/settings.json`;

async function eventsOf(events: DecisionEvent[], n: number): Promise<DecisionEvent[]> {
  for (let i = 0; i < 200 && events.length < n; i++) await new Promise((r) => setTimeout(r, 5));
  return events;
}

describe('gate shadow', () => {
  it("decides $toolgate.shadow beside the live policy; the live decision stands and the event carries the shadow's", async () => {
    const events: DecisionEvent[] = [];
    const settings = {
      permissions: { allow: ['Bash(npm test)'] },
      $toolgate: { shadow: { deny: ['Bash(npm test)'], allow: ['Bash(npm run build)'] } },
    };
    const gate = gateFor({ settings, onDecision: (e) => events.push(e) });
    expect((await gate.check({ tool: 'Bash', input: { command: 'npm test' } })).behavior).toBe('allow');
    expect((await gate.check({ tool: 'Bash', input: { command: 'npm run build' } })).behavior).toBe('ask');
    const seen = await eventsOf(events, 2);
    expect(seen.map((e) => [e.behavior, e.shadow?.behavior, e.shadow?.rule?.text])).toEqual([
      ['allow', 'deny', 'Bash(npm test)'],
      ['ask', 'allow', 'Bash(npm run build)'],
    ]);
    expect(seen[0]?.shadow?.rule).toMatchObject({ list: 'deny', layer: 'projectSettings', file: FILE });
  });

  it('takes a whole second policy as GateOptions.shadow', async () => {
    const events: DecisionEvent[] = [];
    const shadow = policyFromObjects([{ kind: 'projectSettings', file: FILE, settings: { permissions: { ask: ['Bash(npm test)'] } } }]);
    const gate = gateFor({ settings: { permissions: { allow: ['Bash(npm test)'] } }, shadow, onDecision: (e) => events.push(e) });
    expect((await gate.check({ tool: 'Bash', input: { command: 'npm test' } })).behavior).toBe('allow');
    expect((await eventsOf(events, 1))[0]?.shadow).toMatchObject({ behavior: 'ask', rule: { text: 'Bash(npm test)', list: 'ask' } });
  });

  it('without a shadow the event has none and is emitted at once', async () => {
    const events: DecisionEvent[] = [];
    const gate = gateFor({ settings: { permissions: { allow: ['Bash(npm test)'] } }, onDecision: (e) => events.push(e) });
    await gate.check({ tool: 'Bash', input: { command: 'npm test' } });
    expect(events).toHaveLength(1);
    expect(events[0]?.shadow).toBeUndefined();
  });
});
