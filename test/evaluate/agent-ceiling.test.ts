import { beforeAll, describe, expect, it } from 'vitest';
import {
  agentCallMode,
  callAndContext,
  evaluate,
  nextSessionMode,
  prepare,
  readToolEvent,
  sessionCeilingMode,
  type EvaluationContext,
  type SessionFacts,
  type SessionModeRecord,
} from '../../src/evaluate/index.js';
import { policyFromObjects } from '../../src/settings/index.js';

const P = '/home/user/project';
const HOME = '/home/user';

beforeAll(async () => {
  await prepare();
});

const policy = policyFromObjects([
  {
    kind: 'projectSettings',
    file: `${P}/.claude/settings.json`,
    settings: {
      permissions: { allow: ['Bash(npm test)'] },
      $toolgate: {
        agents: { Explore: { deny: ['Bash(npm test)'], allow: ['Edit(src/**)'], mode: 'default' }, '*': { ask: ['WebFetch'] } },
      },
    },
  },
]);
const ctx = (mode: EvaluationContext['mode'], agent?: EvaluationContext['agent']): EvaluationContext => ({
  mode,
  policy,
  cwd: P,
  home: HOME,
  projectDir: P,
  ...(agent !== undefined ? { agent } : {}),
});
const edit = (file: string) => ({ tool: 'Edit', input: { file_path: `${P}/${file}`, old_string: 'a', new_string: 'b' } });

describe('sub-agent ceilings: evaluate', () => {
  it("a sub-agent's own deny rule refuses what its parent may do, and cites the rule with its agent", () => {
    const d = evaluate(
      { tool: 'Bash', input: { command: 'npm test' } },
      ctx('default', { id: 'a1', type: 'Explore', parentMode: 'default' }),
    );
    expect(d.behavior).toBe('deny');
    expect(d.rule).toMatchObject({ text: 'Bash(npm test)', list: 'deny', agent: 'Explore', index: 0 });
    // Another kind of sub-agent, and the main agent, are not touched by it.
    expect(
      evaluate({ tool: 'Bash', input: { command: 'npm test' } }, ctx('default', { type: 'Plan', parentMode: 'default' })).behavior,
    ).toBe('allow');
    expect(evaluate({ tool: 'Bash', input: { command: 'npm test' } }, ctx('default')).behavior).toBe('allow');
  });

  it('`*` rules apply to every sub-agent, with a type or without', () => {
    const fetch = { tool: 'WebFetch', input: { url: 'https://example.com', prompt: '' } };
    expect(evaluate(fetch, ctx('bypassPermissions', { id: 'x', parentMode: 'bypassPermissions' }))).toMatchObject({
      behavior: 'ask',
      askKind: 'firm',
      rule: { agent: '*' },
    });
    expect(evaluate(fetch, ctx('bypassPermissions')).behavior).toBe('allow');
  });

  it("a sub-agent's allow rule opens only what its parent would allow", () => {
    // The parent in acceptEdits allows edits in the project; Explore is kept in default by its settings,
    // where its own allow rule opens src/ only.
    expect(evaluate(edit('src/a.ts'), ctx('acceptEdits', { type: 'Explore', parentMode: 'acceptEdits' })).behavior).toBe('allow');
    expect(evaluate(edit('README.md'), ctx('acceptEdits', { type: 'Explore', parentMode: 'acceptEdits' })).behavior).toBe('ask');
    // Under a default parent, its allow rule cannot lift the parent's ask.
    const capped = evaluate(edit('src/a.ts'), ctx('default', { type: 'Explore', parentMode: 'default' }));
    expect(capped.behavior).toBe('ask');
    expect(capped.reason.message).toContain('a sub-agent gets no more than its parent');
    expect(capped.trace.at(-1)).toMatchObject({ step: 'agentCeiling', outcome: 'ask' });
  });

  it("a sub-agent's requested mode cannot raise it above its parent's; an unknown parent mode is default", () => {
    for (const parentMode of ['default', 'delegate', undefined]) {
      const d = evaluate(
        edit('README.md'),
        ctx('bypassPermissions', { type: 'Plan', ...(parentMode !== undefined ? { parentMode } : {}) }),
      );
      expect(d.behavior).toBe('ask');
      expect(d.trace.some((s) => s.step === 'agentCeiling' && s.detail.includes('(default mode)'))).toBe(true);
    }
    // Under a bypassPermissions parent the same request stands.
    expect(evaluate(edit('README.md'), ctx('bypassPermissions', { type: 'Plan', parentMode: 'bypassPermissions' })).behavior).toBe('allow');
  });
});

