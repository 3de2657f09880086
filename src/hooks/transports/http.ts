import type { Env, HookTransport, HttpHandler } from '../types.js';

/** Options of {@link createHttpTransport}. @public */
export interface HttpTransportOptions {
  /** The fetch to use. Default: the global `fetch`. */
  fetch?: typeof fetch;
  /** Longest response body kept, in characters. Default 1 MiB. */
  maxBodyChars?: number;
}

/**
 * Fill `$VAR` / `${VAR}` in a header value: names listed in `allowed` come from `env`, every other
 * reference becomes the empty string (Claude Code docs, "HTTP hook fields › allowedEnvVars").
 * @public
 */
export function interpolateHeader(value: string, allowed: readonly string[], env: Env): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}|\$([A-Za-z_][A-Za-z0-9_]*)/g, (_m, braced?: string, bare?: string) => {
    const name = braced ?? bare ?? '';
    return allowed.includes(name) ? (env[name] ?? '') : '';
  });
}

/**
 * The `http` transport: POSTs the event JSON with `Content-Type: application/json`, headers
 * interpolated by {@link interpolateHeader}, aborted through `request.signal`. Any status is a
 * `responded` reply (the verdict treats non-2xx as a non-blocking error); a connection error is
 * `failed`. Never throws.
 * @public
 */
export function createHttpTransport(options: HttpTransportOptions = {}): HookTransport {
  const max = options.maxBodyChars ?? 1024 * 1024;
  return {
    async run(h, req) {
      const handler = h as HttpHandler;
      const f = options.fetch ?? globalThis.fetch;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      for (const [k, v] of Object.entries(handler.headers ?? {})) headers[k] = interpolateHeader(v, handler.allowedEnvVars ?? [], req.env);
      try {
        const res = await f(handler.url, { method: 'POST', headers, body: req.inputJson, signal: req.signal });
        const body = await res.text();
        return { status: 'responded', httpStatus: res.status, body: body.length > max ? body.slice(0, max) : body };
      } catch (e) {
        if (req.signal.aborted) return { status: 'cancelled' };
        return { status: 'failed', error: `HTTP hook request failed: ${e instanceof Error ? e.message : String(e)}` };
      }
    },
  };
}
