/**
 * The approval page over HTTP (no browser): what it shows, who may see and answer, and the
 * checks a browser's cross-site requests meet. The browser itself is in page.browser.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decisionOf, eventually, preToolUse, reasonOf, sandbox, start, type Running, type Sandbox } from './helpers.js';

let sb: Sandbox;
let s: Running;
let project: string;

beforeAll(async () => {
  sb = sandbox();
  project = sb.project('proj', { permissions: { ask: ['Bash(git push *)'] } });
  s = await start(sb, { projects: [project], holdTimeoutSeconds: 30 });
});
afterAll(async () => {
  await s.stop();
  sb.cleanup();
});

const formToken = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

async function get(run: Running, path: string, headers: Record<string, string> = {}) {
  const r = await fetch(`${run.url}${path}`, { headers, redirect: 'manual' });
  return { status: r.status, headers: r.headers, text: await r.text() };
}

async function post(run: Running, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  const r = await fetch(`${run.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: r.status, location: r.headers.get('location'), headers: r.headers, text: await r.text() };
}

/** Park an ask through a held hook request; resolves with its id and the held reply. */
async function park(run: Running, command: string, session: string, tool = 'Bash', input: Record<string, unknown> = { command }) {
  const held = run.hook(preToolUse(project, tool, input, { session_id: session }));
  const id = await eventually(async () => (await run.store.listAsks({ sessionId: session }))[0]?.id);
  return { id, held };
}

describe('GET /: the pending asks', () => {
  it('shows the call redacted, the reason, the rule, the kind of ask, the session, the project and the suggestions', async () => {
    const a = await park(s, 'git push origin main', 'p-show');
    const b = await park(s, '', 'p-show-2', 'mcp__deploy__run', { target: 'prod', password: 'hunter2-hunter2', note: 'key AKIAIOSFODNN7EXAMPLE' });
    const page = await get(s, '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('git push origin main');
    expect(page.text).toContain('firm ask');
    expect(page.text).toContain('Bash(git push *)');
    expect(page.text).toContain(`${project}/.claude/settings.json`);
    expect(page.text).toContain('p-show');
    expect(page.text).toContain(project);
    expect(page.text).toContain('mcp__deploy__run');
    expect(page.text).toContain('plain ask');
    expect(page.text).toMatch(/Remembering adds.*<code>mcp__deploy__run<\/code>/s);
    expect(page.text).not.toContain('hunter2');
    expect(page.text).not.toContain('AKIAIOSFODNN7EXAMPLE');
    // A firm ask offers no "remember"; the plain one does.
    const cardOf = (id: string) => page.text.slice(page.text.indexOf(`data-ask-id="${id}"`)).split('</article>')[0] ?? '';
    expect(cardOf(a.id)).not.toContain('value="remember"');
    expect(cardOf(b.id)).toContain('value="remember"');
    for (const x of [a, b]) await s.api('POST', `/v1/asks/${x.id}/answer`, { behavior: 'deny' });
    await Promise.all([a.held, b.held]);
  });

  it('is sent with a content security policy that allows no inline script and no framing', async () => {
    const page = await get(s, '/');
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'; script-src 'self';.*frame-ancestors 'none'/);
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).not.toMatch(/<script>/);
    expect((await get(s, '/page.js')).headers.get('content-type')).toMatch(/javascript/);
  });

  it('escapes what an agent put in the call', async () => {
    const x = await park(s, 'npm run "<script>alert(1)</script><img src=x onerror=alert(2)>"', 'p-xss');
    const page = await get(s, `/asks/${x.id}`);
    expect(page.text).not.toContain('<script>alert(1)');
    expect(page.text).not.toContain('<img src=x');
    expect(page.text).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    await s.api('POST', `/v1/asks/${x.id}/answer`, { behavior: 'deny' });
    await x.held;
  });

  it('filters by session and project', async () => {
    const x = await park(s, 'npm publish', 'p-filter');
    expect((await get(s, '/?session=p-filter')).text).toContain(`data-ask-id="${x.id}"`);
    expect((await get(s, '/?session=other')).text).not.toContain(`data-ask-id="${x.id}"`);
    expect((await get(s, `/?project=${encodeURIComponent(project)}&part=list`)).text).toContain(`data-ask-id="${x.id}"`);
    await s.api('POST', `/v1/asks/${x.id}/answer`, { behavior: 'deny' });
    await x.held;
  });
});

