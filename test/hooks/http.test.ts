import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interpolateHeader } from '../../src/hooks/index.js';
import { bash, dispatcherFor } from './helpers.js';

let server: Server;
let base = '';
const seen: { path: string; headers: IncomingMessage['headers']; body: unknown }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body: body ? JSON.parse(body) : undefined });
      switch (req.url) {
        case '/deny':
          res.setHeader('content-type', 'application/json');
          res.end(
            JSON.stringify({
              hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: 'http says no' },
            }),
          );
          return;
        case '/empty':
          res.statusCode = 204;
          res.end();
          return;
        case '/error':
          res.statusCode = 500;
          res.end('{"decision":"block"}');
          return;
        case '/text':
          res.end('fine');
          return;
        case '/slow':
          setTimeout(() => res.end('{}'), 5000).unref();
          return;
        default:
          res.statusCode = 404;
          res.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const http = (path: string, extra: Record<string, unknown> = {}) => ({ type: 'http', url: `${base}${path}`, timeout: 1, ...extra });

describe('http transport against a real server', () => {
  it('POSTs the event JSON and reads a JSON decision; headers take only allowed variables', async () => {
    const { dispatcher } = dispatcherFor(
      {
        PreToolUse: [
          { hooks: [http('/deny', { headers: { Authorization: 'Bearer $TOKEN', 'X-Other': '${SECRET}x' }, allowedEnvVars: ['TOKEN'] })] },
        ],
      },
      { env: { TOKEN: 't0k', SECRET: 'leak' } },
    );
    const r = await dispatcher.run('PreToolUse', bash('rm -rf build'));
    expect(r.answer).toMatchObject({ decision: 'deny', reason: 'http says no' });
    const req = seen.find((s) => s.path === '/deny');
    expect(req?.headers['content-type']).toBe('application/json');
    expect(req?.headers['authorization']).toBe('Bearer t0k');
    expect(req?.headers['x-other']).toBe('x');
    expect(req?.body).toMatchObject({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'rm -rf build' } });
    expect(r.outcomes[0]?.httpStatus).toBe(200);
  });

  it('2xx empty is success; non-2xx and non-JSON are non-blocking errors; a status never blocks', async () => {
    const { dispatcher } = dispatcherFor({ PreToolUse: [{ hooks: [http('/empty'), http('/error'), http('/text')] }] });
    const r = await dispatcher.run('PreToolUse', bash('ls'));
    expect(r.outcomes.map((o) => o.status)).toEqual(['success', 'error', 'error']);
    expect(r.answer.event === 'PreToolUse' && r.answer.decision).toBeUndefined();
  });

  it('a slow endpoint times out and the PreToolUse call is denied', async () => {
    const { dispatcher } = dispatcherFor({ PreToolUse: [{ hooks: [http('/slow')] }] });
    const r = await dispatcher.run('PreToolUse', bash('ls'));
    expect(r.outcomes[0]?.status).toBe('timedOut');
    expect(r.answer).toMatchObject({ decision: 'deny' });
  });

  it('a refused connection is a non-blocking error', async () => {
    const { dispatcher } = dispatcherFor({ PostToolUse: [{ hooks: [{ type: 'http', url: 'http://127.0.0.1:1/x', timeout: 1 }] }] });
    const r = await dispatcher.run('PostToolUse', { ...bash('ls'), tool_response: '' });
    expect(r.outcomes[0]?.status).toBe('error');
  });
});

describe('interpolateHeader', () => {
  it('fills $VAR and ${VAR} only for allowed names', () => {
    expect(interpolateHeader('$A-${B}-$C', ['A', 'B'], { A: '1', B: '2', C: '3' })).toBe('1-2-');
  });
});
