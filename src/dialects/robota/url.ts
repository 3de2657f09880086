/**
 * URL patterns for robota's WebFetch rules (robota CORE-049, "a host pattern means a host"): the
 * pattern is split by a grammar (`scheme://host[:port][/path]`), the call's URL goes through the
 * WHATWG URL parser (so `http://0x7f.1/`, `http://2130706433/` and `http://127.0.0.1./` are all
 * `127.0.0.1`, and a default port disappears), and the two are compared part by part: host label
 * by label, path segment by segment on percent-decoded segments. Query and fragment never take
 * part. What cannot be judged safely is reported as unevaluable, never as "no match".
 * @packageDocumentation
 */
import { domainToASCII } from 'node:url';

/** A URL reduced to what rules compare. @public */
export interface CanonicalUrl {
  scheme: string;
  /** Lower case, one trailing dot dropped; an IPv6 literal keeps its brackets. */
  host: string;
  /** The port written, or `''` for the scheme's default. */
  port: string;
  /** The path, its segments percent-decoded and joined by `/`. */
  path: string;
  /** The path's segments, percent-decoded (`/` is none; `/a/` is `a` and an empty one). */
  segments: readonly string[];
}

/** A URL that can be judged, or why it cannot. @public */
export type UrlCheck = { ok: true; url: CanonicalUrl } | { ok: false; why: string };

/** The schemes whose host the URL parser canonicalises (WHATWG "special" schemes, `file` aside). */
const SPECIAL: Readonly<Record<string, string>> = { http: '80', https: '443', ws: '80', wss: '443', ftp: '21' };

function decodeSegments(segments: readonly string[]): string[] | undefined {
  const out: string[] = [];
  for (const s of segments) {
    let d: string;
    try {
      d = decodeURIComponent(s);
    } catch {
      return undefined;
    }
    if (d.includes('/') || d.includes('\\')) return undefined;
    out.push(d);
  }
  return out;
}

/**
 * Canonicalise a call's URL. Only URLs of a special scheme (http, https, ws, wss, ftp) with a host,
 * no user info and path segments that percent-decode to something other than a separator can be
 * judged.
 * @public
 */
export function canonicalUrl(text: string): UrlCheck {
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { ok: false, why: `"${text}" is not a URL` };
  }
  const scheme = u.protocol.slice(0, -1).toLowerCase();
  if (SPECIAL[scheme] === undefined) return { ok: false, why: `the scheme ${scheme}: keeps its host opaque, so it cannot be judged` };
  if (u.hostname === '') return { ok: false, why: 'the URL has no host' };
  if (u.username !== '' || u.password !== '') return { ok: false, why: 'the URL carries user info' };
  const raw = u.pathname === '/' ? [] : u.pathname.split('/').slice(1);
  const segments = decodeSegments(raw);
  if (segments === undefined) return { ok: false, why: 'a path segment does not percent-decode, or decodes to a separator' };
  const host = u.hostname.toLowerCase().replace(/\.$/, '');
  return { ok: true, url: { scheme, host, port: u.port, path: `/${segments.join('/')}`, segments } };
}

/** One part of a pattern: any number of labels or segments (`**`), one or more labels (`*` as a host label), or one matched by a regular expression. */
type Part = { kind: 'any0' } | { kind: 'any1' } | { kind: 'one'; re: RegExp };

/** A compiled URL pattern. @public */
export interface UrlPattern {
  /** A scheme, or `*` for any special scheme. */
  scheme: string;
  /** Host labels (`undefined`: the host is `*`, any host), or an exact canonical host. */
  host: { exact: string } | { labels: readonly Part[] } | { any: true };
  /** A port, `''` for the scheme's default, `*` for any. */
  port: string;
  /** Path segments, or `undefined` when the pattern names no path (any path). */
  path?: readonly Part[];
}

function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern part within one label or segment: `*` within it, literals as `literal` maps them. */
function inner(text: string, literal: (s: string) => string | undefined): RegExp | undefined {
  const parts: string[] = [];
  for (const p of text.split('*')) {
    const l = p === '' ? '' : literal(p);
    if (l === undefined) return undefined;
    parts.push(esc(l));
  }
  return new RegExp(`^${parts.join('.*')}$`, 's');
}

function decodeLiteral(s: string): string | undefined {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
}

/** A literal host label as the URL parser would write it (`bücher` as `xn--bcher-kva`), or `undefined`. */
function asciiLabel(s: string): string | undefined {
  const a = domainToASCII(s.toLowerCase());
  return a === '' ? undefined : a;
}

/**
 * Compile a WebFetch URL pattern (`https://*.example.com/**`). The grammar: a scheme or `*`; a
 * host that is a bracketed IPv6 literal or labels with `*` (one label or within one) and `**`
 * (any number of labels); a port or `*`; an optional path whose segments take `*` within one and
 * `**` across. A pattern with user info, a query, a fragment, white space, `**` inside a label, a
 * literal host the URL parser refuses, or a part that does not percent-decode cannot be evaluated.
 * @public
 */
