import { Hono, type Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { HtmlEscapedString } from 'hono/utils/html';
import { randomUUID } from 'node:crypto';
import type { AskAnswer } from '../../gate/index.js';
import { StoreUnavailableError, type AnswerScope, type AskRecord } from '../../store/index.js';
import { answerEntry } from '../audit.js';
import { sameOrigin } from '../auth.js';
import { readBody } from '../body.js';
import type { ServeContext } from '../context.js';
import { oneLine } from '../log.js';
import { askCard, h, headline, rememberRules, timeTag, type FormContext } from '../page/cards.js';
import { layout, messageBody, signInBody, type PageFrame } from '../page/layout.js';
import { PAGE_JS } from '../page/script.js';
import { PAGE_SESSION_SECONDS, pageKeys } from '../page/session.js';
import { PAGE_CSS } from '../page/style.js';
import { cookieName, pageAccess, pageAnswerer, type PageAccess } from '../page/viewer.js';
import { eventsRoute } from './events.js';

/** Largest form post the page accepts (bytes). */
const FORM_LIMIT = 64 * 1024;
/** Longest deny message, in characters. */
const MAX_MESSAGE = 2000;

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // Not no-referrer: with it Chromium sends `Origin: null` on the page's own form posts.
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};

type Ok = Extract<PageAccess, { ok: true }>;

/** Where a form may send the browser back to: the page's own views only. */
const BACK = /^\/(?:answered)?(?:\?[\w%=&.+~-]*)?$|^\/asks\/[\w-]+$/;

const short = (s: string | undefined) => (s === undefined ? '' : s.length > 80 ? `${s.slice(0, 79)}…` : s);

const newestFirst = (a: AskRecord, b: AskRecord) => b.updatedAt - a.updatedAt;

/**
 * The approval page: pending asks with their answer forms at `/`, answered asks with their audit
 * entries at `/answered`, one ask at `/asks/:id`, live updates at `/events`, the token's sign-in
 * at `/signin`. Server-rendered HTML, a small script, no build step (README, "The approval page").
 */
