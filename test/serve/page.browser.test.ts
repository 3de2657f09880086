/**
 * The approval page in a real browser (Debian's Chromium through playwright-core): asks appear
 * live, and answering them on the page releases the held hook requests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirement } from '../support/required.js';
import { ARTIFACTS, chromiumMissing, launchChromium, type Browser } from './fixtures/browser.js';
import { decisionOf, eventually, preToolUse, reasonOf, sandbox, start, type Running, type Sandbox } from './helpers.js';

const missing = chromiumMissing();
const req = requirement(missing !== undefined ? [{ part: 'chromium', why: missing }] : []);

let sb: Sandbox;
let s: Running;
let project: string;
let browser: Browser;
let page: Page;

/** The card of the pending ask whose call shows `text`. */
const card = (text: string) => page.locator('article.ask[data-state="pending"]', { hasText: text });

/** Open a view and wait until its event stream is live (the server said hello); returns the ms it took. */
async function open(url: string): Promise<number> {
  const t0 = performance.now();
  await page.goto(url);
  await page.locator('#live[data-live="on"]').waitFor({ state: 'attached' });
  return performance.now() - t0;
}

/**
 * Timings seen in this run, printed at the end (measured, never asserted): page load (navigation
 * until the event stream is live), parked → shown (hook request sent until its card is on the
 * page) and click → released (the Approve click until the held hook request returns).
 */
const timings: Record<'page load' | 'parked → shown' | 'click → released', number[]> = { 'page load': [], 'parked → shown': [], 'click → released': [] };
afterAll(() => {
  const line = (k: keyof typeof timings) => `  ${k}: ${timings[k].map((ms) => ms.toFixed(0)).join(', ')} ms`;
  if (timings['page load'].length > 0) console.log(`approval page in Chromium:\n${(Object.keys(timings) as (keyof typeof timings)[]).map(line).join('\n')}`);
});

async function pendingId(run: Running, session: string): Promise<string> {
  return eventually(async () => (await run.store.listAsks({ sessionId: session }))[0]?.id);
}

