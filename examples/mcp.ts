/**
 * toolgate in front of an MCP client (`@modelcontextprotocol/sdk`) — offline, with an in-memory
 * server and client pair (`InMemoryTransport`).
 *
 * The server "github" offers three tools. toolgate gates each `callTool` as
 * `mcp__github__<tool>`: reading an issue is allowed by a rule, deleting a repository is denied
 * (the server never sees the call; the client gets an MCP tool error with the reason), and
 * creating an issue asks — a callback approves it with an edited input, which is gated again.
 * `listTools` leaves delete_repo out: a bare deny rule removes it.
 *
 * Run: npx tsx examples/mcp.ts
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { z } from 'zod';
import { createGate } from '../src/gate/index.js';
import { gateMcpClient } from '../src/adapters/mcp/index.js';

async function main(): Promise<void> {
  const server = new McpServer({ name: 'github', version: '1.0.0' });
  const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
  server.registerTool('read_issue', { inputSchema: { number: z.number() } }, async ({ number }) => text(`issue #${number}: "Crash on start"`));
  server.registerTool('delete_repo', { inputSchema: { repo: z.string() } }, async ({ repo }) => text(`deleted ${repo}`));
  server.registerTool('create_issue', { inputSchema: { title: z.string(), labels: z.array(z.string()).optional() } }, async ({ title, labels }) => text(`created "${title}" [${(labels ?? []).join(', ')}]`));

  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  const client = new Client({ name: 'example', version: '1.0.0' });
  await client.connect(clientTransport);

  const gate = createGate({
    policy: [{ kind: 'projectSettings', settings: { permissions: { allow: ['mcp__github__read_issue'], deny: ['mcp__github__delete_repo'] } } }],
    cwd: '/home/user/project',
    home: '/home/user',
    mode: 'default',
  });

  const github = gateMcpClient(gate, client, {
    server: 'github',
    onAsk: async (pending) => {
      console.log(`  person: asked about ${pending.call.tool} (${pending.reason.message}) → yes, with a "triage" label`);
      return { behavior: 'allow', updatedInput: { ...pending.call.input, labels: ['triage'] } };
    },
    onResult: (r) => console.log(`  toolgate: ${r.call.tool} → ${r.behavior}${r.behavior === 'deny' ? ` (${r.message})` : ''}`),
  });

  const show = (r: Awaited<ReturnType<typeof client.callTool>>) =>
    `${r.isError === true ? 'tool error' : 'ok'}: ${(r.content as { type: string; text?: string }[]).map((c) => c.text ?? '').join(' ')}`;

  console.log('callTool read_issue');
  console.log(`  → ${show(await github.callTool({ name: 'read_issue', arguments: { number: 42 } }))}`);
  console.log('callTool delete_repo');
  console.log(`  → ${show(await github.callTool({ name: 'delete_repo', arguments: { repo: 'acme/app' } }))}`);
  console.log('callTool create_issue');
  console.log(`  → ${show(await github.callTool({ name: 'create_issue', arguments: { title: 'Crash on start' } }))}`);
  // delete_repo is removed by a bare deny rule: like Claude Code, the model is never offered it.
  console.log(`listTools offers: ${(await github.listTools()).tools.map((t) => t.name).join(', ')}`);

  await client.close();
  await server.close();
}

await main();