export function pageRoutes(ctx: ServeContext): Hono {
  const app = new Hono();
  const keys = pageKeys(ctx.auth.token);
  const instance = randomUUID();

  const page = (c: Context, frame: Omit<PageFrame, 'instance'>, body: HtmlEscapedString, status: 200 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 503 = 200) =>
    c.html(layout({ ...frame, instance }, body), status, SECURITY_HEADERS);
  const part = (c: Context, body: HtmlEscapedString) => c.html(body, 200, SECURITY_HEADERS);
  const refuse = (c: Context, a: Extract<PageAccess, { ok: false }>) => {
    if (c.req.header('x-toolgate-part') !== undefined) return c.text(a.message, a.status, SECURITY_HEADERS);
    if (a.signIn && c.req.method === 'GET' && c.req.header('sec-fetch-site') === 'cross-site') {
      // A link followed from another site: the browser kept the SameSite=Strict cookie back.
      // Loading the page again from itself is a same-site navigation, which sends it.
      return c.html(h`<!doctype html><meta http-equiv="refresh" content="0"><title>toolgate</title><p><a href="">Continue to toolgate</a></p>`, 200, SECURITY_HEADERS);
    }
    if (a.signIn) return page(c, { title: 'Sign in', view: 'signin' }, signInBody(), a.status);
    return page(c, { title: 'Not allowed', view: 'error' }, messageBody('Not allowed', a.message), a.status);
  };
  const frameFor = (a: Ok) => ({ viewer: a.via === 'token' ? { via: 'token' as const, name: a.name, formToken: keys.formToken(a.binding) } : { via: 'loopback' as const } });
  const form = (a: Ok, back: string): FormContext => ({ formToken: keys.formToken(a.binding), back });

  app.onError((e, c) => {
    if (e instanceof StoreUnavailableError) return page(c, { title: 'Store unreachable', view: 'error' }, messageBody('The store cannot be reached', e.message), 503);
    ctx.log(`toolgate serve: ${c.req.method} ${c.req.path} failed: ${oneLine(e)}`);
    return c.text(`internal error: ${e.message}`, 500, SECURITY_HEADERS);
  });

  app.get('/page.css', (c) => c.body(PAGE_CSS, 200, { ...SECURITY_HEADERS, 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }));
  app.get('/page.js', (c) => c.body(PAGE_JS, 200, { ...SECURITY_HEADERS, 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }));

  app.get('/', async (c) => {
    const a = pageAccess(c, ctx, keys);
    if (!a.ok) return refuse(c, a);
    const session = c.req.query('session');
    const project = c.req.query('project');
    const back = c.req.path + (session !== undefined || project !== undefined ? `?${new URLSearchParams({ ...(session !== undefined ? { session } : {}), ...(project !== undefined ? { project } : {}) })}` : '');
    const pending = await ctx.store.listAsks({ state: 'pending', limit: 200, ...(session !== undefined ? { sessionId: session } : {}), ...(project !== undefined ? { projectDir: project } : {}) });
    const cards = pending.map((x) => askCard(x, form(a, BACK.test(back) ? back : '/')));
    const list = h`${cards}`;
    if (c.req.query('part') === 'list') return part(c, list);
    const [answered, expired] = await Promise.all([ctx.store.listAsks({ state: 'answered', limit: 5 }), ctx.store.listAsks({ state: 'expired', limit: 5 })]);
    const recent = [...answered, ...expired].sort(newestFirst).slice(0, 5);
    const filter = session !== undefined ? h`session <code>${session}</code>` : project !== undefined ? h`project <code>${project}</code>` : undefined;
    const body = h`<h1>Waiting for an answer</h1>
${filter !== undefined ? h`<p class="filter">Only ${filter}. <a href="/">Show all</a></p>` : ''}
<div id="asks">${list}</div>
<p id="empty" class="empty"${pending.length > 0 ? h` hidden` : ''}>Nothing is waiting for an answer. New asks appear here as agents make them.</p>
<h2>Recently answered</h2>
${recent.length > 0 ? h`<ul class="recent">${recent.map((r) => h`<li>${timeTag(new Date(r.updatedAt).toISOString())} <a href="/asks/${encodeURIComponent(r.id)}"><strong>${r.tool}</strong></a> <code>${short(headline(r.tool, r.inputRedacted))}</code> — ${r.state === 'expired' ? 'given up' : r.answer?.answer.behavior === 'allow' ? 'approved' : 'denied'}${r.answer !== undefined ? h` by ${r.answer.answerer}` : ''}</li>`)}</ul>` : h`<p class="muted">None yet.</p>`}
<p><a href="/answered">All answered asks, with their audit entries</a></p>`;
    return page(c, { title: pending.length > 0 ? `(${pending.length}) Pending asks` : 'Pending asks', view: 'pending', pending: pending.length, ...frameFor(a) }, body);
  });

  app.get('/answered', async (c) => {
    const a = pageAccess(c, ctx, keys);
    if (!a.ok) return refuse(c, a);
    const [answered, expired] = await Promise.all([ctx.store.listAsks({ state: 'answered', limit: 50 }), ctx.store.listAsks({ state: 'expired', limit: 50 })]);
    const asks = [...answered, ...expired].sort(newestFirst).slice(0, 50);
    const audits = await Promise.all(asks.map((x) => ctx.store.readAudit({ askId: x.id, limit: 100 })));
    const list = h`${asks.map((x, i) => askCard(x, form(a, '/answered'), audits[i]))}`;
    if (c.req.query('part') === 'list') return part(c, list);
    const body = h`<h1>Answered asks</h1>
<p class="muted">The newest 50, with what the audit log recorded for each: the decision that parked it, the answer and who gave it, and how the held call was released.</p>
<div id="asks">${list}</div>
${asks.length === 0 ? h`<p class="empty">No ask has been answered yet.</p>` : ''}`;
    return page(c, { title: 'Answered asks', view: 'answered', ...frameFor(a) }, body);
  });

  app.get('/asks/:id', async (c) => {
    const a = pageAccess(c, ctx, keys);
    if (!a.ok) return refuse(c, a);
    const id = c.req.param('id');
    const ask = await ctx.store.getAsk(id);
    if (ask === undefined) {
      if (c.req.query('part') !== undefined) return c.text(`no ask with id ${id}`, 404, SECURITY_HEADERS);
      return page(c, { title: 'No such ask', view: 'error', ...frameFor(a) }, messageBody('No such ask', `There is no ask with id ${id}.`), 404);
    }
    const withAudit = c.req.query('part') === undefined || c.req.query('audit') !== undefined;
    const audit = withAudit ? await ctx.store.readAudit({ askId: id, limit: 100 }) : undefined;
    const back = c.req.query('back');
    const card = askCard(ask, form(a, back !== undefined && BACK.test(back) ? back : `/asks/${id}`), audit);
    if (c.req.query('part') === 'card') return part(c, card);
    return page(c, { title: `${ask.tool} ask`, view: 'ask', askId: id, ...frameFor(a) }, h`<div id="asks">${card}</div>`);
  });

  app.post('/asks/:id/answer', async (c) => {
    const id = c.req.param('id');
    const fail = (status: 400 | 403 | 404 | 409 | 413 | 415, message: string, back = '/') => page(c, { title: 'Not answered', view: 'error' }, messageBody('Not answered', message, back), status);
    if (!sameOrigin(c)) return fail(403, 'this form was not sent from this server’s own page');
    const a = pageAccess(c, ctx, keys);
    if (!a.ok) return refuse(c, a);
    const f = await readForm(c);
    if (!f.ok) return fail(f.status, f.message);
    const back = BACK.test(f.fields.get('back') ?? '') ? (f.fields.get('back') as string) : '/';
    if (!keys.checkFormToken(a.binding, f.fields.get('csrf') ?? undefined)) return fail(403, 'the form is out of date (the server restarted, or you signed in again): reload the page and answer again', back);
    const ask = await ctx.store.getAsk(id);
    if (ask === undefined) return fail(404, `There is no ask with id ${id}.`, back);
    const chosen = readAnswer(f.fields, ask);
    if (!chosen.ok) return fail(400, chosen.message, back);
    const r = await ctx.asks.answer(id, { answer: chosen.answer, scope: chosen.scope, answerer: pageAnswerer(a, f.fields.get('answerer') ?? undefined) });
    if (!r.ok) return fail(r.status, r.message, back);
    ctx.audit.write(answerEntry(r.ask, ctx.now()));
    return c.redirect(back, 303);
  });

  app.route('/', eventsRoute(ctx, keys, instance));

  app.get('/signin', (c) => {
    if (ctx.auth.token === undefined) return c.redirect('/', 303);
    return page(c, { title: 'Sign in', view: 'signin' }, signInBody());
  });

  app.post('/signin', async (c) => {
    if (ctx.auth.token === undefined) return c.redirect('/', 303);
    const again = (status: 400 | 401 | 403 | 413 | 415, message: string) => page(c, { title: 'Sign in', view: 'signin' }, signInBody(message), status);
    if (!sameOrigin(c)) return again(403, 'this form was not sent from this server’s own page');
    const f = await readForm(c);
    if (!f.ok) return again(f.status, f.message);
    if (!ctx.auth.matches(f.fields.get('token')?.trim() ?? '')) {
      await new Promise((r) => setTimeout(r, 300));
      return again(401, 'that is not the token');
    }
    setCookie(c, cookieName(ctx), keys.issue(f.fields.get('name') ?? '', ctx.now()), {
      path: '/',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: PAGE_SESSION_SECONDS,
      ...(c.req.header('x-forwarded-proto') === 'https' ? { secure: true } : {}),
    });
    return c.redirect('/', 303);
  });

  app.post('/signout', async (c) => {
    const a = pageAccess(c, ctx, keys);
    if (!sameOrigin(c) || !a.ok) return c.redirect('/', 303);
    const f = await readForm(c);
    if (f.ok && keys.checkFormToken(a.binding, f.fields.get('csrf') ?? undefined)) deleteCookie(c, cookieName(ctx), { path: '/' });
    return c.redirect(ctx.auth.token !== undefined ? '/signin' : '/', 303);
  });

  return app;
}

