/**
 * Small glob matchers the dialects share: `*` and `**` over paths, `*` over free text.
 * @packageDocumentation
 */

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Compile a path glob: `**` any characters (across `/`), `*` any characters but `/`, `?` one
 * character but `/`; everything else literal. Anchored at both ends.
 * @public
 */
export function pathGlobRegExp(pattern: string, options: { caseInsensitive?: boolean } = {}): RegExp {
  let out = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '*' && pattern[i + 1] === '*') {
      // `/**/` also matches a single `/`, `/**` at the end also matches the directory itself.
      if (pattern[i + 2] === '/') {
        out += '(?:.*/)?';
        i += 2;
      } else {
        if (out.endsWith('/') && i + 2 === pattern.length) out = `${out.slice(0, -1)}(?:/.*)?`;
        else out += '.*';
        i += 1;
      }
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += escapeRegExp(c);
  }
  return new RegExp(`^${out}$`, options.caseInsensitive === true ? 'is' : 's');
}

/**
 * Compile a text wildcard: `*` matches any characters (spaces and `/` included); everything
 * else literal. Anchored at both ends.
 * @public
 */
export function textGlobRegExp(pattern: string, options: { caseInsensitive?: boolean } = {}): RegExp {
  const body = pattern.split('*').map(escapeRegExp).join('.*');
  return new RegExp(`^${body}$`, options.caseInsensitive === true ? 'is' : 's');
}

/**
 * A memo for compiled patterns: patterns repeat across calls, compiling them once is enough. The
 * function must be pure; the memo is bounded (emptied past 2,000 entries), so rule texts never grow it.
 */
export function memo<T>(make: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let v = cache.get(key);
    if (v === undefined) {
      v = make(key);
      if (cache.size > 2000) cache.clear();
      cache.set(key, v);
    }
    return v;
  };
}
