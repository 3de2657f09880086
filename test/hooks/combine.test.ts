import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  combineBlocking,
  combinePermissionDenied,
  combinePermissionRequest,
  combinePostToolUse,
  combinePreCompact,
  combinePreToolUse,
  combineSessionStart,
  combineStop,
  combineUserPromptSubmit,
  type CombinableResult,
  type HookPermissionDecision,
} from '../../src/hooks/index.js';

const decide = (d: HookPermissionDecision, extra: Record<string, unknown> = {}, id?: string): CombinableResult => ({
  status: 'success',
  failClosed: false,
  output: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: d, ...extra } },
  ...(id !== undefined ? { id } : {}),
});
const none: CombinableResult = { status: 'success', failClosed: false, output: {} };

describe('combinePreToolUse', () => {
  it('deny > defer > ask > allow', () => {
    expect(combinePreToolUse([decide('allow'), decide('ask')]).decision).toBe('ask');
    expect(combinePreToolUse([decide('defer'), decide('deny')]).decision).toBe('deny');
    expect(combinePreToolUse([decide('ask'), decide('defer')]).decision).toBe('defer');
    expect(combinePreToolUse([decide('allow'), none]).decision).toBe('allow');
    expect(combinePreToolUse([none]).decision).toBeUndefined();
    expect(combinePreToolUse([decide('ask')]).askKind).toBe('firm');
  });

  it('reports the first deny in configuration order', () => {
    const a = combinePreToolUse([
      decide('allow'),
      decide('deny', { permissionDecisionReason: 'first' }, 'h1'),
      decide('deny', { permissionDecisionReason: 'second' }, 'h2'),
    ]);
    expect(a).toMatchObject({ decision: 'deny', reason: 'first', decidedBy: 'h1' });
  });

  it('exit 2 and timeouts deny; other failures are ignored unless onFailure block', () => {
    expect(combinePreToolUse([decide('allow'), { status: 'blocked', failClosed: false, message: 'stderr' }])).toMatchObject({
      decision: 'deny',
      reason: 'stderr',
    });
    expect(combinePreToolUse([decide('allow'), { status: 'timedOut', failClosed: false, message: 'late' }]).decision).toBe('deny');
    expect(combinePreToolUse([decide('allow'), { status: 'error', failClosed: false, message: 'exit 1' }]).decision).toBe('allow');
    expect(combinePreToolUse([decide('allow'), { status: 'error', failClosed: true, message: 'exit 1' }]).decision).toBe('deny');
  });

  it('malformed output never counts as allow', () => {
    const a = combinePreToolUse([decide('allow'), { status: 'malformed', failClosed: false, message: 'bad json' }]);
    expect(a).toMatchObject({ decision: 'ask', askKind: 'firm' });
  });

  it('legacy decision approve / block, and continue:false', () => {
    expect(combinePreToolUse([{ status: 'success', failClosed: false, output: { decision: 'approve' } }]).decision).toBe('allow');
    expect(combinePreToolUse([{ status: 'success', failClosed: false, output: { decision: 'block', reason: 'r' } }])).toMatchObject({
      decision: 'deny',
      reason: 'r',
    });
    const stop = combinePreToolUse([{ status: 'success', failClosed: false, output: { continue: false, stopReason: 'halt' } }]);
    expect(stop).toMatchObject({ decision: 'deny', stop: { reason: 'halt' } });
  });

  it('ignores an allow from a handler that ran only because its matcher is broken', () => {
    const a = combinePreToolUse([{ ...decide('allow'), fallback: true }]);
    expect(a.decision).toBeUndefined();
    expect(combinePreToolUse([{ ...decide('deny'), fallback: true }]).decision).toBe('deny');
  });

  it('updatedInput: one rewrite applies, identical ones count once, different ones conflict (firm ask)', () => {
    const r1 = { command: 'rtk git status' };
    expect(combinePreToolUse([decide('allow', { updatedInput: r1 })]).updatedInput).toEqual(r1);
    expect(combinePreToolUse([decide('allow', { updatedInput: r1 }), decide('allow', { updatedInput: { ...r1 } })])).toMatchObject({
      decision: 'allow',
      updatedInput: r1,
    });
    const conflict = combinePreToolUse([decide('allow', { updatedInput: r1 }), decide('allow', { updatedInput: { command: 'other' } })]);
    expect(conflict).toMatchObject({ decision: 'ask', askKind: 'firm' });
    expect(conflict.updatedInput).toBeUndefined();
    const noDecision: CombinableResult = {
      status: 'success',
      failClosed: false,
      output: { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: r1 } },
    };
    expect(combinePreToolUse([noDecision])).toMatchObject({ updatedInput: r1 });
    expect(combinePreToolUse([noDecision, decide('deny')]).updatedInput).toBeUndefined();
    expect(combinePreToolUse([decide('defer', { updatedInput: r1 })]).updatedInput).toBeUndefined();
  });

  it('property: any multiset of answers containing a deny combines to deny', () => {
    const answer = fc.oneof(
      fc.constantFrom<HookPermissionDecision>('allow', 'ask', 'defer', 'deny').map((d) => decide(d)),
      fc.constant(none),
      fc.record({ command: fc.string() }).map((updatedInput) => decide('allow', { updatedInput })),
      fc
        .constantFrom<CombinableResult['status']>('error', 'malformed', 'async', 'success')
        .map((status) => ({ status, failClosed: false, message: 'x' })),
      fc.constant<CombinableResult>({ ...decide('allow'), fallback: true }),
    );
    const deny = fc.oneof(
      fc.constant(decide('deny')),
      fc.constant<CombinableResult>({ status: 'blocked', failClosed: false, message: 'exit 2' }),
      fc.constant<CombinableResult>({ status: 'timedOut', failClosed: false }),
      fc.constant<CombinableResult>({ status: 'success', failClosed: false, output: { decision: 'block' } }),
    );
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 8 }), deny, fc.nat(), (others, d, at) => {
        const list = [...others];
        list.splice(at % (list.length + 1), 0, d);
        const combined = combinePreToolUse(list);
        expect(combined.decision).toBe('deny');
        expect(combined.updatedInput).toBeUndefined();
      }),
    );
  });

  it('property: without a deny, the answer is never allow when something is malformed or conflicting', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<HookPermissionDecision>('allow', 'ask'), { maxLength: 5 }), (ds) => {
        const list = [...ds.map((d) => decide(d)), { status: 'malformed', failClosed: false } as CombinableResult];
        expect(combinePreToolUse(list).decision).not.toBe('allow');
      }),
    );
  });
});

