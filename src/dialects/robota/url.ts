/**
 * URL canonicalisation for robota's WebFetch rules: both the rule and the call's URL go through
 * the WHATWG URL parser (so `http://0x7f.1/`, `http://2130706433/` and `http://127.0.0.1./` are all
 * `127.0.0.1`, and a default port disappears), and percent-encoded unreserved characters are
 * decoded. What cannot be judged safely is reported as unevaluable, never as "no match".
 * @packageDocumentation
 */

/** A URL reduced to what rules compare. @public */
export interface CanonicalUrl {
  scheme: string;
  host: string;
  port: string;
  path: string;
}

/** A URL that can be judged, or why it cannot. @public */
export type UrlCheck = { ok: true; url: CanonicalUrl } | { ok: false; why: string };

function decodeUnreserved(path: string): string {
  return path.replace(/%([0-9A-Fa-f]{2})/g, (m, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(c) ? c : m.toUpperCase();
  });
}

/** Canonicalise a call's URL: only http and https URLs without user info can be judged. @public */
export function canonicalUrl(text: string): UrlCheck {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { ok: false, why: `"${text}" is not a URL` };
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return { ok: false, why: `the scheme ${u.protocol} cannot be judged` };
  if (u.username !== '' || u.password !== '') return { ok: false, why: 'the URL carries user info' };
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  return { ok: true, url: { scheme: u.protocol.slice(0, -1), host, port: u.port, path: decodeUnreserved(u.pathname) } };
}

/** A compiled URL pattern. @public */
export interface UrlPattern {
  scheme: string;
  host: RegExp;
  port: string;
  path: RegExp;
}

/**
 * Compile a WebFetch URL pattern (`https://*.example.com/**`): scheme and host required; `*` in
 * the host matches one or more labels; the path is a glob (`**` any, `*` one segment). A
 * pattern with user info, a query, a fragment, white space or no host cannot be evaluated.
 * @public
 */
export function compileUrlPattern(pattern: string): { ok: true; pattern: UrlPattern } | { ok: false; why: string } {
  if (/\s/.test(pattern)) return { ok: false, why: 'the pattern contains white space' };
  const m = /^([a-z][a-z0-9+.-]*):\/\/([^/?#]*)(\/[^?#]*)?$/i.exec(pattern);
  if (!m) return { ok: false, why: 'the pattern is not scheme://host/path (queries and fragments cannot be matched)' };
  const scheme = m[1]!.toLowerCase();
  const authority = m[2]!;
  if (authority.includes('@')) return { ok: false, why: 'the pattern carries user info' };
  if (scheme !== 'http' && scheme !== 'https') return { ok: false, why: `the scheme ${scheme} cannot be matched` };
  const hp = /^([^:]*)(?::(\d+))?$/.exec(authority);
  if (!hp || hp[1] === '') return { ok: false, why: 'the pattern has no host' };
  let hostText = hp[1]!.toLowerCase().replace(/\.$/, '');
  if (!hostText.includes('*')) {
    const c = canonicalUrl(`${scheme}://${hostText}/`);
    if (!c.ok) return { ok: false, why: c.why };
    hostText = c.url.host;
  }
  const defaultPort = scheme === 'https' ? '443' : '80';
  const port = hp[2] === undefined || hp[2] === defaultPort ? '' : hp[2];
  const host = new RegExp(`^${hostText.split('*').map(esc).join('[^/:]+')}$`);
  const pathText = decodeUnreserved(m[3] ?? '/');
  let body = '';
  for (let i = 0; i < pathText.length; i++) {
    const c = pathText[i]!;
    if (c === '*' && pathText[i + 1] === '*') {
      body += '.*';
      i++;
    } else if (c === '*') body += '[^/]*';
    else body += esc(c);
  }
  if (body.endsWith('/.*')) body = `${body.slice(0, -3)}(?:/.*)?`;
  return { ok: true, pattern: { scheme, host, port, path: new RegExp(`^${body}$`) } };
}

function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Does a compiled pattern match a canonical URL? @public */
export function matchUrl(pattern: UrlPattern, url: CanonicalUrl): boolean {
  return pattern.scheme === url.scheme && pattern.port === url.port && pattern.host.test(url.host) && pattern.path.test(url.path);
}
