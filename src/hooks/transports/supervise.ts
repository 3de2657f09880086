import type { CustomHandler, Env, HookHandler, HookTransport, TransportReply, TransportRequest } from '../types.js';
import type { Deadline, Deadlines } from './deadlines.js';

/** The event input and its JSON, serialised at most once per event and only when a transport asks. */
export class InputJson {
  private json: string | undefined;
  constructor(readonly input: Record<string, unknown>) {}
  get text(): string {
    return (this.json ??= JSON.stringify(this.input));
  }
}

/** What {@link supervise} needs besides the handler. Times in **milliseconds**. */
export interface SuperviseOptions {
  event: string;
  input: InputJson;
  toolUseId: string | undefined;
  timeoutMs: number;
  env: Env;
  cwd: string;
  projectDir: string;
  /** The caller's signal: its abort cancels the run. */
  outer: AbortSignal | undefined;
  deadlines: Deadlines;
}

type State = 'running' | 'timedOut' | 'cancelled' | 'settled';

/**
 * One transport run under its timeout and the caller's signal. Its `AbortSignal` (costly to make in
 * Node) is made only when read, so a callback that never looks at its signal does not pay for one.
 * A signal read after the run ended early is already aborted, with the same reason.
 */
class Supervision implements Deadline {
  readonly at: number;
  prev: Deadline | undefined = undefined;
  next: Deadline | undefined = undefined;
  state: State = 'running';
  resolve: (reply: TransportReply) => void = noop;
  private controller: AbortController | undefined = undefined;
  private reason: unknown = undefined;
  private forward: (() => void) | undefined = undefined;

  constructor(
    timeoutMs: number,
    private readonly deadlines: Deadlines,
    private readonly outer: AbortSignal | undefined,
  ) {
    this.at = performance.now() + Math.max(1, Math.round(timeoutMs));
  }

  get ended(): boolean {
    return this.state === 'timedOut' || this.state === 'cancelled';
  }

  signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.ended) this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  begin(): void {
    this.deadlines.add(this);
    const outer = this.outer;
    if (outer === undefined) return;
    if (outer.aborted) this.cancel(outer.reason);
    else outer.addEventListener('abort', (this.forward = () => this.cancel(outer.reason)), { once: true });
  }

  reply(reply: TransportReply): void {
    if (this.state !== 'running') return;
    this.state = 'settled';
    this.end(reply);
  }

  expire(): void {
    this.stop('timedOut', new DOMException('hook timed out', 'TimeoutError'));
  }

  private cancel(reason: unknown): void {
    this.stop('cancelled', reason);
  }

  private stop(state: 'timedOut' | 'cancelled', reason: unknown): void {
    if (this.state !== 'running') return;
    this.state = state;
    this.reason = reason;
    this.controller?.abort(reason);
    this.end({ status: state });
  }

  private end(reply: TransportReply): void {
    this.deadlines.delete(this);
    if (this.forward !== undefined) this.outer?.removeEventListener('abort', this.forward);
    this.resolve(reply);
  }
}

function noop(): void {}

const lazyTransports = new WeakSet<HookTransport>();

/**
 * Mark a built-in transport that reads `request.signal` and `request.inputJson` only when it needs
 * them and never copies the request: it gets a request whose two are made on first read (prototype
 * getters). Every other transport gets a plain object with both made up front, as always.
 * @internal
 */
export function readsRequestLazily<T extends HookTransport>(transport: T): T {
  lazyTransports.add(transport);
  return transport;
}

/** A request whose `inputJson` and `signal` are made on first read. */
class LazyRequest implements TransportRequest {
  readonly event: string;
  readonly input: Record<string, unknown>;
  declare readonly toolUseId?: string;
  readonly timeoutMs: number;
  readonly env: Env;
  readonly cwd: string;
  readonly projectDir: string;
  readonly #json: InputJson;
  readonly supervision: Supervision;

  constructor(s: Supervision, o: SuperviseOptions) {
    this.event = o.event;
    this.input = o.input.input;
    if (o.toolUseId !== undefined) (this as { toolUseId?: string }).toolUseId = o.toolUseId;
    this.timeoutMs = o.timeoutMs;
    this.env = o.env;
    this.cwd = o.cwd;
    this.projectDir = o.projectDir;
    this.#json = o.input;
    this.supervision = s;
  }

  get inputJson(): string {
    return this.#json.text;
  }

  get signal(): AbortSignal {
    return this.supervision.signal();
  }
}

/** The plain request every other transport gets (fields in their usual order). */
function plainRequest(s: Supervision, o: SuperviseOptions): TransportRequest {
  const { event, toolUseId, timeoutMs, env, cwd, projectDir } = o;
  const input = o.input.input;
  const inputJson = o.input.text;
  const signal = s.signal();
  return toolUseId !== undefined
    ? { event, input, inputJson, toolUseId, signal, timeoutMs, env, cwd, projectDir }
    : { event, input, inputJson, signal, timeoutMs, env, cwd, projectDir };
}

/**
 * Did the run `request` belongs to end by timeout or cancellation? For a lazy request this makes
 * no `AbortSignal`.
 * @internal
 */
export function requestEnded(request: TransportRequest): boolean {
  return request instanceof LazyRequest ? request.supervision.ended : request.signal.aborted;
}

const threw = (e: unknown): TransportReply => ({
  status: 'failed',
  error: `hook transport threw: ${e instanceof Error ? e.message : String(e)}`,
});

async function call(
  s: Supervision,
  transport: HookTransport,
  handler: HookHandler | CustomHandler,
  request: TransportRequest,
): Promise<void> {
  try {
    s.reply(await transport.run(handler, request));
  } catch (e) {
    s.reply(threw(e));
  }
}

/**
 * Run `handler` on `transport` until it replies, its timeout passes (`timedOut`) or `outer` aborts
 * (`cancelled`), whichever comes first; a later reply is ignored. The transport's signal is aborted
 * on timeout (reason: a `TimeoutError` DOMException) or with `outer`'s reason. A transport that
 * throws or rejects is `failed`. Never rejects.
 * @internal
 */
export function supervise(transport: HookTransport, handler: HookHandler | CustomHandler, o: SuperviseOptions): Promise<TransportReply> {
  const s = new Supervision(o.timeoutMs, o.deadlines, o.outer);
  const done = new Promise<TransportReply>((resolve) => {
    s.resolve = resolve;
  });
  s.begin();
  void call(s, transport, handler, lazyTransports.has(transport) ? new LazyRequest(s, o) : plainRequest(s, o));
  return done;
}
