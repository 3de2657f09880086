import type { Clock, FileSystem } from '../core/ports.js';
import type { SettingsSource, ToolCall } from '../core/types.js';
import { combineHookResults, type HookAnswerFor } from './combine/index.js';
import { matcherSelects } from './config/matcher.js';
import { defaultTimeoutSeconds } from './config/timeouts.js';
import { hookEventInfo } from './events.js';
import { hookInputCommon, withCommonFields, type HookInputBase } from './input/build.js';
import type { BaseHookInput, HookInput, HookInputFields } from './input/types.js';
import { interpretReply } from './output/interpret.js';
import { MAX_HOOK_TEXT_CHARS, spillLongText } from './output/spill.js';
import type { HandlerVerdict, HookJSONOutput } from './output/types.js';
import type { HookMcpCallTool, HookModelFunction } from './transports/in-process.js';
import { createDeadlines } from './transports/deadlines.js';
import { createTransports, type TransportRegistry } from './transports/registry.js';
import { InputJson, supervise } from './transports/supervise.js';
import type { CommandHandler, CompiledHandler, Env, HookRegistry, TransportReply } from './types.js';

/**
 * Does a tool call match a permission rule (for a handler's `if`)? `'unknown'` when it cannot be
 * told (an unparseable command): the handler then runs (Claude Code docs, "Hooks reference › if").
 * @public
 */
export type MatchesIf = (rule: string, call: ToolCall) => boolean | 'unknown';

/** One handler's run, for traces. @public */
export interface HookHandlerOutcome extends HandlerVerdict {
  /** Registry id, e.g. `PreToolUse#0.1`. */
  id: string;
  event: string;
  type: string;
  /** The command, url, tool... */
  label: string;
  source: SettingsSource;
  plugin?: string;
  matcher: string;
  /** True when it ran only because its matcher is invalid (it may refuse, never approve). */
  fallback: boolean;
  /** The timeout that applied, in **seconds**. */
  timeoutSeconds: number;
  durationMs: number;
  exitCode?: number | null;
  signal?: string | null;
  httpStatus?: number;
  /** Captured stderr of a command hook (up to the capture limit). */
  stderr?: string;
  /** Files long texts were spilled to. */
  spilled?: string[];
}

/** A handler that matched but did not run, and why. @public */
export interface SkippedHandler {
  id: string;
  why: 'duplicate' | 'once' | 'if' | 'ifOnEventWithoutToolCall';
  detail?: string;
}

/** What {@link HookDispatcher.run} returns. @public */
export interface HookRunResult<E extends string = string> {
  event: E;
  input: HookInput<E>;
  /** Every handler that ran, in configuration order. */
  outcomes: HookHandlerOutcome[];
  skipped: SkippedHandler[];
  /** The event's combined answer (typed by event, e.g. `PreToolUseAnswer` for `PreToolUse`). */
  answer: HookAnswerFor<E>;
}

/** Delivered for `async` / `asyncRewake` command hooks when they finish. @public */
export interface AsyncHookResult {
  event: string;
  outcome: HookHandlerOutcome;
  /** `asyncRewake` and exit 2: wake the model with `message` (stderr, or stdout when empty). */
  rewake: boolean;
  message?: string;
  additionalContext?: string;
  systemMessage?: string;
}

/** Options of {@link createHookDispatcher}. @public */
export interface HookDispatcherOptions {
  registry: HookRegistry;
  /** Default: {@link createTransports} with `model` and `callTool`. */
  transports?: TransportRegistry;
  model?: HookModelFunction;
  callTool?: HookMcpCallTool;
  /** Where long texts are spilled (with `spillDir`). */
  fs?: FileSystem;
  /** Absolute directory for spilled texts. */
  spillDir?: string;
  /** Extra environment for handlers (a command hook also inherits its transport's base env). */
  env?: Env;
  /** Absolute project root: `CLAUDE_PROJECT_DIR` (and `projectDirEnvVar`). */
  projectDir: string;
  /** Working directory handlers run in and the input's `cwd`. */
  cwd: string;
  sessionId: string;
  transcriptPath?: string;
  permissionMode?: string;
  /** The dialect's own project variable, e.g. `NOETA_PROJECT_DIR`, set besides `CLAUDE_PROJECT_DIR`. */
  projectDirEnvVar?: string;
  /** Rule matcher for `if`. Without one every `if` counts as `'unknown'`: the handler runs. */
  matchesIf?: MatchesIf;
  onAsyncResult?: (result: AsyncHookResult) => void;
  clock?: Clock;
}

