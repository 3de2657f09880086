import { describe, expect, it } from 'vitest';
import {
  compileHooks,
  interpretReply,
  parseHookValue,
  validateHookOutput,
  type CompiledHandler,
  type TransportReply,
} from '../../src/hooks/index.js';

function handler(extra: Record<string, unknown> = {}, type = 'command'): CompiledHandler {
  const raw = type === 'command' ? { type, command: 'x', ...extra } : { type, prompt: 'p', ...extra };
  const h = compileHooks([{ event: 'PreToolUse', hooks: [raw], source: { kind: 'inline' } }]).registry.events.get('PreToolUse')?.[0];
  if (h === undefined) throw new Error('no handler');
  return h;
}
const exited = (exitCode: number | null, stdout = '', stderr = '', signal: string | null = null): TransportReply => ({
  status: 'exited',
  exitCode,
  signal,
  stdout,
  stderr,
});
const pre = (r: TransportReply, h = handler()) => interpretReply('PreToolUse', h, r);

describe('interpretReply: exit codes', () => {
  it('exit 0 with a JSON object is parsed and validated', () => {
    const v = pre(exited(0, ' {"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}\n'));
    expect(v.status).toBe('success');
    expect(v.output?.hookSpecificOutput?.permissionDecision).toBe('deny');
  });

  it('exit 0 with plain text is text', () => {
    expect(pre(exited(0, 'hello\n'))).toMatchObject({ status: 'success', text: 'hello\n' });
  });

  it('exit 0 with text before the JSON is plain text, with a problem reported', () => {
    const v = pre(exited(0, 'BLOCKED\n{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny"}}'));
    expect(v.status).toBe('success');
    expect(v.output).toBeUndefined();
    expect(v.problems[0]).toMatch(/ignored/);
  });

  it('invalid JSON and schema violations are malformed', () => {
    expect(pre(exited(0, '{"hookSpecificOutput": ')).status).toBe('malformed');
    expect(pre(exited(0, '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"maybe"}}')).status).toBe('malformed');
    expect(pre(exited(0, '{"hookSpecificOutput":{"hookEventName":"PostToolUse"}}')).status).toBe('malformed');
    expect(pre(exited(0, '{"continue":"yes"}')).status).toBe('malformed');
  });

  it('a decision key at the top level is malformed, not silently ignored', () => {
    const v = pre(exited(0, '{"permissionDecision":"allow"}'));
    expect(v.status).toBe('malformed');
    expect(v.problems[0]).toMatch(/hookSpecificOutput/);
  });

  it('exit 2 blocks with stderr, or the JSON reason', () => {
    expect(pre(exited(2, '', 'no commits\n'))).toMatchObject({ status: 'blocked', message: 'no commits' });
    expect(pre(exited(2, '{"reason":"json reason"}', 'stderr'))).toMatchObject({ status: 'blocked', message: 'json reason' });
  });

  it('other exits and signals are errors; their JSON is not read; onFailure block fails closed', () => {
    const v = pre(exited(3, '{"decision":"block","reason":"x"}', 'oops\nmore'));
    expect(v).toMatchObject({ status: 'error', failClosed: false, message: 'hook exited with 3: oops' });
    expect(v.output).toBeUndefined();
    expect(pre(exited(null, '', '', 'SIGKILL')).message).toMatch(/SIGKILL/);
    expect(pre(exited(1), handler({ onFailure: 'block' })).failClosed).toBe(true);
  });

  it('reports dropped output bytes', () => {
    const v = pre({ ...exited(0, 'x'), droppedBytes: 10 } as TransportReply);
    expect(v.problems.join()).toMatch(/10 bytes/);
  });
});

describe('interpretReply: other transports', () => {
  it('http: non-2xx and non-JSON 2xx are errors; empty 2xx is success', () => {
    expect(pre({ status: 'responded', httpStatus: 500, body: '{"decision":"block"}' }).status).toBe('error');
    expect(pre({ status: 'responded', httpStatus: 200, body: 'ok' }).status).toBe('error');
    expect(pre({ status: 'responded', httpStatus: 204, body: '' }).status).toBe('success');
  });

  it('callback: values are validated; async answers are async', () => {
    expect(pre({ status: 'returned', value: {} }).status).toBe('success');
    expect(pre({ status: 'returned', value: undefined }).status).toBe('success');
    expect(pre({ status: 'returned', value: 'allow' }).status).toBe('malformed');
    expect(pre({ status: 'returned', value: { async: true, asyncTimeout: 5000 } })).toMatchObject({
      status: 'async',
      asyncTimeoutMs: 5000,
    });
  });

  it('prompt: ok:false is a deny on PreToolUse and a block on Stop unless impossible', () => {
    const h = handler({}, 'prompt');
    expect(
      interpretReply('PreToolUse', h, { status: 'judged', ok: false, reason: 'no' }).output?.hookSpecificOutput?.permissionDecision,
    ).toBe('deny');
    expect(interpretReply('Stop', h, { status: 'judged', ok: false, reason: 'go on' }).output).toEqual({
      decision: 'block',
      reason: 'go on',
    });
    expect(interpretReply('Stop', h, { status: 'judged', ok: false, impossible: true }).output?.decision).toBeUndefined();
    expect(interpretReply('PreToolUse', h, { status: 'judged', ok: true }).output).toEqual({});
  });

  it('timeouts and failures', () => {
    expect(pre({ status: 'timedOut' }).status).toBe('timedOut');
    expect(pre({ status: 'failed', error: 'ENOENT' })).toMatchObject({ status: 'error', message: 'ENOENT' });
  });
});

describe('parseHookValue: the empty answer', () => {
  it('{} is a valid answer on every event; an object that only looks empty is still checked', () => {
    for (const event of ['PreToolUse', 'PermissionRequest', 'Stop', 'UserPromptSubmit', 'PostToolUse', 'FutureEvent'])
      expect(parseHookValue(event, {})).toEqual({ kind: 'json', output: {} });
    const hidden = Object.defineProperty({}, 'continue', { value: 'yes', enumerable: false });
    expect(parseHookValue('PreToolUse', hidden).kind).toBe('bad');
    const misplaced = Object.create({ permissionDecision: 'allow' }) as object;
    expect(parseHookValue('PreToolUse', misplaced).kind).toBe('bad');
    expect(parseHookValue('PreToolUse', Object.create(null)).kind).toBe('json');
    expect(parseHookValue('PreToolUse', []).kind).toBe('bad');
  });
});

describe('validateHookOutput', () => {
  it('accepts the documented shapes', () => {
    expect(
      validateHookOutput('PermissionRequest', {
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          decision: { behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode: 'acceptEdits', destination: 'session' }] },
        },
      }),
    ).toEqual([]);
    expect(
      validateHookOutput('PermissionRequest', {
        hookSpecificOutput: {
          hookEventName: 'PermissionRequest',
          decision: { behavior: 'allow', updatedPermissions: [{ type: 'grantAll' }] },
        },
      }),
    ).not.toEqual([]);
    expect(validateHookOutput('Stop', { decision: 'block', reason: 'r', futureField: 1 })).toEqual([]);
  });
});
