/**
 * `toolgate serve` under load: 1,000 hook requests at once are all answered, each rightly, and
 * audited. In the `slow` suite for its time (the store's faults are in test/serve/faults.test.ts).
 */
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionOf, eventually, ORDINARY_ENVIRONMENT, preToolUse, sandbox, start, type Sandbox } from './helpers.js';

let sb: Sandbox;
let project: string;

beforeAll(() => {
  sb = sandbox();
  project = sb.project('faults', { permissions: { allow: ['Bash(npm run lint)'], deny: ['Bash(rm *)', 'Read(/secrets/**)'] } });
});
afterAll(() => sb.cleanup());

describe('1,000 concurrent hook requests', () => {
  it('are all answered, and every answer is the right one', async () => {
    const s = await start(sb, { projects: [project] });
    const cases = [
      { input: { command: 'git status' }, tool: 'Bash', want: 'allow' },
      { input: { command: 'npm run lint' }, tool: 'Bash', want: 'allow' },
      { input: { command: 'rm -rf build' }, tool: 'Bash', want: 'deny' },
      { input: { file_path: join(project, 'secrets', 'k') }, tool: 'Read', want: 'deny' },
      { input: { file_path: join(project, 'src', 'a.ts') }, tool: 'Read', want: 'allow' },
    ];
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
    const url = new URL(s.url);
    const send = (i: number) =>
      new Promise<{ i: number; status: number; body: Record<string, unknown> }>((ok, fail) => {
        const c = cases[i % cases.length]!;
        const payload = JSON.stringify(preToolUse(project, c.tool, c.input, { session_id: `conc-${i % 7}` }));
        const req = http.request(
          {
            agent,
            host: url.hostname,
            port: url.port,
            path: '/hooks/claude-code',
            method: 'POST',
            headers: { ...ORDINARY_ENVIRONMENT, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
          },
          (res) => {
            let text = '';
            res.on('data', (d: Buffer) => (text += d.toString()));
            res.on('end', () => ok({ i, status: res.statusCode ?? 0, body: JSON.parse(text) }));
          },
        );
        req.on('error', fail);
        req.end(payload);
      });
    try {
      const results = await Promise.all(Array.from({ length: 1000 }, (_, i) => send(i)));
      expect(results.filter((r) => r.status !== 200)).toEqual([]);
      const wrong = results.filter((r) => decisionOf(r.body) !== cases[r.i % cases.length]!.want);
      expect(wrong).toEqual([]);
      const audited = await eventually(async () => {
        const n = (await s.store.readAudit({ limit: 10_000 })).filter((e) => e.sessionId?.startsWith('conc-')).length;
        return n >= 1000 ? n : undefined;
      });
      expect(audited).toBe(1000);
    } finally {
      agent.destroy();
      await s.stop();
    }
  }, 60_000);
});
