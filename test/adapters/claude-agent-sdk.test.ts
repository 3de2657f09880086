import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, type CanUseTool, type HookCallbackMatcher, type HookInput, type PermissionResult } from '@anthropic-ai/claude-agent-sdk';
import { createGate, type GateOptions } from '../../src/gate/index.js';
import { fromPermissionResult, gateOptionsFromAgentSdk, toAgentSdkOptions, toPermissionResult, toPreToolUseOutput } from '../../src/adapters/claude-agent-sdk/index.js';
import { offlineClaudeEnv, startFakeMessagesApi, type SeenToolResult } from '../../examples/support/fake-messages-api.js';

const policy: GateOptions['policy'] = [
  { kind: 'projectSettings', settings: { permissions: { allow: ['Bash(echo *)'], deny: ['Bash(rm *)', 'WebFetch'], ask: ['Bash(touch *)'] } } },
];

describe('through the real Agent SDK query() and the Claude Code CLI it ships', () => {
  let dir: string;
  let project: string;
  let results: SeenToolResult[];
  let offered: string[][];
  let disallowed: string[];
  const asked: { command: unknown; reason: string | undefined; suggestions: number }[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'toolgate-sdk-test-'));
    project = join(dir, 'project');
    await mkdir(project);
    const api = await startFakeMessagesApi([
      { toolUse: { id: 'toolu_allow', name: 'Bash', input: { command: 'echo hello' } } },
      { toolUse: { id: 'toolu_deny', name: 'Bash', input: { command: 'rm -rf build' } } },
      { toolUse: { id: 'toolu_ask_yes', name: 'Bash', input: { command: 'touch approved.txt' } } },
      { toolUse: { id: 'toolu_ask_no', name: 'Bash', input: { command: 'touch refused.txt' } } },
      { toolUse: { id: 'toolu_ask_edit', name: 'Bash', input: { command: 'touch edited.txt' } } },
      { toolUse: { id: 'toolu_rewrite', name: 'Write', input: { file_path: join(project, 'notes.txt'), content: 'draft\n' } } },
      { text: 'Done.' },
    ]);
    const gate = createGate({
      policy,
      cwd: project,
      home: dir,
      mode: 'acceptEdits',
      hookCallbacks: {
        PreToolUse: [
          {
            matcher: 'Write',
            hooks: [
              async (input) => {
                const ti = input['tool_input'] as { file_path: string; content: string };
                if (ti.content.startsWith('rewritten:')) return {};
                return { hookSpecificOutput: { hookEventName: 'PreToolUse', updatedInput: { ...ti, content: `rewritten:${ti.content}` } } };
              },
            ],
          },
        ],
      },
    });
    const person: CanUseTool = async (_tool, input, o) => {
      asked.push({ command: input['command'], reason: o.decisionReason, suggestions: o.suggestions?.length ?? 0 });
      if (input['command'] === 'touch approved.txt') return { behavior: 'allow', updatedInput: input };
      if (input['command'] === 'touch refused.txt') return { behavior: 'deny', message: 'not today' };
      return { behavior: 'allow', updatedInput: { command: 'rm -rf edited.txt' } };
    };
    const sdk = toAgentSdkOptions(gate, { canUseTool: person });
    disallowed = sdk.disallowedTools;
    const run = query({
      prompt: 'go',
      options: {
        ...sdk,
        cwd: project,
        permissionMode: 'default',
        settingSources: [],
        persistSession: false,
        env: offlineClaudeEnv(api.url, join(dir, 'config')),
      },
    });
    for await (const _m of run) {
      /* drain */
    }
    await api.close();
    results = api.toolResults;
    offered = api.toolsOffered;
  }, 60_000);

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const result = (id: string) => results.find((r) => r.toolUseId === id);

  it('an allow runs the call', () => {
    expect(result('toolu_allow')).toMatchObject({ isError: false, text: 'hello' });
  });

  it('a deny never runs and the model gets the reason', () => {
    expect(result('toolu_deny')?.isError).toBe(true);
    expect(result('toolu_deny')?.text).toContain('Bash(rm *)');
  });

  it('an ask reaches canUseTool with toolgate’s reason; a yes runs it', () => {
    expect(asked.map((a) => a.command)).toEqual(['touch approved.txt', 'touch refused.txt', 'touch edited.txt']);
    expect(asked[0]?.reason).toContain('Bash(touch *)');
    expect(result('toolu_ask_yes')?.isError).toBe(false);
    expect(existsSync(join(project, 'approved.txt'))).toBe(true);
  });

  it('a no comes back to the model with the person’s message', () => {
    expect(result('toolu_ask_no')).toMatchObject({ isError: true });
    expect(result('toolu_ask_no')?.text).toContain('not today');
    expect(existsSync(join(project, 'refused.txt'))).toBe(false);
  });

  it('an approval with an edited input is gated again: the deny rule still wins', () => {
    expect(result('toolu_ask_edit')?.isError).toBe(true);
    expect(result('toolu_ask_edit')?.text).toContain('Bash(rm *)');
    expect(existsSync(join(project, 'edited.txt'))).toBe(false);
  });

  it('a rewrite by a toolgate hook is what Claude Code runs', async () => {
    expect(result('toolu_rewrite')?.isError).toBe(false);
    expect(await readFile(join(project, 'notes.txt'), 'utf8')).toBe('rewritten:draft\n');
  });

  it('a tool a bare deny rule removes is passed as disallowedTools and never offered to the model', () => {
    expect(disallowed).toEqual(['WebFetch']);
    expect(offered.length).toBeGreaterThan(0);
    for (const tools of offered) {
      expect(tools).toContain('Bash');
      expect(tools).not.toContain('WebFetch');
    }
  });
});

