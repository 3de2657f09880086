/**
 * A gitignore glob matched against one path, without gitignore's "a matched directory covers its
 * contents" rule: `*` and `?` stay in one segment, `[...]` is a class, `\x` escapes `x`, a
 * `**` segment spans zero or more segments. Dynamic programming, no regular expressions:
 * quadratic at worst, never exponential.
 */

/** Does one glob segment match one path segment? */
export function segmentMatches(glob: string, text: string, fold: boolean): boolean {
  const g = fold ? glob.toLowerCase() : glob;
  const t = fold ? text.toLowerCase() : text;
  // Greedy wildcard matching with one backtrack point (classic linear-time `*` matching).
  let gi = 0;
  let ti = 0;
  let starG = -1;
  let starT = 0;
  while (ti < t.length) {
    if (gi < g.length) {
      const c = g[gi]!;
      if (c === '*') {
        starG = gi++;
        starT = ti;
        continue;
      }
      const step = matchOne(g, gi, t[ti]!);
      if (step > 0) {
        gi += step;
        ti++;
        continue;
      }
    }
    if (starG >= 0) {
      gi = starG + 1;
      ti = ++starT;
      continue;
    }
    return false;
  }
  while (gi < g.length && g[gi] === '*') gi++;
  return gi === g.length;
}

/** Match one glob token at `g[gi]` against `ch`; returns the token length, or 0 on no match. */
function matchOne(g: string, gi: number, ch: string): number {
  const c = g[gi]!;
  if (c === '?') return 1;
  if (c === '\\' && gi + 1 < g.length) return g[gi + 1] === ch ? 2 : 0;
  if (c === '[') {
    const end = classEnd(g, gi);
    if (end < 0) return c === ch ? 1 : 0;
    return classMatches(g.slice(gi + 1, end), ch) ? end - gi + 1 : 0;
  }
  return c === ch ? 1 : 0;
}

function classEnd(g: string, start: number): number {
  let i = start + 1;
  if (g[i] === '!' || g[i] === '^') i++;
  if (g[i] === ']') i++;
  for (; i < g.length; i++) {
    if (g[i] === '\\') i++;
    else if (g[i] === ']') return i;
  }
  return -1;
}

function classMatches(body: string, ch: string): boolean {
  let negate = false;
  let i = 0;
  if (body[0] === '!' || body[0] === '^') {
    negate = true;
    i = 1;
  }
  let hit = false;
  for (; i < body.length; i++) {
    let lo = body[i]!;
    if (lo === '\\' && i + 1 < body.length) lo = body[++i]!;
    if (body[i + 1] === '-' && i + 2 < body.length) {
      let hi = body[i + 2]!;
      i += 2;
      if (hi === '\\' && i + 1 < body.length) hi = body[++i]!;
      if (ch >= lo && ch <= hi) hit = true;
    } else if (ch === lo) hit = true;
  }
  return hit !== negate;
}

/**
 * Does the slash-separated glob `pattern` match the whole slash-separated `path` (no
 * leading slashes on either)? `**` as a whole segment spans zero or more segments.
 */
export function globMatchesPath(pattern: string, path: string, fold: boolean): boolean {
  const p = pattern.split('/');
  const s = path.split('/');
  // reach[j]: pattern prefix so far matches the first j path segments.
  let reach = new Array<boolean>(s.length + 1).fill(false);
  reach[0] = true;
  for (const seg of p) {
    const next = new Array<boolean>(s.length + 1).fill(false);
    if (seg === '**') {
      let any = false;
      for (let j = 0; j <= s.length; j++) {
        any = any || reach[j]!;
        next[j] = any;
      }
    } else {
      for (let j = 0; j < s.length; j++) {
        if (reach[j] && segmentMatches(seg, s[j]!, fold)) next[j + 1] = true;
      }
    }
    reach = next;
  }
  return reach[s.length]!;
}
