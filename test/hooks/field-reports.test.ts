/**
 * Replays the `hooks` cases of the shared field reports (copied into test/fixtures/hooks) at the
 * dispatcher level: each hook's recorded result is played back by a real process (replay.sh).
 * Cases whose expected result also needs permission rules or modes are checked for the hook part
 * only; the full decision belongs to the gate, and the test title says so.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileHooks, createHookDispatcher, hookGroupsFromSettings, type HookRunResult } from '../../src/hooks/index.js';
import { fixture, FIXTURES } from './helpers.js';

interface FieldCase {
  id: string;
  case: {
    settings: { hooks: unknown };
    mode: string;
    event?: string;
    call?: { tool: string; input: Record<string, unknown> };
    hook_result?: { exit_code?: number; stdout?: unknown; stderr?: string; timed_out?: boolean };
  };
  expected: { result: string; acceptable?: string[]; executed_input?: unknown };
}

const cases: FieldCase[] = readFileSync(fixture('field-reports-hooks.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as FieldCase);

async function replay(c: FieldCase, runs = 1): Promise<{ results: HookRunResult[]; commandOf: (id: string) => string }> {
  const hr = c.case.hook_result ?? {};
  const original = new Map<string, string>();
  const { groups } = hookGroupsFromSettings(c.case.settings.hooks, {
    kind: 'projectSettings',
    file: '/home/user/project/.claude/settings.json',
  });
  const counters = new Map<string, number>();
  for (const g of groups) {
    const gi = counters.get(g.event) ?? 0;
    counters.set(g.event, gi + 1);
    g.hooks = g.hooks.map((h, i) => {
      original.set(`${g.event}#${gi}.${i}`, String(h['command']));
      return { ...h, command: fixture(hr.timed_out ? 'never-exit.sh' : 'replay.sh'), timeout: 1 };
    });
  }
  const { registry, diagnostics } = compileHooks(groups);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const stdout = typeof hr.stdout === 'string' ? hr.stdout : hr.stdout !== undefined ? JSON.stringify(hr.stdout) : '';
  const dispatcher = createHookDispatcher({
    registry,
    projectDir: FIXTURES,
    cwd: FIXTURES,
    sessionId: c.id,
    permissionMode: c.case.mode,
    env: {
      REPLAY_STDOUT: stdout,
      REPLAY_STDERR: hr.stderr ?? '',
      REPLAY_EXIT: String(hr.exit_code ?? 0),
      PID_FILE: join(mkdtempSync(join(tmpdir(), 'toolgate-fr-')), 'pid'),
    },
  });
  const results: HookRunResult[] = [];
  const event =
    c.case.event ??
    (c.case.settings.hooks && 'PermissionRequest' in (c.case.settings.hooks as object) ? 'PermissionRequest' : 'PreToolUse');
  for (let n = 0; n < runs; n++) {
    if (event === 'Stop') {
      results.push(await dispatcher.run('Stop', { stop_hook_active: n > 0 }, { consecutiveContinuations: n }));
    } else {
      const call = c.case.call ?? { tool: 'Bash', input: {} };
      results.push(await dispatcher.run(event, { tool_name: call.tool, tool_input: call.input, tool_use_id: `toolu_${c.id}` } as never));
    }
  }
  return { results, commandOf: (id) => original.get(id) ?? id };
}

const byId = (id: string) => {
  const c = cases.find((x) => x.id === id);
  if (c === undefined) throw new Error(`case ${id} missing from the fixture`);
  return c;
};

describe('field reports: hooks', () => {
  it('has the 13 handed cases', () => expect(cases.map((c) => c.id)).toHaveLength(13));

  it('BUG-067: exit 2 blocks in every mode, reason = stderr', async () => {
    const { results } = await replay(byId('BUG-067'));
    expect(results[0]?.answer).toMatchObject({ decision: 'deny', reason: 'commits are blocked in this repo' });
  });

  it("BUG-068: a hook's ask is a firm ask", async () => {
    const { results } = await replay(byId('BUG-068'));
    expect(results[0]?.answer).toMatchObject({ decision: 'ask', askKind: 'firm', reason: 'spends money' });
  });

  it("BUG-071 (hook part; the deny rule beating the allow is the gate's): the hook answers allow", async () => {
    const { results } = await replay(byId('BUG-071'));
    expect(results[0]?.answer).toMatchObject({ decision: 'allow' });
  });

  it("BUG-074 (hook part; re-gating the rewrite is the gate's): the rewrite is passed on without a decision", async () => {
    const { results } = await replay(byId('BUG-074'));
    const a = results[0]?.answer as { decision?: string; updatedInput?: unknown };
    expect(a.decision).toBeUndefined();
    expect(a.updatedInput).toEqual({ command: 'rm -rf build' });
  });

  it('BUG-075: allow with a rewrite keeps the rewrite', async () => {
    const c = byId('BUG-075');
    const { results } = await replay(c);
    expect(results[0]?.answer).toMatchObject({ decision: 'allow', updatedInput: c.expected.executed_input });
  });

  it("BUG-077 (hook part; refusing the mode switch is the gate's): PermissionRequest allow with its updatedPermissions", async () => {
    const { results } = await replay(byId('BUG-077'));
    expect(results[0]?.answer).toMatchObject({
      decision: { behavior: 'allow', updatedPermissions: [{ type: 'setMode', mode: 'bypassPermissions', destination: 'session' }] },
    });
  });

  it('BUG-078: a top-level permissionDecision is reported and asks (never allows)', async () => {
    const { results } = await replay(byId('BUG-078'));
    expect(results[0]?.answer).toMatchObject({ decision: 'ask', askKind: 'firm' });
    expect(results[0]?.outcomes[0]?.status).toBe('malformed');
  });

  it('BUG-079 (hook part; the ask comes from the rules): text before JSON is no decision, reported', async () => {
    const { results } = await replay(byId('BUG-079'));
    expect((results[0]?.answer as { decision?: string }).decision).toBeUndefined();
    expect(results[0]?.outcomes[0]?.problems.join()).toMatch(/hookSpecificOutput in it is ignored/);
  });

  it('BUG-080: exit 3 is ignored, its JSON not read: the turn ends', async () => {
    const { results } = await replay(byId('BUG-080'));
    expect(results[0]?.answer).toMatchObject({ block: false });
    expect(results[0]?.outcomes[0]).toMatchObject({ status: 'error', exitCode: 3 });
  });

  it('BUG-081: a timed-out PreToolUse hook blocks the call (toolgate fails closed)', async () => {
    const c = byId('BUG-081');
    const { results } = await replay(c);
    expect([c.expected.result, ...(c.expected.acceptable ?? [])]).toContain('deny');
    expect(results[0]?.answer).toMatchObject({ decision: 'deny' });
  });

  it('BUG-083: a Stop hook that always blocks gives a bounded loop', async () => {
    const { results } = await replay(byId('BUG-083'), 9);
    expect(results.map((r) => (r.answer as { block: boolean }).block)).toEqual([true, true, true, true, true, true, true, true, false]);
    expect(results.map((r) => (r.input as { stop_hook_active?: boolean }).stop_hook_active).slice(0, 2)).toEqual([false, true]);
    expect(results[8]?.answer).toMatchObject({ capped: true });
  });

  it('BUG-084: a plain name matches exactly; a regex is searched', async () => {
    const { results, commandOf } = await replay(byId('BUG-084'));
    expect(results[0]?.outcomes.map((o) => commandOf(o.id))).toEqual(['./b.sh']);
  });

  it('BUG-085: Edit|Write does not match NotebookEdit', async () => {
    const { results } = await replay(byId('BUG-085'));
    expect(results[0]?.outcomes).toEqual([]);
  });
});