export function compileUrlPattern(pattern: string): { ok: true; pattern: UrlPattern } | { ok: false; why: string } {
  if (/\s/.test(pattern)) return { ok: false, why: 'the pattern contains white space' };
  const m = /^(\*|[a-z][a-z0-9+.-]*):\/\/([^/?#]*)(\/[^?#]*)?$/i.exec(pattern);
  if (!m) return { ok: false, why: 'the pattern is not scheme://host[:port][/path] (queries and fragments cannot be matched)' };
  const scheme = m[1]!.toLowerCase();
  if (scheme !== '*' && SPECIAL[scheme] === undefined)
    return { ok: false, why: `the scheme ${scheme} keeps its host opaque, so it cannot be matched` };
  const authority = m[2]!;
  if (authority.includes('@')) return { ok: false, why: 'the pattern carries user info' };
  const hp = /^(\[[0-9A-Fa-f:.]+\]|[^:[\]]*)(?::(\d+|\*))?$/.exec(authority);
  if (!hp || hp[1] === '') return { ok: false, why: 'the pattern has no host' };
  const hostText = hp[1]!.toLowerCase().replace(/\.$/, '');
  let host: UrlPattern['host'];
  if (hostText === '*') host = { any: true };
  else if (!hostText.includes('*')) {
    let parsed: URL;
    try {
      parsed = new URL(`http://${hostText}/`);
    } catch {
      return { ok: false, why: `the host ${hostText} does not parse` };
    }
    if (parsed.pathname !== '/' || parsed.search !== '' || parsed.hash !== '' || parsed.username !== '')
      return { ok: false, why: `the host ${hostText} is not a host` };
    host = { exact: parsed.hostname.toLowerCase().replace(/\.$/, '') };
  } else {
    if (/[\\%[\]]/.test(hostText)) return { ok: false, why: `the host ${hostText} is not a host` };
    const labels: Part[] = [];
    for (const label of hostText.split('.')) {
      if (label === '**') labels.push({ kind: 'any0' });
      else if (label === '*') labels.push({ kind: 'any1' });
      else if (label.includes('**')) return { ok: false, why: `** inside the host label ${label} cannot be matched` };
      else {
        const re = inner(label, asciiLabel);
        if (re === undefined) return { ok: false, why: `the host label ${label} does not parse` };
        labels.push({ kind: 'one', re });
      }
    }
    host = { labels };
  }
  const port = hp[2] === undefined ? '' : hp[2] === '*' ? '*' : hp[2];
  const compiled: UrlPattern = { scheme, host, port };
  if (m[3] !== undefined) {
    const path: Part[] = [];
    const segs = m[3] === '/' ? [] : m[3].split('/').slice(1);
    for (const seg of segs) {
      if (seg === '**') path.push({ kind: 'any0' });
      else {
        const re = inner(seg, decodeLiteral);
        if (re === undefined) return { ok: false, why: `the path segment ${seg} does not percent-decode` };
        path.push({ kind: 'one', re });
      }
    }
    compiled.path = path;
  }
  return { ok: true, pattern: compiled };
}

/** Do pattern parts match a sequence of labels or segments? `any0` takes zero or more, `any1` one or more. */
function matchParts(parts: readonly Part[], items: readonly string[]): boolean {
  const memoTable = new Map<number, boolean>();
  const go = (i: number, j: number): boolean => {
    const key = i * (items.length + 1) + j;
    const seen = memoTable.get(key);
    if (seen !== undefined) return seen;
    let r: boolean;
    if (i === parts.length) r = j === items.length;
    else {
      const p = parts[i]!;
      if (p.kind === 'one') r = j < items.length && p.re.test(items[j]!) && go(i + 1, j + 1);
      else {
        r = false;
        for (let k = p.kind === 'any0' ? j : j + 1; k <= items.length && !r; k++) r = go(i + 1, k);
      }
    }
    memoTable.set(key, r);
    return r;
  };
  return go(0, 0);
}

/** Does a compiled pattern match a canonical URL? @public */
export function matchUrl(pattern: UrlPattern, url: CanonicalUrl): boolean {
  if (pattern.scheme !== '*' && pattern.scheme !== url.scheme) return false;
  if (pattern.port !== '*') {
    const effective = url.port === '' ? SPECIAL[url.scheme] : url.port;
    const wanted = pattern.port === '' ? SPECIAL[url.scheme] : pattern.port;
    if (effective !== wanted) return false;
  }
  const h = pattern.host;
  if ('exact' in h) {
    if (h.exact !== url.host) return false;
  } else if ('labels' in h) {
    if (/^\[/.test(url.host) || !matchParts(h.labels, url.host.split('.'))) return false;
  }
  return pattern.path === undefined || matchParts(pattern.path, url.segments);
}
