import type { CompiledHandler, TransportReply } from '../types.js';
import type { HandlerVerdict, HookJSONOutput } from './types.js';
import { validateAsyncOutput, validateHookOutput } from './validate.js';

const MISPLACED = ['permissionDecision', 'permissionDecisionReason', 'updatedInput', 'additionalContext'];

/** The reading of a hook's text or value. @public */
export type ParsedHookAnswer =
  | { kind: 'json'; output: HookJSONOutput }
  | { kind: 'async'; timeoutMs?: number }
  | { kind: 'text'; text: string; problems?: string[] }
  | { kind: 'bad'; problems: string[] };

/**
 * Read a text answer (stdout, an HTTP body, MCP tool text) as Claude Code does: text that starts
 * with `{` after whitespace is JSON, anything else is plain text (Claude Code docs, "Hooks reference
 * › Exit code output"). Unlike Claude Code, JSON that does not parse or fails the schema is
 * `malformed` (reported; never an allow) rather than silently plain text.
 * @public
 */
export function parseHookText(event: string, raw: string): ParsedHookAnswer {
  const trimmed = raw.trim();
  if (!trimmed.startsWith('{')) {
    if (trimmed === '') return { kind: 'text', text: '' };
    // A decision printed after a banner is plain text to Claude Code; say so instead of staying silent.
    return raw.includes('"hookSpecificOutput"')
      ? { kind: 'text', text: raw, problems: ['output is not a JSON object (text before "{"), so the hookSpecificOutput in it is ignored'] }
      : { kind: 'text', text: raw };
  }
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch (e) {
    return { kind: 'bad', problems: [`output starts with "{" but is not valid JSON: ${e instanceof Error ? e.message : String(e)}`] };
  }
  return parseHookValue(event, value);
}

/** Read a structured answer (a callback's return value, parsed JSON). @public */
export function parseHookValue(event: string, value: unknown): ParsedHookAnswer {
  if (value === undefined || value === null) return { kind: 'json', output: {} };
  // `{}` (the usual "no objection") is valid for every event: skip the schema and key checks.
  if (isEmptyPlainObject(value)) return { kind: 'json', output: value as HookJSONOutput };
  if (typeof value === 'object' && !Array.isArray(value) && (value as { async?: unknown }).async === true) {
    const problems = validateAsyncOutput(value);
    if (problems.length > 0) return { kind: 'bad', problems };
    const t = (value as { asyncTimeout?: number }).asyncTimeout;
    return t !== undefined ? { kind: 'async', timeoutMs: t } : { kind: 'async' };
  }
  const problems = validateHookOutput(event, value);
  if (problems.length > 0) return { kind: 'bad', problems };
  const output = value as HookJSONOutput;
  const stray = MISPLACED.filter((k) => k in output);
  if (stray.length > 0)
    return {
      kind: 'bad',
      problems: stray.map((k) => `"${k}" must be inside hookSpecificOutput; at the top level it is not a decision`),
    };
  return { kind: 'json', output };
}

/** An object with `Object.prototype` as prototype and no own or inherited enumerable key, and no own key at all. */
function isEmptyPlainObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const _ in value) return false;
  return Object.getOwnPropertyNames(value).length === 0 && Object.getOwnPropertySymbols(value).length === 0;
}

function firstLine(s: string): string {
  return s.trim().split('\n')[0] ?? '';
}

/**
 * Turn a transport's reply into a verdict (Claude Code docs, "Hooks reference › Exit code output";
 * toolgate spec, "What a hook returns"):
 * - exit 0: JSON answer or plain text; JSON problems make it `malformed`.
 * - exit 2: `blocked`; the reason is the JSON's `reason` / `permissionDecisionReason`, else stderr.
 * - any other exit or a signal: `error` (its JSON is not read), `failClosed` with `onFailure: "block"`.
 * - http: 2xx empty = success, 2xx JSON = parsed, 2xx other text = error; non-2xx = error (never blocks).
 * - prompt / agent: `ok: false` becomes the event's blocking answer (see {@link verdictFromJudgement}).
 * @public
 */
