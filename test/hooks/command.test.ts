import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alive, bash, dispatcherFor, fixture, FIXTURES, waitFor } from './helpers.js';

const cmd = (name: string, extra: Record<string, unknown> = {}) => ({ type: 'command', command: fixture(name), timeout: 1, ...extra });
const tmp = () => mkdtempSync(join(tmpdir(), 'toolgate-hooks-'));

describe('command transport with real processes', () => {
  it('passes the event on stdin, the project variables in env, and runs in cwd', async () => {
    const { dispatcher } = dispatcherFor(
      { PostToolUse: [{ matcher: 'Bash', hooks: [cmd('echo-input.sh')] }] },
      { projectDirEnvVar: 'NOETA_PROJECT_DIR' },
    );
    const r = await dispatcher.run('PostToolUse', { ...bash('ls'), tool_response: 'ok' });
    expect(r.outcomes[0]?.status).toBe('success');
    const ctx = r.answer.event === 'PostToolUse' ? r.answer.additionalContext[0] : undefined;
    const [projectDir, noetaDir, cwd, stdin] = (ctx ?? '').split('|');
    expect(projectDir).toBe(FIXTURES);
    expect(noetaDir).toBe(FIXTURES);
    expect(`${cwd}/`).toBe(FIXTURES);
    expect(stdin).toContain('hook_event_name:PostToolUse');
    expect(stdin).toContain('session_id:sess-1');
    expect(stdin).toContain('permission_mode:default');
  });

  it('runs args without a shell', async () => {
    const { dispatcher } = dispatcherFor({
      PreToolUse: [{ hooks: [{ type: 'command', command: fixture('exit2.sh'), args: ['$HOME; rm -rf /'], timeout: 1 }] }],
    });
    const r = await dispatcher.run('PreToolUse', bash('ls'));
    expect(r.answer).toMatchObject({ decision: 'deny', reason: 'blocked: $HOME; rm -rf /' });
  });

  it('exit 2 denies with stderr; exit 1 is reported and ignored', async () => {
    const { dispatcher } = dispatcherFor({ PreToolUse: [{ matcher: 'Bash', hooks: [cmd('exit1.sh'), cmd('allow.sh')] }] });
    const r = await dispatcher.run('PreToolUse', bash('ls'));
    expect(r.outcomes.map((o) => [o.status, o.exitCode])).toEqual([
      ['error', 1],
      ['success', 0],
    ]);
    expect(r.answer).toMatchObject({ decision: 'allow' });
    expect(r.answer.notes[0]).toMatch(/something broke/);
  });

  it('invalid JSON is malformed and never an allow', async () => {
    const { dispatcher } = dispatcherFor({ PreToolUse: [{ hooks: [cmd('invalid-json.sh'), cmd('allow.sh')] }] });
    const r = await dispatcher.run('PreToolUse', bash('ls'));
    expect(r.outcomes[0]?.status).toBe('malformed');
    expect(r.answer).toMatchObject({ decision: 'ask', askKind: 'firm' });
  });

  it('keeps 1 MiB of 10 MB stdout and still finishes', async () => {
    const { dispatcher } = dispatcherFor({ PreToolUse: [{ hooks: [cmd('big-stdout.sh', { timeout: 10 })] }] });
    const r = await dispatcher.run('PreToolUse', bash('ls'));
    const o = r.outcomes[0];
    expect(o?.status).toBe('success');
    expect(o?.problems.join()).toMatch(/9437184 bytes/);
    expect(o?.text?.length).toBeLessThan(11_000); // spilled to a preview
  });

  it('times out a hook that never exits, denies the call and kills it', async () => {
    const dir = tmp();
    const pidFile = join(dir, 'pid');
    const { dispatcher } = dispatcherFor({ PreToolUse: [{ hooks: [cmd('never-exit.sh')] }] }, { env: { PID_FILE: pidFile } });
    const r = await dispatcher.run('PreToolUse', bash('npm publish'));
    expect(r.outcomes[0]?.status).toBe('timedOut');
    expect(r.answer).toMatchObject({ decision: 'deny' });
    expect(r.answer.event === 'PreToolUse' && r.answer.reason).toMatch(/within 1 s/);
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    expect(await waitFor(() => !alive(pid))).toBe(true);
  });

  it('SIGKILLs a process group that ignores SIGTERM', async () => {
    const dir = tmp();
    const pidFile = join(dir, 'pid');
    const { dispatcher } = dispatcherFor({ PreToolUse: [{ hooks: [cmd('ignore-term.sh')] }] }, { env: { PID_FILE: pidFile } });
    const r = await dispatcher.run('PreToolUse', bash('ls'));
    expect(r.answer).toMatchObject({ decision: 'deny' });
    expect(existsSync(pidFile)).toBe(true);
    const pids = readFileSync(pidFile, 'utf8').trim().split(' ').map(Number);
    expect(await waitFor(() => pids.every((p) => !alive(p)), 8000)).toBe(true);
  });

  it('reports a hook killed by a signal as an error', async () => {
    const { dispatcher } = dispatcherFor({ PreToolUse: [{ hooks: [cmd('self-kill.sh', { args: [] })] }] });
    const r = await dispatcher.run('PreToolUse', bash('ls'));
    expect(r.outcomes[0]).toMatchObject({ status: 'error', exitCode: null, signal: 'SIGKILL' });
    expect(r.answer.event === 'PreToolUse' && r.answer.decision).toBeUndefined();
  });

  it('a missing script is an error, and blocks with onFailure: block', async () => {
    const missing = { type: 'command', command: fixture('does-not-exist.sh'), timeout: 1 };
    const r1 = await dispatcherFor({ PreToolUse: [{ hooks: [missing] }] }).dispatcher.run('PreToolUse', bash('ls'));
    expect(r1.outcomes[0]).toMatchObject({ status: 'error', exitCode: 127 });
    expect(r1.answer.event === 'PreToolUse' && r1.answer.decision).toBeUndefined();
    const r2 = await dispatcherFor({ PreToolUse: [{ hooks: [{ ...missing, onFailure: 'block' }] }] }).dispatcher.run(
      'PreToolUse',
      bash('ls'),
    );
    expect(r2.answer).toMatchObject({ decision: 'deny' });
    const r3 = await dispatcherFor({
      PreToolUse: [{ hooks: [{ type: 'command', command: '/nonexistent/bin', args: [], timeout: 1 }] }],
    }).dispatcher.run('PreToolUse', bash('ls'));
    expect(r3.outcomes[0]?.status).toBe('error');
  });

  it('a caller abort cancels running hooks', async () => {
    const dir = tmp();
    const { dispatcher } = dispatcherFor(
      { PreToolUse: [{ hooks: [cmd('never-exit.sh', { timeout: 30 })] }] },
      { env: { PID_FILE: join(dir, 'pid') } },
    );
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const r = await dispatcher.run('PreToolUse', bash('ls'), { signal: controller.signal });
    expect(r.outcomes[0]?.status).toBe('cancelled');
    expect(r.answer).toMatchObject({ decision: 'deny' });
  });

  it('runs async hooks in the background and delivers asyncRewake through the host callback', async () => {
    const results: unknown[] = [];
    let done!: () => void;
    const delivered = new Promise<void>((r) => (done = r));
    const { dispatcher } = dispatcherFor(
      { PostToolUse: [{ hooks: [cmd('exit2.sh', { asyncRewake: true, args: ['tests failed'] })] }] },
      {
        onAsyncResult: (r) => {
          results.push(r);
          done();
        },
      },
    );
    const r = await dispatcher.run('PostToolUse', { ...bash('npm test'), tool_response: '' });
    expect(r.outcomes[0]?.status).toBe('async');
    expect(r.answer.event === 'PostToolUse' && r.answer.feedback).toEqual([]);
    await delivered;
    expect(results[0]).toMatchObject({ rewake: true, message: 'blocked: tests failed', event: 'PostToolUse' });
  });
});
