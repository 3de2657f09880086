import type { Context } from 'hono';

/** A request body read up to a limit. */
export type BodyRead = { ok: true; text: string } | { ok: false; tooLarge: true };

/**
 * Read a request body as text, refusing one longer than `max` bytes. A `Content-Length` is
 * checked before anything is read (Node's parser holds the body to that length); a chunked body
 * is counted as it arrives. Reading goes through @hono/node-server's direct path, so no
 * web-standard `Request` is built for the common case (hono's `bodyLimit` builds one).
 */
export async function readBody(c: Context, max: number): Promise<BodyRead> {
  const length = c.req.header('content-length');
  if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
    if (!/^\d+$/.test(length) || Number(length) > max) return { ok: false, tooLarge: true };
    return { ok: true, text: await c.req.text() };
  }
  const body = c.req.raw.body;
  if (body === null) return { ok: true, text: '' };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return { ok: false, tooLarge: true };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}
