/**
 * The Agent SDK adapter through the real `query()` and the Claude Code CLI the SDK ships, against
 * a fake Messages API (offline). In the `claude` suite: it starts the Claude Code binary. The
 * mappings without the binary are in claude-agent-sdk.test.ts.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { query, type CanUseTool } from '@anthropic-ai/claude-agent-sdk';
import { createGate } from '../../src/gate/index.js';
import { toAgentSdkOptions } from '../../src/adapters/claude-agent-sdk/index.js';
import { offlineClaudeEnv, startFakeMessagesApi, type SeenToolResult } from '../../examples/support/fake-messages-api.js';
import { policy } from './claude-agent-sdk-policy.js';

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
      const api = await startFakeMessagesApi([
        { toolUse: { id: 'toolu_stop', name: 'Bash', input: { command: 'touch stopped.txt' } } },
        { text: 'never reached' },
      ]);
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
        for await (const m of run)
          seen.push(
            m.type === 'result'
              ? `result:${m.subtype}`
              : m.type === 'assistant'
                ? `assistant:${JSON.stringify(m.message.content)}`
                : m.type,
          );
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
