/**
 * A scripted stand-in for the Anthropic Messages API on 127.0.0.1, so a real Claude Code process
 * (started by the Agent SDK) can run offline: each request of the main conversation gets the next
 * scripted reply — tool calls or a final text — streamed as server-sent events (or as plain JSON
 * when the request does not stream). Every tool result the process sends back is recorded.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One scripted assistant reply. */
export type ScriptedReply =
  | { toolUse: { name: string; input: Record<string, unknown>; id?: string } }
  | { text: string };

/** A tool result the Claude Code process sent back to the "model". */
export interface SeenToolResult {
  toolUseId: string;
  isError: boolean;
  text: string;
}

export interface FakeMessagesApi {
  /** `http://127.0.0.1:<port>`: give it to the process as `ANTHROPIC_BASE_URL`. */
  url: string;
  toolResults: SeenToolResult[];
  requests: number;
  /** The tool names each scripted request offered the model, in order. */
  toolsOffered: string[][];
  close(): Promise<void>;
}

type Block = { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> } | { type: 'text'; text: string };

export async function startFakeMessagesApi(script: readonly ScriptedReply[]): Promise<FakeMessagesApi> {
  const toolResults: SeenToolResult[] = [];
  const toolsOffered: string[][] = [];
  const seenIds = new Set<string>();
  let requests = 0;
  let counter = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      requests++;
      if (req.method !== 'POST' || !(req.url ?? '').startsWith('/v1/messages') || (req.url ?? '').includes('count_tokens')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'not_found_error', message: 'not scripted' } }));
        return;
      }
      let request: { stream?: boolean; model?: string; messages?: { role: string; content: unknown }[]; tools?: { name?: string }[] } = {};
      try {
        request = JSON.parse(body);
      } catch {
        /* an unparseable request gets the final text */
      }
      const messages = request.messages ?? [];
      toolsOffered.push((request.tools ?? []).flatMap((t) => (typeof t.name === 'string' ? [t.name] : [])));
      for (const m of messages) {
        if (m.role !== 'user' || !Array.isArray(m.content)) continue;
        for (const b of m.content as { type?: string; tool_use_id?: string; is_error?: boolean; content?: unknown }[]) {
          if (b.type !== 'tool_result' || b.tool_use_id === undefined || seenIds.has(b.tool_use_id)) continue;
          seenIds.add(b.tool_use_id);
          toolResults.push({ toolUseId: b.tool_use_id, isError: b.is_error === true, text: textOf(b.content) });
        }
      }
      // The turn is the number of assistant messages so far: a retried request gets the same reply.
      const turn = messages.filter((m) => m.role === 'assistant').length;
      const reply = script[turn] ?? { text: 'Done.' };
      const block: Block = 'toolUse' in reply ? { type: 'tool_use', id: reply.toolUse.id ?? `toolu_${String(turn + 1).padStart(2, '0')}`, name: reply.toolUse.name, input: reply.toolUse.input } : { type: 'text', text: reply.text };
      const stop = block.type === 'tool_use' ? 'tool_use' : 'end_turn';
      const message = { id: `msg_${++counter}`, type: 'message', role: 'assistant', model: request.model ?? 'claude-fake', content: [block], stop_reason: stop, stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
      if (request.stream !== true) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(message));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const send = (event: string, data: unknown) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      send('message_start', { type: 'message_start', message: { ...message, content: [], stop_reason: null } });
      if (block.type === 'tool_use') {
        send('content_block_start', { type: 'content_block_start', index: 0, content_block: { ...block, input: {} } });
        send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } });
      } else {
        send('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
        send('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: block.text } });
      }
      send('content_block_stop', { type: 'content_block_stop', index: 0 });
      send('message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 1 } });
      send('message_stop', { type: 'message_stop' });
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    toolResults,
    toolsOffered,
    get requests() {
      return requests;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((c: { type?: string; text?: string }) => (c.type === 'text' ? (c.text ?? '') : '')).join('');
  return '';
}

/**
 * The environment a bundled Claude Code process needs to run against the fake API offline: the
 * base URL, a placeholder API key (nothing checks it), no telemetry, no update checks, no other
 * traffic, and a throw-away configuration directory.
 */
export function offlineClaudeEnv(baseUrl: string, configDir: string): Record<string, string | undefined> {
  return {
    ...process.env,
    ANTHROPIC_BASE_URL: baseUrl,
    ANTHROPIC_API_KEY: 'test',
    CLAUDE_CONFIG_DIR: configDir,
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
    DISABLE_TELEMETRY: '1',
    DISABLE_ERROR_REPORTING: '1',
  };
}
