/**
 * Guessing serve's token: after a few wrong tokens every request carrying a token is refused
 * (the right one too) for a while; what the person already has — a signed-in page, the hook
 * token — keeps working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCredentialLimit } from '../../src/serve/credential-limit.js';
import { SESSION_HEADER } from '../../src/serve/page/session.js';
import { decisionOf, preToolUse, sandbox, start, TEST_TOKEN, type Running, type Sandbox } from './helpers.js';

describe('createCredentialLimit', () => {
  it('locks after the tries within the window, each lock soon after another twice as long, up to an hour', () => {
    const lines: string[] = [];
    const l = createCredentialLimit({ tries: 3, windowSeconds: 10, lockSeconds: 60, log: (x) => lines.push(x) });
    l.wrong(0, 'a');
    l.wrong(11_000, 'a');
    l.wrong(12_000, 'a');
    expect(l.lockedFor(12_000)).toBe(0); // the first fell out of the window
    l.wrong(13_000, 'a');
    expect(l.lockedFor(13_000)).toBe(60_000);
    expect(lines).toEqual([expect.stringMatching(/3 wrong tokens within 10 s .* refused \(429\) for 60 s/)]);
    expect(l.lockedFor(73_000)).toBe(0);
    expect(lines[1]).toMatch(/taken again \(1 refused/);
    for (const t of [74_000, 74_001, 74_002]) l.wrong(t, 'a');
    expect(l.lockedFor(74_002)).toBe(120_000);
    let at = 74_002;
    for (let k = 0; k < 10; k++) {
      at += 3_600_000 - 1;
      for (let i = 0; i < 3; i++) l.wrong(at + i, 'a');
    }
    expect(l.lockedFor(at + 2)).toBe(3_600_000);
    // An hour and more without a wrong token: locks start short again.
    at += 3 * 3_600_000;
    for (let i = 0; i < 3; i++) l.wrong(at + i, 'a');
    expect(l.lockedFor(at + 2)).toBe(60_000);
  });
});

const HOOK = 'hook-token-0123456789abcdef';
let sb: Sandbox;
let s: Running;
let project: string;
// serve's clock, moved on to lift a lock without waiting for it.
let skew = 0;

beforeAll(async () => {
  sb = sandbox();
  project = sb.project('guess');
  s = await start(sb, {
    projects: [project],
    hookToken: HOOK,
    holdTimeoutSeconds: 5,
    credentialLimit: { tries: 5, windowSeconds: 60, lockSeconds: 60 },
    now: () => Date.now() + skew,
  });
});
afterAll(async () => {
  await s.stop();
  sb.cleanup();
});

const signIn = (token: string) =>
  fetch(`${s.url}/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token, name: 'ann' }).toString(),
  });

describe('guessing the token', () => {
  it('730 guesses at /v1/asks: 5 are compared, the rest and then the right token are refused with 429; a signed-in page and the hook token keep working; the lock lifts', async () => {
    const page = ((await (await signIn(TEST_TOKEN)).json()) as { session: string }).session;
    const statuses: number[] = [];
    for (let i = 0; i < 730; i++)
      statuses.push((await s.api('GET', '/v1/asks', undefined, { authorization: `Bearer guess-${i}-0123456789abcdef` })).status);
    expect(statuses.filter((x) => x === 401)).toHaveLength(5);
    expect(statuses.slice(5).every((x) => x === 429)).toBe(true);
    expect(s.lines.filter((l) => /5 wrong tokens within 60 s .*refused \(429\) for 60 s/.test(l))).toHaveLength(1);
    expect(s.lines.some((l) => /Error|\n\s+at /.test(l))).toBe(false);

    // The right token is refused too: otherwise the lock would not stop guessing.
    const right = await s.api('GET', '/v1/asks', undefined, { authorization: `Bearer ${TEST_TOKEN}` });
    expect(right.status).toBe(429);
    expect(String(right.body['error'])).toMatch(/too many wrong tokens/);
    expect((await signIn(TEST_TOKEN)).status).toBe(429);

    // The hook token still asks for decisions; the page signed in before still shows asks.
    const hooked = await s.hook(preToolUse(project, 'Bash', { command: 'ls' }), { authorization: `Bearer ${HOOK}` });
    expect(decisionOf(hooked.body)).toBe('allow');
    const viewed = await fetch(`${s.url}/?part=view`, { headers: { [SESSION_HEADER]: page } });
    expect(viewed.status).toBe(200);

    // Once the lock lifts the right token works, and serve says how many it refused.
    skew += 40_000;
    expect((await s.api('GET', '/v1/asks', undefined, { authorization: `Bearer ${TEST_TOKEN}` })).status).toBe(429);
    skew += 25_000;
    expect((await s.api('GET', '/v1/asks', undefined, { authorization: `Bearer ${TEST_TOKEN}` })).status).toBe(200);
    expect(s.lines.some((l) => /taken again \(\d+ refused/.test(l))).toBe(true);
  });

  it('wrong tokens at the page sign-in count too, and a lock soon after the last is longer', async () => {
    for (let i = 0; i < 5; i++) expect((await signIn(`not-the-token-${i}-0123456789`)).status).toBe(401);
    const locked = await signIn(TEST_TOKEN);
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBe(120);
    expect(s.lines.some((l) => /refused \(429\) for 120 s/.test(l))).toBe(true);
  });
});
