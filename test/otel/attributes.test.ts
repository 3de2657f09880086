/**
 * A decision's OpenTelemetry attributes: Claude Code's `claude_code.tool_decision` attributes
 * with Claude Code's own names and values, and toolgate's under `toolgate.*`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { claudeCodeSource, decisionAttributes, decisionMetricAttributes } from '../../src/otel/index.js';
import type { DecisionEvent, DecisionSource } from '../../src/provenance/index.js';

const base: DecisionEvent = {
  version: 1,
  frontEnd: 'serve',
  at: Date.UTC(2026, 11, 2, 12),
  behavior: 'allow',
  tool: 'Bash',
  toolUseId: 'toolu_01',
  input: { command: 'npm test' },
  inputSha256: 'a'.repeat(64),
  decidedBy: 'rules',
  durations: { totalMs: 2 },
  trace: [],
};

/** Claude Code's vocabulary (its monitoring documentation and `decisionReasonToOTelSource`). */
const CLAUDE_CODE_SOURCES = ['config', 'hook', 'classifier', 'user_temporary', 'user_permanent', 'user_reject', 'user_abort'];

describe("Claude Code's source of a decision", () => {
  const cases: [string, Partial<DecisionEvent>, string][] = [
    ['a project rule allows', { rule: { text: 'Bash(npm test *)', list: 'allow', layer: 'projectSettings' } }, 'config'],
    ['a managed rule denies', { behavior: 'deny', rule: { text: 'Bash(rm *)', list: 'deny', layer: 'managed' } }, 'config'],
    ["the user's settings allow", { rule: { text: 'Read', list: 'allow', layer: 'userSettings' } }, 'user_permanent'],
    ['the local settings deny', { behavior: 'deny', rule: { text: 'Read(.env)', list: 'deny', layer: 'localSettings' } }, 'user_reject'],
    ['a session rule allows', { rule: { text: 'Bash(ls)', list: 'allow', layer: 'session' } }, 'user_temporary'],
    ['a read-only command, no rule', {}, 'config'],
    ['the mode', { decidedBy: 'mode', mode: 'bypassPermissions' }, 'config'],
    ['a hook', { decidedBy: 'hook' }, 'hook'],
    ['the classifier', { decidedBy: 'classifier', behavior: 'deny' }, 'classifier'],
    ['a person, once', { decidedBy: 'person', answerer: 'ann', answerScope: 'once', askId: 'a1' }, 'user_temporary'],
    ['a person, for the project', { decidedBy: 'person', answerer: 'ann', answerScope: 'project', askId: 'a1' }, 'user_permanent'],
    ['a person refuses', { decidedBy: 'person', behavior: 'deny', answerer: 'ann', askId: 'a1' }, 'user_reject'],
    ['a session grant', { decidedBy: 'grant', grantId: 'g1', answerScope: 'session' }, 'user_temporary'],
    ['a project grant', { decidedBy: 'grant', grantId: 'g1', answerScope: 'project' }, 'user_permanent'],
    ["a grant for the user's projects", { decidedBy: 'grant', grantId: 'g1', answerScope: 'user' }, 'user_permanent'],
    ["the host's prompt", { decidedBy: 'host', behavior: 'deny' }, 'user_reject'],
    [
      'an ask nobody answered',
      { decidedBy: 'toolgate', behavior: 'deny', askId: 'a1', durations: { totalMs: 5, waitMs: 590_000 } },
      'user_abort',
    ],
    ['a failed check', { decidedBy: 'toolgate', behavior: 'deny' }, 'config'],
  ];
  for (const [name, change, source] of cases) {
    it(`${name}: ${source}`, () => {
      expect(claudeCodeSource({ ...base, ...change })).toBe(source);
    });
  }
});

