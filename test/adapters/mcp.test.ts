import { describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { createGate } from '../../src/gate/index.js';
import { gateMcpClient, mcpToolName } from '../../src/adapters/mcp/index.js';

async function pair() {
  const seen: string[] = [];
  const server = new McpServer({ name: 'gh', version: '1' });
  server.registerTool(
    'get',
    { inputSchema: { id: z.number() } },
    async ({ id }) => (seen.push(`get ${id}`), { content: [{ type: 'text' as const, text: `got ${id}` }] }),
  );
  server.registerTool(
    'drop',
    { inputSchema: { id: z.number() } },
    async ({ id }) => (seen.push(`drop ${id}`), { content: [{ type: 'text' as const, text: `dropped ${id}` }] }),
  );
  const [a, b] = InMemoryTransport.createLinkedPair();
  await server.connect(b);
  const client = new Client({ name: 't', version: '1' });
  await client.connect(a);
  return { client, seen };
}

const gateWith = (permissions: Record<string, string[]>) =>
  createGate({ policy: [{ kind: 'projectSettings', settings: { permissions } }], cwd: '/p', home: '/h', mode: 'default' });
const textOf = (r: unknown) => ((r as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('');

describe('gateMcpClient', () => {
  it('names calls mcp__<server>__<tool>', () => {
    expect(mcpToolName('github', 'get_issue')).toBe('mcp__github__get_issue');
    expect(mcpToolName('my server', 'a.b')).toBe('mcp__my_server__a_b');
  });

  it('allowed calls reach the server; denied ones never do and return an MCP tool error', async () => {
    const { client, seen } = await pair();
    const gh = gateMcpClient(gateWith({ allow: ['mcp__gh__get'], deny: ['mcp__gh__drop'] }), client, { server: 'gh' });
    expect(textOf(await gh.callTool({ name: 'get', arguments: { id: 1 } }))).toBe('got 1');
    const refused = await gh.callTool({ name: 'drop', arguments: { id: 2 } });
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toContain('mcp__gh__drop');
    expect(seen).toEqual(['get 1']);
  });

  it('a server-wide rule covers every tool', async () => {
    const { client, seen } = await pair();
    const gh = gateMcpClient(gateWith({ deny: ['mcp__gh'] }), client, { server: 'gh' });
    expect((await gh.callTool({ name: 'get', arguments: { id: 1 } })).isError).toBe(true);
    expect(seen).toEqual([]);
  });

  it('an ask without onAsk is refused; with onAsk the answer is resumed through the gate (edits gated again)', async () => {
    const { client, seen } = await pair();
    const gate = gateWith({ deny: ['mcp__gh__drop'] });
    const bare = gateMcpClient(gate, client, { server: 'gh' });
    expect(textOf(await bare.callTool({ name: 'get', arguments: { id: 1 } }))).toContain('needs approval');
    const asking = gateMcpClient(gate, client, {
      server: 'gh',
      onAsk: async (p) => ({ behavior: 'allow', updatedInput: { ...p.call.input, id: 7 } }),
    });
    expect(textOf(await asking.callTool({ name: 'get', arguments: { id: 1 } }))).toBe('got 7');
    const refusing = gateMcpClient(gate, client, { server: 'gh', onAsk: async () => ({ behavior: 'deny', message: 'nope' }) });
    expect(textOf(await refusing.callTool({ name: 'get', arguments: { id: 3 } }))).toBe('nope');
    const throwing = gateMcpClient(gate, client, { server: 'gh', onAsk: async () => Promise.reject(new Error('ui down')) });
    expect((await throwing.callTool({ name: 'get', arguments: { id: 4 } })).isError).toBe(true);
    expect(seen).toEqual(['get 7']);
  });

  it('a tool whose _meta says anthropic/requiresUserInteraction is a firm ask in every mode, also unlisted and under allow rules', async () => {
    const server = new McpServer({ name: 'pay', version: '1' });
    const seen: string[] = [];
    server.registerTool(
      'charge',
      { inputSchema: { cents: z.number() }, _meta: { 'anthropic/requiresUserInteraction': true } },
      async ({ cents }) => (seen.push(`charge ${cents}`), { content: [{ type: 'text' as const, text: 'charged' }] }),
    );
    server.registerTool('quote', { inputSchema: { cents: z.number() } }, async () => ({
      content: [{ type: 'text' as const, text: 'quoted' }],
    }));
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(b);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(a);
    for (const mode of ['default', 'acceptEdits', 'bypassPermissions'] as const) {
      const gate = createGate({
        policy: [{ kind: 'projectSettings', settings: { permissions: { allow: ['mcp__pay'] } } }],
        cwd: '/p',
        home: '/h',
        mode,
      });
      const asks: string[] = [];
      const pay = gateMcpClient(gate, client, {
        server: 'pay',
        onAsk: async (p) => (asks.push(`${p.askKind} ${p.reason.kind}`), { behavior: 'deny', message: 'no' }),
      });
      expect(textOf(await pay.callTool({ name: 'charge', arguments: { cents: 5 } }))).toBe('no');
      expect(asks).toEqual(['firm userInteraction']);
      expect(textOf(await pay.callTool({ name: 'quote', arguments: { cents: 5 } }))).toBe('quoted');
    }
    const dontAsk = createGate({
      policy: [{ kind: 'projectSettings', settings: { permissions: { allow: ['mcp__pay'] } } }],
      cwd: '/p',
      home: '/h',
      mode: 'dontAsk',
    });
    const refused = await gateMcpClient(dontAsk, client, { server: 'pay' }).callTool({ name: 'charge', arguments: { cents: 5 } });
    expect(refused.isError).toBe(true);
    expect(seen).toEqual([]);
  });

  it('leaves the rest of the client alone', async () => {
    const { client } = await pair();
    const gh = gateMcpClient(gateWith({}), client, { server: 'gh' });
    expect((await gh.listTools()).tools.map((t) => t.name)).toEqual(['get', 'drop']);
    expect(await gh.ping()).toEqual({});
  });

  it('listTools leaves out what a bare deny rule removes; a server-wide rule removes every tool', async () => {
    const { client } = await pair();
    expect(
      (await gateMcpClient(gateWith({ deny: ['mcp__gh__drop', 'mcp__gh__get(id:1)'] }), client, { server: 'gh' }).listTools()).tools.map(
        (t) => t.name,
      ),
    ).toEqual(['get']);
    expect((await gateMcpClient(gateWith({ deny: ['mcp__gh'] }), client, { server: 'gh' }).listTools()).tools).toEqual([]);
    expect((await gateMcpClient(gateWith({ deny: ['mcp__other'] }), client, { server: 'gh' }).listTools()).tools).toHaveLength(2);
  });
});

describe('gateMcpClient over stdio (a real server process)', () => {
  it('lists, allows, asks and refuses as in memory', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['--import', join(root, 'node_modules/tsx/dist/esm/index.mjs'), join(root, 'test/adapters/fixtures/mcp-stdio-server.ts')],
      cwd: root,
      stderr: 'pipe',
    });
    const client = new Client({ name: 't', version: '1' });
    await client.connect(transport);
    try {
      const gate = gateWith({ allow: ['mcp__github__get_issue'], deny: ['mcp__github__delete_repo'] });
      const asked: string[] = [];
      const github = gateMcpClient(gate, client, {
        server: 'github',
        onAsk: async (p) => (asked.push(p.call.tool), { behavior: 'deny', message: 'not now' }),
      });
      expect((await github.listTools()).tools.map((t) => t.name)).toEqual(['get_issue', 'create_issue']);
      expect(textOf(await github.callTool({ name: 'get_issue', arguments: { number: 1 } }))).toBe('issue 1');
      const removed = await github.callTool({ name: 'delete_repo', arguments: { repo: 'a/b' } });
      expect(removed.isError).toBe(true);
      expect(textOf(removed)).toContain('mcp__github__delete_repo');
      expect(textOf(await github.callTool({ name: 'create_issue', arguments: { title: 't' } }))).toBe('not now');
      expect(asked).toEqual(['mcp__github__create_issue']);
    } finally {
      await client.close();
    }
  }, 30_000);
});
