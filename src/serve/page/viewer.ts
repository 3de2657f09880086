import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { hostIsSelf, isLoopbackAddress, peerAddress } from '../auth.js';
import type { ServeContext } from '../context.js';
import { cleanName, type PageKeys } from './session.js';

/** Who is looking at the page, or why they may not. */
export type PageAccess =
  | { ok: true; via: 'loopback' | 'token'; name: string; binding: string }
  | { ok: false; status: 401 | 403; signIn: boolean; message: string };

/** The sign-in cookie's name: per port, so two servers on one host keep apart. */
export const cookieName = (ctx: ServeContext) => `toolgate_${ctx.self?.port ?? 0}`;

/**
 * Whether a request may see the page and answer from it. Without a token (serve listens only on
 * loopback then) a loopback peer may, provided its `Host` names this server (DNS rebinding would
 * send another). With a token, only a signed-in browser may — on every address, since answering
 * needs the token everywhere.
 */
export function pageAccess(c: Context, ctx: ServeContext, keys: PageKeys): PageAccess {
  if (ctx.auth.token === undefined) {
    if (!isLoopbackAddress(peerAddress(c))) {
      return { ok: false, status: 401, signIn: false, message: 'requests from off the loopback network need a token, and this server has none (--token-file)' };
    }
    if (!hostIsSelf(c, ctx.self?.host)) {
      return { ok: false, status: 403, signIn: false, message: `the address "${c.req.header('host') ?? ''}" does not name this server: open it as http://127.0.0.1 or http://localhost` };
    }
    return { ok: true, via: 'loopback', name: '', binding: 'loopback' };
  }
  const session = keys.read(getCookie(c, cookieName(ctx)), ctx.now());
  if (session === undefined) return { ok: false, status: 401, signIn: true, message: 'sign in with the token' };
  return { ok: true, via: 'token', name: session.name, binding: session.nonce };
}

/** Who an answer from the page is recorded as: `page:NAME`, else `page:token` / `page:loopback`. */
export function pageAnswerer(access: Extract<PageAccess, { ok: true }>, typed: string | undefined): string {
  const name = access.via === 'token' ? access.name : cleanName(typed);
  return `page:${name !== '' ? name : access.via}`;
}
