import { Hono, type Context } from 'hono';
import type { ToolCall } from '../../core/types.js';
import type { AgentRef } from '../../gate/index.js';
import { inputSha256, redactInput, type AskRecord } from '../../store/index.js';
import { decisionEntry, releaseEntry } from '../audit.js';
import { readBody } from '../body.js';
import type { ServeContext } from '../context.js';
import { denyReply, promptReply, resultReply, type DecisionEvent } from '../replies.js';
import type { Settled } from '../decide.js';

/** Largest hook event accepted (bytes); a larger one is denied. */
export const HOOK_BODY_LIMIT = 32 * 1024 * 1024;

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
      const read = await readBody(c, HOOK_BODY_LIMIT);
      // An undrained rest of the body stays on the connection: close it so no client reuses it.
      if (!read.ok) return c.json(denyReply(event, `the hook event is larger than ${HOOK_BODY_LIMIT} bytes`), 200, read.drained ? {} : { connection: 'close' });
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
      const auth = ctx.auth.check(c, 'decide');
      if (!auth.ok) return c.json(name === 'PreToolUse' || name === 'PermissionRequest' || name === undefined ? denyReply(event, auth.message) : {}, 200);
      if (typeof name === 'string' && RECORDED.has(name)) {
        await record(ctx, name as 'PostToolUse', body);
        return c.json({}, 200);
      }
      if (name !== 'PreToolUse' && name !== 'PermissionRequest') {
        // An event with no name is read as PreToolUse would be: a guard that cannot tell must not open.
        if (name !== undefined) return c.json({}, 200);
      }
      return c.json(await decideEvent(ctx, c, event, body), 200);
    } catch (e) {
      ctx.log(`toolgate serve: hook request failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      return c.json(denyReply(event, `internal error: ${e instanceof Error ? e.message : String(e)}`), 200);
    }
  });
  // A mistyped hook URL (`/hooks/claude-code/`, `/hooks/claudecode`) must not be a 404: Claude Code
  // lets a call through on a non-2xx reply unless the hook says `onFailure: "block"`.
  app.post('*', async (c) => {
    const read = await readBody(c, HOOK_BODY_LIMIT);
    let event: DecisionEvent = 'PreToolUse';
    try {
      if (read.ok && (JSON.parse(read.text) as Record<string, unknown>)?.['hook_event_name'] === 'PermissionRequest') event = 'PermissionRequest';
    } catch {
      // Unreadable: answered as a PreToolUse deny.
    }
    const why = `no hook at ${c.req.path}: toolgate serve's hook URL ends in /hooks/claude-code`;
    return c.json(denyReply(event, why), 200, read.ok || read.drained ? {} : { connection: 'close' });
  });
  return app;
}

function agentOf(body: Record<string, unknown>): AgentRef | undefined {
  const id = str(body['agent_id']);
  const type = str(body['agent_type']);
  if (id === undefined && type === undefined) return undefined;
  return { id: id ?? '', ...(type !== undefined ? { type } : {}) };
}

async function decideEvent(ctx: ServeContext, c: Context, event: DecisionEvent, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const tool = body['tool_name'];
  const input = body['tool_input'];
  if (typeof tool !== 'string' || tool === '' || input === null || typeof input !== 'object' || Array.isArray(input)) {
    return denyReply(event, 'the event has no tool_name / tool_input');
  }
  const cwd = str(body['cwd']);
  if (cwd === undefined || !cwd.startsWith('/')) return denyReply(event, 'the event has no absolute cwd');
  const call: ToolCall = { tool, input: input as Record<string, unknown>, ...(str(body['tool_use_id']) !== undefined ? { id: body['tool_use_id'] as string } : {}) };
  const sessionId = str(body['session_id']);
  const agent = agentOf(body);
  const mode = str(body['permission_mode']);
  const settled = await ctx.decider.decide(call, { cwd, ...(sessionId !== undefined ? { sessionId } : {}), ...(agent !== undefined ? { agent } : {}), ...(mode !== undefined ? { mode } : {}) });
  const r = settled.result;
  if (r.behavior !== 'ask') {
    ctx.audit.write(decisionEntry(event, call, settled, ctx.now()));
    return resultReply(event, call, r);
  }
  if (ctx.askVia === 'prompt') {
    ctx.audit.write(decisionEntry(event, call, settled, ctx.now()));
    return promptReply(event, r.pending.reason.message);
  }
  return hold(ctx, c, event, call, settled as Settled & { result: typeof r });
}

