import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  buildHookInput,
  compileHooks,
  createHookDispatcher,
  createTransportRegistry,
  createTransports,
  fillPromptArguments,
  hookGroupsFromCallbacks,
  templateMcpInput,
  toHookOutput,
  type HookCallback,
} from '../../src/hooks/index.js';
import { createMemoryFileSystem } from '../../src/testing/memory-fs.js';
import { bash, dispatcherFor, fixture, FIXTURES } from './helpers.js';

const deny: HookCallback = async () => ({
  hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'cb' },
});

function callbacks(hooks: Parameters<typeof hookGroupsFromCallbacks>[0], extra: Partial<Parameters<typeof createHookDispatcher>[0]> = {}) {
  const { registry } = compileHooks(hookGroupsFromCallbacks(hooks));
  return createHookDispatcher({ registry, projectDir: '/p', cwd: '/p', sessionId: 's', ...extra });
}

describe('buildHookInput', () => {
  it('uses Claude Code field names and never passes manual', () => {
    const input = buildHookInput(
      'PreToolUse',
      { tool_name: 'Bash', tool_input: { command: 'ls' }, tool_use_id: 't' },
      {
        session_id: 's',
        cwd: '/p',
        permission_mode: 'manual',
      },
    );
    expect(input).toEqual({
      session_id: 's',
      transcript_path: '',
      cwd: '/p',
      permission_mode: 'default',
      hook_event_name: 'PreToolUse',
      tool_name: 'Bash',
      tool_input: { command: 'ls' },
      tool_use_id: 't',
    });
    expect(buildHookInput('Stop', { stop_hook_active: true }, { session_id: 's', cwd: '/p', permission_mode: 'weird' })).not.toHaveProperty(
      'permission_mode',
    );
  });
});

describe('callback hooks (Agent SDK shape)', () => {
  it('passes input, toolUseID and a signal; deny wins over allow', async () => {
    const calls: unknown[][] = [];
    const allow: HookCallback = async (input, id, opts) => {
      calls.push([input['tool_name'], id, opts.signal instanceof AbortSignal]);
      return { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } };
    };
    const d = callbacks({ PreToolUse: [{ matcher: 'Bash', hooks: [allow, deny] }] });
    const r = await d.run('PreToolUse', bash('ls', 'toolu_9'));
    expect(calls).toEqual([['Bash', 'toolu_9', true]]);
    expect(r.answer).toMatchObject({ decision: 'deny', reason: 'cb' });
    expect(r.outcomes.map((o) => o.source.kind)).toEqual(['inline', 'inline']);
  });

  it('a callback that never settles times out and blocks the call (seconds from the matcher)', async () => {
    const hang: HookCallback = () => new Promise(() => {});
    const d = callbacks({ PreToolUse: [{ hooks: [hang], timeout: 0.05 }] });
    const r = await d.run('PreToolUse', bash('ls'));
    expect(r.outcomes[0]).toMatchObject({ status: 'timedOut', timeoutSeconds: 0.05 });
    expect(r.answer).toMatchObject({ decision: 'deny' });
  });

  it('a throwing callback is ignored unless onFailure block', async () => {
    const boom: HookCallback = async () => {
      throw new Error('boom');
    };
    expect((await callbacks({ PreToolUse: [{ hooks: [boom] }] }).run('PreToolUse', bash('ls'))).answer).not.toHaveProperty('decision');
    expect((await callbacks({ PreToolUse: [{ hooks: [boom], onFailure: 'block' }] }).run('PreToolUse', bash('ls'))).answer).toMatchObject({
      decision: 'deny',
    });
  });

  it('async answers are recorded as async', async () => {
    const later: HookCallback = async () => ({ async: true, asyncTimeout: 30_000 });
    const r = await callbacks({ PostToolUse: [{ hooks: [later] }] }).run('PostToolUse', { ...bash('ls'), tool_response: '' });
    expect(r.outcomes[0]).toMatchObject({ status: 'async', asyncTimeoutMs: 30_000 });
  });
});

