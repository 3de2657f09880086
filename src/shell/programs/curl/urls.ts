/**
 * The local files a curl URL names. curl reads `file://` URLs off the local file system: the
 * scheme is case-insensitive, the host may be empty, `localhost` or `127.0.0.1` (older curl
 * ignored any host, so every host counts), one slash or three are both accepted, the path is
 * percent-decoded (`%2eenv` is `.env`, `%2f` a slash) and any `?query` or `#fragment` is dropped.
 * Unless `-g`/`--globoff`, curl expands `{a,b}` sets and `[1-3]`/`[a-z]` ranges in a URL (and in
 * `-T` names) itself, after the shell. everything.curl.dev › URLs › Scheme, URL globbing; curl(1).
 */

/** The paths a word names once curl expands its globs, or why they cannot be listed. */
export type CurlPaths = { paths: string[] } | { unknown: string };

/** The character that closes each of curl's glob brackets. */
const CLOSER: Readonly<Record<string, string>> = { '{': '}', '\u005b': '\u005d' };

/** At most this many names from one glob; more is an ask rather than a long list of reads. */
const MAX_NAMES = 64;

/** Does the word start with the `file:` scheme (in any case)? */
export function isFileUrl(word: string): boolean {
  return /^file:/i.test(word);
}

/** Does the word carry a scheme of its own (`https://…`, `file:…`)? */
export function hasScheme(word: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(word) || isFileUrl(word);
}

/**
 * The local path of one `file:` URL, host, query and fragment dropped, percent-encoding
 * decoded. A `%00` (which curl refuses) or an undecodable byte sequence gives `undefined`.
 */
export function fileUrlPath(url: string): string | undefined {
  let rest = url.replace(/^file:/i, '');
  // `file://HOST/path`: the authority ends at the next slash; `file:/path` and `file:path` have none.
  if (rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    rest = slash < 0 ? '/' : rest.slice(slash);
  }
  rest = rest.replace(/[?#].*$/s, '');
  return percentDecoded(rest);
}

/** `%XX` sequences decoded as bytes (UTF-8); a lone `%` stays as it is, as curl leaves it. */
function percentDecoded(text: string): string | undefined {
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  for (let k = 0; k < text.length; k++) {
    const c = text[k]!;
    const hex = c === '%' ? text.slice(k + 1, k + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      const b = parseInt(hex, 16);
      if (b === 0) return undefined;
      bytes.push(b);
      k += 2;
    } else for (const b of Buffer.from(c, 'utf8')) bytes.push(b);
  }
  const out = Buffer.from(bytes).toString('utf8');
  return out.includes('\uFFFD') && !text.includes('\uFFFD') ? undefined : out;
}

/**
 * The words curl's URL globbing makes of `text`: `{a,b,c}` sets and `[N-M]`, `[a-z]` ranges
 * (with an optional `:step`), expanded left to right; `\` escapes a glob character. Nested or
 * unbalanced globs and expansions of more than {@link MAX_NAMES} words are unknown.
 */
export function curlGlob(text: string): CurlPaths {
  const got = curlGlobValues(text);
  return 'unknown' in got ? got : { paths: got.names.map((n) => n.path) };
}

/**
 * The names a URL's globs expand to, each with the text every glob gave it in order (what `#1`,
 * `#2`, … of `-o` stand for), or why not (see {@link curlGlob}).
 * @internal
 */
export function curlGlobValues(text: string): { names: { path: string; values: string[] }[] } | { unknown: string } {
  let words: { path: string; values: string[] }[] = [{ path: '', values: [] }];
  for (let k = 0; k < text.length; k++) {
    const c = text[k]!;
    if (c === '\\' && k + 1 < text.length && '{}[]'.includes(text[k + 1]!)) {
      words = words.map((w) => ({ path: w.path + text[k + 1]!, values: w.values }));
      k++;
      continue;
    }
    if (!'{['.includes(c)) {
      if (c === '}' || c === ']') return { unknown: `curl reads the unbalanced glob in ${text}` };
      words = words.map((w) => ({ path: w.path + c, values: w.values }));
      continue;
    }
    const close = text.indexOf(CLOSER[c]!, k + 1);
    if (close < 0) return { unknown: `curl reads the unbalanced glob in ${text}` };
    const body = text.slice(k + 1, close);
    if (/[{[]/.test(body)) return { unknown: `curl reads the nested glob in ${text}` };
    const items = c === '{' ? body.split(',') : range(body);
    if (items === undefined) return { unknown: `curl expands the range [${body}] in ${text}` };
    if (words.length * items.length > MAX_NAMES) return { unknown: `curl expands ${text} into more than ${MAX_NAMES} names` };
    words = words.flatMap((w) => items.map((i) => ({ path: w.path + i, values: [...w.values, i] })));
    k = close;
  }
  return { names: words };
}

/** The items of a `[N-M]`, `[a-z]` or `[N-M:step]` range, or `undefined` when it is not one. */
function range(body: string): string[] | undefined {
  const m = /^(?:(\d+)-(\d+)|([a-zA-Z])-([a-zA-Z]))(?::(\d+))?$/.exec(body);
  if (!m) return undefined;
  const step = m[5] === undefined ? 1 : Number(m[5]);
  if (step < 1) return undefined;
  const out: string[] = [];
  if (m[1] !== undefined) {
    const from = Number(m[1]);
    const to = Number(m[2]);
    // `[001-100]`: curl pads to the width of the first number.
    const width = m[1].length;
    for (let n = from; n <= to && out.length <= MAX_NAMES; n += step) out.push(String(n).padStart(width, '0'));
  } else {
    const from = m[3]!.charCodeAt(0);
    const to = m[4]!.charCodeAt(0);
    for (let n = from; n <= to && out.length <= MAX_NAMES; n += step) out.push(String.fromCharCode(n));
  }
  return out.length > MAX_NAMES ? undefined : out;
}

/**
 * The local paths a literal curl URL reads: none for a network URL, the decoded paths of a
 * `file:` URL (globs expanded unless `globOff`), or why they cannot be told.
 * @param defaultFile - `--proto-default file`: a URL without a scheme is a local path too.
 */
export function curlUrlPaths(url: string, globOff: boolean, defaultFile = false): CurlPaths {
  const local = isFileUrl(url) || (defaultFile && !hasScheme(url));
  if (!local) return { paths: [] };
  const expanded = globOff ? { paths: [url] } : curlGlob(url);
  if ('unknown' in expanded) return expanded;
  const paths: string[] = [];
  for (const u of expanded.paths) {
    const p = fileUrlPath(isFileUrl(u) ? u : `file:${u}`);
    if (p === undefined) return { unknown: `curl decodes ${url} to a path toolgate cannot read` };
    if (p !== '') paths.push(p);
  }
  return { paths };
}