describe('POST /asks/:id/answer: answering from the page', () => {
  it('approves with the form token and redirects back; the answerer is the name typed on the page', async () => {
    const x = await park(s, 'npm publish', 'p-approve');
    const csrf = formToken((await get(s, '/')).text);
    const r = await post(s, `/asks/${x.id}/answer`, { csrf, action: 'approve', back: '/?session=p-approve', answerer: 'Dana\u0007 ' });
    expect(r.status).toBe(303);
    expect(r.location).toBe('/?session=p-approve');
    expect(decisionOf((await x.held).body)).toBe('allow');
    expect((await s.store.getAsk(x.id))?.answer).toMatchObject({ answerer: 'page:Dana', scope: 'once' });
    const again = await post(s, `/asks/${x.id}/answer`, { csrf, action: 'deny' });
    expect(again.status).toBe(409);
    expect(again.text).toMatch(/already answered/);
  });

  it('denies with a message', async () => {
    const x = await park(s, 'npm publish', 'p-deny');
    const csrf = formToken((await get(s, '/')).text);
    expect((await post(s, `/asks/${x.id}/answer`, { csrf, action: 'deny', message: '  use the release script  ' })).status).toBe(303);
    const r = await x.held;
    expect(decisionOf(r.body)).toBe('deny');
    expect(reasonOf(r.body)).toMatch(/use the release script/);
    expect((await s.store.getAsk(x.id))?.answer?.answerer).toBe('page:loopback');
  });

  it('remembers for the project: the same call in another session passes', async () => {
    const x = await park(s, 'npm publish --tag rc', 'p-proj-1');
    const csrf = formToken((await get(s, '/')).text);
    expect((await post(s, `/asks/${x.id}/answer`, { csrf, action: 'remember', scope: 'project' })).status).toBe(303);
    expect(decisionOf((await x.held).body)).toBe('allow');
    const other = await s.hook(preToolUse(project, 'Bash', { command: 'npm publish --tag rc' }, { session_id: 'p-proj-2' }));
    expect(decisionOf(other.body)).toBe('allow');
    const [grant] = await s.store.listGrants({ projectDir: project, at: Date.now() });
    expect(grant).toMatchObject({ scope: 'project', rule: 'Bash(npm publish *)', grantedBy: 'page:loopback' });
    await s.store.revokeGrant(grant?.id as string, Date.now());
  });

  it.each([
    ['remember once', { action: 'remember', scope: 'once' }, /scope session or project/],
    ['an unknown scope', { action: 'remember', scope: 'forever' }, /scope session or project/],
    ['an unknown action', { action: 'maybe' }, /choose approve/],
    ['a message over 2000 characters', { action: 'deny', message: 'x'.repeat(2001) }, /longer than 2000/],
  ])('refuses a form it cannot read (%s) with 400, leaving the ask pending', async (_what, fields, message) => {
    const x = await park(s, 'npm publish', `p-bad-${Math.random()}`);
    const csrf = formToken((await get(s, '/')).text);
    const r = await post(s, `/asks/${x.id}/answer`, { csrf, ...(fields as Record<string, string>) });
    expect(r.status).toBe(400);
    expect(r.text).toMatch(message);
    expect((await s.store.getAsk(x.id))?.state).toBe('pending');
    await s.api('POST', `/v1/asks/${x.id}/answer`, { behavior: 'deny' });
    await x.held;
  });

  it('will not remember a firm ask', async () => {
    const x = await park(s, 'git push origin main', 'p-firm');
    const csrf = formToken((await get(s, '/')).text);
    const r = await post(s, `/asks/${x.id}/answer`, { csrf, action: 'remember', scope: 'session' });
    expect(r.status).toBe(400);
    expect(r.text).toMatch(/a firm ask cannot be remembered/);
    await s.api('POST', `/v1/asks/${x.id}/answer`, { behavior: 'deny' });
    await x.held;
  });

  it('refuses a post without the form token, from another origin, or not a form — the ask stays pending', async () => {
    const x = await park(s, 'npm publish', 'p-csrf');
    const csrf = formToken((await get(s, '/')).text);
    const tries = [
      await post(s, `/asks/${x.id}/answer`, { action: 'approve' }),
      await post(s, `/asks/${x.id}/answer`, { action: 'approve', csrf: `${csrf}x` }),
      await post(s, `/asks/${x.id}/answer`, { action: 'approve', csrf }, { origin: 'http://evil.example' }),
      await post(s, `/asks/${x.id}/answer`, { action: 'approve', csrf }, { origin: 'null' }),
      await post(s, `/asks/${x.id}/answer`, { action: 'approve', csrf }, { 'sec-fetch-site': 'cross-site' }),
      await post(s, `/asks/${x.id}/answer`, { action: 'approve', csrf }, { 'sec-fetch-site': 'same-site' }),
    ];
    expect(tries.map((t) => t.status)).toEqual([403, 403, 403, 403, 403, 403]);
    const json = await fetch(`${s.url}/asks/${x.id}/answer`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: `action=approve&csrf=${csrf}` });
    expect(json.status).toBe(415);
    expect((await s.store.getAsk(x.id))?.state).toBe('pending');
    await s.api('POST', `/v1/asks/${x.id}/answer`, { behavior: 'deny' });
    await x.held;
  });

  it('sends the browser back only to its own views', async () => {
    const x = await park(s, 'npm publish', 'p-back');
    const csrf = formToken((await get(s, '/')).text);
    const r = await post(s, `/asks/${x.id}/answer`, { csrf, action: 'deny', back: '//evil.example/' });
    expect(r.location).toBe('/');
    await x.held;
  });
});

