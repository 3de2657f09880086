import type { ClientConfig } from 'pg';
import type { Pg } from './load.js';

/** A LISTEN connection that comes back by itself. */
export interface Listener {
  /** Connected and listening now. */
  readonly up: boolean;
  /** Stop listening and close the connection. */
  close(): Promise<void>;
}

export interface ListenOptions {
  pg: Pg;
  config: ClientConfig;
  /** A channel name made of lowercase letters, digits and `_`. */
  channel: string;
  onNotify(payload: string): void;
  /** Listening (again): notifications sent while not listening are lost, so re-read what you wait for. */
  onListening(): void;
  /** The connection was lost (or could not be made); a retry is scheduled. */
  onLost(error: unknown): void;
  /** First and longest pause between reconnection attempts (ms). Default 100 and 2000. */
  retryMs?: readonly [number, number];
  /** How often the idle connection is checked with `SELECT 1` (ms): a dead peer may send nothing. Default 10 000. */
  pingMs?: number;
}

/**
 * Keep one dedicated connection (not a pooled one: a pool closes idle clients, and their
 * LISTEN with them) listening on a channel. When it is lost — an error, the server ending it,
 * a ping that gets no answer — it is dropped and made again with a growing pause, and
 * `onListening` tells the store to have its waiters re-read their asks.
 */
export function startListener(o: ListenOptions): Listener {
  if (!/^[a-z_][a-z0-9_]*$/.test(o.channel)) throw new Error(`bad channel name ${o.channel}`);
  const [minRetry, maxRetry] = o.retryMs ?? [100, 2000];
  let client: InstanceType<Pg['Client']> | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = minRetry;

  const schedule = () => {
    if (closed || retry !== undefined) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, maxRetry);
  };

  const connect = async () => {
    const c = new o.pg.Client(o.config);
    let gone = false;
    const lose = (error: unknown) => {
      if (gone) return;
      gone = true;
      if (client === c) client = undefined;
      c.removeAllListeners('notification');
      c.end().catch(() => {});
      if (closed) return;
      o.onLost(error);
      schedule();
    };
    c.on('error', lose);
    c.on('end', () => lose(new Error('the connection was closed')));
    c.on('notification', (m) => {
      if (m.channel === o.channel && m.payload !== undefined) o.onNotify(m.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${o.channel}`);
    } catch (e) {
      lose(e);
      return;
    }
    if (closed || gone) {
      c.end().catch(() => {});
      return;
    }
    client = c;
    delay = minRetry;
    o.onListening();
  };

  const ping = setInterval(() => {
    const c = client;
    if (c === undefined) return;
    // query_timeout per query is honoured by pg (client.js) though its types do not list it.
    c.query({ text: 'SELECT 1', query_timeout: 5000 } as { text: string }).catch((e: unknown) => {
      // No answer: the peer may be gone without a word. Drop the connection; 'end' reconnects.
      if (client === c) c.emit('error', e instanceof Error ? e : new Error(String(e)));
    });
  }, o.pingMs ?? 10_000);
  ping.unref();

  void connect();

  return {
    get up() {
      return client !== undefined;
    },
    async close() {
      closed = true;
      clearInterval(ping);
      if (retry !== undefined) clearTimeout(retry);
      const c = client;
      client = undefined;
      if (c !== undefined) await c.end().catch(() => {});
    },
  };
}
