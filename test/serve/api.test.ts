import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionOf, eventually, preToolUse, sandbox, start, type Running, type Sandbox } from './helpers.js';

let sb: Sandbox;
let s: Running;
let project: string;

beforeAll(async () => {
  sb = sandbox();
  project = sb.project('api', { permissions: { deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] } });
  s = await start(sb, { projects: [project] });
});
afterAll(async () => {
  await s.stop();
  sb.cleanup();
});

const decide = (command: string, context: Record<string, unknown> = {}) =>
  s.api('POST', '/v1/decisions', { call: { tool: 'Bash', input: { command } }, context: { cwd: project, ...context } });

describe('POST /v1/decisions', () => {
  it('decides allow and deny without parking', async () => {
    // Not git: the JSON API carries no environment facts, so a read-only git command asks there.
    const a = await decide('ls');
    expect(a.status).toBe(200);
    expect(a.body).toEqual({
      decision: expect.objectContaining({ behavior: 'allow', decidedBy: 'rules', reason: expect.objectContaining({ kind: 'readOnly' }) }),
    });
    const d = await decide('rm -rf dist');
    expect(d.body['decision']).toMatchObject({ behavior: 'deny', rule: { text: 'Bash(rm *)', list: 'deny' }, message: expect.any(String) });
  });

  it('parks an ask: askId comes first, and the ask is already in the store', async () => {
    const r = await decide('npm publish', { sessionId: 'api-1', agent: { id: 'sub-1', type: 'Explore' } });
    expect(Object.keys(r.body)).toEqual(['askId', 'decision']);
    expect(r.body['decision']).toMatchObject({ behavior: 'ask', askKind: 'plain', suggestions: expect.any(Array) });
    const stored = await s.store.getAsk(r.body['askId'] as string);
    expect(stored).toMatchObject({ state: 'pending', origin: 'api', sessionId: 'api-1', agent: 'sub-1', projectDir: project });
  });

  it.each([
    ['not JSON', '{"call":', /^the body is not JSON/],
    [
      'an unknown top-level field',
      { call: { tool: 'Bash', input: {} }, context: { cwd: '/x' }, extra: 1 },
      /^body: unknown field\(s\) "extra"/,
    ],
    [
      'an unknown context field',
      { call: { tool: 'Bash', input: {} }, context: { cwd: '/x', shell: 'zsh' } },
      /^body\.context: unknown field\(s\) "shell"/,
    ],
    ['a relative cwd', { call: { tool: 'Bash', input: {} }, context: { cwd: 'x' } }, /^body\.context\.cwd: expected an absolute path/],
    ['an unknown mode', { call: { tool: 'Bash', input: {} }, context: { cwd: '/x', mode: 'yolo' } }, /^body\.context\.mode/],
    ['no call', { context: { cwd: '/x' } }, /^body\.call/],
  ])('refuses %s with 400 and a message naming the field', async (_what, body, message) => {
    const r = await s.api('POST', '/v1/decisions', body);
    expect(r.status).toBe(400);
    expect(r.body['error']).toMatch(message);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const r = await s.api('POST', '/v1/decisions', {
      call: { tool: 'Write', input: { file_path: join(project, 'x'), content: 'x'.repeat(1024 * 1024) } },
      context: { cwd: project },
    });
    expect(r.status).toBe(413);
    expect(r.body['error']).toMatch(/larger than 1048576 bytes/);
  });
});

