import { Hono, type Context } from 'hono';
import type { HtmlEscapedString } from 'hono/utils/html';
import { randomUUID } from 'node:crypto';
import type { AskAnswer } from '../../gate/index.js';
import { StoreUnavailableError, type AnswerScope, type AskRecord } from '../../store/index.js';
import { answerEntry } from '../audit.js';
import { reportEntry } from '../provenance.js';
import { hostIsSelf, isLoopbackAddress, peerAddress, sameOrigin } from '../auth.js';
import { readBody } from '../body.js';
import type { ServeContext } from '../context.js';
import { oneLine } from '../log.js';
import { askCard, h, headline, shown, timeTag, type FormContext } from '../page/cards.js';
import { askProposal, grantedRules, sessionHistory } from '../proposals.js';
import type { PermissionRuleValue } from '../../core/types.js';
import { grantsBody } from '../page/grants.js';
import { liveGrants } from '../grants-list.js';
import { revokeGrant, settingsFileHere } from '../../grants/manage.js';
import { nodeFileSystem } from '../../node/fs.js';
import { maskInput } from '../display/index.js';
import { layout, type PageFrame } from '../page/layout.js';
import { PAGE_JS } from '../page/script.js';
import { pageKeys } from '../page/session.js';
import { PAGE_CSS } from '../page/style.js';
import { pageAccess, pageAnswerer, type PageAccess } from '../page/viewer.js';
import { eventsRoute } from './events.js';

/** Largest form post the page accepts (bytes). */
const FORM_LIMIT = 64 * 1024;
/** Longest deny message, in characters. */
const MAX_MESSAGE = 2000;

const SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  // Not no-referrer: with it Chromium sends `Origin: null` on the page's own form posts.
  'referrer-policy': 'same-origin',
  'cache-control': 'no-store',
};

type Ok = Extract<PageAccess, { ok: true }>;

/** Where a form may send the browser back to: the page's own views only. */
/** Why an ask whose code this serve cannot open is not answered here. */
const OTHER_TOKEN = 'This ask was parked by a toolgate serve holding another token: only a serve holding that token answers it.';

const BACK = /^\/(?:answered)?(?:\?[\w%=&.+~-]*)?$|^\/asks\/[\w-]+$/;

const short = (s: string | undefined) => (s === undefined ? '' : s.length > 80 ? `${s.slice(0, 79)}…` : s);

const newestFirst = (a: AskRecord, b: AskRecord) => b.updatedAt - a.updatedAt;

/** A view as the script puts it on the page: its body, with the title, count and viewer beside it. */
function viewPart(title: string, a: Ok, body: HtmlEscapedString, pending?: number): HtmlEscapedString {
  return h`<div class="view" data-title="${title}" data-who="${pageAnswerer(a)}"${pending !== undefined ? h` data-pending="${pending}"` : ''}>${body}</div>`;
}

/**
 * The approval page: pending asks with their answer forms at `/`, answered asks with their audit
 * entries at `/answered`, one ask at `/asks/:id`, live updates at `/events`, sign-in at
 * `/signin`. A navigation gets only the frame; the page's script signs in, keeps the sign-in in
 * its memory (decision 0064) and fetches each view and card with it in a header (decision 0025).
 * Server-rendered HTML, a small script, no build step (README, "The approval page").
 */
