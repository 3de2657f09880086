import { lookup } from 'node:dns/promises';
import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { isLoopbackAddress } from '../serve/auth.js';

/** Where the answer (and with it the token) may go, or why not. */
export type AnswerServer = { ok: true; url: URL; from: 'flag' | 'recorded' } | { ok: false; message: string };

/** How a name resolves: every address it has (`dns.lookup` with `all`). */
export type Resolve = (host: string) => Promise<readonly string[]>;

const resolveAll: Resolve = async (host) => (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Choose the server `toolgate asks answer` sends the token to (decision 0036). The token answers
 * every ask, so it goes only where serve is known to be: the address serve recorded in its state
 * directory when it started (`recordFile`), or the one the person names with `--server` — never a
 * fixed port: another program may listen there, and the token would go to it. When neither is
 * known the answer is refused with a message naming both. Whichever it is, it must be on the
 * loopback network (`127.0.0.0/8`, `::1`, or
 * `localhost` when every address it resolves to is loopback) — unless the person opts in with
 * `--allow-remote`, and then only over `https:`, whose certificate names the server.
 */
export async function chooseAnswerServer(o: {
  server?: string;
  recorded?: string;
  recordFile?: string;
  allowRemote?: boolean;
  resolve?: Resolve;
}): Promise<AnswerServer> {
  const text = o.server ?? o.recorded;
  if (text === undefined) {
    const record =
      o.recordFile !== undefined
        ? `the address toolgate serve records in ${o.recordFile} while it runs`
        : 'the address toolgate serve records while it runs';
    return {
      ok: false,
      message: `no toolgate serve to send the answer to: ${record} cannot be read (serve is not running, runs as another user, or the file was made unreadable), and no --server was given; name the server with --server URL, the address serve printed when it started (the answer carries the token, so it goes to no guessed address)`,
    };
  }
  const from = o.server !== undefined ? 'flag' : 'recorded';
  const where =
    from === 'flag' ? '--server' : `the address toolgate serve recorded${o.recordFile !== undefined ? ` in ${o.recordFile}` : ''}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, message: `${where} must be a URL such as http://127.0.0.1:7370, not "${text}"` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, message: `${where} must be an http: or https: URL, not "${text}"` };
  if (url.username !== '' || url.password !== '') return { ok: false, message: `${where} must not carry a user name or password` };
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (await onLoopback(host, o.resolve ?? resolveAll)) return { ok: true, url, from };
  if (o.allowRemote !== true) {
    return {
      ok: false,
      message: `${where} ${url.origin} is not on this machine's loopback network: the answer carries the token, which answers every ask, so it goes only to a loopback address unless you add --allow-remote (and use https:)`,
    };
  }
  if (url.protocol !== 'https:')
    return {
      ok: false,
      message: `--allow-remote sends the token only over https:, not to ${url.origin}: put a TLS proxy in front of toolgate serve`,
    };
  return { ok: true, url, from };
}

async function onLoopback(host: string, resolve: Resolve): Promise<boolean> {
  if (isLoopbackAddress(host)) return true;
  if (host !== 'localhost') return false;
  try {
    const all = await resolve(host);
    return all.length > 0 && all.every(isLoopbackAddress);
  } catch {
    return false;
  }
}

/** The address a running serve recorded in `file`, if any. */
export function readRecordedServer(file: string): string | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return text !== '' ? text : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Record where serve listens, for `toolgate asks answer` (mode 0600); returns the function that
 * removes the record when serve stops, unless another serve has recorded itself since.
 */
export function recordServer(file: string, url: string): () => void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${url}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return () => {
    if (readRecordedServer(file) === url) rmSync(file, { force: true });
  };
}
