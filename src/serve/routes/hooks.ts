import { Hono, type Context } from 'hono';
import { createHash } from 'node:crypto';
import type { ToolCall } from '../../core/types.js';
import { parseEnvironmentHeader, readToolEvent, shellFromHeader } from '../../evaluate/index.js';
import { inputSha256, redactInput, type AskExpiry, type AskRecord, type AuditEntry, type AuditEvent } from '../../store/index.js';
import { decisionEntry, releaseEntry } from '../audit.js';
import { reportEntry } from '../provenance.js';
import { hostIsSelf, peerAddress, sameOrigin } from '../auth.js';
import { readBody } from '../body.js';
import { MAX_INPUT_DEPTH, nestedDeeperThan } from '../depth.js';
import { droppedByIntake } from '../intake.js';
import type { ServeContext } from '../context.js';
import { recordOutcome } from '../durable.js';
import { oneLine } from '../log.js';
import { denyReply, promptReply, resultReply, type DecisionEvent } from '../replies.js';
import type { CallContext, Settled } from '../decide.js';

/**
 * Largest hook event accepted (bytes): 1 MiB. A larger one is denied before any of it is parsed.
 * Claude Code's events are small, and a call whose input is over the 256 KiB the approval page
 * shows whole is never put to a person anyway; a 30 MB event blocked serve's loop for tens of
 * seconds while it was parsed (red team rt10s F4).
 */
export const HOOK_BODY_LIMIT = 1024 * 1024;

const RECORDED = new Set(['PostToolUse', 'PostToolUseFailure', 'Stop']);

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);

/**
 * `POST /hooks/claude-code`: Claude Code's `http` hooks. PreToolUse and PermissionRequest are
 * decided; PostToolUse, PostToolUseFailure and Stop are recorded in the audit log; other events
 * get `{}`. Any other POST under `/hooks/` is a `200` deny naming the right URL. This route never answers non-2xx — Claude Code lets a call through on a non-2xx reply
 * or a connection error — so anything it cannot read or decide is a `200` deny.
 */
export function hookRoutes(ctx: ServeContext): Hono {
  const app = new Hono();
  app.post('/claude-code', async (c) => {
    let event: DecisionEvent = 'PreToolUse';
    try {
      // Who is asking is settled from the headers, before any of the body is read: a request
      // that may not decide costs no more than its headers.
      const refused = refusal(ctx, c);
      if (refused !== undefined) {
        ctx.log(`toolgate serve: refused a hook request from ${peerAddress(c) ?? 'a client'}: ${refused}`);
        // The body is not read, so the connection cannot carry another request. The event's name
        // is unknown: a PermissionRequest reads this PreToolUse-shaped deny as a failed hook, and
        // Claude Code then asks its person itself.
        return c.json(denyReply(event, refused), 200, { connection: 'close' });
      }
      const read = await readBody(c, HOOK_BODY_LIMIT);
      // An undrained rest of the body stays on the connection: close it so no client reuses it.
      if (!read.ok && !read.tooLarge) {
        if (!droppedByIntake(c))
          ctx.log(
            `toolgate serve: dropped a hook request from ${peerAddress(c) ?? 'a client'}: the connection closed before its body arrived`,
          );
        return c.json(denyReply(event, 'the hook event did not arrive whole'), 200, { connection: 'close' });
      }
      if (!read.ok)
        return c.json(
          denyReply(
            event,
            `the hook event is larger than ${HOOK_BODY_LIMIT / 1024 / 1024} MiB, more than toolgate serve reads of one event`,
          ),
          200,
          read.drained ? {} : { connection: 'close' },
        );
      const text = read.text;
      let body: Record<string, unknown>;
      try {
        const v = JSON.parse(text) as unknown;
        if (v === null || typeof v !== 'object' || Array.isArray(v)) throw new Error('the event is not a JSON object');
        body = v as Record<string, unknown>;
      } catch (e) {
        return c.json(denyReply(event, `could not read the hook event: ${(e as Error).message}`), 200);
      }
      const name = body['hook_event_name'];
      if (name === 'PermissionRequest') event = 'PermissionRequest';
      // The event itself is one level above its tool_input.
      if (nestedDeeperThan(body, MAX_INPUT_DEPTH + 1))
        return c.json(await tooDeep(ctx, c, typeof name === 'string' ? name : event, body, text), 200);
      if (typeof name === 'string' && RECORDED.has(name)) {
        await record(ctx, c, name as 'PostToolUse', body);
        return c.json({}, 200);
      }
      if (name !== 'PreToolUse' && name !== 'PermissionRequest') {
        // An event with no name is read as PreToolUse would be: a guard that cannot tell must not open.
        if (name !== undefined) return c.json({}, 200);
      }
      return c.json(await decideEvent(ctx, c, event, body), 200);
    } catch (e) {
      ctx.log(`toolgate serve: hook request failed: ${oneLine(e)}`);
      return c.json(denyReply(event, `internal error: ${e instanceof Error ? e.message : String(e)}`), 200);
    }
  });
  // A mistyped hook URL (`/hooks/claude-code/`, `/hooks/claudecode`) must not be a 404: Claude Code
  // lets a call through on a non-2xx reply unless the hook says `onFailure: "block"`.
  app.post('*', async (c) => {
    const why = `no hook at ${c.req.path}: toolgate serve's hook URL ends in /hooks/claude-code`;
    if (refusal(ctx, c) !== undefined) return c.json(denyReply('PreToolUse', why), 200, { connection: 'close' });
    const read = await readBody(c, HOOK_BODY_LIMIT);
    let event: DecisionEvent = 'PreToolUse';
    try {
      if (read.ok && (JSON.parse(read.text) as Record<string, unknown>)?.['hook_event_name'] === 'PermissionRequest')
        event = 'PermissionRequest';
    } catch {
      // Unreadable: answered as a PreToolUse deny.
    }
    return c.json(denyReply(event, why), 200, read.ok || read.drained ? {} : { connection: 'close' });
  });
  return app;
}

