/**
 * A restart of `toolgate serve` (two serve processes one after the other on one SQLite store)
 * leaves no ask pending for ever. In the `slow` suite: the test waits for an ask's 15 s deadline
 * on the real clock (the sweep itself is tested on a fake clock in test/serve/overdue.test.ts).
 */
import type { ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/store/index.js';
import { eventually, preToolUse, sandbox, spawnServe, TEST_TOKEN, type Sandbox } from './helpers.js';

describe('a restart of toolgate serve on the same SQLite store leaves no ask pending for ever', () => {
  let sb: Sandbox;
  let project: string;
  beforeAll(() => {
    sb = sandbox();
    project = sb.project('restart', {});
  });
  afterAll(() => sb.cleanup());

  it(
    'after a restart an API ask can still be answered and re-polled; the others are given up deny with their reason, in the audit log',
    { timeout: 90_000 },
    async () => {
      const storeFile = join(sb.root, 'state', 'restart.db');
      const tokenFile = join(sb.root, 'serve-token');
      writeFileSync(tokenFile, `${TEST_TOKEN}\n`, { mode: 0o600 });
      const args = [
        '--store',
        `sqlite:${storeFile}`,
        '--token-file',
        tokenFile,
        '--ask-holder-timeout',
        '1',
        '--api-ask-timeout',
        '15',
        '--print-answer-codes',
      ];
      const first = await spawnServe(sb, project, args);
      const codes = collectCodes(first.child);
      let second: { child: ChildProcess; port: number } | undefined;
      const reader = await openSqliteStore({ file: storeFile });
      try {
        const decide = (port: number, session: string) =>
          call(port, 'POST', '/v1/decisions', {
            call: { tool: 'Bash', input: { command: 'npm publish' } },
            context: { cwd: project, sessionId: session },
          });
        const kept = (await decide(first.port, 'api-kept')).body['askId'] as string;
        const left = (await decide(first.port, 'api-left')).body['askId'] as string;
        const held = post(first.port, preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'hook-held' }));
        const hookAsk = await eventually(async () => (await reader.listAsks({ sessionId: 'hook-held' }))[0]);
        await eventually(async () => ((await reader.readAudit({ askId: hookAsk.id })).length > 0 ? true : undefined));
        const keptCode = await eventually(() => codes.get(kept));

        // A clean stop (the lock is let go), then serve again on the same store and token.
        first.child.kill('SIGTERM');
        await held;
        await new Promise((ok) => (first.child.exitCode !== null ? ok(undefined) : first.child.once('exit', ok)));
        second = await spawnServe(sb, project, args);
        const port = second.port;

        // Re-offered: the API ask is pending on the restarted serve, its answer releases the client's re-poll.
        expect((await call(port, 'GET', `/v1/asks/${kept}`)).body).toMatchObject({ state: 'pending' });
        const answered = await call(
          port,
          'POST',
          `/v1/asks/${kept}/answer`,
          { behavior: 'allow', scope: 'once', code: keptCode },
          { authorization: `Bearer ${TEST_TOKEN}` },
        );
        expect(answered.status).toBe(200);
        expect((await call(port, 'GET', `/v1/asks/${kept}`)).body).toMatchObject({ state: 'answered', decision: { behavior: 'allow' } });

        // The held hook ask: its request was cut; the restarted serve gives it up for its holder's silence.
        const hookGone = await eventually(async () => {
          const a = await reader.getAsk(hookAsk.id);
          return a?.state === 'expired' ? a : undefined;
        }, 20_000);
        expect(hookGone.expiry?.code).toBe('holderSilent');
        // The unanswered API ask: given up at its deadline, deny to its client, never an allow.
        const leftGone = (await call(port, 'GET', `/v1/asks/${left}?wait=40`)).body;
        expect(leftGone).toMatchObject({
          state: 'expired',
          expiry: { code: 'holdTimeout', message: 'no answer within 15 s' },
          decision: { behavior: 'deny' },
        });

        expect(await reader.listAsks({ state: 'pending' })).toEqual([]);
        for (const [id, end] of [
          [hookAsk.id, 'expired'],
          [left, 'expired'],
        ] as const) {
          const log = await eventually(async () => {
            const entries = await reader.readAudit({ askId: id });
            return entries.some((e) => e.event === end) ? entries : undefined;
          });
          expect(log.find((e) => e.event === end)).toMatchObject({ behavior: 'deny', decidedBy: 'timeout' });
        }
        expect((await reader.readAudit({ askId: kept })).map((e) => [e.event, e.behavior])).toEqual([
          ['decision', 'ask'],
          ['answer', 'allow'],
        ]);
        expect((await reader.listAsks({ state: 'all', limit: 10 })).every((a) => a.state !== 'pending')).toBe(true);
      } finally {
        first.child.kill('SIGKILL');
        second?.child.kill('SIGKILL');
        await reader.close();
      }
    },
  );
});

/** The answer codes a serve prints to standard error (`--print-answer-codes`), by ask id. */
function collectCodes(child: ChildProcess): Map<string, string> {
  const codes = new Map<string, string>();
  let text = '';
  child.stderr?.on('data', (d: Buffer) => {
    text += d.toString();
    for (const m of text.matchAll(/ask (\S+) waits .*answer code is (\S+)\n/g)) codes.set(m[1] as string, m[2] as string);
  });
  return codes;
}

/** A JSON request to a serve on loopback. */
async function call(
  port: number,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** POST a hook event; a cut connection is `ok: false`. */
function post(port: number, event: Record<string, unknown>): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false }> {
  return new Promise((done) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: '/hooks/claude-code', method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        let text = '';
        res.on('data', (d: Buffer) => (text += d.toString()));
        res.on('end', () => done({ ok: true, body: JSON.parse(text) as Record<string, unknown> }));
        res.on('error', () => done({ ok: false }));
      },
    );
    req.on('error', () => done({ ok: false }));
    req.end(JSON.stringify(event));
  });
}