describe('who may see the page', () => {
  it('refuses a Host that does not name this server (DNS rebinding), on the page and the API', async () => {
    const { request } = await import('node:http');
    const status = (path: string, method = 'GET') =>
      new Promise<number>((ok, fail) => {
        const r = request({ host: '127.0.0.1', port: s.port, path, method, headers: { host: `rebind.evil.example:${s.port}` } }, (res) => {
          res.resume();
          ok(res.statusCode ?? 0);
        });
        r.on('error', fail);
        r.end();
      });
    expect(await status('/')).toBe(403);
    expect(await status('/events')).toBe(403);
    expect(await status('/v1/asks')).toBe(403);
    expect(await status('/page.css')).toBe(200);
    expect((await get(s, '/', { host: `localhost:${s.port}` })).status).toBe(200);
  });

  it('refuses a cross-site browser request to the JSON API', async () => {
    const body = { call: { tool: 'Read', input: { file_path: `${project}/README.md` } }, context: { cwd: project } };
    expect((await s.api('POST', '/v1/decisions', body, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await s.api('POST', '/v1/decisions', body, { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await s.api('POST', '/v1/decisions', body, { origin: s.url })).status).toBe(200);
    expect((await s.api('POST', '/v1/decisions', body)).status).toBe(200);
  });
});

describe('GET /answered and GET /asks/:id', () => {
  it('lists an answered ask with its audit entries: the decision, the answer and the release', async () => {
    const x = await park(s, 'npm publish --tag audit', 'p-audit');
    const csrf = formToken((await get(s, '/')).text);
    await post(s, `/asks/${x.id}/answer`, { csrf, action: 'approve', answerer: 'ann' });
    await x.held;
    await eventually(async () => ((await s.store.readAudit({ askId: x.id })).length >= 3 ? true : undefined));
    const page = await get(s, '/answered');
    const card = page.text.slice(page.text.indexOf(`data-ask-id="${x.id}"`)).split('</article>')[0] ?? '';
    expect(card).toMatch(/Approved once by <strong>page:ann<\/strong>/);
    expect(card).toMatch(/Audit log \(3\)/);
    expect(card).toMatch(/<code>PreToolUse<\/code> <span class="b b-ask">ask<\/span>/);
    expect(card).toMatch(/<code>answer<\/code> <span class="b b-allow">allow<\/span> by answer \(page:ann\)/);
    expect(card).toMatch(/<code>PreToolUse<\/code> <span class="b b-allow">allow<\/span> by answer \(page:ann\)/);
    expect((await get(s, `/asks/${x.id}`)).text).toMatch(/Audit log \(3\)/);
    expect((await get(s, '/asks/ask_none')).status).toBe(404);
  });
});

describe('GET /events: live updates', () => {
  it('says hello with the instance, then which ask was parked and answered — ids only, no call', async () => {
    const ctl = new AbortController();
    const res = await fetch(`${s.url}/events`, { signal: ctl.signal });
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    let text = '';
    const until = async (re: RegExp) => {
      while (!re.test(text)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await until(/event: hello\ndata: \{"instance":"[\w-]+"\}/);
    const x = await park(s, 'npm publish --tag sse', 'p-sse');
    await until(/"type":"parked"/);
    await s.api('POST', `/v1/asks/${x.id}/answer`, { behavior: 'allow' });
    await until(/"type":"answered"/);
    await x.held;
    ctl.abort();
    expect(text).toContain(`event: ask\ndata: {"type":"parked","id":"${x.id}","state":"pending","session":"p-sse","project":"${project}"}`);
    expect(text).toContain(`"type":"answered","id":"${x.id}","state":"answered"`);
    expect(text).not.toContain('npm publish');
  });
});

describe('with a token', () => {
  const token = 'tok-page-test-0123456789';
  let t: Running;
  beforeAll(async () => {
    t = await start(sb, { projects: [project], holdTimeoutSeconds: 30, token });
  });
  afterAll(() => t.stop());

  const signIn = async (name = 'erin') => {
    const r = await post(t, '/signin', { token, name });
    expect(r.status).toBe(303);
    const cookie = r.headers.get('set-cookie') ?? '';
    return { header: cookie, cookie: cookie.split(';')[0] as string };
  };

  it('shows the sign-in form, even on loopback, until the token is given', async () => {
    const page = await get(t, '/');
    expect(page.status).toBe(401);
    expect(page.text).toContain('name="token"');
    expect((await get(t, '/events')).status).toBe(401);
    const wrong = await post(t, '/signin', { token: 'nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('sets an HttpOnly, SameSite=Strict cookie that opens the page', async () => {
    const { header, cookie } = await signIn();
    expect(header).toMatch(new RegExp(`^toolgate_${t.port}=`));
    expect(header).toMatch(/HttpOnly/);
    expect(header).toMatch(/SameSite=Strict/);
    expect(header).toMatch(/Max-Age=43200/);
    expect((await get(t, '/', { cookie })).status).toBe(200);
  });

  it('records the name given at sign-in as the answerer, whatever the form says', async () => {
    const { cookie } = await signIn('erin');
    const x = await park(t, 'npm publish', 't-answer');
    const csrf = formToken((await get(t, '/', { cookie })).text);
    expect((await post(t, `/asks/${x.id}/answer`, { csrf, action: 'approve', answerer: 'mallory' }, { cookie })).status).toBe(303);
    expect(decisionOf((await x.held).body)).toBe('allow');
    expect((await t.store.getAsk(x.id))?.answer?.answerer).toBe('page:erin');
  });

  it("refuses a tampered cookie, and a form token from another sign-in", async () => {
    const a = await signIn('a');
    const b = await signIn('b');
    const [value] = a.cookie.split('=').slice(1);
    const parts = (value as string).split('.');
    const renamed = `toolgate_${t.port}=${[parts[0], parts[1], Buffer.from('root').toString('base64url'), parts[3]].join('.')}`;
    expect((await get(t, '/', { cookie: renamed })).status).toBe(401);
    const x = await park(t, 'npm publish', 't-cross');
    const csrfA = formToken((await get(t, '/', { cookie: a.cookie })).text);
    expect((await post(t, `/asks/${x.id}/answer`, { csrf: csrfA, action: 'approve' }, { cookie: b.cookie })).status).toBe(403);
    expect((await t.store.getAsk(x.id))?.state).toBe('pending');
    await t.api('POST', `/v1/asks/${x.id}/answer`, { behavior: 'deny' }, { authorization: `Bearer ${token}` });
    await x.held;
  });

  it('does not take the cookie in place of the token on the JSON API', async () => {
    const { cookie } = await signIn();
    const x = await park(t, 'npm publish', 't-api');
    expect((await t.api('POST', `/v1/asks/${x.id}/answer`, { behavior: 'allow' }, { cookie })).status).toBe(401);
    await t.api('POST', `/v1/asks/${x.id}/answer`, { behavior: 'deny' }, { authorization: `Bearer ${token}` });
    await x.held;
  });
});