/**
 * Why a hook request may not be decided, from its headers alone: a browser's cross-site request
 * (any web page could otherwise park asks and write audit entries), a `Host` that does not name
 * this server on a request trusted for coming from loopback (DNS rebinding), or missing
 * credentials. `undefined`: it may.
 */
function refusal(ctx: ServeContext, c: Context): string | undefined {
  if (!sameOrigin(c)) return 'a cross-site request from a browser';
  const auth = ctx.auth.check(c, 'decide');
  if (!auth.ok) return auth.message;
  if (auth.via === 'loopback' && !hostIsSelf(c, ctx.self?.host))
    return `the Host header "${c.req.header('host') ?? ''}" does not name this server`;
  return undefined;
}

/** An event whose input nests deeper than {@link MAX_INPUT_DEPTH}: recorded, then denied. */
async function tooDeep(
  ctx: ServeContext,
  c: Context,
  name: string,
  body: Record<string, unknown>,
  text: string,
): Promise<Record<string, unknown>> {
  const why = `the tool input is nested deeper than ${MAX_INPUT_DEPTH} levels`;
  const sessionId = str(body['session_id']);
  const tool = str(body['tool_name']);
  const projectDir = projectOfEvent(ctx, c, body);
  const event: AuditEvent =
    name === 'PermissionRequest' || name === 'PostToolUse' || name === 'PostToolUseFailure' || name === 'Stop' ? name : 'PreToolUse';
  const decides = event === 'PreToolUse' || event === 'PermissionRequest';
  const entry: AuditEntry = {
    at: ctx.now(),
    event,
    ...(sessionId !== undefined ? { sessionId } : {}),
    ...(projectDir !== undefined ? { projectDir } : {}),
    ...(tool !== undefined ? { tool } : {}),
    inputRedacted: redactInput(body['tool_input']),
    ...(decides ? { behavior: 'deny' as const, reasonKind: 'checkFailed' as const, decidedBy: 'serve' } : {}),
    reason: why,
    detail: `SHA-256 of the whole event: ${createHash('sha256').update(text).digest('hex')}`,
  };
  await ctx.audit.write(entry);
  reportEntry(ctx.onDecision, entry, ctx.now());
  return decides ? denyReply(event === 'PermissionRequest' ? 'PermissionRequest' : 'PreToolUse', why) : {};
}

/** The headers `--print-hook-config` asks Claude Code to send: the session's project, shell and environment. */
function declared(c: Context): Pick<CallContext, 'projectDir' | 'shell' | 'environment'> {
  const project = str(c.req.header('x-toolgate-project'));
  const environment = parseEnvironmentHeader(c.req.header('x-toolgate-env'));
  return {
    ...(project !== undefined && project.startsWith('/') ? { projectDir: project } : {}),
    shell: shellFromHeader(c.req.header('x-toolgate-shell')),
    ...(environment !== undefined ? { environment } : {}),
  };
}

async function decideEvent(
  ctx: ServeContext,
  c: Context,
  event: DecisionEvent,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const read = readToolEvent(body);
  if (!read.ok) return denyReply(event, read.message);
  const { call, cwd, sessionId, agent, mode, transcriptPath } = read.event;
  if (cwd === undefined || !cwd.startsWith('/')) return denyReply(event, 'the event has no absolute cwd');
  const where: CallContext = {
    cwd,
    ...(sessionId !== undefined ? { sessionId } : {}),
    ...(agent !== undefined ? { agent } : {}),
    ...(mode !== undefined ? { mode } : {}),
    ...(transcriptPath !== undefined ? { transcriptPath } : {}),
    ...declared(c),
  };
  const settled = await ctx.decider.decide(call, where);
  const r = settled.result;
  if (r.behavior !== 'ask') {
    const refused = await recordOutcome(ctx, decisionEntry(event, call, settled, ctx.now()));
    return refused !== undefined ? denyReply(event, `not allowed: ${refused}`) : resultReply(event, call, r);
  }
  if (ctx.askVia === 'prompt') {
    await recordOutcome(ctx, decisionEntry(event, call, settled, ctx.now()));
    return promptReply(event, r.pending.reason.message);
  }
  return hold(ctx, c, event, call, settled as Settled & { result: typeof r });
}

