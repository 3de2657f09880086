import { Hono, type Context } from 'hono';
import { isChallenge } from '../identity.js';
import { z } from 'zod';
import { PERMISSION_MODES } from '../../core/types.js';
import {
  ANSWER_SCOPES,
  redactInput,
  StoreUnavailableError,
  type AnswerScope,
  type AskFilter,
  type AskRecord,
  type AuditEntry,
  type GrantQuery,
} from '../../store/index.js';
import { grantView, revokeGrant, settingsFileHere } from '../../grants/manage.js';
import { nodeFileSystem } from '../../node/fs.js';
import { answerEntry, decisionEntry, refusedAnswerEntry } from '../audit.js';
import { unkeptMessage, unkeptUpdates } from '../../grants/unkept.js';
import { reportEntry } from '../provenance.js';
import { hostIsSelf, sameOrigin } from '../auth.js';
import { readBody } from '../body.js';
import { MAX_INPUT_DEPTH, nestedDeeperThan } from '../depth.js';
import type { ServeContext } from '../context.js';
import { recordOutcome } from '../durable.js';
import { oneLine } from '../log.js';
import { askView, decisionView, type DecisionView } from '../views.js';
import { askProposal, grantedRules, proposalView, sessionHistory } from '../proposals.js';

/** Largest JSON API body accepted (bytes). */
export const API_BODY_LIMIT = 1024 * 1024;
/** Longest wait for the store's answer to `GET /v1/health`, in milliseconds. */
export const HEALTH_TIMEOUT_MS = 900;
/** Longest `?wait=` of `GET /v1/asks/:id`, in seconds. */
export const MAX_WAIT_SECONDS = 600;

const absolute = z
  .string()
  .min(1)
  .refine((p) => p.startsWith('/'), 'expected an absolute path');
// A tool input as the client sent it: the same object, every own key kept. (`z.record` builds a
// copy by assignment, which drops a key named `__proto__`: the call judged would not be the call sent.)
const record = z.custom<Record<string, unknown>>((v) => v !== null && typeof v === 'object' && !Array.isArray(v), {
  message: 'Invalid input: expected an object',
});
const ruleValue = z.strictObject({ toolName: z.string().min(1), ruleContent: z.string().optional() });
const destination = z.enum(['userSettings', 'projectSettings', 'localSettings', 'session', 'cliArg']);
const behavior = z.enum(['allow', 'ask', 'deny']);
const permissionUpdate = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('addRules'), rules: z.array(ruleValue), behavior, destination }),
  z.strictObject({ type: z.literal('replaceRules'), rules: z.array(ruleValue), behavior, destination }),
  z.strictObject({ type: z.literal('removeRules'), rules: z.array(ruleValue), behavior, destination }),
  z.strictObject({ type: z.literal('setMode'), mode: z.enum(PERMISSION_MODES as [string, ...string[]]), destination }),
  z.strictObject({ type: z.literal('addDirectories'), directories: z.array(absolute), destination }),
  z.strictObject({ type: z.literal('removeDirectories'), directories: z.array(absolute), destination }),
]);

const decisionRequest = z.strictObject({
  call: z.strictObject({ tool: z.string().min(1), input: record, id: z.string().min(1).optional() }),
  context: z.strictObject({
    cwd: absolute,
    mode: z.enum(['manual', ...PERMISSION_MODES]).optional(),
    projectDir: absolute.optional(),
    /** The agent's home directory: what `~` and `$HOME` mean (without it, a call naming them is not allowed on a guess). */
    home: absolute.optional(),
    sessionId: z.string().min(1).optional(),
    agent: z.union([z.string().min(1), z.strictObject({ id: z.string().min(1), type: z.string().min(1).optional() })]).optional(),
  }),
});

const answerRequest = z.strictObject({
  behavior: z.enum(['allow', 'deny']),
  updatedInput: record.optional(),
  updatedPermissions: z.array(permissionUpdate).optional(),
  remember: z.boolean().optional(),
  message: z.string().optional(),
  interrupt: z.boolean().optional(),
  scope: z.enum(['once', 'session', 'project', 'user']).optional(),
  /** The rules to remember, as the ask's proposal shows them (`GET /v1/asks/:id`, `proposal`); each must be one it offers. */
  rules: z.array(z.string().min(1).max(8192)).min(1).max(32).optional(),
  /** The ask's one-time answer code, shown on the approval page and in serve's terminal. */
  code: z.string().min(1).max(64),
});