describe('combinePermissionRequest', () => {
  const pr = (decision: Record<string, unknown>, extra: Partial<CombinableResult> = {}): CombinableResult => ({
    status: 'success',
    failClosed: false,
    output: { hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: decision as never } },
    ...extra,
  });
  it('first deny wins; exit 2 is ignored; allows merge permissions', () => {
    expect(
      combinePermissionRequest([pr({ behavior: 'allow' }), pr({ behavior: 'deny', message: 'no', interrupt: true })]).decision,
    ).toEqual({ behavior: 'deny', message: 'no', interrupt: true });
    expect(combinePermissionRequest([{ status: 'blocked', failClosed: false }]).decision).toBeUndefined();
    const perms = [{ type: 'addDirectories', directories: ['/x'], destination: 'session' }];
    expect(combinePermissionRequest([pr({ behavior: 'allow', updatedPermissions: perms }), pr({ behavior: 'allow' })]).decision).toEqual({
      behavior: 'allow',
      updatedPermissions: perms,
    });
  });
  it('conflicting rewrites and fallback allows give no decision', () => {
    expect(
      combinePermissionRequest([pr({ behavior: 'allow', updatedInput: { a: 1 } }), pr({ behavior: 'allow', updatedInput: { a: 2 } })])
        .decision,
    ).toBeUndefined();
    expect(combinePermissionRequest([pr({ behavior: 'allow' }, { fallback: true })]).decision).toBeUndefined();
  });
});

