/**
 * Grant scopes and their time-to-live through serve: `once` bound to the call approved (input,
 * tool, session, directory, agent, mode) and spent by the call it releases (or one re-ask of it), `user` across trusted projects only, `rememberFor` in the
 * ask view, expiry set from `grantTtl`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseGrantTtl } from '../../src/grants/ttl.js';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { decisionOf, eventually, preToolUse, sandbox, start, TEST_TOKEN, transcriptOf, type Running, type Sandbox } from './helpers.js';

let sb: Sandbox;
let s: Running;
let project: string;
let other: string;
let untrusted: string;
let replica: Running;
const HOOK_TOKEN = 'hook-token-0123456789abcdef';
const bearer = (t: string) => ({ authorization: `Bearer ${t}` });
const TTL = parseGrantTtl('once=5m,session=2h,user=3d,project=never');

beforeAll(async () => {
  sb = sandbox();
  project = sb.project('grants', { permissions: { deny: ['Bash(rm *)'] } });
  other = sb.project('other');
  untrusted = sb.project('untrusted');
  if (!TTL.ok) throw new Error(TTL.message);
  s = await start(sb, {
    projects: [project, other],
    grantTtl: TTL.ttl,
    storeFile: join(sb.root, 'state', 'shared.db'),
    hookToken: HOOK_TOKEN,
  });
  // A second replica on the same store: what one revokes, the other no longer applies.
  replica = await start(sb, { projects: [project, other], storeFile: join(sb.root, 'state', 'shared.db') });
});
afterAll(async () => {
  await replica.stop();
  await s.stop();
  sb.cleanup();
});

const decide = (command: string, context: Record<string, unknown> = {}, cwd = project) =>
  s.api('POST', '/v1/decisions', { call: { tool: 'Bash', input: { command } }, context: { cwd, ...context } });
const decision = async (command: string, context: Record<string, unknown> = {}, cwd = project) =>
  (await decide(command, context, cwd)).body['decision'] as Record<string, unknown>;

describe('scopes', () => {
  it('the ask view shows each scope the ask may choose with its time-to-live', async () => {
    const a = await decide('npm run deploy', { sessionId: 'view-1' });
    const view = await s.api('GET', `/v1/asks/${a.body['askId'] as string}`);
    expect(view.body['rememberFor']).toEqual([
      { scope: 'once', ttl: '5m', ttlMs: 300_000 },
      { scope: 'session', ttl: '2h', ttlMs: 7_200_000 },
      { scope: 'project', ttl: 'never', ttlMs: null },
      { scope: 'user', ttl: '3d', ttlMs: 259_200_000 },
    ]);
    const noSession = await decide('npm run deploy');
    const v2 = await s.api('GET', `/v1/asks/${noSession.body['askId'] as string}`);
    expect((v2.body['rememberFor'] as { scope: string }[]).map((c) => c.scope)).toEqual(['once', 'project', 'user']);
  });

  it('a session grant expires after the session time-to-live', async () => {
    const a = await decide('npm run build-docs', { sessionId: 'ttl-1' });
    const id = a.body['askId'] as string;
    await s.answer(id, { behavior: 'allow', remember: true, scope: 'session' });
    const [g] = await s.store.findGrants({ askId: id, at: Date.now() });
    expect(g).toMatchObject({ scope: 'session', sessionId: 'ttl-1', rule: expect.stringMatching(/^Bash\(npm run build-docs/) });
    expect((g?.expiresAt ?? 0) - (g?.createdAt ?? 0)).toBe(7_200_000);
  });

  it('once, answered through the API and never polled: one replay of the identical input passes, then it asks again; another input asks', async () => {
    const a = await decide('npm publish --tag next', { sessionId: 'once-1' });
    const id = a.body['askId'] as string;
    expect((await s.answer(id, { behavior: 'allow' })).status).toBe(200);
    const [g] = await s.store.findGrants({ askId: id, at: Date.now() });
    expect(g).toMatchObject({
      scope: 'once',
      sessionId: 'once-1',
      projectDir: project,
      askId: id,
      inputSha256: (await s.store.getAsk(id))?.inputSha256,
    });
    expect((g?.expiresAt ?? 0) - (g?.createdAt ?? 0)).toBe(300_000);
    expect(await decision('npm publish --tag latest', { sessionId: 'once-1' })).toMatchObject({ behavior: 'ask' });
    expect(await decision('npm publish --tag next', { sessionId: 'once-2' })).toMatchObject({ behavior: 'ask' });
    expect(await decision('npm publish --tag next', { sessionId: 'once-1' })).toMatchObject({ behavior: 'allow', decidedBy: 'grant' });
    expect(await decision('npm publish --tag next', { sessionId: 'once-1' })).toMatchObject({ behavior: 'ask' });
  });

  it('once, polled: the poll that returns the answer spends it, and a replay asks again', async () => {
    const a = await decide('npm publish --tag beta', { sessionId: 'once-3' });
    const id = a.body['askId'] as string;
    await s.answer(id, { behavior: 'allow' });
    expect((await s.api('GET', `/v1/asks/${id}`)).body['decision']).toMatchObject({ behavior: 'allow' });
    expect(await decision('npm publish --tag beta', { sessionId: 'once-3' })).toMatchObject({ behavior: 'ask' });
  });

  it('once, long-polled: the poll waiting when the answer lands returns the allow and spends it, and a replay asks again', async () => {
    const a = await decide('npm publish --tag alpha', { sessionId: 'once-5' });
    const id = a.body['askId'] as string;
    const poll = s.api('GET', `/v1/asks/${id}?wait=20`);
    await new Promise((r) => setTimeout(r, 300));
    expect((await s.answer(id, { behavior: 'allow', scope: 'once' })).status).toBe(200);
    expect((await poll).body['decision']).toMatchObject({ behavior: 'allow' });
    expect(await decision('npm publish --tag alpha', { sessionId: 'once-5' })).toMatchObject({ behavior: 'ask' });
  });

  it('once, parked through the API and never polled: the approval answers that call only — not the same input from another directory, as another tool, or in another session', async () => {
    const a = join(project, 'src', 'a');
    const b = join(project, 'src', 'b');
    mkdirSync(a, { recursive: true });
    mkdirSync(b, { recursive: true });
    const parked = await decide('./run.sh', { sessionId: 'bank-1' }, a);
    expect((await s.answer(parked.body['askId'] as string, { behavior: 'allow', scope: 'once' })).status).toBe(200);
    // Claude Code's event for the same command from another directory of the session runs another script: it is held for a person.
    const held = s.hook(
      preToolUse(b, 'Bash', { command: './run.sh' }, { session_id: 'bank-1', transcript_path: transcriptOf(project, 'bank-1') }),
    );
    const other = await eventually(async () =>
      ((await s.api('GET', '/v1/asks?session=bank-1&state=pending')).body['asks'] as { id: string; cwd: string }[]).find(
        (x) => x.cwd === b,
      ),
    );
    await s.answer(other.id, { behavior: 'deny', message: 'not this one' });
    expect(decisionOf((await held).body)).toBe('deny');
    // The same input as another tool's.
    const mcp = await s.api('POST', '/v1/decisions', {
      call: { tool: 'mcp__ci__explain', input: { command: 'npm publish --access public' } },
      context: { cwd: project, sessionId: 'bank-2' },
    });
    expect(mcp.body['decision']).toMatchObject({ behavior: 'ask' });
    await s.answer(mcp.body['askId'] as string, { behavior: 'allow', scope: 'once' });
    expect(await decision('npm publish --access public', { sessionId: 'bank-2' })).toMatchObject({ behavior: 'ask' });
    // Parked without a session: no session's call is that call.
    const sessionless = await decide('npm publish --tag nosess');
    await s.answer(sessionless.body['askId'] as string, { behavior: 'allow', scope: 'once' });
    expect(await decision('npm publish --tag nosess', { sessionId: 'some-other-session-42' })).toMatchObject({ behavior: 'ask' });
    // Each approval still answers its own call, once.
    expect(await decision('./run.sh', { sessionId: 'bank-1' }, a)).toMatchObject({ behavior: 'allow', decidedBy: 'grant' });
    expect(await decision('./run.sh', { sessionId: 'bank-1' }, a)).toMatchObject({ behavior: 'ask' });
    expect(await decision('npm publish --tag nosess')).toMatchObject({ behavior: 'allow', decidedBy: 'grant' });
  });

  it('once, through the hook route: the held call it releases spends it', async () => {
    const held = s.hook(preToolUse(project, 'Bash', { command: 'npm publish --tag rc' }, { session_id: 'once-hook' }));
    const ask = await eventually(async () => ((await s.api('GET', '/v1/asks?session=once-hook')).body['asks'] as { id: string }[])[0]);
    await s.answer(ask.id, { behavior: 'allow', scope: 'once' });
    expect(decisionOf((await held).body)).toBe('allow');
    const [g] = await s.store.findGrants({ askId: ask.id, at: Date.now() });
    expect(g?.usedAt).toBeDefined();
    expect(await decision('npm publish --tag rc', { sessionId: 'once-hook' })).toMatchObject({ behavior: 'ask' });
  });

  it('user: follows the person to every trusted project, and to no other', async () => {
    const a = await decide('terraform plan', { sessionId: 'user-1' });
    const r = await s.answer(a.body['askId'] as string, { behavior: 'allow', remember: true, scope: 'user' });
    expect(r.body).toMatchObject({ answer: { scope: 'user' } });
    expect(await decision('terraform plan', { sessionId: 'user-2' }, other)).toMatchObject({ behavior: 'allow', decidedBy: 'grant' });
    expect(await decision('terraform plan', { sessionId: 'user-3' }, untrusted)).toMatchObject({ behavior: 'ask' });
  });

  it('a grant of one project does not answer in another', async () => {
    const a = await decide('cargo publish', { sessionId: 'proj-1' });
    await s.answer(a.body['askId'] as string, { behavior: 'allow', remember: true, scope: 'project' });
    expect(await decision('cargo publish', { sessionId: 'proj-2' })).toMatchObject({ behavior: 'allow', decidedBy: 'grant' });
    expect(await decision('cargo publish', { sessionId: 'proj-2' }, other)).toMatchObject({ behavior: 'ask' });
  });

  it('a grant answers only calls whose working directory is in its project: an event naming the project from a directory outside it asks', async () => {
    const outside = sb.project('outside-f10');
    for (const [scope, session] of [
      ['project', 'cwd-1'],
      ['session', 'cwd-2'],
      ['user', 'cwd-3'],
      ['once', 'cwd-4'],
    ] as const) {
      // (The once call names another program: the user grant saved before it, `Bash(gradle *)`, would answer it.)
      const command = scope === 'once' ? 'sbt publish-once' : `gradle publish-${scope}`;
      const a = await decide(command, { sessionId: session });
      await s.answer(a.body['askId'] as string, { behavior: 'allow', ...(scope !== 'once' ? { remember: true } : {}), scope });
      // From a directory outside the project, the call runs another directory's build: no grant of this project answers it.
      expect(await decision(command, { sessionId: session, projectDir: project }, outside), `${scope} from outside`).toMatchObject({
        behavior: 'ask',
      });
      // A once grant answers its own call only, in the directory it was to run in; the others, anywhere in the project.
      if (scope === 'once') {
        expect(
          await decision(command, { sessionId: session, projectDir: project }, join(project, 'sub')),
          'once from another directory',
        ).toMatchObject({ behavior: 'ask' });
        expect(await decision(command, { sessionId: session, projectDir: project }), 'once from its own directory').toMatchObject({
          behavior: 'allow',
          decidedBy: 'grant',
        });
      } else
        expect(
          await decision(command, { sessionId: session, projectDir: project }, join(project, 'sub')),
          `${scope} from inside`,
        ).toMatchObject({ behavior: 'allow', decidedBy: 'grant' });
    }
  });

  it('a held call released by a remembering answer is said to be allowed by the rule saved (narrowed, or the suggestion), as the grant it is', async () => {
    const cases = [
      {
        command: 'npm publish --tag held',
        session: 'held-narrow',
        answer: { behavior: 'allow', remember: true, scope: 'project', rules: ['Bash(npm publish --tag held)'] },
      },
      {
        command: 'npm publish --tag held2',
        session: 'held-perms',
        answer: {
          behavior: 'allow',
          scope: 'session',
          updatedPermissions: [
            {
              type: 'addRules',
              behavior: 'allow',
              destination: 'localSettings',
              rules: [{ toolName: 'Bash', ruleContent: 'npm publish --tag held2' }],
            },
          ],
        },
      },
      { command: 'bundle exec rake spec', session: 'held-suggested', answer: { behavior: 'allow', remember: true, scope: 'session' } },
    ];
    for (const c of cases) {
      const held = s.hook(preToolUse(project, 'Bash', { command: c.command }, { session_id: c.session }));
      const ask = await eventually(async () => ((await s.api('GET', `/v1/asks?session=${c.session}`)).body['asks'] as { id: string }[])[0]);
      expect((await s.answer(ask.id, c.answer)).status).toBe(200);
      const [g] = await s.store.findGrants({ askId: ask.id, at: Date.now() });
      if (g === undefined) throw new Error(`no grant saved for ${c.command}`);
      const scope = c.answer.scope;
      const reply = (await held).body as { hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string } };
      expect(reply.hookSpecificOutput?.permissionDecision).toBe('allow');
      expect(reply.hookSpecificOutput?.permissionDecisionReason).toMatch(
        new RegExp(`\\(allow rule ${g.rule.replace(/[()*]/g, '\\$&')}, remembered for the ${scope}\\)$`),
      );
      const released = (await s.store.readAudit({ sessionId: c.session }))
        .filter((e) => e.askId === ask.id && e.event === 'PreToolUse')
        .at(-1);
      expect(released).toMatchObject({
        behavior: 'allow',
        ruleText: g.rule,
        ruleSource: `grant ${g.id} (${scope})`,
        detail: `grant ${g.id} (${scope}): ${g.rule}`,
      });
      // The poll of the API names the same rule.
      expect((await s.api('GET', `/v1/asks/${ask.id}`)).body['decision']).toMatchObject({ behavior: 'allow', rule: { text: g.rule } });
    }
    // The narrowed rule is what was saved and named, never the broader suggestion.
    expect((await s.store.findGrants({ sessionId: 'held-narrow', at: Date.now() })).map((g) => g.rule)).not.toContain(
      'Bash(npm publish *)',
    );
  });

  it('offers only once for an ask of no project toolgate found, and refuses remembering: no other grant answers there', async () => {
    const a = await decide('npm run nowhere', { sessionId: 'unknown-1' }, untrusted);
    const id = a.body['askId'] as string;
    const view = await s.api('GET', `/v1/asks/${id}`);
    expect(view.body['projectDir']).toBe('');
    expect((view.body['rememberFor'] as { scope: string }[]).map((c) => c.scope)).toEqual(['once']);
    for (const scope of ['session', 'project', 'user']) {
      expect(await s.answer(id, { behavior: 'allow', remember: true, scope }), scope).toMatchObject({
        status: 400,
        body: {
          error: `the ask belongs to no project toolgate found, where no ${scope} grant would answer anything: approve it once ("scope": "once"), or name the project (X-Toolgate-Project, --project DIR)`,
        },
      });
    }
    expect((await s.answer(id, { behavior: 'allow' })).status).toBe(200);
  });

  it('offers only once for an ask with no rule to remember (a protected path, a firm ask), as remembering it is refused', async () => {
    for (const command of ['touch .claude/settings.json', 'eval "$X"']) {
      const a = await decide(command, { sessionId: 'firm-1' });
      const id = a.body['askId'] as string;
      const view = await s.api('GET', `/v1/asks/${id}`);
      expect(view.body['askKind'], command).not.toBe('plain');
      expect(view.body['proposal'], command).toBeUndefined();
      expect(
        (view.body['rememberFor'] as { scope: string }[]).map((c) => c.scope),
        command,
      ).toEqual(['once']);
      for (const scope of ['session', 'project', 'user'])
        expect((await s.answer(id, { behavior: 'allow', remember: true, scope })).status, `${command} ${scope}`).toBe(400);
    }
  });

  it('says back, in the reply and the audit, the updates of an answer serve does not keep (a mode, directories, a deny rule); allow rules it keeps as grants', async () => {
    const a = await decide('npm run lint-all', { sessionId: 'unkept-1' });
    const id = a.body['askId'] as string;
    const r = await s.answer(id, {
      behavior: 'allow',
      scope: 'session',
      updatedPermissions: [
        { type: 'setMode', mode: 'acceptEdits', destination: 'session' },
        { type: 'addDirectories', directories: ['/srv/shared'], destination: 'localSettings' },
        { type: 'addRules', behavior: 'deny', rules: [{ toolName: 'Bash', ruleContent: 'rm *' }], destination: 'session' },
        { type: 'addRules', behavior: 'allow', rules: [{ toolName: 'Bash', ruleContent: 'npm run lint-all' }], destination: 'session' },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body['notKept']).toEqual([
      'setMode acceptEdits (session)',
      'addDirectories /srv/shared (localSettings)',
      'addRules deny Bash(rm *) (session)',
    ]);
    expect(r.body['warning']).toMatch(
      /^not kept for later calls: setMode acceptEdits \(session\); .* — toolgate serve keeps only allow rules, as grants/,
    );
    expect((await s.store.findGrants({ askId: id, at: Date.now() })).map((g) => g.rule)).toEqual(['Bash(npm run lint-all)']);
    const entry = (await s.store.readAudit({ askId: id })).find((e) => e.event === 'answer');
    expect(entry?.detail).toMatch(
      /^scope session; not kept for later calls: setMode acceptEdits \(session\); addDirectories \/srv\/shared \(localSettings\); addRules deny Bash\(rm \*\) \(session\)/,
    );
    // An answer whose updates are all kept says nothing of the kind.
    const b = await decide('npm run lint-more', { sessionId: 'unkept-2' });
    const plain = await s.answer(b.body['askId'] as string, { behavior: 'allow' });
    expect(plain.body['notKept']).toBeUndefined();
  });

  it('refuses remember with once, and an unknown scope, naming the field', async () => {
    const a = await decide('npm run ship', { sessionId: 'bad-1' });
    const id = a.body['askId'] as string;
    expect(await s.answer(id, { behavior: 'allow', remember: true, scope: 'once' })).toMatchObject({
      status: 400,
      body: { error: '"remember": true needs "scope": "session", "project" or "user"' },
    });
    expect((await s.answer(id, { behavior: 'allow', scope: 'forever' })).status).toBe(400);
  });
});

describe('a grant that answers part of a call', () => {
  type View = { parts: { text: string; options: { rule: string; broader: boolean }[] }[] };
  const rules = (v: unknown) => (v as View | undefined)?.parts.map((p) => p.options.map((o) => o.rule));
  const grantExact = async (session: string) => {
    const first = await decide('curl https://x.example/y', { sessionId: session });
    expect(
      (
        await s.answer(first.body['askId'] as string, {
          behavior: 'allow',
          remember: true,
          scope: 'session',
          rules: ['Bash(curl https://x.example/y)'],
        })
      ).status,
    ).toBe(200);
  };

  it('asks for the rest only: its reason and its proposal name the parts still not covered, and remembering never widens the grant', async () => {
    await grantExact('partial-1');
    const a = await decide('curl https://x.example/y && touch partial.txt', { sessionId: 'partial-1' });
    expect(a.body['decision']).toMatchObject({ behavior: 'ask', reason: { message: expect.stringMatching(/^"touch partial\.txt" /) } });
    expect(JSON.stringify((a.body['decision'] as Record<string, unknown>)['suggestions'])).not.toContain('curl');
    const id = a.body['askId'] as string;
    const view = await s.api('GET', `/v1/asks/${id}`);
    expect(rules(view.body['proposal'])).toEqual([['Bash(touch *)', 'Bash(touch partial.txt)']]);
    // The broader rule for the granted part is not among the choices: naming it is refused, nothing saved.
    expect(await s.answer(id, { behavior: 'allow', remember: true, scope: 'session', rules: ['Bash(curl *)'] })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^the rule Bash\(curl \*\) was not proposed for this ask/) },
    });
    // The pre-selected rule answers the call beside the grant, and is all that is saved.
    expect((await s.answer(id, { behavior: 'allow', remember: true, scope: 'session' })).status).toBe(200);
    expect((await s.store.findGrants({ askId: id, at: Date.now() })).map((g) => g.rule)).toEqual(['Bash(touch *)']);
    expect(await decision('curl https://x.example/y && touch partial.txt', { sessionId: 'partial-1' })).toMatchObject({
      behavior: 'allow',
      decidedBy: 'grant',
    });
    expect(await decision('curl https://other.example/ && touch partial.txt', { sessionId: 'partial-1' })).toMatchObject({
      behavior: 'ask',
    });
  });

  it('offers for another part of the same program only what keeps within the grant: the exact command', async () => {
    await grantExact('partial-2');
    const a = await decide('curl https://x.example/y && curl https://z.example/', { sessionId: 'partial-2' });
    expect(a.body['decision']).toMatchObject({
      behavior: 'ask',
      reason: { message: expect.stringMatching(/^"curl https:\/\/z\.example\/" /) },
    });
    const id = a.body['askId'] as string;
    const view = await s.api('GET', `/v1/asks/${id}`);
    expect(view.body['proposal']).toMatchObject({
      parts: [{ text: 'curl https://z.example/', options: [{ rule: 'Bash(curl https://z.example/)', broader: false }] }],
    });
    expect(rules(view.body['proposal'])).toEqual([['Bash(curl https://z.example/)']]);
    expect((await s.answer(id, { behavior: 'allow', remember: true, scope: 'session' })).status).toBe(200);
    expect((await s.store.findGrants({ askId: id, at: Date.now() })).map((g) => g.rule)).toEqual(['Bash(curl https://z.example/)']);
    expect(await decision('curl https://x.example/y && curl https://z.example/', { sessionId: 'partial-2' })).toMatchObject({
      behavior: 'allow',
    });
    expect(await decision('curl https://w.example/', { sessionId: 'partial-2' })).toMatchObject({ behavior: 'ask' });
  });
});

describe('an opaque-code ask', () => {
  it('gives as its example of consent by name a rule it offers to remember', async () => {
    const a = await decide('make deploy-site', { sessionId: 'opaque-1' });
    const reason = (a.body['decision'] as { reason: { kind: string; message: string } }).reason;
    expect(reason.kind).toBe('opaqueCode');
    expect(reason.message).toContain('for example Bash(make deploy-site *)');
    const view = await s.api('GET', `/v1/asks/${a.body['askId'] as string}`);
    expect((view.body['proposal'] as { parts: { options: { rule: string }[] }[] }).parts[0]?.options[0]?.rule).toBe(
      'Bash(make deploy-site *)',
    );
  });
});

describe('/v1/grants', () => {
  it("needs what answering needs: the token or an answerer's, never the hook token or loopback alone", async () => {
    const a = await decide('npm run lint:fix', { sessionId: 'auth-1' });
    await s.answer(a.body['askId'] as string, { behavior: 'allow', remember: true, scope: 'project' });
    const [g] = await s.store.findGrants({ askId: a.body['askId'] as string, at: Date.now() });
    const id = g?.id as string;
    for (const [method, path] of [
      ['GET', '/v1/grants'],
      ['GET', `/v1/grants/${id}`],
      ['DELETE', `/v1/grants/${id}`],
    ] as const) {
      // The message speaks of grants: they need the token, and no answer code.
      const bare = await s.api(method, path);
      expect(bare.status).toBe(401);
      expect(bare.body['error']).toBe('seeing or revoking grants needs the token (or an answerer\'s): send "Authorization: Bearer TOKEN"');
      const hooked = await s.api(method, path, undefined, bearer(HOOK_TOKEN));
      expect(hooked.status).toBe(401);
      expect(hooked.body['error']).toBe('the hook token cannot see or revoke grants: grants need the token');
    }
    expect((await s.store.getGrant(id))?.revokedAt).toBeUndefined();
  });

  it('lists with filters, shows one, and revokes: the next decision asks again, on every replica', async () => {
    const a = await decide('npm run release-notes', { sessionId: 'rev-1' });
    const askId = a.body['askId'] as string;
    await s.answer(askId, { behavior: 'allow', remember: true, scope: 'project' });
    expect(await decision('npm run release-notes', { sessionId: 'rev-2' })).toMatchObject({ behavior: 'allow', decidedBy: 'grant' });
    const onReplica = await replica.api('POST', '/v1/decisions', {
      call: { tool: 'Bash', input: { command: 'npm run release-notes' } },
      context: { cwd: project, sessionId: 'rev-3' },
    });
    expect(onReplica.body['decision']).toMatchObject({ behavior: 'allow', decidedBy: 'grant' });

    const listed = await s.api('GET', `/v1/grants?project=${encodeURIComponent(project)}&scope=project`, undefined, bearer(TEST_TOKEN));
    expect(listed.status).toBe(200);
    const mine = (listed.body['grants'] as { id: string; askId: string; state: string; grantedBy: string }[]).filter(
      (g) => g.askId === askId,
    );
    expect(mine).toEqual([expect.objectContaining({ state: 'active', grantedBy: 'token', scope: 'project', projectDir: project })]);
    const id = (mine[0] as { id: string }).id;
    expect((await s.api('GET', `/v1/grants/${id}`, undefined, bearer(TEST_TOKEN))).body).toMatchObject({
      id,
      rule: expect.stringMatching(/^Bash\(npm run release-notes/),
    });
    expect((await s.api('GET', '/v1/grants/nope', undefined, bearer(TEST_TOKEN))).status).toBe(404);
    expect((await s.api('GET', '/v1/grants?state=forever', undefined, bearer(TEST_TOKEN))).status).toBe(400);
    expect((await s.api('GET', '/v1/grants?color=red', undefined, bearer(TEST_TOKEN))).status).toBe(400);

    const revoked = await s.api('DELETE', `/v1/grants/${id}`, undefined, bearer(TEST_TOKEN));
    expect(revoked).toMatchObject({ status: 200, body: { code: 'revoked', grant: { id, state: 'revoked' } } });
    expect(await decision('npm run release-notes', { sessionId: 'rev-2' })).toMatchObject({ behavior: 'ask' });
    const after = await replica.api('POST', '/v1/decisions', {
      call: { tool: 'Bash', input: { command: 'npm run release-notes' } },
      context: { cwd: project, sessionId: 'rev-3' },
    });
    expect(after.body['decision']).toMatchObject({ behavior: 'ask' });
    expect((await s.api('DELETE', `/v1/grants/${id}`, undefined, bearer(TEST_TOKEN))).body).toMatchObject({ code: 'alreadyRevoked' });
    expect((await s.api('DELETE', '/v1/grants/nope', undefined, bearer(TEST_TOKEN))).status).toBe(404);
    // The revocation is in the audit log, once, with who revoked which grant (not the refusals after it).
    const revocations = await eventually(async () => {
      const all = (await s.store.readAudit({ askId })).filter((e) => e.event === 'grantRevoked');
      return all.length > 0 ? all : undefined;
    });
    expect(revocations).toEqual([
      expect.objectContaining({
        event: 'grantRevoked',
        answerer: 'token',
        projectDir: project,
        ruleText: expect.stringMatching(/^Bash\(npm run release-notes/),
        detail: expect.stringContaining(id),
      }),
    ]);
    const revokedList = await s.api('GET', '/v1/grants?state=revoked', undefined, bearer(TEST_TOKEN));
    expect((revokedList.body['grants'] as { id: string }[]).map((g) => g.id)).toContain(id);
  });

  it('a rule written to a settings file elsewhere is left to remove by hand (409, nothing changed)', async () => {
    await s.store.recordGrant({
      id: 'file-away',
      scope: 'project',
      projectDir: '/elsewhere',
      rule: 'Bash(curl *)',
      grantedBy: 'bob',
      createdAt: Date.now(),
      settingsFile: '/elsewhere/.claude/settings.local.json',
    });
    const r = await s.api('DELETE', '/v1/grants/file-away', undefined, bearer(TEST_TOKEN));
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({
      code: 'byHand',
      error: expect.stringMatching(/written by Claude Code .* not on this machine: remove it .* by hand/),
    });
    expect((await s.store.getGrant('file-away'))?.revokedAt).toBeUndefined();
  });
});