/** Per-run options. @public */
export interface HookRunOptions {
  signal?: AbortSignal;
  /** The tool call `if` rules are checked against; default built from `tool_name` / `tool_input`. */
  toolCall?: ToolCall;
  /** Matcher subject; default the event's subject field of the input. */
  subject?: string;
  /** Stop / SubagentStop: continuations already made in a row. */
  consecutiveContinuations?: number;
  /** Overrides for the input's common fields (e.g. `permission_mode`, `agent_id`). */
  base?: Partial<HookInputBase>;
}

/** Runs hooks for events. @public */
export interface HookDispatcher {
  run<E extends string>(event: E, fields: HookInputFields<E>, options?: HookRunOptions): Promise<HookRunResult<E>>;
}

const realClock: Clock = { now: () => Date.now() };

/**
 * Create a dispatcher (toolgate spec, "Hooks"): for an event it selects the handlers whose matcher
 * selects the subject and whose `if` matches the tool call, drops duplicates and spent `once`
 * handlers, runs the rest **in parallel** with their timeouts, interprets each reply and combines
 * the answers with the event's combiner. Never throws for a handler's failure.
 * @public
 */
export function createHookDispatcher(options: HookDispatcherOptions): HookDispatcher {
  const transports =
    options.transports ??
    createTransports({
      ...(options.model !== undefined ? { model: options.model } : {}),
      ...(options.callTool !== undefined ? { callTool: options.callTool } : {}),
    });
  const clock = options.clock ?? realClock;
  const spent = new Set<string>();
  const env: Env = {
    ...options.env,
    CLAUDE_PROJECT_DIR: options.projectDir,
    ...(options.projectDirEnvVar !== undefined ? { [options.projectDirEnvVar]: options.projectDir } : {}),
  };
  const deadlines = createDeadlines();
  const sessionBase: HookInputBase = {
    session_id: options.sessionId,
    cwd: options.cwd,
    ...(options.transcriptPath !== undefined ? { transcript_path: options.transcriptPath } : {}),
    ...(options.permissionMode !== undefined ? { permission_mode: options.permissionMode } : {}),
  };
  // The common input fields depend only on the event when a run brings no `base` of its own.
  const commonByEvent = new Map<string, BaseHookInput>();
  const commonFor = (event: string): BaseHookInput => {
    let common = commonByEvent.get(event);
    if (common === undefined) commonByEvent.set(event, (common = hookInputCommon(event, sessionBase)));
    return common;
  };

  // A host that passes the same `base` values run after run (say, the permission mode) gets the
  // same common fields back: one remembered entry, compared key by key.
  const lastBase: unknown[] = [];
  let lastBaseEvent: string | undefined;
  let lastBaseCommon: BaseHookInput | undefined;
  const commonWithBase = (event: string, over: Partial<HookInputBase>): BaseHookInput => {
    let same = event === lastBaseEvent && lastBaseCommon !== undefined;
    for (let i = 0; i < BASE_KEYS.length; i++) {
      const k = BASE_KEYS[i]!;
      const v = isOwnEnumerable(over, k) ? over[k] : sessionBase[k];
      if (lastBase[i] !== v || !(i in lastBase)) same = false;
      lastBase[i] = v;
    }
    if (same && lastBaseCommon !== undefined) return lastBaseCommon;
    // What `{ ...sessionBase, ...over }` holds for the keys the input reads.
    const merged: Record<string, unknown> = {};
    for (let i = 0; i < BASE_KEYS.length; i++) if (lastBase[i] !== undefined) merged[BASE_KEYS[i]!] = lastBase[i];
    lastBaseEvent = event;
    return (lastBaseCommon = hookInputCommon(event, merged as unknown as HookInputBase));
  };

  async function run<E extends string>(event: E, fields: HookInputFields<E>, runOptions: HookRunOptions = {}): Promise<HookRunResult<E>> {
    const input =
      runOptions.base === undefined
        ? withCommonFields(fields, commonFor(event))
        : withCommonFields(fields, commonWithBase(event, runOptions.base));
    const record = input as unknown as Record<string, unknown>;
    const info = hookEventInfo(event);
    const subject =
      runOptions.subject ??
      (info.subject !== undefined ? (typeof record[info.subject] === 'string' ? (record[info.subject] as string) : '') : undefined);
    // Built only when a handler has an `if` to check.
    let toolCall: ToolCall | undefined | null = runOptions.toolCall ?? null;

    const skipped: SkippedHandler[] = [];
    const chosen: { h: CompiledHandler; fallback: boolean }[] = [];
    // Duplicate check: a Set only once a second handler is chosen.
    let firstKey: string | undefined;
    let seen: Set<string> | undefined;
    for (const h of options.registry.events.get(event) ?? []) {
      if (!matcherSelects(h.matcher, subject, info.canBlock)) continue;
      const rule = h.handler.if;
      if (rule !== undefined) {
        if (toolCall === null) toolCall = toolCallOf(record);
        if (!info.toolCall || toolCall === undefined) {
          skipped.push({ id: h.id, why: 'ifOnEventWithoutToolCall' });
          continue;
        }
        let m: boolean | 'unknown' = 'unknown';
        try {
          m = options.matchesIf?.(rule, toolCall) ?? 'unknown';
        } catch {
          m = 'unknown';
        }
        if (m === false) {
          skipped.push({ id: h.id, why: 'if', detail: rule });
          continue;
        }
      }
      if (firstKey === undefined) firstKey = h.key;
      else {
        seen ??= new Set([firstKey]);
        if (seen.has(h.key)) {
          skipped.push({ id: h.id, why: 'duplicate' });
          continue;
        }
        seen.add(h.key);
      }
      if (h.handler.once === true) {
        if (spent.has(h.key)) {
          skipped.push({ id: h.id, why: 'once' });
          continue;
        }
        spent.add(h.key);
      }
      chosen.push({ h, fallback: h.matcher.kind === 'invalid' && subject !== undefined });
    }

    const ctx: RunContext = {
      event,
      json: new InputJson(record),
      toolUseId: typeof record['tool_use_id'] === 'string' ? (record['tool_use_id'] as string) : runOptions.toolCall?.id,
      signal: runOptions.signal,
    };
    const only = chosen.length === 1 ? chosen[0] : undefined;
    const outcomes =
      only !== undefined ? [await start(ctx, only.h, only.fallback)] : await Promise.all(chosen.map((c) => start(ctx, c.h, c.fallback)));
    const answer = combineHookResults(
      event,
      outcomes,
      runOptions.consecutiveContinuations !== undefined ? { consecutiveContinuations: runOptions.consecutiveContinuations } : {},
    );
    return { event, input, outcomes, skipped, answer };
  }

  function start(ctx: RunContext, h: CompiledHandler, fallback: boolean): Promise<HookHandlerOutcome> | HookHandlerOutcome {
    const isAsync =
      h.handler.type === 'command' && ((h.handler as CommandHandler).async === true || (h.handler as CommandHandler).asyncRewake === true);
    if (!isAsync) return runOne(ctx, h, fallback);
    void runOne({ ...ctx, signal: undefined }, h, fallback).then((outcome) => deliverAsync(ctx.event, h, outcome));
    return outcomeOf(ctx.event, h, fallback, timeoutOf(h, ctx.event), { status: 'async', problems: [], failClosed: false }, 0, undefined);
  }

  async function runOne(ctx: RunContext, h: CompiledHandler, fallback: boolean): Promise<HookHandlerOutcome> {
    const event = ctx.event;
    const timeoutSeconds = timeoutOf(h, event);
    const started = clock.now();
    const transport = transports.get(h.handler.type);
    const reply: TransportReply =
      transport !== undefined
        ? await supervise(transport, h.handler, {
            event,
            input: ctx.json,
            toolUseId: ctx.toolUseId,
            timeoutMs: timeoutSeconds * 1000,
            env,
            cwd: options.cwd,
            projectDir: options.projectDir,
            outer: ctx.signal,
            deadlines,
          })
        : ctx.signal?.aborted === true
          ? { status: 'cancelled' }
          : { status: 'failed', error: `no transport is registered for hook type "${h.handler.type}"` };

    const verdict = interpretReply(event, h, reply);
    if (verdict.status === 'timedOut') verdict.message = `hook did not respond within ${timeoutSeconds} s`;
    const outcome = outcomeOf(event, h, fallback, timeoutSeconds, verdict, clock.now() - started, reply);
    if (hasLongText(outcome)) await spillOutcome(outcome);
    return outcome;
  }

  async function spillOutcome(o: HookHandlerOutcome): Promise<void> {
    const spilled: string[] = [];
    let n = 0;
    const spill = async (text: string) => {
      const r = await spillLongText(text, {
        ...(options.fs !== undefined ? { fs: options.fs } : {}),
        ...(options.spillDir !== undefined ? { dir: options.spillDir } : {}),
        name: `${options.sessionId}-${o.id}-${clock.now()}-${n++}`,
      });
      if (r.spilledTo !== undefined) spilled.push(r.spilledTo);
      return r.text;
    };
    if (o.text !== undefined) o.text = await spill(o.text);
    if (o.message !== undefined) o.message = await spill(o.message);
    if (o.output !== undefined) {
      const out: HookJSONOutput = { ...o.output };
      if (typeof out.systemMessage === 'string') out.systemMessage = await spill(out.systemMessage);
      if (typeof out.reason === 'string') out.reason = await spill(out.reason);
      if (out.hookSpecificOutput !== undefined) {
        const hso = { ...out.hookSpecificOutput };
        if (typeof hso.additionalContext === 'string') hso.additionalContext = await spill(hso.additionalContext);
        out.hookSpecificOutput = hso;
      }
      o.output = out;
    }
    if (spilled.length > 0) o.spilled = spilled;
  }

  function deliverAsync(event: string, h: CompiledHandler, outcome: HookHandlerOutcome): void {
    if (options.onAsyncResult === undefined) return;
    const rewake = (h.handler as Record<string, unknown>)['asyncRewake'] === true && outcome.status === 'blocked';
    const stdoutText = outcome.text ?? '';
    const ctx = outcome.output?.hookSpecificOutput?.additionalContext;
    const sys = outcome.output?.systemMessage;
    try {
      options.onAsyncResult({
        event,
        outcome,
        rewake,
        ...(rewake ? { message: (outcome.stderr ?? '').trim() !== '' ? (outcome.stderr ?? '').trim() : stdoutText } : {}),
        ...(typeof ctx === 'string' ? { additionalContext: ctx } : {}),
        ...(typeof sys === 'string' ? { systemMessage: sys } : {}),
      });
    } catch {
      // a host callback's failure must not surface as an unhandled rejection
    }
  }

  return { run };
}