/** Park the ask and hold the request until a person answers, the hold times out (deny) or the client leaves. */
async function hold(ctx: ServeContext, c: Context, event: DecisionEvent, call: ToolCall, settled: Settled & { result: { behavior: 'ask' } }): Promise<Record<string, unknown>> {
  let ask;
  try {
    ask = await ctx.asks.park(settled, event, ctx.holdMs);
  } catch (e) {
    const why = `this call needs a person, but the ask could not be parked (${(e as Error).message})`;
    const denied = { ...settled, decidedBy: 'store' };
    ctx.audit.write({ ...decisionEntry(event, call, denied, ctx.now()), behavior: 'deny', reason: why, reasonKind: 'checkFailed' });
    return denyReply(event, why);
  }
  ctx.audit.write(decisionEntry(event, call, settled, ctx.now(), ask.id));
  const waited = await ctx.asks.wait(ask.id, ctx.holdMs, c.req.raw.signal);
  if (waited.kind === 'aborted' && ctx.closing) return denyReply(event, 'toolgate serve is shutting down');
  if (waited.kind !== 'settled') {
    const why = waited.kind === 'timeout' ? `no answer within ${Math.round(ctx.holdMs / 1000)} s` : 'the hook request was closed before an answer came';
    let expired;
    try {
      expired = await ctx.store.expireAsk(ask.id, ctx.now());
    } catch {
      expired = undefined;
    }
    // An answer may have landed just before the deadline: it wins.
    if (expired !== undefined && !expired.ok && expired.reason === 'answered') return answered(ctx, event, call, expired.ask);
    ctx.audit.write(releaseEntry(event, ask, ctx.now(), { expired: why }));
    return denyReply(event, why);
  }
  if (waited.ask.state === 'expired') return denyReply(event, 'the ask was given up');
  return answered(ctx, event, call, waited.ask);
}

async function answered(ctx: ServeContext, event: DecisionEvent, call: ToolCall, ask: AskRecord): Promise<Record<string, unknown>> {
  const result = await ctx.asks.resolve(ask);
  ctx.audit.write(releaseEntry(event, ask, ctx.now(), { result }));
  return resultReply(event, call, result);
}

async function record(ctx: ServeContext, event: 'PostToolUse' | 'PostToolUseFailure' | 'Stop', body: Record<string, unknown>): Promise<void> {
  const input = body['tool_input'];
  const tool = str(body['tool_name']);
  const sessionId = str(body['session_id']);
  const agent = str(body['agent_id']) ?? str(body['agent_type']);
  const cwd = str(body['cwd']);
  let projectDir: string | undefined;
  if (cwd !== undefined && cwd.startsWith('/')) projectDir = await ctx.projects.rootFor({ cwd, ...(sessionId !== undefined ? { sessionId } : {}) });
  ctx.audit.write({
    at: ctx.now(),
    event,
    ...(sessionId !== undefined ? { sessionId } : {}),
    ...(agent !== undefined ? { agent } : {}),
    ...(projectDir !== undefined ? { projectDir } : {}),
    ...(tool !== undefined ? { tool } : {}),
    ...(input !== null && typeof input === 'object' ? { inputSha256: inputSha256(input), inputRedacted: redactInput(input) } : {}),
    ...(str(body['tool_use_id']) !== undefined ? { detail: `tool_use_id ${body['tool_use_id'] as string}${typeof body['error'] === 'string' ? `: ${body['error'].slice(0, 2000)}` : ''}` } : {}),
  });
}