type FormRead = { ok: true; fields: URLSearchParams } | { ok: false; status: 413 | 415; message: string };

/** Read an `application/x-www-form-urlencoded` post (what the page's forms send). */
async function readForm(c: Context): Promise<FormRead> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return { ok: false, status: 415, message: 'expected a form post (application/x-www-form-urlencoded)' };
  const body = await readBody(c, FORM_LIMIT);
  if (!body.ok) {
    if (!body.drained) c.header('connection', 'close');
    return { ok: false, status: 413, message: `the form is larger than ${FORM_LIMIT} bytes` };
  }
  return { ok: true, fields: new URLSearchParams(body.text) };
}

type ChosenAnswer = { ok: true; answer: AskAnswer; scope: AnswerScope } | { ok: false; message: string };

/**
 * The answer a form asks for: `approve` (this call only: scope `once`), `remember` (approve and
 * store grants for the `scope`, `session` or `project`), or `deny` with an optional message.
 */
function readAnswer(fields: URLSearchParams, ask: AskRecord): ChosenAnswer {
  const action = fields.get('action');
  if (action === 'deny') {
    const message = (fields.get('message') ?? '').trim();
    if (message.length > MAX_MESSAGE) return { ok: false, message: `the message is longer than ${MAX_MESSAGE} characters` };
    return { ok: true, answer: { behavior: 'deny', ...(message !== '' ? { message } : {}) }, scope: 'once' };
  }
  if (action === 'approve') return { ok: true, answer: { behavior: 'allow' }, scope: 'once' };
  if (action !== 'remember') return { ok: false, message: 'choose approve, approve and remember, or deny' };
  const scope = fields.get('scope') ?? 'session';
  if (scope !== 'session' && scope !== 'project') return { ok: false, message: `remembering needs the scope session or project, not "${scope}"` };
  if (ask.pending.askKind !== 'plain') return { ok: false, message: `a ${ask.pending.askKind === 'firm' ? 'firm ask' : 'protected-path ask'} cannot be remembered: approve it once` };
  if (rememberRules(ask).length === 0) return { ok: false, message: 'toolgate has no rule to remember for this call: approve it once' };
  return { ok: true, answer: { behavior: 'allow', remember: true }, scope };
}
