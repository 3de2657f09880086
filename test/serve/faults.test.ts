import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteStore, StoreUnavailableError, type Store } from '../../src/store/index.js';
import { decisionOf, eventually, ORDINARY_ENVIRONMENT, preToolUse, reasonOf, sandbox, start, type Sandbox } from './helpers.js';

let sb: Sandbox;
let project: string;

beforeAll(() => {
  sb = sandbox();
  project = sb.project('faults', { permissions: { allow: ['Bash(npm run lint)'], deny: ['Bash(rm *)', 'Read(/secrets/**)'] } });
});
afterAll(() => sb.cleanup());

/** A real SQLite store that can be made unreachable: every call then rejects as a lost database would. */
function breakable(inner: Store): Store & { down: boolean } {
  const wrapped = { down: false } as Store & { down: boolean };
  for (const key of [
    'parkAsk',
    'getAsk',
    'listAsks',
    'answerAsk',
    'answerCodes',
    'tryAnswerCode',
    'spendAnswerCode',
    'expireAsk',
    'beatHolder',
    'listHolders',
    'expireHolder',
    'listGrants',
    'revokeGrant',
    'appendAudit',
    'readAudit',
    'rememberSession',
    'sessionRoot',
    'health',
  ] as const) {
    (wrapped as unknown as Record<string, unknown>)[key] = (...args: unknown[]) =>
      wrapped.down
        ? Promise.reject(new StoreUnavailableError('disk I/O error (test: store unreachable)'))
        : (inner[key] as (...a: unknown[]) => Promise<unknown>)(...args);
  }
  Object.assign(wrapped, {
    kind: inner.kind,
    location: inner.location,
    subscribe: inner.subscribe.bind(inner),
    close: inner.close.bind(inner),
  });
  return wrapped;
}

describe('restart with asks pending', () => {
  it('loses nothing: the held request fails (never an allow), the ask is still pending and answerable after the restart', async () => {
    const storeFile = join(sb.root, 'state', 'restart.db');
    const a = await start(sb, { projects: [project], storeFile });
    const held = a.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'restart-1' })).then(
      (r) => ({ ok: true as const, r }),
      (e: Error) => ({ ok: false as const, e }),
    );
    const [ask] = await eventually(async () => {
      const list = await a.store.listAsks({ sessionId: 'restart-1' });
      return list.length > 0 ? list : undefined;
    });
    await a.stop();
    const outcome = await held;
    // Claude Code sees a connection error: with "onFailure": "block" the call is refused.
    expect(outcome.ok === false || decisionOf(outcome.r.body) !== 'allow').toBe(true);

    const b = await start(sb, { projects: [project], storeFile });
    try {
      const list = (await b.api('GET', '/v1/asks?session=restart-1')).body['asks'] as { id: string; state: string }[];
      expect(list).toEqual([expect.objectContaining({ id: ask?.id, state: 'pending' })]);
      const r = await b.answer(ask?.id as string, { behavior: 'allow', scope: 'session', remember: true });
      expect(r.status).toBe(200);
      // The remembered approval answers the call when the agent tries again.
      expect(decisionOf((await b.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'restart-1' }))).body)).toBe(
        'allow',
      );
    } finally {
      await b.stop();
    }
  });
});