type Problem = { status: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503; message: string };
const problem = (c: Context, p: Problem) => c.json({ error: p.message }, p.status);

async function readJson<T>(c: Context, schema: z.ZodType<T>): Promise<{ ok: true; value: T } | { ok: false; problem: Problem }> {
  const read = await readBody(c, API_BODY_LIMIT);
  if (!read.ok) {
    // An undrained rest of the body stays on the connection: close it so no client reuses it.
    if (!read.drained) c.header('connection', 'close');
    if (!read.tooLarge) return { ok: false, problem: { status: 400, message: 'the body did not arrive whole' } };
    return { ok: false, problem: { status: 413, message: `the body is larger than ${API_BODY_LIMIT} bytes` } };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(read.text);
  } catch (e) {
    return { ok: false, problem: { status: 400, message: `the body is not JSON: ${(e as Error).message}` } };
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const first = parsed.error.issues[0];
  const where = first && first.path.length > 0 ? `body.${first.path.join('.')}` : 'body';
  const what =
    first?.code === 'unrecognized_keys' ? `unknown field(s) ${first.keys.map((k) => `"${k}"`).join(', ')}` : (first?.message ?? 'invalid');
  return { ok: false, problem: { status: 400, message: `${where}: ${what}` } };
}

/**
 * The JSON API under `/v1`: decisions for agents in any language, parked asks and their answers,
 * health. Bad JSON, unknown fields and bodies over 1 MiB are 4xx with a message naming the field.
 */
export function apiRoutes(ctx: ServeContext): Hono {
  const app = new Hono();
  // Before the credential check: a client asks serve to prove it holds the token before it sends
  // one (decision 0068). The proofs are MACs of a fresh challenge; they tell nothing of a token.
  app.get('/identity', (c) => {
    const challenge = c.req.query('challenge');
    if (!isChallenge(challenge)) return problem(c, { status: 400, message: 'challenge must be 64 hex digits' });
    return c.json({ proofs: ctx.auth.proofs(challenge) });
  });
  app.use('*', async (c, next) => {
    // Grants are a person's consent: seeing and revoking them takes what answering takes (never
    // the hook token, never "it came from loopback" alone), so an agent cannot manage them with its own credential.
    const action = /\/grants(\/|$)/.test(c.req.path)
      ? 'grants'
      : c.req.method !== 'POST'
        ? 'read'
        : c.req.path.endsWith('/answer')
          ? 'answer'
          : c.req.path.endsWith('/decisions')
            ? 'decide'
            : 'read';
    if (c.req.method !== 'GET' && !sameOrigin(c))
      return problem(c, { status: 403, message: 'a cross-site request from a browser: answer from the approval page or with the token' });
    const auth = ctx.auth.check(c, action);
    if (!auth.ok) {
      if (auth.retryAfter !== undefined) c.header('retry-after', String(auth.retryAfter));
      return problem(c, { status: auth.retryAfter !== undefined ? 429 : 401, message: auth.message });
    }
    if (auth.via === 'loopback' && !hostIsSelf(c, ctx.self?.host))
      return problem(c, {
        status: 403,
        message: `the Host header "${c.req.header('host') ?? ''}" does not name this server; a request trusted for coming from loopback must use a loopback name`,
      });
    c.set('principal' as never, ('principal' in auth ? auth.principal : auth.via) as never);
    await next();
  });
  app.onError((e, c) => {
    if (e instanceof StoreUnavailableError) return problem(c, { status: 503, message: e.message });
    ctx.log(`toolgate serve: ${c.req.method} ${c.req.path} failed: ${oneLine(e)}`);
    return c.json({ error: `internal error: ${e.message}` }, 500);
  });

  const resolved = async (a: AskRecord): Promise<DecisionView | undefined> => {
    if (a.state === 'expired') {
      // Never an allow: whoever polls an ask given up learns why, as a deny.
      const message = a.expiry?.message ?? 'the ask was given up';
      return { behavior: 'deny', reason: { kind: 'resolver', message }, decidedBy: 'timeout', message };
    }
    if (a.answer === undefined) return undefined;
    return decisionView((await ctx.asks.resolve(a)).result, 'answer', a.pending.call.input);
  };

  app.post('/decisions', async (c) => {
    const body = await readJson(c, decisionRequest);
    if (!body.ok) return problem(c, body.problem);
    const { call, context } = body.value;
    if (nestedDeeperThan(call.input, MAX_INPUT_DEPTH)) {
      const message = `body.call.input: nested deeper than ${MAX_INPUT_DEPTH} levels`;
      const entry: AuditEntry = {
        at: ctx.now(),
        event: 'decision',
        ...(context.sessionId !== undefined ? { sessionId: context.sessionId } : {}),
        tool: call.tool,
        inputRedacted: redactInput(call.input),
        behavior: 'deny',
        reasonKind: 'checkFailed',
        reason: message,
        decidedBy: 'serve',
      };
      await ctx.audit.write(entry);
      reportEntry(ctx.onDecision, entry, ctx.now());
      return problem(c, { status: 400, message });
    }
    const agent = typeof context.agent === 'string' ? { id: context.agent } : context.agent;
    const where = {
      cwd: context.cwd,
      ...(context.mode !== undefined ? { mode: context.mode } : {}),
      ...(context.projectDir !== undefined ? { projectDir: context.projectDir } : {}),
      ...(context.home !== undefined ? { home: context.home } : {}),
      ...(context.sessionId !== undefined ? { sessionId: context.sessionId } : {}),
      ...(agent !== undefined ? { agent: { id: agent.id, ...(agent.type !== undefined ? { type: agent.type } : {}) } } : {}),
    };
    const toolCall = { tool: call.tool, input: call.input, ...(call.id !== undefined ? { id: call.id } : {}) };
    const settled = await ctx.decider.decide(toolCall, where);
    const r = settled.result;
    if (r.behavior !== 'ask') {
      const refused = await recordOutcome(ctx, decisionEntry('decision', toolCall, settled, ctx.now()));
      if (refused !== undefined) {
        const message = `not allowed: ${refused}`;
        return c.json({
          decision: { behavior: 'deny', reason: { kind: 'checkFailed', message }, decidedBy: 'store', message } satisfies DecisionView,
        });
      }
      return c.json({ decision: decisionView(r, settled.decidedBy, call.input) });
    }
    let ask;
    try {
      ask = await ctx.asks.park(settled as typeof settled & { result: typeof r }, 'api');
    } catch (e) {
      const message = `this call needs a person, but the ask could not be parked (${(e as Error).message})`;
      const entry: AuditEntry = {
        ...decisionEntry('decision', toolCall, { ...settled, decidedBy: 'store' }, ctx.now()),
        behavior: 'deny',
        reasonKind: 'checkFailed',
        reason: message,
      };
      await ctx.audit.write(entry);
      reportEntry(ctx.onDecision, entry, ctx.now());
      return c.json({
        decision: { behavior: 'deny', reason: { kind: 'checkFailed', message }, decidedBy: 'store', message } satisfies DecisionView,
      });
    }
    await recordOutcome(ctx, decisionEntry('decision', toolCall, settled, ctx.now(), ask.id));
    return c.json({ askId: ask.id, decision: decisionView(r, settled.decidedBy) });
  });

  app.get('/asks', async (c) => {
    const q = c.req.query();
    const unknown = Object.keys(q).filter((k) => !['state', 'session', 'project', 'limit'].includes(k));
    if (unknown.length > 0)
      return problem(c, {
        status: 400,
        message: `unknown query parameter(s) ${unknown.join(', ')}; expected state, session, project, limit`,
      });
    const state = q['state'] ?? 'pending';
    if (!['pending', 'answered', 'expired', 'all'].includes(state))
      return problem(c, { status: 400, message: `state must be pending, answered, expired or all, not "${state}"` });
    const limit = q['limit'] !== undefined ? Number(q['limit']) : undefined;
    if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
      return problem(c, { status: 400, message: 'limit must be a positive integer' });
    const filter: AskFilter = {
      state: state as AskFilter['state'] & string,
      ...(q['session'] !== undefined ? { sessionId: q['session'] } : {}),
      ...(q['project'] !== undefined ? { projectDir: q['project'] } : {}),
      ...(limit !== undefined ? { limit } : {}),
    };
    const asks = await ctx.store.listAsks(filter);
    return c.json({ asks: asks.map((a) => askView(a, undefined, ctx.grantTtl)) });
  });

  app.get('/asks/:id', async (c) => {
    const id = c.req.param('id');
    const waitText = c.req.query('wait');
    const wait = waitText !== undefined ? Number(waitText) : 0;
    if (!(Number.isFinite(wait) && wait >= 0 && wait <= MAX_WAIT_SECONDS))
      return problem(c, { status: 400, message: `wait must be a number of seconds from 0 to ${MAX_WAIT_SECONDS}` });
    let ask = await ctx.store.getAsk(id);
    if (ask === undefined) return problem(c, { status: 404, message: `no ask with id ${id}` });
    if (ask.state === 'pending' && wait > 0) {
      const w = await ctx.asks.wait(id, wait * 1000, c.req.raw.signal);
      if (w.kind === 'settled') ask = w.ask;
    }
    // A pending ask that can be remembered carries what remembering would save, and the narrower choices.
    const proposal =
      ask.state === 'pending'
        ? askProposal(ask, await sessionHistory(ctx.store, ask.sessionId), await grantedRules(ctx, ask, ctx.now()))
        : undefined;
    const decision = await resolved(ask);
    // The call an approval once released is run by this client: a replay of it asks again.
    if (ask.state === 'answered') await ctx.asks.spendOnce(ask);
    return c.json({
      ...askView(ask, decision, ctx.grantTtl),
      ...(proposal !== undefined && proposal.parts.length > 0 ? { proposal: proposalView(proposal) } : {}),
    });
  });

  app.post('/asks/:id/answer', async (c) => {
    const id = c.req.param('id');
    const body = await readJson(c, answerRequest);
    if (!body.ok) return problem(c, body.problem);
    const { scope, code, rules, ...a } = body.value;
    if (a.behavior === 'deny' && rules !== undefined)
      return problem(c, { status: 400, message: 'body.rules: not allowed with "behavior": "deny"' });
    const misfit =
      a.behavior === 'deny'
        ? (['updatedInput', 'updatedPermissions', 'remember'] as const).filter((k) => a[k] !== undefined)
        : (['message', 'interrupt'] as const).filter((k) => a[k] !== undefined);
    if (misfit.length > 0) return problem(c, { status: 400, message: `body.${misfit[0]}: not allowed with "behavior": "${a.behavior}"` });
    const principal = c.get('principal' as never) as unknown as string;
    const answer =
      a.behavior === 'allow'
        ? {
            behavior: 'allow' as const,
            ...(a.updatedInput !== undefined ? { updatedInput: a.updatedInput } : {}),
            ...(a.updatedPermissions !== undefined ? { updatedPermissions: a.updatedPermissions as never } : {}),
            ...(a.remember !== undefined ? { remember: a.remember } : {}),
          }
        : {
            behavior: 'deny' as const,
            ...(a.message !== undefined ? { message: a.message } : {}),
            ...(a.interrupt !== undefined ? { interrupt: a.interrupt } : {}),
          };
    // Who answers is the credential, never a name the caller gives; the code proves a person read
    // it. It is tried last, so it is spent only on an answer that is recorded; a refusal is audited.
    const r = await ctx.asks.answer(
      id,
      { answer, ...(scope !== undefined ? { scope } : {}), ...(rules !== undefined ? { rules } : {}), answerer: principal },
      async (ask) => {
        const t = await ctx.codes.redeem(id, code, ctx.now());
        if (t.ok) return undefined;
        await ctx.audit.write(refusedAnswerEntry(ask, ctx.now(), principal, t.message, t.tries));
        return { ok: false, status: 403, message: t.message };
      },
    );
    if (!r.ok) return c.json({ error: r.message, ...(r.ask !== undefined ? { ask: askView(r.ask) } : {}) }, r.status);
    await recordOutcome(ctx, answerEntry(r.ask, ctx.now()));
    // Updates serve does not keep (a mode, directories, deny rules) are said back, never dropped silently.
    const notKept = a.behavior === 'allow' ? unkeptUpdates(a.updatedPermissions) : [];
    return c.json({
      ...askView(r.ask, await resolved(r.ask)),
      ...(notKept.length > 0 ? { notKept, warning: unkeptMessage(a.updatedPermissions) } : {}),
    });
  });

  app.get('/grants', async (c) => {
    const q = c.req.query();
    const known = ['session', 'project', 'rule', 'scope', 'state', 'limit'];
    const unknown = Object.keys(q).filter((k) => !known.includes(k));
    if (unknown.length > 0)
      return problem(c, { status: 400, message: `unknown query parameter(s) ${unknown.join(', ')}; expected ${known.join(', ')}` });
    const state = q['state'] ?? 'active';
    if (!['active', 'expired', 'revoked', 'used', 'all'].includes(state))
      return problem(c, { status: 400, message: `state must be active, expired, revoked, used or all, not "${state}"` });
    const scope = q['scope'];
    if (scope !== undefined && !(ANSWER_SCOPES as readonly string[]).includes(scope))
      return problem(c, { status: 400, message: `scope must be ${ANSWER_SCOPES.join(', ')}, not "${scope}"` });
    const limit = q['limit'] !== undefined ? Number(q['limit']) : undefined;
    if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
      return problem(c, { status: 400, message: 'limit must be a positive integer' });
    const at = ctx.now();
    const found = await ctx.store.findGrants({
      at,
      state: state as GrantQuery['state'] & string,
      ...(q['session'] !== undefined ? { sessionId: q['session'] } : {}),
      ...(q['project'] !== undefined ? { projectDir: q['project'] } : {}),
      ...(q['rule'] !== undefined ? { rule: q['rule'] } : {}),
      ...(scope !== undefined ? { scope: scope as AnswerScope } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
    const fs = nodeFileSystem();
    return c.json({ grants: await Promise.all(found.map(async (g) => grantView(g, at, await settingsFileHere(g, fs)))) });
  });

  app.get('/grants/:id', async (c) => {
    const id = c.req.param('id');
    const g = await ctx.store.getGrant(id);
    if (g === undefined) return problem(c, { status: 404, message: `no grant with id ${id}` });
    return c.json(grantView(g, ctx.now(), await settingsFileHere(g, nodeFileSystem())));
  });

  app.delete('/grants/:id', async (c) => {
    const id = c.req.param('id');
    const r = await revokeGrant(ctx.store, id, {
      at: ctx.now(),
      by: c.get('principal' as never) as unknown as string,
      audit: (e) => ctx.audit.write(e),
      fs: nodeFileSystem(),
    });
    if (r.code === 'unknown') return problem(c, { status: 404, message: r.message });
    // Revoked (or already): 200 with the grant; a rule left in a file elsewhere, or a file that could not be written: 409, nothing changed.
    const view = grantView(r.grant, ctx.now(), r.code !== 'byHand');
    if (r.code === 'byHand' || r.code === 'fileUnchanged') return c.json({ error: r.message, code: r.code, grant: view }, 409);
    return c.json({ code: r.code, message: r.message, grant: view });
  });

  app.get('/health', async (c) => {
    const audit = { buffered: ctx.audit.buffered, spilledBytes: ctx.audit.spilledBytes, lost: ctx.audit.lost, failing: ctx.audit.failing };
    const down = (error: string) => c.json({ ok: false, store: { kind: ctx.store.kind, error }, audit }, 503);
    // A store that hangs (a frozen PostgreSQL) is a store that is down: the answer comes within a second.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<string>((ok) => {
      timer = setTimeout(() => ok(`the store did not answer within ${HEALTH_TIMEOUT_MS} ms`), HEALTH_TIMEOUT_MS);
    });
    const error = await Promise.race([
      ctx.store.health().then(
        () => undefined,
        (e: unknown) => (e instanceof Error ? e.message : String(e)),
      ),
      late,
    ]);
    clearTimeout(timer);
    if (error !== undefined) return down(error);
    if (ctx.audit.stopReason !== undefined) return down(`calls are not allowed: ${ctx.audit.stopReason}`);
    if (ctx.audit.failing) return down(`the audit log cannot be written to the store (${ctx.audit.lastError ?? 'unknown'})`);
    return c.json({ ok: true, store: { kind: ctx.store.kind }, audit });
  });

  app.notFound((c) => problem(c, { status: 404, message: `no route ${c.req.method} ${c.req.path}` }));
  return app;
}