export function interpretReply(event: string, handler: CompiledHandler, reply: TransportReply): HandlerVerdict {
  switch (reply.status) {
    case 'exited': {
      const extra = reply.droppedBytes ? [`${reply.droppedBytes} bytes of output beyond the capture limit were dropped`] : [];
      if (reply.exitCode === 0) return fromParsed(handler, parseHookText(event, reply.stdout), extra);
      if (reply.exitCode === 2) {
        const p = parseHookText(event, reply.stdout);
        const output = p.kind === 'json' ? p.output : undefined;
        const reason = output?.reason ?? output?.hookSpecificOutput?.permissionDecisionReason ?? reply.stderr.trim();
        return {
          status: 'blocked',
          ...(output !== undefined ? { output } : {}),
          message: reason !== '' ? reason : 'blocked by hook (exit 2)',
          problems: p.kind === 'bad' ? [...p.problems, ...extra] : extra,
          failClosed: false,
        };
      }
      const how = reply.exitCode === null ? `killed by ${reply.signal ?? 'a signal'}` : `exited with ${reply.exitCode}`;
      const line = firstLine(reply.stderr);
      return fail(handler, 'error', line !== '' ? `hook ${how}: ${line}` : `hook ${how}`, extra);
    }
    case 'responded': {
      if (reply.httpStatus < 200 || reply.httpStatus > 299) return fail(handler, 'error', `HTTP ${reply.httpStatus}`);
      const p = parseHookText(event, reply.body);
      if (p.kind === 'text' && p.text.trim() !== '') return fail(handler, 'error', 'HTTP 2xx response body is not JSON');
      return fromParsed(handler, p);
    }
    case 'returned':
      return fromParsed(handler, parseHookValue(event, reply.value));
    case 'text':
      if (reply.isError) return fail(handler, 'error', `MCP tool error: ${firstLine(reply.text)}`);
      return fromParsed(handler, parseHookText(event, reply.text));
    case 'judged':
      return verdictFromJudgement(event, handler, reply);
    case 'timedOut':
      return fail(handler, 'timedOut', `hook did not respond within its timeout`);
    case 'cancelled':
      return fail(handler, 'cancelled', 'hook was cancelled');
    case 'failed':
      return fail(handler, 'error', reply.error);
  }
}

function fail(
  handler: CompiledHandler,
  status: 'error' | 'timedOut' | 'cancelled' | 'malformed',
  message: string,
  problems: string[] = [],
): HandlerVerdict {
  return { status, message, problems, failClosed: handler.handler.onFailure === 'block' && status !== 'cancelled' };
}

function fromParsed(handler: CompiledHandler, p: ParsedHookAnswer, extra: string[] = []): HandlerVerdict {
  switch (p.kind) {
    case 'json':
      return { status: 'success', output: p.output, problems: extra, failClosed: false };
    case 'text':
      return {
        status: 'success',
        ...(p.text !== '' ? { text: p.text } : {}),
        problems: [...(p.problems ?? []), ...extra],
        failClosed: false,
      };
    case 'async':
      return { status: 'async', problems: extra, failClosed: false, ...(p.timeoutMs !== undefined ? { asyncTimeoutMs: p.timeoutMs } : {}) };
    case 'bad':
      return fail(handler, 'malformed', `hook output could not be read: ${p.problems[0] ?? ''}`, [...p.problems, ...extra]);
  }
}

/**
 * Map a prompt / agent verdict to the event's answer (Claude Code docs, "Prompt-based hooks"):
 * `ok: true` is no objection; `ok: false` is a deny on PreToolUse, a deny on PermissionRequest, a
 * block on Stop / SubagentStop (unless `impossible`), a block on UserPromptSubmit,
 * UserPromptExpansion and PostToolBatch, and on PostToolUse(Failure) a block that also ends the
 * turn unless `continueOnBlock` (always continues for `agent`).
 * @public
 */
export function verdictFromJudgement(
  event: string,
  handler: CompiledHandler,
  j: { ok: boolean; reason?: string; impossible?: boolean },
): HandlerVerdict {
  const ok = (output: HookJSONOutput): HandlerVerdict => ({ status: 'success', output, problems: [], failClosed: false });
  if (j.ok) return ok({});
  const reason = j.reason ?? 'condition not met';
  const h = handler.handler as { type: string; continueOnBlock?: boolean };
  switch (event) {
    case 'PreToolUse':
      return ok({ hookSpecificOutput: { hookEventName: event, permissionDecision: 'deny', permissionDecisionReason: reason } });
    case 'PermissionRequest':
      return ok({ hookSpecificOutput: { hookEventName: event, decision: { behavior: 'deny', message: reason } } });
    case 'Stop':
    case 'SubagentStop':
      return j.impossible === true ? ok({ systemMessage: reason }) : ok({ decision: 'block', reason });
    case 'PostToolUse':
    case 'PostToolUseFailure':
      return h.continueOnBlock === true || h.type === 'agent'
        ? ok({ decision: 'block', reason })
        : ok({ decision: 'block', reason, continue: false, stopReason: reason });
    case 'UserPromptSubmit':
    case 'UserPromptExpansion':
    case 'PostToolBatch':
      return ok({ decision: 'block', reason });
    default:
      return ok({ systemMessage: reason });
  }
}