describe('the store unreachable', () => {
  it('policy allows still allow (audit entries spilled to the journal, then written); grants unreadable → ask; an ask that cannot be parked → deny; health 503', async () => {
    const store = breakable(await openSqliteStore({ file: join(sb.root, 'state', 'down.db') }));
    const s = await start(sb, { projects: [project], store });
    try {
      // A grant the session will not be able to read while the store is down.
      const first = await s.api('POST', '/v1/decisions', {
        call: { tool: 'Bash', input: { command: 'npm publish' } },
        context: { cwd: project, sessionId: 'down-1' },
      });
      await s.answer(first.body['askId'] as string, { behavior: 'allow', remember: true });
      expect((await s.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'down-1' }))).body).toMatchObject({
        hookSpecificOutput: { permissionDecision: 'allow' },
      });

      store.down = true;
      expect(
        decisionOf(
          (await s.hook(preToolUse(project, 'Bash', { command: 'git status' }, { session_id: 'down-1' }), ORDINARY_ENVIRONMENT)).body,
        ),
      ).toBe('allow');
      expect(decisionOf((await s.hook(preToolUse(project, 'Bash', { command: 'npm run lint' }, { session_id: 'down-1' }))).body)).toBe(
        'allow',
      );
      expect(decisionOf((await s.hook(preToolUse(project, 'Bash', { command: 'rm -rf x' }, { session_id: 'down-1' }))).body)).toBe('deny');
      // The granted call asks (grants unreadable) and the ask cannot be parked: deny.
      const granted = await s.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'down-1' }));
      expect(decisionOf(granted.body)).toBe('deny');
      expect(reasonOf(granted.body)).toMatch(/could not be parked/);
      // A new session's root cannot be remembered: it is judged from its cwd.
      expect(decisionOf((await s.hook(preToolUse(project, 'Bash', { command: 'npm run lint' }, { session_id: 'down-new' }))).body)).toBe(
        'allow',
      );
      const api = await s.api('POST', '/v1/decisions', {
        call: { tool: 'Bash', input: { command: 'npm publish' } },
        context: { cwd: project },
      });
      expect(api.body).toEqual({ decision: expect.objectContaining({ behavior: 'deny', decidedBy: 'store' }) });
      const health = await s.api('GET', '/v1/health');
      expect(health.status).toBe(503);
      await eventually(async () => ((await s.api('GET', '/v1/health')).body['audit'] as { failing: boolean }).failing || undefined);
      // The entries wait in the spill journal beside the store's file, not in memory.
      expect(((await s.api('GET', '/v1/health')).body['audit'] as { spilledBytes: number }).spilledBytes).toBeGreaterThan(0);
      expect((await s.api('GET', '/v1/asks')).status).toBe(503);
      expect(s.lines.join('\n')).toMatch(/audit log cannot be written/);

      store.down = false;
      const log = await eventually(async () => {
        const entries = await s.store.readAudit({ sessionId: 'down-1', limit: 100 });
        return entries.filter((e) => e.event === 'PreToolUse').length >= 5 ? entries : undefined;
      }, 5000);
      expect(log.filter((e) => e.event === 'PreToolUse').map((e) => e.behavior)).toEqual(['allow', 'allow', 'allow', 'deny', 'deny']);
      expect((await s.api('GET', '/v1/health')).status).toBe(200);
    } finally {
      await s.stop();
    }
  });
});

describe('stopping while the store is down', () => {
  it('loses nothing: the entries wait in the spill journal and reach the store at the next start', async () => {
    const file = join(sb.root, 'state', 'stop-down.db');
    const store = breakable(await openSqliteStore({ file }));
    const s = await start(sb, { projects: [project], store });
    store.down = true;
    const calls = Array.from({ length: 50 }, (_, i) =>
      s.hook(preToolUse(project, 'Bash', { command: `npm run lint` }, { session_id: 'stop-down', tool_use_id: `t${i}` })),
    );
    expect((await Promise.all(calls)).map((r) => decisionOf(r.body))).toEqual(Array(50).fill('allow'));
    await s.stop();
    expect(readFileSync(`${file}-audit-spill.jsonl`, 'utf8').trim().split('\n')).toHaveLength(50);
    // The next start writes the journal back before anything else.
    const again = await start(sb, { projects: [project], storeFile: file });
    try {
      const entries = await eventually(async () => {
        const e = await again.store.readAudit({ sessionId: 'stop-down', limit: 100 });
        return e.length === 50 ? e : undefined;
      }, 5000);
      expect(entries.every((e) => e.behavior === 'allow')).toBe(true);
      expect(statSync(`${file}-audit-spill.jsonl`).size).toBe(0);
    } finally {
      await again.stop();
    }
  });
});

describe('the store file deleted under serve', () => {
  it('is noticed: nothing is allowed any more, with a clear reason, and health answers 503', async () => {
    const file = join(sb.root, 'state', 'deleted.db');
    const s = await start(sb, { projects: [project], storeFile: file });
    try {
      expect(decisionOf((await s.hook(preToolUse(project, 'Bash', { command: 'npm run lint' }, { session_id: 'del' }))).body)).toBe(
        'allow',
      );
      for (const f of [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
      const r = await s.hook(preToolUse(project, 'Bash', { command: 'npm run lint' }, { session_id: 'del' }));
      expect(decisionOf(r.body)).toBe('deny');
      expect(reasonOf(r.body)).toMatch(/store file .*deleted\.db was deleted while toolgate serve had it open; restart serve/);
      const health = await s.api('GET', '/v1/health');
      expect(health.status).toBe(503);
      expect(JSON.stringify(health.body)).toMatch(/was deleted/);
      expect(s.lines.join('\n')).toMatch(/calls are no longer allowed/);
    } finally {
      await s.stop();
    }
  });
});