/** The {@link HookInputBase} keys that make an input's common fields. */
const BASE_KEYS = ['session_id', 'transcript_path', 'cwd', 'permission_mode', 'prompt_id', 'agent_id', 'agent_type', 'effort'] as const;

function isOwnEnumerable(o: object, k: string): boolean {
  return Object.prototype.propertyIsEnumerable.call(o, k);
}

/** What one run of {@link createHookDispatcher}'s `run` shares between its handlers. */
interface RunContext {
  event: string;
  json: InputJson;
  toolUseId: string | undefined;
  signal: AbortSignal | undefined;
}

function timeoutOf(h: CompiledHandler, event: string): number {
  return h.handler.timeout ?? defaultTimeoutSeconds(h.handler.type, event);
}

/** The trace record of one handler, keys in a fixed order (handler facts, verdict, timings, process facts). */
function outcomeOf(
  event: string,
  h: CompiledHandler,
  fallback: boolean,
  timeoutSeconds: number,
  verdict: HandlerVerdict,
  durationMs: number,
  reply: TransportReply | undefined,
): HookHandlerOutcome {
  const { id, label } = h;
  const type = h.handler.type;
  const { source, plugin } = h.origin;
  const matcher = h.matcher.text;
  const o: HookHandlerOutcome =
    plugin !== undefined
      ? { id, event, type, label, source, plugin, matcher, fallback, timeoutSeconds, ...verdict, durationMs }
      : { id, event, type, label, source, matcher, fallback, timeoutSeconds, ...verdict, durationMs };
  if (reply?.status === 'exited') {
    o.exitCode = reply.exitCode;
    o.signal = reply.signal;
    if (reply.stderr !== '') o.stderr = reply.stderr;
  } else if (reply?.status === 'responded') o.httpStatus = reply.httpStatus;
  return o;
}

const long = (t: unknown) => typeof t === 'string' && t.length > MAX_HOOK_TEXT_CHARS;

function hasLongText(o: HookHandlerOutcome): boolean {
  return (
    long(o.text) ||
    long(o.message) ||
    long(o.output?.systemMessage) ||
    long(o.output?.reason) ||
    long(o.output?.hookSpecificOutput?.additionalContext)
  );
}

function toolCallOf(input: Record<string, unknown>): ToolCall | undefined {
  const tool = input['tool_name'];
  if (typeof tool !== 'string') return undefined;
  const ti = input['tool_input'];
  const id = input['tool_use_id'];
  return {
    tool,
    input: ti !== null && typeof ti === 'object' && !Array.isArray(ti) ? (ti as Record<string, unknown>) : {},
    ...(typeof id === 'string' ? { id } : {}),
  };
}