describe('decisionAttributes', () => {
  it("carries Claude Code's attributes unchanged and the rule's provenance under toolgate.*", () => {
    const a = decisionAttributes({
      ...base,
      behavior: 'deny',
      sessionId: 's-1',
      rule: { text: 'Bash(rm *)', list: 'deny', layer: 'projectSettings', file: '/p/.claude/settings.json', index: 0 },
      reason: { kind: 'rule', message: 'denied by Bash(rm *)' },
      mode: 'default',
      policyDigest: 'b'.repeat(64),
      hooks: [{ event: 'PreToolUse', id: 'PreToolUse#0.0', type: 'command', status: 'ok', durationMs: 3 }],
    });
    expect(a).toEqual({
      'event.name': 'tool_decision',
      decision: 'reject',
      source: 'config',
      tool_name: 'Bash',
      tool_use_id: 'toolu_01',
      'session.id': 's-1',
      'toolgate.behavior': 'deny',
      'toolgate.decided_by': 'rules',
      'toolgate.front_end': 'serve',
      'toolgate.rule': 'Bash(rm *)',
      'toolgate.rule.list': 'deny',
      'toolgate.rule.layer': 'projectSettings',
      'toolgate.rule.file': '/p/.claude/settings.json',
      'toolgate.rule.index': 0,
      'toolgate.reason.kind': 'rule',
      'toolgate.reason': 'denied by Bash(rm *)',
      'toolgate.mode': 'default',
      'toolgate.policy.digest': 'b'.repeat(64),
      'toolgate.hooks': ['PreToolUse#0.0 ok'],
      'toolgate.duration_ms': 2,
      'toolgate.input.sha256': 'a'.repeat(64),
    });
  });

  it('names the hook that decided, the answerer, the grant; the input only when asked', () => {
    const hooked = decisionAttributes({
      ...base,
      decidedBy: 'hook',
      hooks: [
        { event: 'PreToolUse', id: 'PreToolUse#0.0', type: 'command', status: 'ok', durationMs: 1 },
        { event: 'PreToolUse', id: 'PreToolUse#1.0', type: 'http', status: 'ok', decision: 'allow', durationMs: 4 },
      ],
    });
    expect(hooked).toMatchObject({
      source: 'hook',
      'toolgate.hook': 'PreToolUse#1.0',
      'toolgate.hooks': ['PreToolUse#0.0 ok', 'PreToolUse#1.0 ok allow'],
    });
    expect(hooked).not.toHaveProperty('toolgate.input');
    const granted = decisionAttributes({ ...base, decidedBy: 'grant', grantId: 'grant_1', answerScope: 'project' }, { includeInput: true });
    expect(granted).toMatchObject({
      'toolgate.grant.id': 'grant_1',
      'toolgate.answer.scope': 'project',
      'toolgate.input': '{"command":"npm test"}',
    });
  });

  it('an ask is not a Claude Code tool decision: no decision or source, its kind and id', () => {
    const a = decisionAttributes({ ...base, behavior: 'ask', askKind: 'firm', askId: 'ask_1' });
    expect(a).not.toHaveProperty('decision');
    expect(a).not.toHaveProperty('source');
    expect(a).toMatchObject({ 'toolgate.behavior': 'ask', 'toolgate.ask.kind': 'firm', 'toolgate.ask.id': 'ask_1' });
  });

  const sources: DecisionSource[] = ['rules', 'mode', 'hook', 'classifier', 'person', 'host', 'grant', 'plan', 'toolgate'];
  const event = fc.record(
    {
      behavior: fc.constantFrom('allow' as const, 'ask' as const, 'deny' as const, 'deferred' as const),
      decidedBy: fc.constantFrom(...sources),
      tool: fc.string({ minLength: 1 }),
      toolUseId: fc.string(),
      sessionId: fc.string(),
      answerer: fc.string(),
      askId: fc.string({ minLength: 1 }),
      answerScope: fc.constantFrom('once' as const, 'session' as const, 'project' as const, 'user' as const),
      rule: fc.record({
        text: fc.string({ minLength: 1 }),
        list: fc.constantFrom('allow' as const, 'ask' as const, 'deny' as const),
        layer: fc.constantFrom(
          'managed' as const,
          'cli' as const,
          'localSettings' as const,
          'projectSettings' as const,
          'userSettings' as const,
          'session' as const,
          'inline' as const,
        ),
      }),
      waitMs: fc.nat(),
    },
    { requiredKeys: ['behavior', 'decidedBy', 'tool'] },
  );

  it('property: decision and source are in Claude Code vocabulary exactly for allows and denies; no attribute is empty or undefined', () => {
    fc.assert(
      fc.property(event, (e) => {
        const { waitMs, ...rest } = e;
        const d: DecisionEvent = { ...base, ...rest, durations: { totalMs: 1, ...(waitMs !== undefined ? { waitMs } : {}) } };
        for (const a of [decisionAttributes(d), decisionMetricAttributes(d)]) {
          const decided = d.behavior === 'allow' || d.behavior === 'deny';
          expect(a['decision']).toBe(d.behavior === 'allow' ? 'accept' : d.behavior === 'deny' ? 'reject' : undefined);
          if (decided) expect(CLAUDE_CODE_SOURCES).toContain(a['source']);
          else expect(a).not.toHaveProperty('source');
          expect(a['toolgate.behavior']).toBe(d.behavior);
          for (const v of Object.values(a)) expect(v === undefined || v === '').toBe(false);
        }
      }),
    );
  });

  it('property: the counter is keyed by bounded attributes only: never an id, a session, an answerer or a digest', () => {
    fc.assert(
      fc.property(event, (e) => {
        const { waitMs: _, ...rest } = e;
        const keys = Object.keys(decisionMetricAttributes({ ...base, ...rest, policyDigest: 'c'.repeat(64) }));
        expect(keys.filter((k) => /id$|session|answerer|digest|sha256|input/.test(k))).toEqual([]);
      }),
    );
  });
});