describe('/v1/asks', () => {
  it('lists pending asks by default, filters by state, session and project, and 400s on unknown filters', async () => {
    const { body } = await decide('npm publish', { sessionId: 'list-1' });
    const id = body['askId'] as string;
    const pending = (await s.api('GET', '/v1/asks?session=list-1')).body['asks'] as { id: string; input: unknown }[];
    expect(pending.map((a) => a.id)).toEqual([id]);
    expect((await s.api('GET', `/v1/asks?project=${encodeURIComponent(project)}&state=all`)).body['asks']).toEqual(
      expect.arrayContaining([expect.objectContaining({ id })]),
    );
    expect((await s.api('GET', '/v1/asks?state=answered&session=list-1')).body['asks']).toEqual([]);
    expect((await s.api('GET', '/v1/asks?colour=red')).status).toBe(400);
    expect((await s.api('GET', '/v1/asks?state=maybe')).status).toBe(400);
  });

  it('shows inputs with secrets of recognised shapes masked', async () => {
    const { body } = await decide('curl -H "Authorization: Bearer sk-abcdefghijklmnopqrstuvwx" https://example.com', {
      sessionId: 'redact-1',
    });
    const view = (await s.api('GET', `/v1/asks/${body['askId'] as string}`)).body;
    expect(JSON.stringify(view['input'])).not.toContain('sk-abcdefghijklmnopqrstuvwx');
    expect(view['inputSha256']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('masks the reason too, which quotes the command, in the ask; the audit log redacts it', async () => {
    const secret = 'AKIAIOSFODNN7EXAMPLE';
    // A command whose ask reason quotes it (git commit is modelled: "… is not read-only").
    const { body } = await decide(`git commit -m AWS_SECRET_ACCESS_KEY=${secret}`, { sessionId: 'redact-2' });
    expect(body['askId']).toBeDefined();
    const view = (await s.api('GET', `/v1/asks/${body['askId'] as string}`)).body;
    expect(JSON.stringify(view)).not.toContain(secret);
    expect(JSON.stringify(view['reason'])).toContain('AWS_SECRET_ACCESS_KEY=AKIA••••••••');
    const log = await eventually(async () => {
      const l = await s.store.readAudit({ sessionId: 'redact-2' });
      return l.length > 0 ? l : undefined;
    });
    expect(JSON.stringify(log)).not.toContain(secret);
  });

  it('404s an unknown ask, long-polls a pending one until it is answered', async () => {
    expect((await s.api('GET', '/v1/asks/ask_nope')).status).toBe(404);
    expect((await s.answer('ask_nope', { behavior: 'allow' })).status).toBe(404);
    const { body } = await decide('npm publish', { sessionId: 'poll-1' });
    const id = body['askId'] as string;
    const t0 = Date.now();
    const polled = s.api('GET', `/v1/asks/${id}?wait=10`);
    await new Promise((r) => setTimeout(r, 150));
    await s.answer(id, { behavior: 'deny', message: 'use the release script' });
    const r = await polled;
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(r.body).toMatchObject({
      id,
      state: 'answered',
      answer: { behavior: 'deny', message: 'use the release script' },
      decision: { behavior: 'deny', message: 'use the release script' },
    });
    expect((await s.api('GET', `/v1/asks/${id}?wait=abc`)).status).toBe(400);
  });

  it('a long-poll that sees no answer returns the ask still pending', async () => {
    const { body } = await decide('npm publish', { sessionId: 'poll-2' });
    const r = await s.api('GET', `/v1/asks/${body['askId'] as string}?wait=0.2`);
    expect(r.body).toMatchObject({ state: 'pending' });
    expect(r.body['decision']).toBeUndefined();
  });

  it('answers 409 once answered; 400 for fields that do not fit the behavior or unknown fields', async () => {
    const { body } = await decide('npm publish', { sessionId: 'ans-1' });
    const id = body['askId'] as string;
    expect((await s.answer(id, { behavior: 'deny', remember: true })).status).toBe(400);
    expect((await s.answer(id, { behavior: 'allow', message: 'x' })).status).toBe(400);
    expect((await s.answer(id, { behavior: 'allow', colour: 'x' })).status).toBe(400);
    expect((await s.answer(id, { behavior: 'allow', remember: true, scope: 'once' })).status).toBe(400);
    const ok = await s.answer(id, { behavior: 'allow' });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      state: 'answered',
      answer: { answerer: 'token', scope: 'once' },
      decision: { behavior: 'allow', decidedBy: 'answer' },
    });
    const again = await s.answer(id, { behavior: 'deny' });
    expect(again.status).toBe(409);
    expect(again.body['error']).toMatch(/already answered/);
  });
});

describe('grants', () => {
  it('approve-and-remember for the session lets the next identical call pass; other sessions still ask', async () => {
    const first = await decide('npm publish --tag next', { sessionId: 'grant-1' });
    const id = first.body['askId'] as string;
    const r = await s.answer(id, { behavior: 'allow', remember: true });
    expect(r.body).toMatchObject({ answer: { scope: 'session', remember: true } });
    const again = await decide('npm publish --tag next', { sessionId: 'grant-1' });
    expect(again.body).toEqual({ decision: expect.objectContaining({ behavior: 'allow', decidedBy: 'grant' }) });
    const other = await decide('npm publish --tag next', { sessionId: 'grant-2' });
    expect(other.body['decision']).toMatchObject({ behavior: 'ask' });
  });

  it('a project grant reaches every session of the project, and through the hook route too', async () => {
    const first = await decide('npm run deploy', { sessionId: 'pg-1' });
    await s.answer(first.body['askId'] as string, { behavior: 'allow', scope: 'project' });
    expect((await decide('npm run deploy', { sessionId: 'pg-2' })).body['decision']).toMatchObject({
      behavior: 'allow',
      decidedBy: 'grant',
    });
    const hooked = await s.hook(preToolUse(project, 'Bash', { command: 'npm run deploy' }, { session_id: 'pg-3' }));
    expect(decisionOf(hooked.body)).toBe('allow');
  });

  it('never answers a firm ask (an ask rule) or a deny', async () => {
    const first = await decide('git push origin main', { sessionId: 'firm-1' });
    expect(first.body['decision']).toMatchObject({ behavior: 'ask', askKind: 'firm' });
    // A firm ask has no rule to remember: a blanket rule sent with the answer is refused, not saved.
    const blanket = [{ type: 'addRules', behavior: 'allow', destination: 'session', rules: [{ toolName: 'Bash' }] }];
    const refused = await s.answer(first.body['askId'] as string, { behavior: 'allow', scope: 'project', updatedPermissions: blanket });
    expect(refused).toMatchObject({ status: 400, body: { error: expect.stringMatching(/proposes no rule to remember/) } });
    expect((await s.store.listGrants({ projectDir: project, at: Date.now() })).filter((g) => g.askId === first.body['askId'])).toEqual([]);
    expect((await s.answer(first.body['askId'] as string, { behavior: 'allow' })).status).toBe(200);
    // A blanket grant in the store (as a store shared with another tool might hold) answers no firm ask and no deny.
    const plain = await decide('kubectl apply -f deploy.yaml', { sessionId: 'firm-2' });
    const grant = {
      id: 'grant-blanket',
      scope: 'project' as const,
      projectDir: project,
      rule: 'Bash',
      grantedBy: 'test',
      createdAt: Date.now(),
    };
    await s.store.answerAsk(
      plain.body['askId'] as string,
      { answer: { behavior: 'allow' }, scope: 'project', answerer: 'test', answeredAt: Date.now() },
      [grant],
    );
    expect((await decide('git push origin main', { sessionId: 'firm-2' })).body['decision']).toMatchObject({
      behavior: 'ask',
      askKind: 'firm',
    });
    expect((await decide('rm -rf build', { sessionId: 'firm-2' })).body['decision']).toMatchObject({ behavior: 'deny' });
    // The blanket grant does answer plain asks of the project.
    expect((await decide('kubectl apply -f deploy.yaml', { sessionId: 'firm-3' })).body['decision']).toMatchObject({
      behavior: 'allow',
      decidedBy: 'grant',
    });
    // make runs a Makefile's recipes, opaque code: with the deny rule naming rm, a grant of all of Bash is no consent to it.
    expect((await decide('make release', { sessionId: 'firm-3' })).body['decision']).toMatchObject({
      behavior: 'ask',
      reason: { kind: 'opaqueCode' },
    });
    await s.store.revokeGrant('grant-blanket', Date.now());
    for (const a of await s.store.listAsks({ state: 'pending' })) await s.answer(a.id, { behavior: 'deny' });
  });
});

describe('remembering: the person sees, may narrow, and the server saves only a proposed rule', () => {
  it('GET /v1/asks/:id shows the rule remembering would save, flagged broader than the call, and the narrower choices', async () => {
    const first = await decide('curl https://x.example/y', { sessionId: 'prop-1' });
    const r = await s.api('GET', `/v1/asks/${first.body['askId'] as string}`);
    expect(r.body['proposal']).toEqual({
      parts: [
        {
          text: 'curl https://x.example/y',
          options: [
            {
              rule: 'Bash(curl *)',
              reach: 'prefix',
              broader: true,
              covers:
                'every curl command, whatever its arguments (toolgate still asks for one it finds reading or writing outside the working directories, or that may write a protected path)',
              examples: expect.any(Array),
            },
            { rule: 'Bash(curl https://x.example/y)', reach: 'exact', broader: false, covers: 'only this exact command', examples: [] },
          ],
        },
      ],
    });
    await s.answer(first.body['askId'] as string, { behavior: 'deny' });
  });

  it('saves the narrower rule the person chose, and only it: the same program with other arguments still asks', async () => {
    const first = await decide('npm publish --tag next', { sessionId: 'prop-2' });
    const r = await s.answer(first.body['askId'] as string, { behavior: 'allow', scope: 'session', rules: ['Bash(npm publish --tag *)'] });
    expect(r.status).toBe(200);
    const saved = (await s.store.listGrants({ projectDir: project, sessionId: 'prop-2', at: Date.now() })).filter(
      (g) => g.askId === first.body['askId'],
    );
    expect(saved.map((g) => [g.scope, g.rule])).toEqual([['session', 'Bash(npm publish --tag *)']]);
    expect((await decide('npm publish --tag beta', { sessionId: 'prop-2' })).body['decision']).toMatchObject({
      behavior: 'allow',
      decidedBy: 'grant',
    });
    const other = await decide('npm publish --access public', { sessionId: 'prop-2' });
    expect(other.body['decision']).toMatchObject({ behavior: 'ask' });
    await s.answer(other.body['askId'] as string, { behavior: 'deny' });
  });

  it.each([
    ['a rule that was not proposed', { rules: ['Bash(*)'] }, /the rule Bash\(\*\) was not proposed for this ask/],
    [
      'a broader rule in updatedPermissions',
      {
        updatedPermissions: [
          { type: 'addRules', behavior: 'allow', destination: 'session', rules: [{ toolName: 'Bash', ruleContent: 'npm *' }] },
        ],
      },
      /the rule Bash\(npm \*\) was not proposed/,
    ],
    ['a rule for another command', { rules: ['Bash(npm publish --tag next)', 'Bash(rm -rf /)'] }, /Bash\(rm -rf \/\) was not proposed/],
    [
      'two rules for one command',
      { rules: ['Bash(npm publish *)', 'Bash(npm publish --tag next)'] },
      /^choose one rule for "npm publish --tag next"/,
    ],
    [
      'rules with a one-time answer',
      { rules: ['Bash(npm publish --tag next)'], scope: 'once' },
      /rules are saved only by an allow that remembers/,
    ],
  ])('refuses %s with 400, saves nothing and leaves the ask (and its answer code) unspent', async (_what, body, message) => {
    const first = await decide('npm publish --tag next', { sessionId: 'prop-3' });
    const id = first.body['askId'] as string;
    const r = await s.answer(id, { behavior: 'allow', scope: 'project', ...body });
    expect(r).toMatchObject({ status: 400, body: { error: expect.stringMatching(message) } });
    expect((await s.store.listGrants({ projectDir: project, at: Date.now() })).filter((g) => g.askId === id)).toEqual([]);
    expect((await s.store.getAsk(id))?.state).toBe('pending');
    expect((await s.answer(id, { behavior: 'deny' })).status).toBe(200);
  });

  it('refuses rules that would not answer the call (the project now denies it), naming why', async () => {
    const first = await decide('rmdir build', { sessionId: 'prop-4' });
    const id = first.body['askId'] as string;
    const ask = await s.store.getAsk(id);
    // The policy changed while the call waited: a rule proposed then no longer answers it.
    const { writeFileSync } = await import('node:fs');
    writeFileSync(
      join(project, '.claude', 'settings.json'),
      JSON.stringify({ permissions: { deny: ['Bash(rm *)', 'Bash(rmdir *)'], ask: ['Bash(git push *)'] } }),
    );
    try {
      // Answer only once serve decides with the changed file (a probe call is refused): an answer
      // sent before the reload is a valid answer under the old policy and would use the ask up.
      await eventually(async () => {
        const probe = await decide('rmdir probe', { sessionId: 'prop-4-probe' });
        return (probe.body['decision'] as { behavior?: string } | undefined)?.behavior === 'deny' ? probe : undefined;
      });
      const r = await s.answer(id, { behavior: 'allow', scope: 'project' });
      expect(r.status).toBe(400);
      expect(r.body['error']).toMatch(/^the rule Bash\(rmdir \*\) would not answer this call \(it is now refused/);
      expect(ask?.state).toBe('pending');
    } finally {
      writeFileSync(
        join(project, '.claude', 'settings.json'),
        JSON.stringify({ permissions: { deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] } }),
      );
    }
    await s.answer(id, { behavior: 'deny' });
  });
});

describe('GET /v1/health', () => {
  it('is 200 with the store up', async () => {
    const r = await s.api('GET', '/v1/health');
    expect(r).toEqual({
      status: 200,
      body: { ok: true, store: { kind: 'sqlite' }, audit: { buffered: expect.any(Number), spilledBytes: 0, lost: 0, failing: false } },
    });
  });
});

describe('the audit log', () => {
  it('records every decision with the redacted input, its hash, the rule and the policy digest', async () => {
    await s.hook(
      preToolUse(project, 'Bash', { command: 'rm -rf /tmp/x GITHUB_TOKEN=ghp_0123456789abcdefghij0123' }, { session_id: 'audit-1' }),
    );
    const [e] = await eventually(async () => {
      const log = await s.store.readAudit({ sessionId: 'audit-1' });
      return log.length > 0 ? log : undefined;
    });
    expect(e).toMatchObject({
      event: 'PreToolUse',
      sessionId: 'audit-1',
      tool: 'Bash',
      behavior: 'deny',
      ruleText: 'Bash(rm *)',
      ruleSource: join(project, '.claude', 'settings.json'),
      projectDir: project,
      decidedBy: 'rules',
      inputSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      policyDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(JSON.stringify(e?.inputRedacted)).not.toContain('ghp_0123456789abcdefghij0123');
  });
});
