import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENVIRONMENT_FACT_NAMES, environmentHeaderTemplate } from '../../src/evaluate/door/index.js';
import { HOOK_BODY_LIMIT } from '../../src/serve/index.js';
import {
  decisionOf,
  eventually,
  ORDINARY_ENVIRONMENT,
  preToolUse,
  reasonOf,
  sandbox,
  start,
  transcriptOf,
  type Running,
  type Sandbox,
} from './helpers.js';

let sb: Sandbox;
let s: Running;
/**
 * The same project served with `--ask-via prompt`: a call that is not allowed is answered `ask` at
 * once, where `s` would hold it for a person until its hold timeout (5 s each).
 */
let prompt: Running;
let project: string;

beforeAll(async () => {
  sb = sandbox();
  project = sb.project('proj', { permissions: { allow: ['Bash(npm run lint)'], deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] } });
  s = await start(sb, { projects: [project], holdTimeoutSeconds: 5 });
  prompt = await start(sb, { projects: [project], askVia: 'prompt' });
});
afterAll(async () => {
  await s.stop();
  await prompt.stop();
  sb.cleanup();
});

describe('POST /hooks/claude-code: PreToolUse', () => {
  it('allows a read-only command in the project', async () => {
    expect(ENVIRONMENT_FACT_NAMES).toContain('GIT_DIR');
    const r = await s.hook(preToolUse(project, 'Bash', { command: 'git status' }), ORDINARY_ENVIRONMENT);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PreToolUse',
        permissionDecision: 'allow',
        permissionDecisionReason: expect.stringMatching(/^toolgate: /),
      },
    });
    // Without the header nothing is known of the environment: GIT_DIR may be set, so it is not allowed.
    expect(decisionOf((await prompt.hook(preToolUse(project, 'Bash', { command: 'git status' }))).body)).not.toBe('allow');
  });

  it('reads an X-Toolgate-Env header sent uninterpolated (the template itself) as an unknown environment (rt10s F5)', async () => {
    const call = preToolUse(project, 'Bash', { command: 'git status' });
    expect(decisionOf((await s.hook(call, ORDINARY_ENVIRONMENT)).body)).toBe('allow');
    // `${GIT_DIR}` is not a value: GIT_DIR may be set, as with no header at all.
    expect(decisionOf((await prompt.hook(call, { 'x-toolgate-env': environmentHeaderTemplate() })).body)).not.toBe('allow');
  });

  it('denies a hook event larger than 1 MiB without reading it as JSON (rt10s F4)', async () => {
    expect(HOOK_BODY_LIMIT).toBe(1024 * 1024);
    // A huge array of tiny elements: the shape that cost seconds to parse at 30 MB.
    const items = Array.from({ length: (HOOK_BODY_LIMIT / 2) | 0 }, () => 0);
    const r = await s.hook(preToolUse(project, 'Bash', { command: 'ls', items }));
    expect(r.status).toBe(200);
    expect(decisionOf(r.body)).toBe('deny');
    expect(reasonOf(r.body)).toMatch(/the hook event is larger than 1 MiB/);
  });

  it('allows by an allow rule and denies by a deny rule, naming the rule', async () => {
    expect(decisionOf((await s.hook(preToolUse(project, 'Bash', { command: 'npm run lint' }))).body)).toBe('allow');
    const r = await s.hook(preToolUse(project, 'Bash', { command: 'rm -rf build' }));
    expect(decisionOf(r.body)).toBe('deny');
    expect(reasonOf(r.body)).toMatch(/deny rule Bash\(rm \*\)/);
  });

  it.each([
    ['not JSON', '{"hook_event_name": "PreToolUse", '],
    ['a JSON array', '[1, 2]'],
    ['no tool_name', JSON.stringify({ hook_event_name: 'PreToolUse', cwd: '/tmp', tool_input: {} })],
    ['tool_input not an object', JSON.stringify({ hook_event_name: 'PreToolUse', cwd: '/tmp', tool_name: 'Bash', tool_input: 'ls' })],
    ['a relative cwd', JSON.stringify({ hook_event_name: 'PreToolUse', cwd: 'proj', tool_name: 'Bash', tool_input: { command: 'ls' } })],
  ])('answers an unreadable event (%s) with 200 and a deny', async (_what, text) => {
    const r = await s.hook(text as never);
    expect(r.status).toBe(200);
    expect(decisionOf(r.body)).toBe('deny');
  });

  it.each(['/hooks/claude-code/', '/hooks/claudecode', '/hooks/'])(
    'answers a POST to a mistyped hook URL (%s) with 200 and a deny naming the right one',
    async (path) => {
      for (const [event, shape] of [
        ['PreToolUse', 'permissionDecision'],
        ['PermissionRequest', 'decision'],
      ] as const) {
        const res = await fetch(`${s.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ ...preToolUse(project, 'Bash', { command: 'npm run lint' }), hook_event_name: event }),
        });
        expect(res.status).toBe(200);
        const body = (await res.json()) as { hookSpecificOutput: Record<string, unknown> };
        expect(body.hookSpecificOutput['hookEventName']).toBe(event);
        const decision = body.hookSpecificOutput[shape];
        expect(shape === 'decision' ? (decision as { behavior: string }).behavior : decision).toBe('deny');
        expect(JSON.stringify(body)).toContain('/hooks/claude-code');
      }
    },
  );

  it('denies a PermissionRequest it cannot read in its own shape', async () => {
    const r = await s.hook({ hook_event_name: 'PermissionRequest', cwd: project, tool_name: 'Bash' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      hookSpecificOutput: {
        hookEventName: 'PermissionRequest',
        decision: { behavior: 'deny', message: expect.stringMatching(/no tool_name/) },
      },
    });
  });

  it('answers a body over 32 MiB with 200 and a deny', async () => {
    const big = JSON.stringify(preToolUse(project, 'Write', { file_path: join(project, 'x'), content: 'x'.repeat(33 * 1024 * 1024) }));
    const r = await s.hook(big as never);
    expect(r.status).toBe(200);
    expect(decisionOf(r.body)).toBe('deny');
    expect(reasonOf(r.body)).toMatch(/larger than/);
  });

  it('answers a chunked body (no Content-Length) over 32 MiB with 200 and a deny', async () => {
    const { request } = await import('node:http');
    const url = new URL(s.url);
    const reply = await new Promise<{ status: number; body: Record<string, unknown> }>((ok, fail) => {
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          path: '/hooks/claude-code',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        },
        (res) => {
          let text = '';
          res.on('data', (d: Buffer) => (text += d.toString()));
          res.on('end', () => ok({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
        },
      );
      req.on('error', fail);
      req.write('{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"');
      const chunk = 'x'.repeat(1024 * 1024);
      let sent = 0;
      const more = () => {
        while (sent < 40) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', more);
        }
        req.end('"}}');
      };
      more();
    }).catch((e: Error) => ({ status: -1, body: { error: e.message } }));
    expect(reply.status).toBe(200);
    expect(decisionOf(reply.body)).toBe('deny');
  });

  it('accepts a body just under the limit', async () => {
    const r = await s.hook(preToolUse(project, 'Read', { file_path: join(project, 'README.md'), pad: 'x'.repeat(HOOK_BODY_LIMIT - 4096) }));
    expect(decisionOf(r.body)).toBe('allow');
  });

  it('answers other events with {} and records Post events and Stop in the audit log', async () => {
    const base = { session_id: 'sess-rec', cwd: project, transcript_path: transcriptOf(project, 'sess-rec') };
    expect(
      (
        await s.hook({
          ...base,
          hook_event_name: 'PostToolUse',
          tool_name: 'Bash',
          tool_input: { command: 'ls' },
          tool_response: { stdout: '' },
          tool_use_id: 'toolu_9',
        })
      ).body,
    ).toEqual({});
    expect(
      (
        await s.hook({
          ...base,
          hook_event_name: 'PostToolUseFailure',
          tool_name: 'Bash',
          tool_input: { command: 'false' },
          error: 'exit 1',
          tool_use_id: 'toolu_10',
        })
      ).body,
    ).toEqual({});
    expect((await s.hook({ ...base, hook_event_name: 'Stop', stop_hook_active: false })).body).toEqual({});
    expect((await s.hook({ ...base, hook_event_name: 'UserPromptSubmit', prompt: 'hi' })).body).toEqual({});
    const events = await eventually(async () => {
      const log = await s.store.readAudit({ sessionId: 'sess-rec' });
      return log.length >= 3 ? log : undefined;
    });
    expect(events.map((e) => [e.event, e.tool ?? null, e.projectDir])).toEqual([
      ['PostToolUse', 'Bash', project],
      ['PostToolUseFailure', 'Bash', project],
      ['Stop', null, project],
    ]);
    expect(events[1]?.detail).toMatch(/exit 1/);
    // The tool-use id is a field of its own, as on the decision's entry: `toolgate audit why` finds them.
    expect(events.map((e) => e.toolUseId ?? null)).toEqual(['toolu_9', 'toolu_10', null]);
    expect((await s.store.readAudit({ toolUseId: 'toolu_9' })).map((e) => e.event)).toEqual(['PostToolUse']);
  });
});

describe('asks held for a person', () => {
  it('parks an ask, holds the request, and releases it with the answer: allow', async () => {
    const held = s.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'sess-hold' }));
    const ask = await eventually(
      async () => ((await s.api('GET', '/v1/asks?session=sess-hold')).body['asks'] as { id: string; tool: string; input: unknown }[])[0],
    );
    expect(ask).toMatchObject({ tool: 'Bash', input: { command: 'npm publish' }, askKind: 'plain' });
    const answered = await s.answer(ask.id, { behavior: 'allow' });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      id: ask.id,
      state: 'answered',
      answer: { behavior: 'allow', answerer: 'token', scope: 'once' },
      decision: { behavior: 'allow' },
    });
    const r = await held;
    expect(decisionOf(r.body)).toBe('allow');
    // Answered with serve's token through the API: the reply names the token, not "a person".
    expect(reasonOf(r.body)).toMatch(/approved by the holder of serve's token \(the API or `toolgate asks answer`\)/);
    expect(reasonOf(r.body)).not.toMatch(/a person/);
    const again = await s.answer(ask.id, { behavior: 'deny' });
    expect(again.status).toBe(409);
  });

  it('releases with a deny and its message', async () => {
    const held = s.hook(preToolUse(project, 'Bash', { command: 'git push origin main' }, { session_id: 'sess-deny' }));
    const ask = await eventually(
      async () => ((await s.api('GET', '/v1/asks?session=sess-deny')).body['asks'] as { id: string; askKind: string }[])[0],
    );
    expect(ask.askKind).toBe('firm');
    expect((await s.answer(ask.id, { behavior: 'deny', message: 'not on main' })).status).toBe(200);
    const r = await held;
    expect(decisionOf(r.body)).toBe('deny');
    expect(reasonOf(r.body)).toMatch(/not on main/);
  });

  it('runs an edited input only after gating it again: a deny rule still wins', async () => {
    const held = s.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'sess-edit' }));
    const ask = await eventually(async () => ((await s.api('GET', '/v1/asks?session=sess-edit')).body['asks'] as { id: string }[])[0]);
    await s.answer(ask.id, { behavior: 'allow', updatedInput: { command: 'rm -rf /tmp/x' } });
    expect(decisionOf((await held).body)).toBe('deny');

    const held2 = s.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'sess-edit2' }));
    const ask2 = await eventually(async () => ((await s.api('GET', '/v1/asks?session=sess-edit2')).body['asks'] as { id: string }[])[0]);
    await s.answer(ask2.id, { behavior: 'allow', updatedInput: { command: 'npm publish --dry-run' } });
    const r = await held2;
    expect(r.body).toMatchObject({
      hookSpecificOutput: { permissionDecision: 'allow', updatedInput: { command: 'npm publish --dry-run' } },
    });
  });

  it('denies when no answer comes within the hold timeout; the ask is then expired', async () => {
    const quick = await start(sb, { projects: [project], holdTimeoutSeconds: 0.3 });
    try {
      const r = await quick.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'sess-timeout' }));
      expect(decisionOf(r.body)).toBe('deny');
      expect(reasonOf(r.body)).toMatch(/no answer within/);
      const [ask] = await quick.store.listAsks({ state: 'all', sessionId: 'sess-timeout' });
      expect(ask?.state).toBe('expired');
      expect((await quick.answer(ask?.id as string, { behavior: 'allow' })).status).toBe(409);
    } finally {
      await quick.stop();
    }
  });

  it('with --ask-via prompt replies ask and parks nothing', async () => {
    const p = await start(sb, { projects: [project], askVia: 'prompt' });
    try {
      const r = await p.hook(preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'sess-prompt' }));
      expect(decisionOf(r.body)).toBe('ask');
      expect(await p.store.listAsks({ state: 'all' })).toEqual([]);
      const pr = await p.hook({ ...preToolUse(project, 'Bash', { command: 'npm publish' }), hook_event_name: 'PermissionRequest' });
      expect(pr.body).toEqual({});
    } finally {
      await p.stop();
    }
  });

  it('holds a PermissionRequest it would not allow and answers in its shape', async () => {
    const ev = {
      ...preToolUse(project, 'Bash', { command: 'npm publish' }, { session_id: 'sess-pr' }),
      hook_event_name: 'PermissionRequest',
      permission_suggestions: [],
    };
    const held = s.hook(ev);
    const ask = await eventually(
      async () => ((await s.api('GET', '/v1/asks?session=sess-pr')).body['asks'] as { id: string; origin: string }[])[0],
    );
    expect(ask.origin).toBe('PermissionRequest');
    await s.answer(ask.id, { behavior: 'allow' });
    expect((await held).body).toEqual({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'allow' } } });
    const denied = await s.hook({ ...ev, tool_input: { command: 'rm -rf x' } });
    expect(denied.body).toMatchObject({ hookSpecificOutput: { hookEventName: 'PermissionRequest', decision: { behavior: 'deny' } } });
  });
});
