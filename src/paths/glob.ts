/**
 * A gitignore glob matched against one path, without gitignore's "a matched directory covers its
 * contents" rule: `*` and `?` stay in one segment, `[...]` is a bracket expression, `\x` escapes
 * `x`, a `**` segment spans zero or more segments. Dynamic programming, no regular expressions:
 * quadratic at worst, never exponential.
 */
import { BRACKET_READINGS, bracketEnds, spellings, STRICT_READINGS, type BracketReading } from './glob-bracket.js';

/**
 * How a matcher takes what the shells disagree on or the locale decides (`[[:alpha:]]` against
 * `é`, `[[=e=]]`, which shell reads the glob): `may` — could some shell name the text (the
 * question "may this glob name .env?", fail closed); `must` — does every reading name it (an
 * allow rule's pattern; an equivalence class or a locale's letter then names only what it names
 * in every locale).
 */
export type GlobReading = 'may' | 'must';

/**
 * Does one glob segment match one path segment? `[…]` is a bracket expression as bash, zsh and
 * dash read it (classes, equivalence classes, collating symbols), see {@link bracketEnds}.
 */
export function segmentMatches(glob: string, text: string, fold: boolean, reading: GlobReading = 'may'): boolean {
  if (!glob.includes('[')) return starMatches(glob, text, fold);
  const may = reading === 'may';
  const hits = (r: BracketReading) => bracketMatches(glob, text, fold, r, may);
  return may ? BRACKET_READINGS.some(hits) : STRICT_READINGS.every(hits);
}

function sameChar(a: string, b: string, fold: boolean): boolean {
  return a === b || (fold && a.toLowerCase() === b.toLowerCase());
}

/** `*`, `?`, `\x` and literals: greedy wildcard matching with one backtrack point (linear). */
function starMatches(g: string, t: string, fold: boolean): boolean {
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
      const step =
        c === '?' ? 1 : c === '\\' && gi + 1 < g.length ? (sameChar(g[gi + 1]!, t[ti]!, fold) ? 2 : 0) : sameChar(c, t[ti]!, fold) ? 1 : 0;
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

/**
 * One reading of a glob with brackets. A bracket may go on at more than one place (bash's skip
 * past a matched member, a `maybe`), so this follows the set of pattern positions reached after
 * each character: quadratic at worst, never exponential. @internal
 */
export function bracketMatches(g: string, t: string, fold: boolean, reading: BracketReading, may: boolean): boolean {
  let at = new Uint8Array(g.length + 1);
  const reach = (set: Uint8Array, i: number) => {
    while (i <= g.length && !set[i]) {
      set[i] = 1;
      if (g[i] !== '*') return;
      i++;
    }
  };
  reach(at, 0);
  for (let ti = 0; ti < t.length; ti++) {
    const ch = t[ti]!;
    const next = new Uint8Array(g.length + 1);
    let any = false;
    for (let i = 0; i < g.length; i++) {
      if (!at[i]) continue;
      const c = g[i]!;
      const ends =
        c === '*'
          ? [i]
          : c === '?'
            ? [i + 1]
            : c === '['
              ? spellings(ch, fold).flatMap((s) => bracketEnds(reading, g, i, s, may))
              : c === '\\' && i + 1 < g.length
                ? sameChar(g[i + 1]!, ch, fold)
                  ? [i + 2]
                  : []
                : sameChar(c, ch, fold)
                  ? [i + 1]
                  : [];
      for (const e of ends) {
        reach(next, e);
        any = true;
      }
    }
    if (!any) return false;
    at = next;
  }
  return at[g.length] === 1;
}

/**
 * Does the slash-separated glob `pattern` match the whole slash-separated `path` (no
 * leading slashes on either)? `**` as a whole segment spans zero or more segments.
 */
export function globMatchesPath(pattern: string, path: string, fold: boolean, reading: GlobReading = 'may'): boolean {
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
        if (reach[j] && segmentMatches(seg, s[j]!, fold, reading)) next[j + 1] = true;
      }
    }
    reach = next;
  }
  return reach[s.length]!;
}