describe('combineStop', () => {
  const block: CombinableResult = { status: 'success', failClosed: false, output: { decision: 'block', reason: 'run the tests' } };
  it('blocks with every reason, until 8 consecutive continuations', () => {
    expect(combineStop('Stop', [block, { status: 'blocked', failClosed: false, message: 'ci failed' }])).toMatchObject({
      block: true,
      reason: 'run the tests\nci failed',
    });
    expect(combineStop('Stop', [block], { consecutiveContinuations: 7 }).block).toBe(true);
    expect(combineStop('Stop', [block], { consecutiveContinuations: 8 })).toMatchObject({ block: false, capped: true });
  });
  it('timeouts and failures are no decision, even with onFailure block', () => {
    expect(
      combineStop('SubagentStop', [
        { status: 'timedOut', failClosed: true },
        { status: 'error', failClosed: true },
      ]).block,
    ).toBe(false);
  });
});

describe('other combiners', () => {
  it('UserPromptSubmit: plain text is context; exit 2 and timeouts block', () => {
    const a = combineUserPromptSubmit([{ status: 'success', failClosed: false, text: 'today is Monday' }]);
    expect(a).toMatchObject({ block: false, additionalContext: ['today is Monday'] });
    expect(combineUserPromptSubmit([{ status: 'timedOut', failClosed: false }]).block).toBe(true);
    expect(combineUserPromptSubmit([{ status: 'blocked', failClosed: false, message: 'secret in prompt' }])).toMatchObject({
      block: true,
      reason: 'secret in prompt',
    });
  });
  it('PostToolUse: context from all, feedback, one updatedToolOutput', () => {
    const ctx = (c: string, extra: Record<string, unknown> = {}): CombinableResult => ({
      status: 'success',
      failClosed: false,
      output: { hookSpecificOutput: { hookEventName: 'PostToolUse', additionalContext: c, ...extra } },
    });
    const a = combinePostToolUse('PostToolUse', [
      ctx('a', { updatedToolOutput: 'short' }),
      ctx('b'),
      { status: 'blocked', failClosed: false, message: 'lint failed' },
    ]);
    expect(a).toMatchObject({
      additionalContext: ['a', 'b'],
      feedback: ['lint failed'],
      updatedToolOutput: { value: 'short' },
      block: false,
    });
    expect(
      combinePostToolUse('PostToolUse', [ctx('a', { updatedToolOutput: 1 }), ctx('b', { updatedToolOutput: 2 })]).updatedToolOutput,
    ).toBeUndefined();
  });
  it('SessionStart, PreCompact, PermissionDenied', () => {
    const s = combineSessionStart([
      { status: 'success', failClosed: false, text: 'git log' },
      {
        status: 'success',
        failClosed: false,
        output: { hookSpecificOutput: { hookEventName: 'SessionStart', initialUserMessage: 'hi', watchPaths: ['/a'] } },
      },
      { status: 'blocked', failClosed: false, message: 'x' },
    ]);
    expect(s).toMatchObject({ additionalContext: ['git log'], initialUserMessage: 'hi', watchPaths: ['/a'], block: false });
    expect(combinePreCompact([{ status: 'success', failClosed: false, text: 'keep the todo list' }])).toMatchObject({
      instructions: ['keep the todo list'],
      block: false,
    });
    expect(combinePreCompact([{ status: 'blocked', failClosed: false, message: 'not now' }]).block).toBe(true);
    expect(
      combinePermissionDenied([
        { status: 'success', failClosed: false, output: { hookSpecificOutput: { hookEventName: 'PermissionDenied', retry: true } } },
      ]).retry,
    ).toBe(true);
  });
  it('an event that cannot block never blocks', () => {
    expect(combineBlocking('Notification', [{ status: 'blocked', failClosed: false, message: 'x' }]).block).toBe(false);
    expect(combineBlocking('TaskCreated', [{ status: 'blocked', failClosed: false, message: 'x' }]).block).toBe(true);
  });
});