/** Park the ask and hold the request until a person answers, the hold times out (deny) or the client leaves. */
async function hold(
  ctx: ServeContext,
  c: Context,
  event: DecisionEvent,
  call: ToolCall,
  settled: Settled & { result: { behavior: 'ask' } },
): Promise<Record<string, unknown>> {
  let ask;
  try {
    ask = await ctx.asks.park(settled, event, ctx.holdMs);
  } catch (e) {
    const why = `this call needs a person, but the ask could not be parked (${(e as Error).message})`;
    const denied = { ...settled, decidedBy: 'store' };
    await recordOutcome(ctx, {
      ...decisionEntry(event, call, denied, ctx.now()),
      behavior: 'deny',
      reason: why,
      reasonKind: 'checkFailed',
    });
    return denyReply(event, why);
  }
  await recordOutcome(ctx, decisionEntry(event, call, settled, ctx.now(), ask.id));
  const waited = await ctx.asks.wait(ask.id, ctx.holdMs, c.req.raw.signal);
  if (waited.kind === 'aborted' && ctx.closing) return denyReply(event, 'toolgate serve is shutting down');
  if (waited.kind !== 'settled') {
    const why: AskExpiry =
      waited.kind === 'timeout'
        ? { code: 'holdTimeout', message: `no answer within ${Math.round(ctx.holdMs / 1000)} s` }
        : { code: 'clientGone', message: 'the hook request was closed before an answer came' };
    let expired;
    try {
      expired = await ctx.store.expireAsk(ask.id, ctx.now(), why);
    } catch {
      expired = undefined;
    }
    // An answer may have landed just before the deadline: it wins.
    if (expired !== undefined && !expired.ok && expired.reason === 'answered') return answered(ctx, event, call, expired.ask);
    // Given up meanwhile by another serve process (this one could not beat): its reason stands.
    if (expired !== undefined && !expired.ok && expired.reason === 'expired') return denyReply(event, givenUp(expired.ask));
    await recordOutcome(ctx, releaseEntry(event, ask, ctx.now(), { expired: why.message }));
    return denyReply(event, why.message);
  }
  if (waited.ask.state === 'expired') return denyReply(event, givenUp(waited.ask));
  return answered(ctx, event, call, waited.ask);
}

/** Why an ask was given up, as its holder's reply says it. */
const givenUp = (ask: AskRecord): string => ask.expiry?.message ?? 'the ask was given up';

async function answered(ctx: ServeContext, event: DecisionEvent, call: ToolCall, ask: AskRecord): Promise<Record<string, unknown>> {
  const { result, grant } = await ctx.asks.resolve(ask);
  await ctx.asks.spendOnce(ask);
  const refused = await recordOutcome(ctx, releaseEntry(event, ask, ctx.now(), { result, ...(grant !== undefined ? { grant } : {}) }));
  return refused !== undefined ? denyReply(event, `not allowed: ${refused}`) : resultReply(event, call, result, grant);
}

/**
 * The project of an event the route records but does not decide (as `decideEvent` finds it), if
 * known: none for an event without an absolute cwd.
 */
function projectOfEvent(ctx: ServeContext, c: Context, body: Record<string, unknown>): string | undefined {
  const cwd = str(body['cwd']);
  if (cwd === undefined || !cwd.startsWith('/')) return undefined;
  const transcriptPath = str(body['transcript_path']);
  const { projectDir } = declared(c);
  const found = ctx.projects.projectFor({
    cwd,
    ...(transcriptPath !== undefined ? { transcriptPath } : {}),
    ...(projectDir !== undefined ? { projectDir } : {}),
  });
  return found.known ? found.dir : undefined;
}

async function record(
  ctx: ServeContext,
  c: Context,
  event: 'PostToolUse' | 'PostToolUseFailure' | 'Stop',
  body: Record<string, unknown>,
): Promise<void> {
  const input = body['tool_input'];
  const tool = str(body['tool_name']);
  const sessionId = str(body['session_id']);
  const agent = str(body['agent_id']) ?? str(body['agent_type']);
  const projectDir = projectOfEvent(ctx, c, body);
  const toolUseId = str(body['tool_use_id']);
  await ctx.audit.write({
    at: ctx.now(),
    event,
    ...(sessionId !== undefined ? { sessionId } : {}),
    ...(agent !== undefined ? { agent } : {}),
    ...(projectDir !== undefined ? { projectDir } : {}),
    ...(tool !== undefined ? { tool } : {}),
    // In its own field too, so that `toolgate audit why <tool_use_id>` finds how the call ended.
    ...(toolUseId !== undefined ? { toolUseId } : {}),
    ...(input !== null && typeof input === 'object' ? { inputSha256: inputSha256(input), inputRedacted: redactInput(input) } : {}),
    ...(str(body['tool_use_id']) !== undefined
      ? {
          detail: `tool_use_id ${body['tool_use_id'] as string}${typeof body['error'] === 'string' ? `: ${body['error'].slice(0, 2000)}` : ''}`,
        }
      : {}),
  });
}
