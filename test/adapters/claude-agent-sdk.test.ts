import { describe, expect, it, vi } from 'vitest';
import type { HookCallbackMatcher, HookInput, PermissionResult } from '@anthropic-ai/claude-agent-sdk';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createGate } from '../../src/gate/index.js';
import { createGate as createNodeGate } from '../../src/gate/node.js';
import {
  fromPermissionResult,
  gateOptionsFromAgentSdk,
  toAgentSdkOptions,
  toPermissionResult,
  toPreToolUseOutput,
} from '../../src/adapters/claude-agent-sdk/index.js';
import { policy } from './claude-agent-sdk-policy.js';

describe('mappings', () => {
  const gate = () => createGate({ policy, cwd: '/p', home: '/h', mode: 'default' });

  it('PermissionResult → answer keeps updatedInput, updatedPermissions, interrupt; null and junk deny', () => {
    const upd = [
      {
        type: 'addRules' as const,
        rules: [{ toolName: 'Bash', ruleContent: 'ls' }],
        behavior: 'allow' as const,
        destination: 'session' as const,
      },
    ];
    expect(fromPermissionResult({ behavior: 'allow', updatedInput: { a: 1 }, updatedPermissions: upd })).toEqual({
      behavior: 'allow',
      updatedInput: { a: 1 },
      updatedPermissions: upd,
    });
    expect(fromPermissionResult({ behavior: 'allow', decisionClassification: 'user_permanent' })).toEqual({
      behavior: 'allow',
      remember: true,
    });
    expect(fromPermissionResult({ behavior: 'deny', message: 'no', interrupt: true })).toEqual({
      behavior: 'deny',
      message: 'no',
      interrupt: true,
    });
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
    const asked = await hook(
      { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'touch x' }, tool_use_id: 'u1' } as HookInput,
      'u1',
      { signal },
    );
    expect(asked).toMatchObject({ hookSpecificOutput: { permissionDecision: 'ask' } });
    const answered = await sdk.canUseTool('Bash', { command: 'touch x' }, { signal, toolUseID: 'u1', requestId: 'r1' });
    expect(answered).toMatchObject({ behavior: 'allow', updatedInput: { command: 'touch x' } });
    const denied = await hook(
      { ...base, hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: 'not an object', tool_use_id: 'u2' } as HookInput,
      'u2',
      { signal },
    );
    expect(denied).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    // Without an answerer an ask is denied, never allowed.
    const bare = toAgentSdkOptions(gate());
    expect(await bare.canUseTool('Bash', { command: 'touch y' }, { signal, toolUseID: 'u3', requestId: 'r3' })).toMatchObject({
      behavior: 'deny',
    });
  });

  it('judges calls knowing the environment the Claude Code process gets: the env given, else process.env', async () => {
    const signal = new AbortController().signal;
    const gitStatus = (id: string) =>
      ({
        session_id: 's',
        transcript_path: '/t',
        cwd: '/p',
        hook_event_name: 'PreToolUse',
        tool_name: 'Bash',
        tool_input: { command: 'git status' },
        tool_use_id: id,
      }) as HookInput;
    const decide = async (sdk: ReturnType<typeof toAgentSdkOptions>, id: string) => {
      const out = await (sdk.hooks.PreToolUse as HookCallbackMatcher[])[0]!.hooks[0]!(gitStatus(id), id, { signal });
      return (out as { hookSpecificOutput: { permissionDecision: string; permissionDecisionReason?: string } }).hookSpecificOutput;
    };
    // The gate alone knows nothing of the environment: GIT_DIR may be set, so a read-only git command asks.
    expect((await gate().check({ tool: 'Bash', input: { command: 'git status' } })).behavior).toBe('ask');
    const ordinary = toAgentSdkOptions(gate(), { env: { PATH: '/usr/bin', HOME: '/h' } });
    expect(await decide(ordinary, 'e1')).toMatchObject({ permissionDecision: 'allow' });
    expect(await ordinary.canUseTool('Bash', { command: 'git status' }, { signal, toolUseID: 'e2', requestId: 'r2' })).toMatchObject({
      behavior: 'allow',
    });
    const moved = await decide(toAgentSdkOptions(gate(), { env: { PATH: '/usr/bin', GIT_DIR: '/elsewhere/.git' } }), 'e3');
    expect(moved).toMatchObject({ permissionDecision: 'ask' });
    expect(moved.permissionDecisionReason).toMatch(/GIT_DIR=\/elsewhere\/\.git is set/);
    vi.stubEnv('GIT_DIR', '/from-process/.git');
    // The process's PATH too: run under npm, it starts with the checkout's node_modules/.bin, which is
    // a writable directory where a checkout under /tmp lies (decision 0065) and decides first.
    vi.stubEnv('PATH', '/usr/bin:/bin');
    try {
      expect((await decide(toAgentSdkOptions(gate()), 'e4')).permissionDecisionReason).toMatch(/GIT_DIR=\/from-process\/\.git is set/);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe("PATH with the project's node_modules/.bin first (decision 0065)", () => {
  it('the Node gate sees the directory: a bare name found elsewhere stays the installed program, one found there is opaque', async () => {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'toolgate-sdk-path-')));
    try {
      const project = join(root, 'project');
      mkdirSync(join(project, 'node_modules/.bin'), { recursive: true });
      writeFileSync(join(project, 'README.md'), 'x\n');
      writeFileSync(join(project, 'node_modules/.bin/prettier'), '#!/bin/sh\n');
      const env = { PATH: `${project}/node_modules/.bin:/usr/bin:/bin`, HOME: root };
      const sdk = toAgentSdkOptions(createNodeGate({ policy, cwd: project, home: root, mode: 'default' }), { env });
      const signal = new AbortController().signal;
      const decide = async (command: string, id: string) => {
        const input = {
          session_id: 's',
          transcript_path: '/t',
          cwd: project,
          hook_event_name: 'PreToolUse',
          tool_name: 'Bash',
          tool_input: { command },
          tool_use_id: id,
        } as HookInput;
        return (
          (await (sdk.hooks.PreToolUse as HookCallbackMatcher[])[0]!.hooks[0]!(input, id, { signal })) as {
            hookSpecificOutput: { permissionDecision: string; permissionDecisionReason?: string };
          }
        ).hookSpecificOutput;
      };
      expect(await decide('cat README.md', 'p1')).toMatchObject({ permissionDecision: 'allow' });
      const prettier = await decide('prettier --check README.md', 'p2');
      expect(prettier.permissionDecision).not.toBe('allow');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
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
                  ? {
                      hookSpecificOutput: {
                        hookEventName: 'PreToolUse',
                        permissionDecision: 'deny',
                        permissionDecisionReason: 'no network',
                      },
                    }
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