export function pageRoutes(ctx: ServeContext): Hono {
  const app = new Hono();
  const keys = pageKeys(ctx.auth.key);
  const instance = randomUUID();

  const page = (c: Context, frame: Omit<PageFrame, 'instance'>, body?: HtmlEscapedString, status: 200 | 400 | 403 | 404 | 503 = 200) =>
    c.html(layout({ ...frame, instance }, body), status, SECURITY_HEADERS);
  const part = (c: Context, body: HtmlEscapedString) => c.html(body, 200, SECURITY_HEADERS);
  const text = (c: Context, status: 400 | 401 | 403 | 404 | 409 | 413 | 415, message: string) => c.text(message, status, SECURITY_HEADERS);
  /** The answer codes and the proposals (what remembering would save) of the pending asks among `asks`, as their forms show them. */
  const codesOf = async (asks: readonly AskRecord[]): Promise<Map<string, Omit<FormContext, 'back'>>> => {
    const pending = asks.filter((x) => x.state === 'pending');
    const out = new Map<string, Omit<FormContext, 'back'>>();
    for (const r of pending.length > 0 ? await ctx.store.answerCodes(pending.map((x) => x.id)) : []) {
      const code = ctx.codes.shown(r);
      out.set(
        r.askId,
        code !== undefined
          ? { code }
          : {
              codeNote: !ctx.codes.sealedHere(r)
                ? OTHER_TOKEN
                : ctx.codes.locked(r)
                  ? `The answer code was locked after ${r.tries} wrong tries (recorded in the audit log): this ask can be answered here only.`
                  : 'This ask has no usable answer code: it can be answered here only.',
            },
      );
    }
    const histories = new Map<string | undefined, Promise<string[]>>();
    for (const x of pending) {
      if (!histories.has(x.sessionId)) histories.set(x.sessionId, sessionHistory(ctx.store, x.sessionId));
      const proposal = askProposal(x, await histories.get(x.sessionId), await grantedRules(ctx, x, ctx.now()));
      if (proposal.parts.length > 0) out.set(x.id, { ...out.get(x.id), proposal });
    }
    return out;
  };
  const form = (back: string, a: AskRecord, codes: Map<string, Omit<FormContext, 'back'>>): FormContext => ({
    back,
    ...codes.get(a.id),
    ttl: ctx.grantTtl,
  });
  /** The signed-in viewer of a script's request; `undefined` when the request is a navigation (no part asked for). */
  const viewer = (c: Context): Ok | Response | undefined => {
    if (c.req.query('part') === undefined) return undefined;
    const a = pageAccess(c, ctx, keys);
    return a.ok ? a : text(c, a.status, a.message);
  };

  app.onError((e, c) => {
    if (e instanceof StoreUnavailableError) return c.text(`the store cannot be reached: ${e.message}`, 503, SECURITY_HEADERS);
    ctx.log(`toolgate serve: ${c.req.method} ${c.req.path} failed: ${oneLine(e)}`);
    return c.text(`internal error: ${e.message}`, 500, SECURITY_HEADERS);
  });

  // A name that is not this server's (DNS rebinding) gets nothing, not even the sign-in form:
  // a person would be typing the token into a page of another origin.
  app.use('*', async (c, next) => {
    if (isLoopbackAddress(peerAddress(c)) && !hostIsSelf(c, ctx.self?.host))
      return c.text(
        `the address "${c.req.header('host') ?? ''}" does not name this server: open it as http://127.0.0.1 or http://localhost`,
        403,
        SECURITY_HEADERS,
      );
    await next();
  });

  app.get('/page.css', (c) =>
    c.body(PAGE_CSS, 200, { ...SECURITY_HEADERS, 'content-type': 'text/css; charset=utf-8', 'cache-control': 'no-cache' }),
  );
  app.get('/page.js', (c) =>
    c.body(PAGE_JS, 200, { ...SECURITY_HEADERS, 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' }),
  );

  app.get('/', async (c) => {
    const a = viewer(c);
    if (a === undefined) return page(c, { title: 'Pending asks', view: 'pending' });
    if (a instanceof Response) return a;
    const session = c.req.query('session');
    const project = c.req.query('project');
    const params = new URLSearchParams({
      ...(session !== undefined ? { session } : {}),
      ...(project !== undefined ? { project } : {}),
    }).toString();
    const back = `/${params !== '' ? `?${params}` : ''}`;
    const pending = await ctx.store.listAsks({
      state: 'pending',
      limit: 200,
      ...(session !== undefined ? { sessionId: session } : {}),
      ...(project !== undefined ? { projectDir: project } : {}),
    });
    // Oldest first: a new ask goes below the ones already shown, so no card moves under the pointer.
    const codes = await codesOf(pending);
    const cards = [...pending].reverse().map((x) => askCard(x, form(BACK.test(back) ? back : '/', x, codes)));
    const list = h`${cards}`;
    if (c.req.query('part') === 'list') return part(c, list);
    const [answered, expired] = await Promise.all([
      ctx.store.listAsks({ state: 'answered', limit: 5 }),
      ctx.store.listAsks({ state: 'expired', limit: 5 }),
    ]);
    const recent = [...answered, ...expired].sort(newestFirst).slice(0, 5);
    const filter =
      session !== undefined ? h`session <code>${session}</code>` : project !== undefined ? h`project <code>${project}</code>` : undefined;
    const body = h`<h1>Waiting for an answer</h1>
${filter !== undefined ? h`<p class="filter">Only ${filter}. <a href="/">Show all</a></p>` : ''}
<div id="asks">${list}</div>
<p id="empty" class="empty"${pending.length > 0 ? h` hidden` : ''}>Nothing is waiting for an answer. New asks appear here as agents make them.</p>
<h2>Recently answered</h2>
${recent.length > 0 ? h`<ul class="recent">${recent.map((r) => h`<li>${timeTag(new Date(r.updatedAt).toISOString())} <a href="/asks/${encodeURIComponent(r.id)}"><strong>${r.tool}</strong></a> <code>${shown(short(headline(r.tool, maskInput(r.tool, r.pending.call.input).input)))}</code> — ${r.state === 'expired' ? 'given up' : r.answer?.answer.behavior === 'allow' ? 'approved' : 'denied'}${r.answer !== undefined ? h` by ${r.answer.answerer}` : ''}</li>`)}</ul>` : h`<p class="muted">None yet.</p>`}
<p><a href="/answered">All answered asks, with their audit entries</a></p>`;
    return part(c, viewPart(pending.length > 0 ? `(${pending.length}) Pending asks` : 'Pending asks', a, body, pending.length));
  });

  app.get('/answered', async (c) => {
    const a = viewer(c);
    if (a === undefined) return page(c, { title: 'Answered asks', view: 'answered' });
    if (a instanceof Response) return a;
    const [answered, expired] = await Promise.all([
      ctx.store.listAsks({ state: 'answered', limit: 50 }),
      ctx.store.listAsks({ state: 'expired', limit: 50 }),
    ]);
    const asks = [...answered, ...expired].sort(newestFirst).slice(0, 50);
    const audits = await Promise.all(asks.map((x) => ctx.store.readAudit({ askId: x.id, limit: 100 })));
    const list = h`${asks.map((x, i) => askCard(x, { back: '/answered' }, audits[i]))}`;
    if (c.req.query('part') === 'list') return part(c, list);
    const body = h`<h1>Answered asks</h1>
<p class="muted">The newest 50, with what the audit log recorded for each: the decision that parked it, the answer and who gave it, and how the held call was released.</p>
<div id="asks">${list}</div>
${asks.length === 0 ? h`<p class="empty">No ask has been answered yet.</p>` : ''}`;
    return part(c, viewPart('Answered asks', a, body));
  });

  app.get('/asks/:id', async (c) => {
    const id = c.req.param('id');
    const a = viewer(c);
    if (a === undefined) return page(c, { title: 'Ask', view: 'ask', askId: id });
    if (a instanceof Response) return a;
    const ask = await ctx.store.getAsk(id);
    if (ask === undefined) return text(c, 404, `There is no ask with id ${id}.`);
    const withAudit = c.req.query('part') === 'view' || c.req.query('audit') !== undefined;
    const audit = withAudit ? await ctx.store.readAudit({ askId: id, limit: 100 }) : undefined;
    const back = c.req.query('back');
    const card = askCard(ask, form(back !== undefined && BACK.test(back) ? back : `/asks/${id}`, ask, await codesOf([ask])), audit);
    if (c.req.query('part') === 'card') return part(c, card);
    return part(c, viewPart(`${ask.tool} ask`, a, h`<div id="asks">${card}</div>`));
  });

  app.get('/grants', async (c) => {
    const a = viewer(c);
    if (a === undefined) return page(c, { title: 'Grants', view: 'grants' });
    if (a instanceof Response) return a;
    const { grants } = await liveGrants(ctx.store, ctx.now());
    const fs = nodeFileSystem();
    const here = new Set<string>();
    for (const g of grants) if (g.settingsFile !== undefined && (await settingsFileHere(g, fs))) here.add(g.id);
    return part(c, viewPart('Grants', a, grantsBody(grants, here)));
  });

  app.post('/grants/:id/revoke', async (c) => {
    const id = c.req.param('id');
    if (!sameOrigin(c)) return text(c, 403, 'this form was not sent from this server’s own page');
    const a = pageAccess(c, ctx, keys);
    if (!a.ok) return text(c, a.status, a.message);
    const f = await readForm(c);
    if (!f.ok) return text(c, f.status, f.message);
    // As DELETE /v1/grants/:id does: a rule Claude Code wrote to a settings file here is removed from the file too.
    const r = await revokeGrant(ctx.store, id, {
      at: ctx.now(),
      by: pageAnswerer(a),
      audit: (e) => ctx.audit.write(e),
      fs: nodeFileSystem(),
    });
    if (r.code === 'unknown') return text(c, 404, `There is no grant with id ${id}.`);
    if (r.code === 'byHand' || r.code === 'fileUnchanged' || r.code === 'alreadyRevoked') return text(c, 409, r.message);
    return c.text(r.message, 200, SECURITY_HEADERS);
  });

  app.post('/asks/:id/answer', async (c) => {
    const id = c.req.param('id');
    if (!sameOrigin(c)) return text(c, 403, 'this form was not sent from this server’s own page');
    const a = pageAccess(c, ctx, keys);
    if (!a.ok) return text(c, a.status, a.message);
    const f = await readForm(c);
    if (!f.ok) return text(c, f.status, f.message);
    if ((f.fields.get('answerer') ?? '') !== '')
      return text(c, 400, 'an answer from the page is recorded as the signed-in name: it takes no answerer name');
    const ask = await ctx.store.getAsk(id);
    if (ask === undefined) return text(c, 404, `There is no ask with id ${id}.`);
    // A serve holding another token on the same store (one the agent started, with a token of its own) answers none of this token's asks.
    const [code] = await ctx.store.answerCodes([id]);
    if (code !== undefined && !ctx.codes.sealedHere(code)) return text(c, 409, OTHER_TOKEN);
    // The options as the page offered them: with the grants in force, as the answer's check counts them.
    const chosen = readAnswer(f.fields, ask, await grantedRules(ctx, ask, ctx.now()));
    if (!chosen.ok) return text(c, 400, chosen.message);
    const r = await ctx.asks.answer(id, {
      answer: chosen.answer,
      scope: chosen.scope,
      answerer: pageAnswerer(a),
      ...(chosen.rules !== undefined ? { rules: chosen.rules } : {}),
    });
    if (!r.ok) return text(c, r.status, r.message);
    const entry = answerEntry(r.ask, ctx.now());
    ctx.audit.write(entry);
    reportEntry(ctx.onDecision, entry, ctx.now());
    return c.text('answered', 200, SECURITY_HEADERS);
  });

  app.route('/', eventsRoute(ctx, keys, instance));

  app.get('/signin', (c) => c.redirect('/', 303));

  app.post('/signin', async (c) => {
    const refuse = (status: 400 | 401 | 403 | 413 | 415, error: string) => c.json({ error }, status, SECURITY_HEADERS);
    if (!sameOrigin(c)) return refuse(403, 'this form was not sent from this server’s own page');
    const f = await readForm(c);
    if (!f.ok) return refuse(f.status, f.message);
    const who = ctx.auth.signIn(f.fields.get('token')?.trim() ?? '', c);
    if (!who.ok) {
      if (who.retryAfter !== undefined)
        return c.json({ error: who.message }, 429, { ...SECURITY_HEADERS, 'retry-after': String(who.retryAfter) });
      await new Promise((r) => setTimeout(r, 300));
      return refuse(401, who.message);
    }
    const principal = who.principal;
    // An answerer signs in as itself; serve's token with the name the person gives.
    const name = principal === 'token' ? (f.fields.get('name') ?? '') : principal;
    return c.json({ session: keys.issue(principal, name, ctx.now()) }, 200, SECURITY_HEADERS);
  });

  return app;
}

type FormRead = { ok: true; fields: URLSearchParams } | { ok: false; status: 413 | 415; message: string };

/** Read an `application/x-www-form-urlencoded` post (what the page's forms send). */
async function readForm(c: Context): Promise<FormRead> {
  const type = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded')
    return { ok: false, status: 415, message: 'expected a form post (application/x-www-form-urlencoded)' };
  const body = await readBody(c, FORM_LIMIT);
  if (!body.ok) {
    if (!body.drained) c.header('connection', 'close');
    return { ok: false, status: 413, message: `the form is larger than ${FORM_LIMIT} bytes` };
  }
  return { ok: true, fields: new URLSearchParams(body.text) };
}

type ChosenAnswer = { ok: true; answer: AskAnswer; scope: AnswerScope; rules?: string[] } | { ok: false; message: string };

/**
 * The rules a remembering form chose: field `rule.N` holds the position of the choice for part N
 * of the ask's proposal, made again here from the stored ask (the form never carries rule text, so
 * it cannot name a rule the page did not offer). No choice at all: the proposal's suggestions.
 */
function chosenRules(
  fields: URLSearchParams,
  ask: AskRecord,
  granted: readonly PermissionRuleValue[],
): { ok: true; rules?: string[] } | { ok: false; message: string } {
  const parts = askProposal(ask, [], granted).parts;
  const named = [...new Set([...fields.keys()].filter((k) => k.startsWith('rule.')))];
  if (named.length === 0) return { ok: true };
  const rules: string[] = [];
  for (const key of named) {
    const part = parts[/^rule\.(0|[1-9]\d{0,2})$/.test(key) ? Number(key.slice(5)) : -1];
    const values = fields.getAll(key);
    const option =
      part !== undefined && values.length === 1 && /^(0|[1-9]\d{0,2})$/.test(values[0] as string)
        ? part.options[Number(values[0])]
        : undefined;
    if (option === undefined)
      return { ok: false, message: `the form field ${key} names no rule this ask offers: reload the page and choose again` };
    rules.push(option.rule);
  }
  return { ok: true, rules };
}

/**
 * The answer a form asks for: `approve` (this call only: scope `once`), `remember` (approve and
 * store grants for the `scope`, `session`, `project` or `user`: the rules chosen with `rule.N`, see
 * {@link chosenRules}), or `deny` with an optional message.
 */
function readAnswer(fields: URLSearchParams, ask: AskRecord, granted: readonly PermissionRuleValue[]): ChosenAnswer {
  const action = fields.get('action');
  if (action === 'deny') {
    const message = (fields.get('message') ?? '').trim();
    if (message.length > MAX_MESSAGE) return { ok: false, message: `the message is longer than ${MAX_MESSAGE} characters` };
    return { ok: true, answer: { behavior: 'deny', ...(message !== '' ? { message } : {}) }, scope: 'once' };
  }
  if (action === 'approve') return { ok: true, answer: { behavior: 'allow' }, scope: 'once' };
  if (action !== 'remember') return { ok: false, message: 'choose approve, approve and remember, or deny' };
  const scope = fields.get('scope') ?? 'session';
  if (scope !== 'session' && scope !== 'project' && scope !== 'user')
    return { ok: false, message: `remembering needs the scope session, project or user, not "${scope}"` };
  if (ask.pending.askKind !== 'plain' && ask.pending.askKind !== 'guardedRead')
    return {
      ok: false,
      message: `a ${ask.pending.askKind === 'firm' ? 'firm ask' : ask.pending.askKind === 'planBlock' ? 'change in plan mode' : 'protected-path ask'} cannot be remembered: approve it once`,
    };
  if (askProposal(ask, [], granted).parts.length === 0)
    return { ok: false, message: 'toolgate has no rule to remember for this call: approve it once' };
  const rules = chosenRules(fields, ask, granted);
  if (!rules.ok) return rules;
  return { ok: true, answer: { behavior: 'allow', remember: true }, scope, ...(rules.rules !== undefined ? { rules: rules.rules } : {}) };
}