describe('selection', () => {
  it('runs identical handlers from several files once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgate-hooks-'));
    const marker = join(dir, 'm');
    const h = { type: 'command', command: fixture('touch-marker.sh'), timeout: 1 };
    const { registry } = compileHooks([
      { event: 'PreToolUse', matcher: 'Bash', hooks: [h], source: { kind: 'userSettings', file: '/u' } },
      { event: 'PreToolUse', hooks: [h], source: { kind: 'projectSettings', file: '/p' } },
    ]);
    const d = createHookDispatcher({ registry, projectDir: FIXTURES, cwd: FIXTURES, sessionId: 's', env: { MARKER_FILE: marker } });
    const r = await d.run('PreToolUse', bash('ls'));
    expect(r.outcomes).toHaveLength(1);
    expect(r.skipped).toEqual([{ id: 'PreToolUse#1.0', why: 'duplicate' }]);
    expect(readFileSync(marker, 'utf8')).toBe('ran\n');
  });

  it('honours once', async () => {
    let n = 0;
    const { registry } = compileHooks([
      { event: 'UserPromptSubmit', hooks: [{ type: 'callback', callback: async () => (n++, {}), once: true }], source: { kind: 'inline' } },
    ]);
    const disp = createHookDispatcher({ registry, projectDir: '/p', cwd: '/p', sessionId: 's' });
    await disp.run('UserPromptSubmit', { prompt: 'a' });
    const second = await disp.run('UserPromptSubmit', { prompt: 'b' });
    expect(n).toBe(1);
    expect(second.skipped[0]?.why).toBe('once');
  });

  it('checks if with the injected matcher; unknown runs; events without a tool call skip', async () => {
    let ran = 0;
    const cb = async () => (ran++, {});
    const { registry } = compileHooks([
      { event: 'PreToolUse', hooks: [{ type: 'callback', callback: cb, if: 'Bash(rm *)' }], source: { kind: 'inline' } },
      { event: 'Stop', hooks: [{ type: 'callback', callback: cb, if: 'Bash(rm *)' }], source: { kind: 'inline' } },
    ]);
    const seenRules: string[] = [];
    const disp = createHookDispatcher({
      registry,
      projectDir: '/p',
      cwd: '/p',
      sessionId: 's',
      matchesIf: (rule, call) => {
        seenRules.push(`${rule} ${call.tool} ${String(call.input['command'])}`);
        const c = String(call.input['command']);
        return c.startsWith('rm ') ? true : c.includes('$(') ? 'unknown' : false;
      },
    });
    expect((await disp.run('PreToolUse', bash('echo hi'))).skipped[0]).toMatchObject({ why: 'if' });
    await disp.run('PreToolUse', bash('rm -rf x'));
    await disp.run('PreToolUse', bash('echo $(rm -rf /)'));
    expect(ran).toBe(2);
    expect(seenRules[0]).toBe('Bash(rm *) Bash echo hi');
    expect((await disp.run('Stop', { stop_hook_active: false })).skipped[0]?.why).toBe('ifOnEventWithoutToolCall');
    expect(ran).toBe(2);
  });

  it('a broken matcher on an event that can block runs for every subject but cannot approve', async () => {
    const allow: HookCallback = async () => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'allow' } });
    const { registry, diagnostics } = compileHooks([
      { event: 'PreToolUse', matcher: '(?!Read).*', hooks: [{ type: 'callback', callback: deny }], source: { kind: 'inline' } },
      { event: 'PreToolUse', matcher: '(?<=x)', hooks: [{ type: 'callback', callback: allow }], source: { kind: 'inline' } },
      { event: 'PostToolUse', matcher: '(?!Read).*', hooks: [{ type: 'callback', callback: deny }], source: { kind: 'inline' } },
    ]);
    expect(diagnostics.filter((d) => d.code === 'TG_HOOK_MATCHER_INVALID')).toHaveLength(3);
    const disp = createHookDispatcher({ registry, projectDir: '/p', cwd: '/p', sessionId: 's' });
    const r = await disp.run('PreToolUse', { tool_name: 'Write', tool_input: {}, tool_use_id: 't' });
    expect(r.outcomes.map((o) => o.fallback)).toEqual([true, true]);
    expect(r.answer).toMatchObject({ decision: 'deny' });
    const post = await disp.run('PostToolUse', { tool_name: 'Write', tool_input: {}, tool_use_id: 't', tool_response: '' });
    expect(post.outcomes).toHaveLength(0);
  });

  it('matches other subjects: SessionStart source, Notification type', async () => {
    let n = 0;
    const cb = async () => (n++, {});
    const d = callbacks({ SessionStart: [{ matcher: 'startup', hooks: [cb] }], Notification: [{ matcher: 'idle_prompt', hooks: [cb] }] });
    await d.run('SessionStart', { source: 'resume' });
    await d.run('SessionStart', { source: 'startup' });
    await d.run('Notification', { message: 'm', notification_type: 'idle_prompt' });
    expect(n).toBe(2);
  });

  it('an unknown handler type uses a host transport from the registry', async () => {
    const { registry } = compileHooks(
      [{ event: 'PreToolUse', hooks: [{ type: 'wasm', module: 'guard.wasm' }], source: { kind: 'inline' } }],
      {
        knownTypes: ['command', 'wasm'],
      },
    );
    const transports = createTransportRegistry().registerTransport('wasm', {
      run: async () => ({ status: 'returned', value: { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'ask' } } }),
    });
    const r = await createHookDispatcher({ registry, transports, projectDir: '/p', cwd: '/p', sessionId: 's' }).run(
      'PreToolUse',
      bash('ls'),
    );
    expect(r.answer).toMatchObject({ decision: 'ask', askKind: 'firm' });
  });
});