describe('sub-agent ceilings: the door', () => {
  const facts: SessionFacts = { policy, home: HOME, project: { known: true, dir: P, via: 'declared' } };
  const event = (o: Record<string, unknown>) => {
    const r = readToolEvent({ hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: edit('README.md').input, cwd: P, ...o });
    if (!r.ok) throw new Error(r.message);
    return r.event;
  };

  it("a sub-agent's event gets its ceiling: the parent's mode from the facts, the mode capped", () => {
    const { context } = callAndContext(event({ agent_id: 'a1', agent_type: 'Plan', permission_mode: 'bypassPermissions' }), {
      ...facts,
      parentMode: 'acceptEdits',
    });
    expect(context.agent).toEqual({ id: 'a1', type: 'Plan', parentMode: 'acceptEdits' });
    expect(context.mode).toBe('acceptEdits');
    expect(evaluate(edit('README.md'), context).behavior).toBe('allow');
  });

  it('the settings mode of its type wins over the one it asks for, still under the parent', () => {
    expect(agentCallMode('acceptEdits', { id: 'a', type: 'Explore' }, { ...facts, parentMode: 'bypassPermissions' }).mode).toBe('default');
    expect(agentCallMode('plan', { id: 'a', type: 'Other' }, { ...facts, parentMode: 'default' }).mode).toBe('plan');
  });

  it("a mode override (the CLI's --mode) is the parent's mode too; the main agent's event has no ceiling", () => {
    expect(agentCallMode('bypassPermissions', { id: 'a' }, { ...facts, mode: 'plan', parentMode: 'bypassPermissions' })).toEqual({
      mode: 'plan',
      agent: { id: 'a', parentMode: 'plan' },
    });
    const { context } = callAndContext(event({ permission_mode: 'acceptEdits' }), facts);
    expect(context.agent).toBeUndefined();
    expect(context.mode).toBe('acceptEdits');
  });
});

describe("sub-agent ceilings: a session's record of its main agent's mode", () => {
  const after = (...modes: string[]) => modes.reduce<SessionModeRecord | undefined>((r, m) => nextSessionMode(r, m), undefined)!;

  it('is the mode seen while it only falls', () => {
    expect(sessionCeilingMode(after('bypassPermissions'))).toBe('bypassPermissions');
    expect(sessionCeilingMode(after('acceptEdits', 'default'))).toBe('default');
  });

  it('never rises above the least permissive mode seen: a later event naming a looser mode does not lift it', () => {
    expect(sessionCeilingMode(after('default', 'bypassPermissions'))).toBe('default');
    expect(sessionCeilingMode(after('default', 'acceptEdits', 'auto'))).toBe('default');
  });

  it('is plan while the main agent is in plan mode, and plan mode does not hold it there afterwards', () => {
    expect(sessionCeilingMode(after('acceptEdits', 'plan'))).toBe('plan');
    expect(sessionCeilingMode(after('plan'))).toBe('plan');
    // Leaving plan mode for accept-edits (the usual end of planning) counts as default: stricter, never looser.
    expect(sessionCeilingMode(after('plan', 'acceptEdits'))).toBe('default');
    expect(sessionCeilingMode(after('plan', 'default'))).toBe('default');
  });

  it('reads a mode it does not know as default', () => {
    expect(sessionCeilingMode(after('default', 'made-up'))).toBe('default');
    expect(sessionCeilingMode(after('made-up', 'bypassPermissions'))).toBe('made-up');
  });
});
