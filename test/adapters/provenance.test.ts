/**
 * The adapters decide through the gate they are given, so a gate's `onDecision` reports each of
 * their decisions once: the Agent SDK's hook-then-`canUseTool` sequence is an ask and its answer,
 * and an MCP call is one decision.
 */
import { describe, expect, it } from 'vitest';
import type { HookCallbackMatcher, HookInput } from '@anthropic-ai/claude-agent-sdk';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import { createGate } from '../../src/gate/index.js';
import { toAgentSdkOptions } from '../../src/adapters/claude-agent-sdk/index.js';
import { gateMcpClient } from '../../src/adapters/mcp/index.js';
import type { DecisionEvent } from '../../src/provenance/index.js';

function gateWithLog(permissions: Record<string, string[]>) {
  const events: DecisionEvent[] = [];
  const gate = createGate({
    policy: [{ kind: 'projectSettings', settings: { permissions } }],
    cwd: '/p',
    home: '/h',
    mode: 'default',
    onDecision: (e) => events.push(e),
  });
  return { gate, events };
}

describe('adapters report through the gate', () => {
  it('Agent SDK: the hook parks an ask (one event), canUseTool answers it (one more), an allow is one', async () => {
    const { gate, events } = gateWithLog({ allow: ['Bash(echo *)'], ask: ['Bash(touch *)'] });
    const sdk = toAgentSdkOptions(gate, { canUseTool: async (_t, input) => ({ behavior: 'allow', updatedInput: input }), env: {} });
    const hook = (sdk.hooks.PreToolUse as HookCallbackMatcher[])[0]!.hooks[0]!;
    const signal = new AbortController().signal;
    const base = { session_id: 's', transcript_path: '/t', cwd: '/p', hook_event_name: 'PreToolUse', tool_name: 'Bash' };
    await hook({ ...base, tool_input: { command: 'touch x' }, tool_use_id: 'u1' } as HookInput, 'u1', { signal });
    expect(events.map((e) => e.behavior)).toEqual(['ask']);
    await sdk.canUseTool('Bash', { command: 'touch x' }, { signal, toolUseID: 'u1', requestId: 'r1' });
    expect(events.map((e) => [e.behavior, e.decidedBy, e.toolUseId])).toEqual([
      ['ask', 'rules', 'u1'],
      ['allow', 'person', 'u1'],
    ]);
    expect(events[1]!.askId).toBe(events[0]!.askId);
    await hook({ ...base, tool_input: { command: 'echo hi' }, tool_use_id: 'u2' } as HookInput, 'u2', { signal });
    expect(events).toHaveLength(3);
    expect(events[2]).toMatchObject({ behavior: 'allow', rule: { text: 'Bash(echo *)' }, toolUseId: 'u2' });
  });

  it('MCP: each call through the gated client is one decision', async () => {
    const server = new McpServer({ name: 'gh', version: '1' });
    server.registerTool('get', { inputSchema: { id: z.number() } }, async ({ id }) => ({
      content: [{ type: 'text' as const, text: `got ${id}` }],
    }));
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(a);
    const { gate, events } = gateWithLog({ allow: ['mcp__gh__get'] });
    const gh = gateMcpClient(gate, client, { server: 'gh' });
    await gh.callTool({ name: 'get', arguments: { id: 1 } });
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ behavior: 'allow', tool: 'mcp__gh__get', rule: { text: 'mcp__gh__get', list: 'allow' } });
  });
});
