import type { Context } from 'hono';
import type { ServeContext } from '../context.js';
import { SESSION_HEADER, type PageKeys } from './session.js';

/** Who is looking at the page, or why they may not. */
export type PageAccess = { ok: true; principal: string; name: string } | { ok: false; status: 401; message: string };

/**
 * Whether a request may see the page's asks and answer from it: only with a sign-in credential in
 * the {@link SESSION_HEADER} header, which the page's own script sends from its memory. No
 * cookie and no address authorises anything: a browser sends cookies to every port of a host, and
 * a loopback address is where the gated agent runs too.
 */
export function pageAccess(c: Context, ctx: ServeContext, keys: PageKeys): PageAccess {
  const session = keys.read(c.req.header(SESSION_HEADER), ctx.now());
  if (session === undefined) return { ok: false, status: 401, message: 'sign in with the token' };
  return { ok: true, principal: session.principal, name: session.name };
}

/** Who an answer from the page is recorded as: `page:NAME` (the sign-in name, or the answerer's), else `page:token`. */
export function pageAnswerer(access: Extract<PageAccess, { ok: true }>): string {
  return `page:${access.name !== '' ? access.name : access.principal}`;
}
