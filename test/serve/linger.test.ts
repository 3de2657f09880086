/**
 * A reply sent before its request body arrived reaches a client still sending the body: the
 * connection ends (FIN) after the reply and reads what the client still sends, within limits, before
 * it closes — not a reset that fails the client's next write (src/serve/linger.ts).
 */
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lingerBeforeClose } from '../../src/serve/linger.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((ok) => (server !== undefined ? server.close(() => ok()) : ok()));
  server = undefined;
});

/** A server that answers every request with `Connection: close` without reading its body (as a refusal does). */
async function refusing(limits?: { ms: number; bytes: number }, linger = true): Promise<{ port: number; closed: Promise<number> }> {
  const s = createServer((_req, res) => {
    res.writeHead(200, { connection: 'close', 'content-type': 'text/plain', 'content-length': '2' });
    res.end('no');
  });
  if (linger) lingerBeforeClose(s, limits);
  // When the server closed its side of the (one) connection.
  const closed = new Promise<number>((ok) => s.once('connection', (socket: Socket) => socket.once('close', () => ok(Date.now()))));
  await new Promise<void>((ok) => s.listen(0, '127.0.0.1', ok));
  server = s;
  return { port: (s.address() as AddressInfo).port, closed };
}

/**
 * A client that starts a chunked body and resolves with the socket once the whole reply has
 * arrived. Half-open: the server's end does not end its own writing, so it goes on sending.
 */
async function sendingClient(port: number): Promise<{ socket: Socket; reply: string; errors: Error[]; ended: Promise<void> }> {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  const errors: Error[] = [];
  socket.on('error', (e) => errors.push(e));
  const ended = new Promise<void>((ok) => socket.once('end', ok));
  socket.write(`POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n${chunk(1024)}`);
  let reply = '';
  await new Promise<void>((ok) =>
    socket.on('data', (d: Buffer) => {
      reply += d.toString();
      if (reply.endsWith('\r\n\r\nno')) ok();
    }),
  );
  return { socket, reply, errors, ended };
}

const chunk = (n: number) => `${n.toString(16)}\r\n${'x'.repeat(n)}\r\n`;
const write = (s: Socket, data: string) => new Promise<Error | undefined>((ok) => s.write(data, (e) => ok(e ?? undefined)));
const pause = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe('a connection closed after a reply to a body still arriving', () => {
  it('takes the rest of the body: the client reads the reply, its writes succeed, then the connection ends', async () => {
    const { port } = await refusing();
    const c = await sendingClient(port);
    expect(c.reply).toMatch(/^HTTP\/1\.1 200 OK\r\n[\s\S]*connection: close\r\n/i);
    for (let i = 0; i < 4; i++) {
      await pause(50);
      expect(await write(c.socket, chunk(64 * 1024))).toBeUndefined();
    }
    expect(await write(c.socket, '0\r\n\r\n')).toBeUndefined();
    await c.ended;
    expect(c.errors).toEqual([]);
  });

  it('without it, the client still sending is reset (the cause of a hook client’s connection error)', async () => {
    const { port } = await refusing(undefined, false);
    const c = await sendingClient(port);
    const failed: (Error | undefined)[] = [];
    for (let i = 0; i < 4; i++) {
      await pause(50);
      failed.push(await write(c.socket, chunk(64 * 1024)));
    }
    expect([...failed, ...c.errors].some((e) => e !== undefined)).toBe(true);
  });

  it('closes a client that sends no more after the time limit', async () => {
    const { port, closed } = await refusing({ ms: 300, bytes: 1024 * 1024 });
    const t0 = Date.now();
    await sendingClient(port);
    expect((await closed) - t0).toBeGreaterThanOrEqual(250);
  });

  it('closes a client that keeps sending after the byte limit', async () => {
    const { port, closed } = await refusing({ ms: 60_000, bytes: 256 * 1024 });
    const c = await sendingClient(port);
    let done = false;
    void closed.then(() => (done = true));
    for (let i = 0; i < 64 && !done && !c.socket.destroyed; i++) await write(c.socket, chunk(64 * 1024));
    await closed;
    expect(done).toBe(true);
  });
});
