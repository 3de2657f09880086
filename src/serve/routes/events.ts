import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { ServeContext } from '../context.js';
import type { PageKeys } from '../page/session.js';
import { pageAccess } from '../page/viewer.js';

/** Seconds between keep-alive comments on an idle event stream (proxies close silent ones). */
const KEEPALIVE_SECONDS = 25;

/**
 * `GET /events`: the approval page's live updates as server-sent events, read by the page's
 * script with `fetch` (an `EventSource` cannot send the sign-in header), straight from the
 * store's events (so answers given on another replica or with `toolgate asks answer` show too).
 * `hello` carries the server's instance id (a page from before a restart reloads); `ask` says an
 * ask was parked, answered or expired — its id, state, session and project, nothing of the call
 * itself (the page fetches the card, rendered and redacted by the server); `resync` says events
 * may have been missed.
 */
export function eventsRoute(ctx: ServeContext, keys: PageKeys, instance: string): Hono {
  const app = new Hono();
  app.get('/events', (c) => {
    const a = pageAccess(c, ctx, keys);
    if (!a.ok) return c.text(a.message, a.status);
    c.header('x-accel-buffering', 'no');
    return streamSSE(c, async (stream) => {
      const send = (event: string, data: unknown, retry?: number) =>
        stream.writeSSE({ event, data: JSON.stringify(data), ...(retry !== undefined ? { retry } : {}) }).catch(() => {});
      const closed = new Promise<void>((resolve) => {
        stream.onAbort(resolve);
        c.req.raw.signal.addEventListener('abort', () => resolve());
        if (c.req.raw.signal.aborted) resolve();
      });
      const off = ctx.store.subscribe((e) => {
        if (e.type === 'resync') void send('resync', {});
        else
          void send('ask', { type: e.type, id: e.ask.id, state: e.ask.state, session: e.ask.sessionId ?? null, project: e.ask.projectDir });
      });
      const ping = setInterval(() => void stream.write(': keep-alive\n\n').catch(() => {}), KEEPALIVE_SECONDS * 1000);
      try {
        await send('hello', { instance }, 2000);
        await closed;
      } finally {
        clearInterval(ping);
        off();
      }
    });
  });
  return app;
}