describe('prompt, agent and mcp_tool hooks', () => {
  it('delegates prompt hooks to the host model with $ARGUMENTS filled', async () => {
    const prompts: { prompt: string; timeoutMs: number; model?: string }[] = [];
    const { dispatcher } = dispatcherFor(
      { Stop: [{ hooks: [{ type: 'prompt', prompt: 'Are all tasks done? $ARGUMENTS', model: 'fast' }] }] },
      {
        model: async (prompt, o) => (
          prompts.push({ prompt, timeoutMs: o.timeoutMs, ...(o.model ? { model: o.model } : {}) }),
          { ok: false, reason: 'tests not run' }
        ),
      },
    );
    const r = await dispatcher.run('Stop', { stop_hook_active: false });
    expect(prompts[0]?.prompt).toMatch(/^Are all tasks done\? \{"stop_hook_active":false/);
    expect(prompts[0]).toMatchObject({ timeoutMs: 30_000, model: 'fast' });
    expect(r.answer).toMatchObject({ block: true, reason: 'tests not run' });
  });

  it('fills and appends $ARGUMENTS, keeps \\$', () => {
    expect(fillPromptArguments('x $ARGUMENTS \\$HOME', '{}')).toBe('x {} $HOME');
    expect(fillPromptArguments('judge', '{"a":1}')).toBe('judge\n\n{"a":1}');
  });

  it('without a model function a prompt hook is a non-blocking error', async () => {
    const { dispatcher } = dispatcherFor({ PreToolUse: [{ hooks: [{ type: 'prompt', prompt: 'ok?' }] }] });
    const r = await dispatcher.run('PreToolUse', bash('ls'));
    expect(r.outcomes[0]?.status).toBe('error');
  });

  it('calls MCP tools through the host client with templated input', async () => {
    const calls: unknown[] = [];
    const transports = createTransports({
      callTool: async (server, tool, input) => (
        calls.push({ server, tool, input }),
        { content: [{ type: 'text', text: 'lint: 0 problems' }] }
      ),
    });
    const { dispatcher } = dispatcherFor(
      { PostToolUse: [{ hooks: [{ type: 'mcp_tool', server: 'lint', tool: 'check', input: { path: '${tool_input.file_path}', n: 1 } }] }] },
      { transports },
    );
    const r = await dispatcher.run('PostToolUse', {
      tool_name: 'Edit',
      tool_input: { file_path: '/p/a.ts' },
      tool_use_id: 't',
      tool_response: '',
    });
    expect(calls).toEqual([{ server: 'lint', tool: 'check', input: { path: '/p/a.ts', n: 1 } }]);
    expect(r.outcomes[0]).toMatchObject({ status: 'success', text: 'lint: 0 problems' });
    expect(templateMcpInput(['${missing.x}'], {})).toEqual(['']);
  });
});

describe('long output', () => {
  it('spills text over 10,000 characters through the FileSystem port and keeps a preview', async () => {
    const fs = createMemoryFileSystem({ '/spill': { directory: true } } as never);
    const long = 'y'.repeat(25_000);
    const cb: HookCallback = async () => ({ hookSpecificOutput: { hookEventName: 'UserPromptSubmit', additionalContext: long } });
    const d = callbacks({ UserPromptSubmit: [{ hooks: [cb] }] }, { fs, spillDir: '/spill' });
    const r = await d.run('UserPromptSubmit', { prompt: 'hi' });
    const ctx = r.answer.event === 'UserPromptSubmit' ? (r.answer.additionalContext[0] ?? '') : '';
    expect(ctx.length).toBeLessThan(3000);
    expect(ctx).toMatch(/saved to \/spill\//);
    const file = r.outcomes[0]?.spilled?.[0] ?? '';
    expect(await fs.readText(file)).toBe(long);
  });
});

describe('toHookOutput', () => {
  it('prints the PreToolUse and PermissionRequest shapes', () => {
    expect(toHookOutput({ behavior: 'deny', reason: { kind: 'rule', message: 'no' } })).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no' },
    });
    expect(toHookOutput({ behavior: 'ask', reason: { kind: 'rule', message: 'x' } }, 'PermissionRequest')).toEqual({});
  });
});
