/**
 * `evaluate` called directly with a listener reports its decision once, with the rule, its file
 * and layer, the mode, the policy digest and the trace; the input and reason redacted as the audit
 * log redacts them. Without a listener nothing is reported; a listener that throws changes nothing.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { evaluate, evaluateAsync, type DecisionEvent, policyDigest, policyFromObjects } from '../../src/index.js';
import { canonicalJson } from '../../src/store/canonical.js';

const FILE = '/home/user/project/.claude/settings.json';
const policy = policyFromObjects([
  { kind: 'projectSettings', file: FILE, settings: { permissions: { deny: ['Bash(rm *)'], allow: ['Bash(npm test)'] } } },
]);
const ctx = { mode: 'default' as const, policy, cwd: '/home/user/project', home: '/home/user' };

describe('evaluate with onDecision', () => {
  it('reports one event per decision: rule, file, layer, mode, digest, trace', () => {
    const events: DecisionEvent[] = [];
    const d = evaluate({ tool: 'Bash', input: { command: 'rm -rf build' }, id: 'toolu_1' }, ctx, { onDecision: (e) => events.push(e) });
    expect(d.behavior).toBe('deny');
    expect(events).toHaveLength(1);
    const [e] = events;
    expect(e).toMatchObject({
      version: 1,
      frontEnd: 'evaluate',
      behavior: 'deny',
      tool: 'Bash',
      toolUseId: 'toolu_1',
      input: { command: 'rm -rf build' },
      reason: { kind: 'rule' },
      rule: { text: 'Bash(rm *)', list: 'deny', layer: 'projectSettings', file: FILE, index: 0 },
      mode: 'default',
      decidedBy: 'rules',
      policyDigest: policyDigest(policy),
    });
    expect(e!.inputSha256).toBe(
      createHash('sha256')
        .update(canonicalJson({ command: 'rm -rf build' }))
        .digest('hex'),
    );
    expect(e!.trace.length).toBe(d.trace.length);
    expect(e!.durations.totalMs).toBeGreaterThanOrEqual(0);
  });

  it('redacts the input and the reason as the audit log does', () => {
    const events: DecisionEvent[] = [];
    const secret = 'ghp_abcdefghijklmnopqrstuvwxyz0123';
    evaluate({ tool: 'Bash', input: { command: `curl -H "Authorization: ${secret}" x`, api_key: 'k' } }, ctx, {
      onDecision: (e) => events.push(e),
    });
    expect(JSON.stringify(events[0])).not.toContain(secret);
    expect((events[0]!.input as Record<string, unknown>)['api_key']).toBe('[redacted]');
  });

  it('the mode is the one decided in: a switched-off bypassPermissions is default', () => {
    const off = policyFromObjects([{ kind: 'managed', settings: { permissions: { disableBypassPermissionsMode: 'disable' } } }]);
    const events: DecisionEvent[] = [];
    evaluate(
      { tool: 'Read', input: { file_path: '/home/user/project/a' } },
      { ...ctx, policy: off, mode: 'bypassPermissions' },
      { onDecision: (e) => events.push(e) },
    );
    expect(events[0]!.mode).toBe('default');
  });

  it('a decision by the mode names the mode', () => {
    const events: DecisionEvent[] = [];
    const d = evaluate({ tool: 'Bash', input: { command: 'touch x' } }, { ...ctx, mode: 'dontAsk' }, { onDecision: (e) => events.push(e) });
    expect(d.rule).toBeUndefined();
    expect(events[0]).toMatchObject({ behavior: 'deny', decidedBy: 'mode', mode: 'dontAsk' });
  });

  it('a listener that throws does not change the decision; evaluateAsync reports too', async () => {
    const d = evaluate({ tool: 'Bash', input: { command: 'npm test' } }, ctx, {
      onDecision: () => {
        throw new Error('listener broke');
      },
    });
    expect(d.behavior).toBe('allow');
    const events: DecisionEvent[] = [];
    await evaluateAsync({ tool: 'Bash', input: { command: 'npm test' } }, ctx, { onDecision: (e) => events.push(e) });
    expect(events.map((e) => e.behavior)).toEqual(['allow']);
  });
});

describe('policyDigest', () => {
  it('is the SHA-256 of the canonical policy body (as node:crypto computes it), per trust', () => {
    const body = {
      trusted: true,
      rules: policy.rules.map((r) => [r.list, r.rule.text, r.source.kind, r.source.file ?? null]),
      additionalDirectories: [],
      defaultMode: null,
      disableBypassPermissionsMode: policy.disableBypassPermissionsMode,
      disableAutoMode: policy.disableAutoMode,
      errors: [],
    };
    expect(policyDigest(policy)).toBe(createHash('sha256').update(canonicalJson(body)).digest('hex'));
    expect(policyDigest(policy, false)).toBe(
      createHash('sha256')
        .update(canonicalJson({ ...body, trusted: false }))
        .digest('hex'),
    );
    expect(
      policyDigest(policyFromObjects([{ kind: 'projectSettings', file: FILE, settings: { permissions: { deny: ['Bash(rm *)'] } } }])),
    ).not.toBe(policyDigest(policy));
  });

  it("leaves out a host's built-in rules: serve's guard names its process id and files, which change per run and machine", () => {
    const guard = (pid: number) => ({
      ...policy,
      rules: [
        ...policy.rules,
        ...[`Read(//proc/${pid}/**)`, `Edit(//proc/${pid}/**)`].map((text) => ({
          ...policy.rules[0]!,
          rule: { ...policy.rules[0]!.rule, text },
          source: { kind: 'inline' as const, builtIn: true as const },
        })),
      ],
    });
    expect(policyDigest(guard(1234))).toBe(policyDigest(policy));
    expect(policyDigest(guard(5678))).toBe(policyDigest(guard(1234)));
    // A rule written inline by a person still counts.
    const inline = { ...policy, rules: [...policy.rules, { ...policy.rules[0]!, source: { kind: 'inline' as const } }] };
    expect(policyDigest(inline)).not.toBe(policyDigest(policy));
  });
});