describe('an interrupting refusal through the real query()', () => {
  it('stops the run: query() rejects after the result message, and the call never runs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'toolgate-sdk-interrupt-'));
    try {
      const api = await startFakeMessagesApi([{ toolUse: { id: 'toolu_stop', name: 'Bash', input: { command: 'touch stopped.txt' } } }, { text: 'never reached' }]);
      const gate = createGate({ policy, cwd: dir, home: dir, mode: 'default' });
      const seen: string[] = [];
      const run = query({
        prompt: 'go',
        options: {
          ...toAgentSdkOptions(gate, { canUseTool: async () => ({ behavior: 'deny', message: 'stop everything', interrupt: true }) }),
          cwd: dir,
          permissionMode: 'default',
          settingSources: [],
          persistSession: false,
          env: offlineClaudeEnv(api.url, join(dir, 'config')),
        },
      });
      const thrown = await (async () => {
        for await (const m of run) seen.push(m.type === 'result' ? `result:${m.subtype}` : m.type === 'assistant' ? `assistant:${JSON.stringify(m.message.content)}` : m.type);
      })().then(
        () => undefined,
        (e: unknown) => e,
      );
      await api.close();
      expect(thrown).toBeInstanceOf(Error);
      expect(seen).toContain('result:error_during_execution');
      expect(existsSync(join(dir, 'stopped.txt'))).toBe(false);
      expect(seen.join('\n')).not.toContain('never reached'); // the model was not asked again
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('mappings', () => {
  const gate = () => createGate({ policy, cwd: '/p', home: '/h', mode: 'default' });

  it('PermissionResult → answer keeps updatedInput, updatedPermissions, interrupt; null and junk deny', () => {
    const upd = [{ type: 'addRules' as const, rules: [{ toolName: 'Bash', ruleContent: 'ls' }], behavior: 'allow' as const, destination: 'session' as const }];
    expect(fromPermissionResult({ behavior: 'allow', updatedInput: { a: 1 }, updatedPermissions: upd })).toEqual({ behavior: 'allow', updatedInput: { a: 1 }, updatedPermissions: upd });
    expect(fromPermissionResult({ behavior: 'allow', decisionClassification: 'user_permanent' })).toEqual({ behavior: 'allow', remember: true });
    expect(fromPermissionResult({ behavior: 'deny', message: 'no', interrupt: true })).toEqual({ behavior: 'deny', message: 'no', interrupt: true });
    expect(fromPermissionResult(null).behavior).toBe('deny');
    expect(fromPermissionResult({ behavior: 'maybe' } as unknown as PermissionResult).behavior).toBe('deny');
  });

  it('gate results → PermissionResult: allow carries the input to run; ask and deferred are denied', async () => {
    const g = gate();
    const allow = await g.check({ tool: 'Bash', input: { command: 'echo hi' } }, { toolUseId: 't1' });
    expect(toPermissionResult(allow)).toEqual({ behavior: 'allow', updatedInput: { command: 'echo hi' }, toolUseID: 't1' });
    const deny = await g.check({ tool: 'Bash', input: { command: 'rm x' } }, { toolUseId: 't2' });
    expect(toPermissionResult(deny)).toMatchObject({ behavior: 'deny', toolUseID: 't2' });
    const ask = await g.check({ tool: 'Bash', input: { command: 'touch x' } });
    expect(toPermissionResult(ask).behavior).toBe('deny');
    expect(toPreToolUseOutput(ask, { command: 'touch x' }).hookSpecificOutput).toMatchObject({ permissionDecision: 'ask' });
    expect(toPreToolUseOutput(deny, { command: 'rm x' }).hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
    expect(toPreToolUseOutput(allow, { command: 'echo hi' }).hookSpecificOutput).not.toHaveProperty('updatedInput');
  });

  it('an interrupting answer stops the run', async () => {
    const g = gate();
    const ask = await g.check({ tool: 'Bash', input: { command: 'touch x' } });
    if (ask.behavior !== 'ask') throw new Error('expected ask');
    const denied = await g.answer(ask.pending, fromPermissionResult({ behavior: 'deny', message: 'stop', interrupt: true }));
    expect(toPermissionResult(denied)).toMatchObject({ behavior: 'deny', message: 'stop', interrupt: true });
  });

  it('a simulated Claude Code sequence: hook asks, canUseTool answers, hook denies', async () => {
    const sdk = toAgentSdkOptions(gate(), { canUseTool: async (_t, input) => ({ behavior: 'allow', updatedInput: input }) });
    const hook = (sdk.hooks.PreToolUse as HookCallbackMatcher[])[0]!.hooks[0]!;
    const base = { session_id: 's', transcript_path: '/t', cwd: '/p' };
    const signal = new AbortController().signal;
    const asked = await hook({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'touch x' }, tool_use_id: 'u1' } as HookInput, 'u1', { signal });
    expect(asked).toMatchObject({ hookSpecificOutput: { permissionDecision: 'ask' } });
    const answered = await sdk.canUseTool('Bash', { command: 'touch x' }, { signal, toolUseID: 'u1', requestId: 'r1' });
    expect(answered).toMatchObject({ behavior: 'allow', updatedInput: { command: 'touch x' } });
    const denied = await hook({ ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: 'not an object', tool_use_id: 'u2' } as HookInput, 'u2', { signal });
    expect(denied).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    // Without an answerer an ask is denied, never allowed.
    const bare = toAgentSdkOptions(gate());
    expect(await bare.canUseTool('Bash', { command: 'touch y' }, { signal, toolUseID: 'u3', requestId: 'r3' })).toMatchObject({ behavior: 'deny' });
  });
});

describe('the reverse: Agent SDK callbacks run by toolgate', () => {
  it('an SDK PreToolUse callback and canUseTool decide inside gate.check', async () => {
    const seen: string[] = [];
    const fromSdk = gateOptionsFromAgentSdk({
      permissionMode: 'default',
      hooks: {
        PreToolUse: [
          {
            matcher: 'Bash',
            hooks: [
              async (input) => {
                if (input.hook_event_name !== 'PreToolUse') return {};
                seen.push(String((input.tool_input as { command: string }).command));
                return (input.tool_input as { command: string }).command.includes('curl')
                  ? { hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'no network' } }
                  : {};
              },
            ],
          },
        ],
      },
      canUseTool: async (_t, input) => ({ behavior: 'allow', updatedInput: input, decisionClassification: 'user_temporary' }),
    });
    const g = createGate({ policy, cwd: '/p', home: '/h', ...fromSdk });
    expect(g.mode).toBe('default');
    const curl = await g.check({ tool: 'Bash', input: { command: 'curl example.com' } });
    expect(curl).toMatchObject({ behavior: 'deny', message: 'no network' });
    const touch = await g.check({ tool: 'Bash', input: { command: 'touch a' } });
    expect(touch).toMatchObject({ behavior: 'allow', decidedBy: 'canUseTool' });
    expect(seen).toEqual(['curl example.com', 'touch a']);
  });
});