describe('the approval page in Chromium', { timeout: 60_000 }, () => {
  if (req.skip !== undefined) {
    it.skip(`skipped: ${req.skip}`, () => {});
    return;
  }

  beforeAll(async () => {
    expect(req.missing, 'a required part is missing').toBeUndefined();
    sb = sandbox();
    project = sb.project('app', { permissions: { ask: ['Bash(git push *)'] } });
    s = await start(sb, { projects: [project], holdTimeoutSeconds: 60 });
    browser = await launchChromium();
    page = await browser.context.newPage();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
    sb?.cleanup();
  });

  it('shows an ask as it is parked, and approving it releases the held request with allow', async () => {
    timings['page load'].push(await open(`${s.url}/`));
    await page.locator('#empty').waitFor({ state: 'visible' });
    await page.fill('#answerer-name', 'dana');
    await page.locator('#answerer-name').dispatchEvent('change');

    const parked = performance.now();
    const held = s.hook(preToolUse(project, 'Bash', { command: 'npm publish --tag next' }, { session_id: 'b-approve' }));
    const c = card('npm publish --tag next');
    await c.waitFor();
    timings['parked → shown'].push(performance.now() - parked);
    const text = await c.innerText();
    expect(text).toContain('Bash');
    expect(text).toMatch(/is not read-only/); // toolgate's reason
    expect(text).toContain('b-approve'); // the session
    expect(text).toContain(project); // the project
    expect(text).toContain('Bash(npm publish *)'); // what remembering would add
    expect(await c.locator('.kind').innerText()).toBe('plain ask');
    expect(await page.locator('#pending-count').innerText()).toBe('1');

    const clicked = performance.now();
    await c.getByRole('button', { name: 'Approve', exact: true }).click();
    const r = await held;
    timings['click → released'].push(performance.now() - clicked);
    expect(decisionOf(r.body)).toBe('allow');
    expect(reasonOf(r.body)).toMatch(/approved by a person/);
    const id = (await s.store.listAsks({ state: 'answered', sessionId: 'b-approve' }))[0]?.id;
    const entries = await eventually(async () => {
      const log = await s.store.readAudit({ askId: id as string });
      return log.some((e) => e.event === 'answer') ? log : undefined;
    });
    expect(entries.find((e) => e.event === 'answer')).toMatchObject({ behavior: 'allow', answerer: 'page:dana', decidedBy: 'answer' });
    // Back on the page after the redirect: nothing pending, the answer listed as recent.
    await page.locator('#empty').waitFor({ state: 'visible' });
    expect(await page.locator('.recent').innerText()).toMatch(/Bash npm publish --tag next — approved by page:dana/);
  });

  it('denies with a message (Enter in the message field denies; a firm ask offers no "remember")', async () => {
    const held = s.hook(preToolUse(project, 'Bash', { command: 'git push origin main' }, { session_id: 'b-deny' }));
    const c = card('git push origin main');
    await c.waitFor();
    expect(await c.locator('.kind').innerText()).toBe('firm ask');
    expect(await c.innerText()).toContain('Bash(git push *)'); // the ask rule
    expect(await c.getByRole('button', { name: /remember/ }).count()).toBe(0);
    await c.getByLabel('Message for the agent').fill('push to a branch and open a pull request');
    await c.getByLabel('Message for the agent').press('Enter');
    const r = await held;
    expect(decisionOf(r.body)).toBe('deny');
    expect(reasonOf(r.body)).toMatch(/push to a branch and open a pull request/);
  });

  it('approve and remember for the session: the next identical call passes without a page visit', async () => {
    const held = s.hook(preToolUse(project, 'Bash', { command: 'make deploy' }, { session_id: 'b-remember' }));
    const c = card('make deploy');
    await c.waitFor();
    await c.getByLabel('Remember for').selectOption('session');
    await c.getByRole('button', { name: 'Approve & remember' }).click();
    expect(decisionOf((await held).body)).toBe('allow');

    const again = await s.hook(preToolUse(project, 'Bash', { command: 'make deploy' }, { session_id: 'b-remember' }));
    expect(decisionOf(again.body)).toBe('allow');
    expect(await s.store.listAsks({ sessionId: 'b-remember' })).toEqual([]);
    const log = await eventually(async () => {
      const l = await s.store.readAudit({ sessionId: 'b-remember' });
      return l.filter((e) => e.event === 'PreToolUse').length >= 3 ? l : undefined;
    });
    expect(log.at(-1)).toMatchObject({ event: 'PreToolUse', behavior: 'allow', decidedBy: 'grant' });
    // The grant is the session's: another session still asks.
    const other = await s.api('POST', '/v1/decisions', { call: { tool: 'Bash', input: { command: 'make deploy' } }, context: { cwd: project, sessionId: 'b-other' } });
    expect(other.body).toMatchObject({ decision: { behavior: 'ask' } });
    await s.api('POST', `/v1/asks/${other.body['askId'] as string}/answer`, { behavior: 'deny' });
  });

  it('lists answered asks with their audit entries', async () => {
    await page.goto(`${s.url}/answered`);
    const approved = page.locator('article.ask', { hasText: 'npm publish --tag next' });
    await approved.waitFor();
    const text = await approved.innerText();
    expect(text).toMatch(/Approved once by page:dana/);
    expect(text).toMatch(/Audit log \(\d+\)/);
    expect(text).toMatch(/PreToolUse\s+ask/);
    expect(text).toMatch(/answer\s+allow by answer \(page:dana\)/);
    expect(await page.locator('article.ask', { hasText: 'git push origin main' }).innerText()).toMatch(/Denied by page:dana.*push to a branch/s);
  });

  it('saves a screenshot of pending asks (phone and desktop widths)', async () => {
    const held = [
      s.hook(preToolUse(project, 'Bash', { command: 'npm publish --access public' }, { session_id: 'sess-7f3a' })),
      s.hook(preToolUse(project, 'Bash', { command: 'git push --force origin main' }, { session_id: 'sess-7f3a' })),
      s.hook(preToolUse(project, 'mcp__github__create_release', { tag: 'v2.0.0', api_token: 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB' }, { session_id: 'sess-91c2' })),
    ];
    timings['page load'].push(await open(`${s.url}/`));
    await page.locator('article.ask[data-state="pending"]').nth(2).waitFor();
    expect(await page.locator('article.ask[data-state="pending"]').count()).toBe(3);
    expect(await page.content()).not.toContain('ghp_0123456789'); // the secret is redacted on the page
    await page.screenshot({ path: join(ARTIFACTS, 'approval-page-phone.png'), fullPage: true });
    await page.setViewportSize({ width: 1100, height: 900 });
    await page.screenshot({ path: join(ARTIFACTS, 'approval-page-desktop.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const a of await s.store.listAsks()) await s.api('POST', `/v1/asks/${a.id}/answer`, { behavior: 'deny', answerer: 'cleanup' });
    await Promise.all(held);
  });

  describe('with a token', () => {
    let t: Running;
    let attacker: http.Server;
    let attackerUrl: string;
    let attackId = 'none';
    const token = 'tok-0123456789abcdef-page';

    beforeAll(async () => {
      t = await start(sb, { projects: [project], holdTimeoutSeconds: 60, token });
      // A page on another port of the same host: same-site, so a SameSite=Strict cookie still goes along.
      attacker = http.createServer((req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        if (req.url === '/link') return void res.end(`<a href="${t.url}/">open toolgate</a>`);
        res.end(`<form id="f" method="post" action="${t.url}/asks/${encodeURIComponent(attackId)}/answer"><input name="action" value="approve"><input name="csrf" value="guess"></form><script>document.getElementById('f').submit()</script>`);
      });
      await new Promise<void>((ok) => attacker.listen(0, '127.0.0.1', ok));
      attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    });
    afterAll(async () => {
      attacker?.closeAllConnections();
      await new Promise((ok) => attacker?.close(ok));
      await t?.stop();
    });

    it('asks for the token once and keeps an HttpOnly, SameSite=Strict sign-in cookie', async () => {
      await page.goto(`${t.url}/`);
      await page.getByLabel('Token').fill('not-the-token-at-all');
      await page.getByRole('button', { name: 'Sign in' }).click();
      expect(await page.locator('.error').innerText()).toMatch(/not the token/);
      await page.getByLabel('Token').fill(token);
      await page.getByLabel(/Your name/).fill('erin');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.locator('h1', { hasText: 'Waiting for an answer' }).waitFor();
      expect(await page.locator('.who').innerText()).toMatch(/Signed in as\s+erin/);
      const cookies = await browser.context.cookies(t.url);
      expect(cookies).toEqual([expect.objectContaining({ name: `toolgate_${t.port}`, httpOnly: true, sameSite: 'Strict', path: '/' })]);
      expect(await page.evaluate('document.cookie')).toBe('');
      // A new tab goes straight in: the token was asked for once.
      const tab = await browser.context.newPage();
      await tab.goto(`${t.url}/answered`);
      expect(await tab.locator('h1').innerText()).toBe('Answered asks');
      await tab.close();
    });

    it('follows a link from another site without a second sign-in (the Strict cookie comes along on the reload)', async () => {
      // localhost and 127.0.0.1 are different sites.
      const other = `http://localhost:${(attacker.address() as AddressInfo).port}`;
      await page.goto(`${other}/link`);
      const sent: Promise<boolean>[] = [];
      const seen = (r: import('playwright-core').Request) => {
        if (r.url() === `${t.url}/`) sent.push(r.allHeaders().then((h) => h['cookie'] !== undefined));
      };
      page.on('request', seen);
      await page.getByRole('link', { name: 'open toolgate' }).click();
      await page.locator('h1', { hasText: 'Waiting for an answer' }).waitFor();
      page.off('request', seen);
      expect(page.url()).toBe(`${t.url}/`);
      expect(await Promise.all(sent)).toEqual([false, true]); // held back on the cross-site click, sent on the reload
    });

    it('answers from the signed-in page, recording the name given at sign-in', async () => {
      timings['page load'].push(await open(`${t.url}/`));
      const parked = performance.now();
      const held = t.hook(preToolUse(project, 'Bash', { command: 'npm publish --tag beta' }, { session_id: 't-approve' }));
      const c = card('npm publish --tag beta');
      await c.waitFor();
      timings['parked → shown'].push(performance.now() - parked);
      const clicked = performance.now();
      await c.getByRole('button', { name: 'Approve', exact: true }).click();
      const r = await held;
      timings['click → released'].push(performance.now() - clicked);
      expect(decisionOf(r.body)).toBe('allow');
      const [ask] = await t.store.listAsks({ state: 'answered', sessionId: 't-approve' });
      expect(ask?.answer?.answerer).toBe('page:erin');
    });

    it('refuses a form posted from another page of the same host, though the cookie goes along', async () => {
      const held = t.hook(preToolUse(project, 'Bash', { command: 'npm publish --tag evil' }, { session_id: 't-csrf' }));
      const id = await pendingId(t, 't-csrf');
      attackId = id;
      const posted = page.waitForResponse((r) => r.url().includes('/answer'));
      await page.goto(attackerUrl);
      const r = await posted;
      expect(r.status()).toBe(403);
      expect((await t.store.getAsk(id))?.state).toBe('pending');
      await t.api('POST', `/v1/asks/${id}/answer`, { behavior: 'deny' }, { authorization: `Bearer ${token}` });
      expect(decisionOf((await held).body)).toBe('deny');
    });

    it('signs out', async () => {
      await page.goto(`${t.url}/`);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('Token').waitFor();
      expect(await browser.context.cookies(t.url)).toEqual([]);
    });
  });
});
