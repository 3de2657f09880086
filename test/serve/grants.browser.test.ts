/**
 * Remembering on the approval page in a real browser (Debian's Chromium through playwright-core):
 * a person narrows the proposed rule, approves, finds the grant in the Grants tab, revokes it, and
 * the next identical call asks again.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requirement } from '../support/required.js';
import { ARTIFACTS, chromiumMissing, launchChromium, type Browser } from './fixtures/browser.js';
import { decisionOf, eventually, preToolUse, sandbox, start, TEST_TOKEN, type Running, type Sandbox } from './helpers.js';

const missing = chromiumMissing();
const req = requirement(missing !== undefined ? [{ part: 'chromium', why: missing }] : []);

let sb: Sandbox;
let s: Running;
let project: string;
let browser: Browser;
let page: Page;

/** Open a view (a navigation: the page signs in again, its sign-in is in its memory only) and wait until it is loaded. */
async function open(url: string, heading: string): Promise<void> {
  await page.goto(url);
  await page.getByLabel('Token').fill(TEST_TOKEN);
  await page.getByLabel(/Your name/).fill('dana');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('h1', { hasText: heading }).waitFor();
}

describe('narrowing, seeing and revoking a grant in Chromium', { timeout: 90_000 }, () => {
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
    await page.goto(`${s.url}/`);
    await page.getByLabel('Token').fill(TEST_TOKEN);
    await page.getByLabel(/Your name/).fill('dana');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('h1', { hasText: 'Waiting for an answer' }).waitFor();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await s?.stop();
    sb?.cleanup();
  });

  it('narrows the proposed rule, approves, sees the grant in the Grants tab, revokes it, and the next identical call asks again', async () => {
    const command = 'npm publish --tag next';
    await open(`${s.url}/`, 'Waiting for an answer');
    const held = s.hook(preToolUse(project, 'Bash', { command }, { session_id: 'g-1' }));
    const card = page.locator('article.ask[data-state="pending"]', { hasText: command });
    await card.waitFor();

    // The card shows the rule remembering would save, flagged, and the narrower ones.
    const choices = card.locator('label.rule-option');
    expect(await choices.count()).toBe(3);
    const suggested = choices.nth(0);
    expect(await suggested.innerText()).toMatch(
      /^Bash\(npm publish \*\) — every command that starts with "npm publish", whatever follows \(toolgate still asks for one it finds reading or writing outside the working directories, or that may write a protected path\) broader than this call/,
    );
    expect(await suggested.locator('input[type="radio"]').isChecked()).toBe(true);
    const exact = choices.filter({ hasText: 'only this exact command' });
    expect(await exact.locator('code.rule').innerText()).toBe(`Bash(${command})`);
    expect(await exact.locator('.broader').count()).toBe(0);

    await card.screenshot({ path: join(ARTIFACTS, 'remember-choices.png') });

    // Narrow to the exact command, remember for the session, approve.
    await exact.locator('input[type="radio"]').check();
    await card.getByLabel('Remember for').selectOption('session');
    await card.getByRole('button', { name: 'Approve & remember' }).click();
    expect(decisionOf((await held).body)).toBe('allow');
    const [saved] = await eventually(async () => {
      const g = await s.store.listGrants({ projectDir: project, sessionId: 'g-1', at: Date.now() });
      return g.length > 0 ? g : undefined;
    });
    expect(saved).toMatchObject({ scope: 'session', rule: `Bash(${command})`, grantedBy: 'page:dana' });

    // The identical call now passes; the same program with other arguments still asks.
    expect(decisionOf((await s.hook(preToolUse(project, 'Bash', { command }, { session_id: 'g-1' }))).body)).toBe('allow');
    const other = await s.api('POST', '/v1/decisions', {
      call: { tool: 'Bash', input: { command: 'npm publish --tag latest' } },
      context: { cwd: project, sessionId: 'g-1' },
    });
    expect(other.body).toMatchObject({ decision: { behavior: 'ask' } });
    await s.answer(other.body['askId'] as string, { behavior: 'deny' });

    // The Grants tab lists it, with where it applies and who gave it.
    // The Grants tab is followed inside the page: the sign-in, in the page's memory, is kept.
    await page.getByRole('link', { name: 'Grants' }).click();
    await page.locator('h1', { hasText: 'Grants' }).waitFor();
    expect(await page.getByLabel('Token').isVisible()).toBe(false);
    expect(new URL(page.url()).pathname).toBe('/grants');
    const item = page.locator('li.grant', { hasText: `Bash(${command})` });
    await item.waitFor();
    expect(await item.innerText()).toMatch(/Applies to\s+session g-1 in project /);
    expect(await item.innerText()).toMatch(/Given by\s+page:dana/);
    await page.screenshot({ path: join(ARTIFACTS, 'grants-tab.png'), fullPage: true });

    // Revoke it: the list no longer has it, and the next identical call asks again.
    await item.getByRole('button', { name: 'Revoke' }).click();
    await page.locator('#grants-empty').waitFor();
    expect(await page.locator('li.grant').count()).toBe(0);
    expect(await s.store.listGrants({ projectDir: project, sessionId: 'g-1', at: Date.now() })).toEqual([]);
    // Revoking on the page is audited, with the signed-in name.
    expect((await s.store.readAudit({ sessionId: 'g-1' })).filter((e) => e.event === 'grantRevoked')).toEqual([
      expect.objectContaining({ answerer: 'page:dana', ruleText: `Bash(${command})` }),
    ]);
    const again = s.hook(preToolUse(project, 'Bash', { command }, { session_id: 'g-1' }));
    const id = await eventually(async () => (await s.store.listAsks({ sessionId: 'g-1', state: 'pending' }))[0]?.id);
    expect((await s.store.getAsk(id))?.pending.call.input['command']).toBe(command);
    await s.answer(id, { behavior: 'deny' });
    expect(decisionOf((await again).body)).toBe('deny');
  });
});
