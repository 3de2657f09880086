import type { Context } from 'hono';

/**
 * A request body read up to a limit. `drained` says the whole of an oversized body was read
 * (and dropped), so the connection can carry a reply and be reused. `tooLarge: false` is a body
 * that never arrived whole: the client went away, or it was dropped for sending too slowly (the
 * intake logged that); nobody is left to read a reply.
 */
export type BodyRead = { ok: true; text: string } | { ok: false; tooLarge: boolean; drained: boolean };

const GONE: BodyRead = { ok: false, tooLarge: false, drained: false };

/** How much of an oversized body is read and dropped so the client gets a reply, not a reset. */
const DRAIN_FACTOR = 4;

/**
 * Read a request body as text, refusing one longer than `max` bytes. A `Content-Length` is
 * checked before anything is read (Node's parser holds the body to that length); a chunked body
 * is counted as it arrives. The common case reads through @hono/node-server's direct path, so
 * no web-standard `Request` is built (hono's `bodyLimit` builds one for every body). An oversized
 * body up to {@link DRAIN_FACTOR} × `max` is read to its end and dropped: a client still sending
 * it would otherwise see its connection reset instead of the reply — and Claude Code lets a call
 * through on a connection error.
 */
export async function readBody(c: Context, max: number): Promise<BodyRead> {
  try {
    return await read(c, max);
  } catch {
    // An aborted body stream: the client closed the connection, or the intake cut a slow body.
    return GONE;
  }
}

async function read(c: Context, max: number): Promise<BodyRead> {
  const length = c.req.header('content-length');
  const sized = length !== undefined && c.req.header('transfer-encoding') === undefined;
  if (sized && /^\d+$/.test(length) && Number(length) <= max) return { ok: true, text: await c.req.text() };
  if (sized && !(/^\d+$/.test(length) && Number(length) <= max * DRAIN_FACTOR)) return { ok: false, tooLarge: true, drained: false };
  const body = c.req.raw.body;
  if (body === null) return { ok: true, text: '' };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max * DRAIN_FACTOR) {
      await reader.cancel().catch(() => {});
      return { ok: false, tooLarge: true, drained: false };
    }
    if (size <= max) chunks.push(value);
  }
  if (size > max) return { ok: false, tooLarge: true, drained: true };
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}
