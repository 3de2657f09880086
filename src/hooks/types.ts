/**
 * Shapes shared by hook configuration, transports, output parsing and combination.
 * @packageDocumentation
 */
import type { SettingsSource } from '../core/types.js';

/** What a handler does when it fails (start failure, timeout, unexpected exit). Claude Code docs, "Hooks reference › onFailure". @public */
export type OnFailure = 'continue' | 'block';

/** Fields every handler type accepts. All durations in **seconds**. @public */
export interface HandlerCommon {
  /** A permission rule (`Bash(git *)`) the tool call must also match. Tool-call events only. */
  if?: string;
  /** Timeout in **seconds**; default per type and event ({@link defaultTimeoutSeconds}). */
  timeout?: number;
  statusMessage?: string;
  /** Run at most once per dispatcher (toolgate spec: honoured from every source). */
  once?: boolean;
  onFailure?: OnFailure;
}

/** `type: "command"`: a shell command (`sh -c`) or an argument vector without a shell. @public */
export interface CommandHandler extends HandlerCommon {
  type: 'command';
  command: string;
  /** Exec form: `args[0]` is run with these arguments, no shell. */
  args?: string[];
  /** Run in the background; the result comes back through `onAsyncResult`. */
  async?: boolean;
  /** Like `async`; an exit 2 asks the host to wake the model with its output. */
  asyncRewake?: boolean;
  shell?: string;
}

/** `type: "http"`: POST the event JSON to `url`. @public */
export interface HttpHandler extends HandlerCommon {
  type: 'http';
  url: string;
  /** Header values may hold `$VAR` / `${VAR}`, filled only for names in `allowedEnvVars`. */
  headers?: Record<string, string>;
  allowedEnvVars?: string[];
}

/** `type: "prompt"` / `"agent"`: the host's model judges the condition. @public */
export interface ModelHandler extends HandlerCommon {
  type: 'prompt' | 'agent';
  /** `$ARGUMENTS` is replaced by the event JSON (appended when absent). */
  prompt: string;
  model?: string;
  continueOnBlock?: boolean;
}

/** `type: "mcp_tool"`: call a tool of an MCP server through the host's client. @public */
export interface McpToolHandler extends HandlerCommon {
  type: 'mcp_tool';
  server: string;
  tool: string;
  /** String values may hold `${tool_input.file_path}`-style references into the event input. */
  input?: Record<string, unknown>;
}

/** Options the Agent SDK passes a hook callback. @public */
export interface HookCallbackOptions {
  signal: AbortSignal;
}

/** An in-process hook with the Agent SDK's shape (`HookCallback`). @public */
export type HookCallback = (
  input: Record<string, unknown>,
  toolUseID: string | undefined,
  options: HookCallbackOptions,
) => Promise<unknown>;

/** `type: "callback"`: an in-process function (Agent SDK `options.hooks`). @public */
export interface CallbackHandler extends HandlerCommon {
  type: 'callback';
  callback: HookCallback;
}

/** A handler of a type toolgate does not know itself; a host transport registered for `type` runs it. @public */
export interface CustomHandler extends HandlerCommon {
  type: string;
  [key: string]: unknown;
}

/** Every handler shape. @public */
export type HookHandler = CommandHandler | HttpHandler | ModelHandler | McpToolHandler | CallbackHandler;

/** Where a compiled handler came from. @public */
export interface HandlerOrigin {
  source: SettingsSource;
  /** Plugin name, for handlers from a plugin's `hooks/hooks.json`. */
  plugin?: string;
  /** Position: index of the matcher group in the event's list, and of the handler in the group. */
  group: number;
  index: number;
}

/** A compiled matcher: `all`, an exact name list, a linear-time regex, or a broken one. @public */
export type CompiledMatcher =
  | { kind: 'all'; text: string }
  | { kind: 'names'; text: string; names: readonly string[] }
  | { kind: 'regex'; text: string; test: (subject: string) => boolean }
  /** The regex engine rejected it; on events that can block the handler runs for every subject. */
  | { kind: 'invalid'; text: string; error: string };

/** A handler ready to run. @public */
export interface CompiledHandler {
  /** Stable id within the registry, e.g. `PreToolUse#0.1`. */
  id: string;
  event: string;
  matcher: CompiledMatcher;
  handler: HookHandler | CustomHandler;
  origin: HandlerOrigin;
  /** Dedupe key: identical handlers (same key) run once per event. */
  key: string;
  /** Human label for traces: the command, url, tool... */
  label: string;
}

/** Compiled hooks, by event (config order kept). @public */
export interface HookRegistry {
  readonly events: ReadonlyMap<string, readonly CompiledHandler[]>;
}

/** Environment variables, as strings. @public */
export type Env = Record<string, string | undefined>;

/** What the dispatcher hands a transport for one run. @public */
export interface TransportRequest {
  event: string;
  /** The event input object. */
  input: Record<string, unknown>;
  /** `input` as JSON (what goes on stdin / in the POST body). */
  inputJson: string;
  toolUseId?: string;
  /** Aborted on timeout or when the caller cancels. */
  signal: AbortSignal;
  /** The handler's timeout, in **milliseconds** (already resolved from seconds). */
  timeoutMs: number;
  /** Environment for the handler (already has `CLAUDE_PROJECT_DIR` and the dialect's variable). */
  env: Env;
  cwd: string;
  projectDir: string;
}

/**
 * What a transport reports. A transport never throws for an expected failure: it returns `failed`.
 * @public
 */
export type TransportReply =
  /** A process ran and ended (command). `exitCode` null when killed by `signal`. */
  | {
      status: 'exited';
      exitCode: number | null;
      signal: string | null;
      stdout: string;
      stderr: string;
      /** Bytes dropped beyond the capture cap. */
      droppedBytes?: number;
    }
  /** An HTTP response arrived (http). */
  | { status: 'responded'; httpStatus: number; body: string }
  /** A function returned a value (callback). */
  | { status: 'returned'; value: unknown }
  /** An MCP tool returned text (mcp_tool). */
  | { status: 'text'; text: string; isError: boolean }
  /** A model judged the condition (prompt / agent). */
  | { status: 'judged'; ok: boolean; reason?: string; impossible?: boolean }
  | { status: 'timedOut' }
  | { status: 'cancelled' }
  /** Could not start, threw, connection error... */
  | { status: 'failed'; error: string };

/** A transport: runs one handler type. Register with {@link registerTransport}. @public */
export interface HookTransport {
  run(handler: HookHandler | CustomHandler, request: TransportRequest): Promise<TransportReply>;
}
