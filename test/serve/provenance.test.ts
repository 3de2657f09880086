/**
 * `toolgate serve` reports each decision once to `onDecision`: a hook event decided, an ask parked,
 * and its answer — by the release of the held hook request, or, for an ask made through the JSON
 * API, by the answer itself. The gates serve decides with report nothing of their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyDigest, type DecisionEvent } from '../../src/provenance/index.js';
import { policyFromObjects } from '../../src/settings/index.js';
import { decisionOf, eventually, preToolUse, sandbox, start, type Running, type Sandbox } from './helpers.js';

let sb: Sandbox;
let s: Running;
let project: string;
const events: DecisionEvent[] = [];
const PROJECT_SETTINGS = { permissions: { allow: ['Bash(npm run lint)'], deny: ['Bash(rm *)'], ask: ['Bash(git push *)'] } };

beforeAll(async () => {
  sb = sandbox();
  project = sb.project('proj', PROJECT_SETTINGS);
  s = await start(sb, { projects: [project], holdTimeoutSeconds: 5, onDecision: (e) => events.push(e) });
});
afterAll(async () => {
  await s.stop();
  sb.cleanup();
});

const of = (session: string) => events.filter((e) => e.sessionId === session);

describe('serve onDecision', () => {
  it('one event per decided hook event, with the rule, its file and layer, the mode and the digest', async () => {
    await s.hook(preToolUse(project, 'Bash', { command: 'npm run lint' }, { session_id: 'p-1', tool_use_id: 'toolu_a' }));
    await s.hook(preToolUse(project, 'Bash', { command: 'rm -rf build' }, { session_id: 'p-1', tool_use_id: 'toolu_b' }));
    const seen = of('p-1');
    expect(seen).toHaveLength(2);
    expect(seen[0]).toMatchObject({
      frontEnd: 'serve',
      behavior: 'allow',
      tool: 'Bash',
      toolUseId: 'toolu_a',
      rule: { text: 'Bash(npm run lint)', list: 'allow', layer: 'projectSettings', file: `${project}/.claude/settings.json` },
      mode: 'default',
      decidedBy: 'rules',
      policyDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(seen[1]).toMatchObject({ behavior: 'deny', rule: { text: 'Bash(rm *)', list: 'deny' } });
    const audit = (await s.store.readAudit({ sessionId: 'p-1' })).map((e) => e.policyDigest);
    expect(audit).toEqual([seen[0]!.policyDigest, seen[1]!.policyDigest]);
    // The project's settings alone: serve's guard of its own process and files is not part of it,
    // so the digest is the same in every serve run and in `toolgate check`.
    const settings = policyFromObjects([{ kind: 'projectSettings', file: `${project}/.claude/settings.json`, settings: PROJECT_SETTINGS }]);
    expect(seen[0]!.policyDigest).toBe(policyDigest(settings));
  });

  it('a held ask is two decisions: the ask, and its release with who answered and how long it waited', async () => {
    const held = s.hook(preToolUse(project, 'Bash', { command: 'git push origin main' }, { session_id: 'p-2' }));
    const ask = await eventually(async () => ((await s.api('GET', '/v1/asks?session=p-2')).body['asks'] as { id: string }[])[0]);
    await s.answer(ask.id, { behavior: 'allow' });
    expect(decisionOf((await held).body)).toBe('allow');
    const seen = of('p-2');
    expect(seen.map((e) => [e.behavior, e.decidedBy, e.askId])).toEqual([
      ['ask', 'rules', ask.id],
      ['allow', 'person', ask.id],
    ]);
    expect(seen[1]).toMatchObject({ answerer: 'token', answerScope: 'once', askKind: 'firm', durations: { waitMs: expect.any(Number) } });
  });

  it('an answer for the session says so, and the grant it saved reports its id and scope when it answers the next call', async () => {
    const call = { command: 'make deploy-preview' };
    const held = s.hook(preToolUse(project, 'Bash', call, { session_id: 'p-4' }));
    const ask = await eventually(
      async () => ((await s.api('GET', '/v1/asks?session=p-4')).body['asks'] as { id: string; askKind: string }[])[0],
    );
    expect(ask.askKind).toBe('plain');
    expect((await s.answer(ask.id, { behavior: 'allow', scope: 'session' })).status).toBe(200);
    expect(decisionOf((await held).body)).toBe('allow');
    expect(decisionOf((await s.hook(preToolUse(project, 'Bash', call, { session_id: 'p-4' }))).body)).toBe('allow');
    const seen = of('p-4');
    expect(seen.map((e) => [e.behavior, e.decidedBy, e.answerScope])).toEqual([
      ['ask', 'rules', undefined],
      ['allow', 'person', 'session'],
      ['allow', 'grant', 'session'],
    ]);
    expect(seen[2]!.grantId).toEqual(expect.any(String));
  });

  it('an ask made through the JSON API is reported with its answer', async () => {
    const r = await s.api('POST', '/v1/decisions', {
      call: { tool: 'Bash', input: { command: 'git push origin dev' } },
      context: { cwd: project, sessionId: 'p-3' },
    });
    const askId = r.body['askId'] as string;
    await s.answer(askId, { behavior: 'deny', message: 'not today' });
    expect(of('p-3').map((e) => [e.behavior, e.decidedBy, e.askId])).toEqual([
      ['ask', 'rules', askId],
      ['deny', 'person', askId],
    ]);
  });
});
