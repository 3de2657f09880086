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
 * One transport run under its timeout and the caller's signal. It is the transport's request: the
 * `AbortSignal` (costly to make in Node) and the input JSON are made only when the transport reads
 * them, so a callback that never looks at its signal costs neither. A signal read after the run
 * ended early is already aborted, with the same reason.
 */
class SupervisedRun implements TransportRequest, Deadline {
  readonly event: string;
  readonly input: Record<string, unknown>;
  declare readonly toolUseId?: string;
  readonly timeoutMs: number;
  readonly env: Env;
  readonly cwd: string;
  readonly projectDir: string;
  readonly at: number;
  state: State = 'running';
  private controller: AbortController | undefined;
  private reason: unknown;
  private readonly json: InputJson;
  private settle: (reply: TransportReply) => void = () => {};

  constructor(o: SuperviseOptions) {
    this.event = o.event;
    this.input = o.input.input;
    if (o.toolUseId !== undefined) (this as { toolUseId?: string }).toolUseId = o.toolUseId;
    this.timeoutMs = o.timeoutMs;
    this.env = o.env;
    this.cwd = o.cwd;
    this.projectDir = o.projectDir;
    this.json = o.input;
    this.at = performance.now() + Math.max(1, Math.round(o.timeoutMs));
  }

  get inputJson(): string {
    return this.json.text;
  }

  get signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.state === 'timedOut' || this.state === 'cancelled') this.controller.abort(this.reason);
    }
    return this.controller.signal;
  }

  /** Did the run end by timeout or cancellation? (Reads no signal.) */
  get ended(): boolean {
    return this.state === 'timedOut' || this.state === 'cancelled';
  }

  start(resolve: (reply: TransportReply) => void): void {
    this.settle = resolve;
  }

  reply(reply: TransportReply): void {
    if (this.state !== 'running') return;
    this.state = 'settled';
    this.settle(reply);
  }

  expire(): void {
    this.stop('timedOut', new DOMException('hook timed out', 'TimeoutError'));
  }

  cancel(reason: unknown): void {
    this.stop('cancelled', reason);
  }

  private stop(state: 'timedOut' | 'cancelled', reason: unknown): void {
    if (this.state !== 'running') return;
    this.state = state;
    this.reason = reason;
    this.controller?.abort(reason);
    this.settle({ status: state });
  }
}

/**
 * Did the run `request` belongs to end by timeout or cancellation? For toolgate's own requests this
 * reads no `AbortSignal` (making one is what a fast callback should not pay for).
 * @internal
 */
export function requestEnded(request: TransportRequest): boolean {
  return request instanceof SupervisedRun ? request.ended : request.signal.aborted;
}

const threw = (e: unknown): TransportReply => ({
  status: 'failed',
  error: `hook transport threw: ${e instanceof Error ? e.message : String(e)}`,
});

/**
 * Run `handler` on `transport` until it replies, its timeout passes (`timedOut`) or `outer` aborts
 * (`cancelled`), whichever comes first; a later reply is ignored. The transport's signal is aborted
 * on timeout (reason: a `TimeoutError` DOMException) or with `outer`'s reason. A transport that
 * throws or rejects is `failed`. Never rejects.
 * @internal
 */
export function supervise(transport: HookTransport, handler: HookHandler | CustomHandler, o: SuperviseOptions): Promise<TransportReply> {
  const run = new SupervisedRun(o);
  const { outer, deadlines } = o;
  return new Promise<TransportReply>((resolve) => {
    const forward = outer !== undefined ? () => run.cancel(outer.reason) : undefined;
    run.start((reply) => {
      deadlines.delete(run);
      if (forward !== undefined) outer?.removeEventListener('abort', forward);
      resolve(reply);
    });
    deadlines.add(run);
    if (outer !== undefined && forward !== undefined) {
      if (outer.aborted) forward();
      else outer.addEventListener('abort', forward, { once: true });
    }
    let pending: Promise<TransportReply>;
    try {
      pending = Promise.resolve(transport.run(handler, run));
    } catch (e) {
      pending = Promise.resolve(threw(e));
    }
    pending.then(
      (reply) => run.reply(reply),
      (e: unknown) => run.reply(threw(e)),
    );
  });
}
