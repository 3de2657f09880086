import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

/** The longest a closing connection keeps reading what its client still sends (milliseconds). */
export const LINGER_MS = 5_000;

/** The most of a request body a closing connection reads and drops before it closes anyway. */
export const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * Close a connection gracefully when its reply went out before its request body had arrived (a
 * body over the limit, a request refused from its headers). Node's server, after a reply that
 * says `Connection: close`, ends and destroys the socket at once; a socket closed with the
 * client's bytes still arriving is reset (TCP RST), and a client still writing its body then
 * fails its write (EPIPE, ECONNRESET) before it has read the reply — a hook client then sees a
 * connection error, on which Claude Code lets the call through, instead of the deny it was sent.
 * Here such a connection first sends its reply and end (FIN), then reads and drops what the client
 * still sends — until the body ends or the client closes, at most {@link LINGER_MS} and
 * {@link LINGER_BYTES} — and only then closes: the lingering close of HTTP servers (RFC 9112
 * § 9.6). A connection whose request was read whole closes as before.
 */
export function lingerBeforeClose(server: Server, limits: { ms: number; bytes: number } = { ms: LINGER_MS, bytes: LINGER_BYTES }): void {
  const current = new WeakMap<Socket, IncomingMessage>();
  server.on('request', (req: IncomingMessage) => current.set(req.socket, req));
  server.on('connection', (socket: Socket & { destroySoon?: () => void }) => {
    const destroySoon = socket.destroySoon;
    if (typeof destroySoon !== 'function') return;
    let lingering = false;
    socket.destroySoon = function (this: Socket) {
      const req = current.get(socket);
      if (lingering) return;
      if (req === undefined || req.complete || socket.destroyed) return destroySoon.call(this);
      lingering = true;
      const from = socket.bytesRead;
      const close = () => {
        clearTimeout(timer);
        clearInterval(watch);
        socket.destroy();
      };
      const timer = setTimeout(close, limits.ms);
      // Counted on the socket: a body nobody reads is dropped by Node's parser, not emitted.
      const watch = setInterval(() => {
        if (socket.bytesRead - from > limits.bytes) close();
      }, 20);
      timer.unref();
      watch.unref();
      socket.once('close', () => {
        clearTimeout(timer);
        clearInterval(watch);
      });
      // The reply is written; the end follows it, so the client reads the reply whole, then its end.
      socket.end();
      // Whatever read the body before (the route's reader) has stopped: the rest is dropped here.
      req.removeAllListeners('data');
      req.once('end', close);
      req.once('aborted', close);
      socket.once('end', close);
      req.resume();
    };
  });
}
