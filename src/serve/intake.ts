import type { Context, MiddlewareHandler } from 'hono';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Auth } from './auth.js';
import { denyReply } from './replies.js';

/**
 * How much traffic without a token serve takes at once, and for how long. A request carrying the
 * token or the hook token is never held to these: it is never refused for load, and its body may
 * take as long as it takes. Holding a reply while a person answers is not receiving: no limit
 * here cuts a held request.
 * @public
 */
export interface IntakeLimits {
  /** Milliseconds a request without a token may take to send its body. Default 10 000. */
  receiveMs?: number;
  /** Requests without a token whose bodies are being received at once; more are refused. Default 32. */
  maxReceiving?: number;
  /**
   * Open connections that have carried no token; past this the oldest one that is idle or still
   * sending its request is closed. Connections whose request is held for an answer are kept, and
   * so is a connection in its first second (it may not have sent its token yet).
   * Default 256 (serve's file descriptors stay free for traffic with a token).
   */
  maxConnections?: number;
}

/** What {@link createIntake} needs. */
export interface IntakeOptions extends IntakeLimits {
  auth: Pick<Auth, 'check'>;
  log(line: string): void;
}

/** The door of the HTTP server: which requests carry a token, and the limits for those that do not. */
export interface Intake {
  /** Hono middleware, mounted before every route: marks token traffic, limits the rest. */
  readonly middleware: MiddlewareHandler;
  /** Watch the server's connections (the connection cap). */
  attach(server: Server): void;
}

interface Conn {
  trusted: boolean;
  /** When the connection was accepted (milliseconds since the epoch). */
  since: number;
  /** The request being served on the connection, until its reply ends. */
  current: IncomingMessage | undefined;
}

/** How long a new connection has to present its token before the connection cap may close it. */
const GRACE_MS = 1000;

/** Set on a request the intake cut (and logged): its route need not log it again. */
const DROPPED = Symbol('toolgate.dropped');

/** Whether the intake cut this request's connection (it logged why). */
export function droppedByIntake(c: Context): boolean {
  const incoming = (c.env as { incoming?: IncomingMessage & { [DROPPED]?: true } } | undefined)?.incoming;
  return incoming?.[DROPPED] === true;
}

/** A short name for a request's peer, for log lines. */
const peer = (s: Socket | undefined) => (s?.remoteAddress !== undefined ? `${s.remoteAddress}:${s.remotePort ?? ''}` : 'a client');

/**
 * Create serve's intake. Classification uses {@link Auth.check}: `token` or `hook` is token
 * traffic; `loopback` (no token, or none presented) is not — the page, health checks, and, on a
 * server without a token, every hook.
 */
export function createIntake(o: IntakeOptions): Intake {
  const receiveMs = o.receiveMs ?? 10_000;
  const maxReceiving = o.maxReceiving ?? 32;
  const maxConnections = o.maxConnections ?? 256;
  const conns = new Map<Socket, Conn>();
  let receiving = 0;

  const evict = () => {
    let anonymous = 0;
    for (const c of conns.values()) if (!c.trusted) anonymous++;
    if (anonymous <= maxConnections) return;
    // Oldest first (a Map keeps insertion order). A request held for an answer is not touched, nor
    // a connection younger than a second: it may not have sent the headers with its token yet.
    const young = Date.now() - GRACE_MS;
    for (const [socket, c] of conns) {
      if (anonymous <= maxConnections) break;
      if (c.trusted || c.since > young || (c.current !== undefined && c.current.complete)) continue;
      o.log(`toolgate serve: dropped a connection from ${peer(socket)}: more than ${maxConnections} connections without a token are open`);
      conns.delete(socket);
      socket.destroy();
      anonymous--;
    }
  };

  const middleware: MiddlewareHandler = async (c, next) => {
    const env = c.env as { incoming?: IncomingMessage; outgoing?: ServerResponse } | undefined;
    const incoming = env?.incoming;
    const outgoing = env?.outgoing;
    const auth = o.auth.check(c, 'decide');
    const socket = incoming?.socket;
    const conn = socket !== undefined ? conns.get(socket) : undefined;
    if (auth.ok && auth.via !== 'loopback') {
      if (conn !== undefined) conn.trusted = true;
      return next();
    }
    if (incoming === undefined || outgoing === undefined || incoming.complete) return next();
    if (receiving >= maxReceiving) {
      o.log(
        `toolgate serve: dropped ${c.req.method} ${c.req.path} from ${peer(socket)}: more than ${maxReceiving} requests without a token are being received`,
      );
      const why = `toolgate serve is busy: more than ${maxReceiving} requests without a token are being received`;
      // A hook reply is always 200 (Claude Code lets a call through on any other status).
      if (c.req.path.startsWith('/hooks/')) return c.json(denyReply('PreToolUse', why), 200, { connection: 'close' });
      return c.json({ error: why }, 503, { connection: 'close', 'retry-after': '1' });
    }
    receiving++;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      receiving--;
      clearTimeout(timer);
    };
    const timer = setTimeout(() => {
      if (done) return;
      finish();
      if (incoming.complete) return;
      o.log(`toolgate serve: dropped ${c.req.method} ${c.req.path} from ${peer(socket)}: its body did not arrive within ${receiveMs} ms`);
      (incoming as IncomingMessage & { [DROPPED]?: true })[DROPPED] = true;
      incoming.socket?.destroy();
    }, receiveMs);
    timer.unref();
    incoming.once('end', finish);
    incoming.once('close', finish);
    outgoing.once('close', finish);
    return next();
  };

  return {
    middleware,
    attach(server) {
      server.on('connection', (socket: Socket) => {
        conns.set(socket, { trusted: false, since: Date.now(), current: undefined });
        socket.once('close', () => conns.delete(socket));
        evict();
      });
      server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        const conn = conns.get(req.socket);
        if (conn === undefined) return;
        conn.current = req;
        res.once('close', () => {
          if (conn.current === req) conn.current = undefined;
        });
      });
    },
  };
}
