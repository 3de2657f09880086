/**
 * gitignore matching without regular expressions, linear in path depth × pattern length.
 *
 * A pattern is read the way `ignore@7` reads it (its translation to a regular expression,
 * restated one path segment at a time) and matched by a dynamic program over path segments: the
 * state after `j` segments is the set of pattern positions reachable, each plain pattern segment
 * is compared with one path segment by a linear-time wildcard matcher, and `**` stays on its
 * position while it eats segments. One forward pass answers every parent directory at once,
 * which is what gitignore's "a matched directory covers its contents" needs. No input can make
 * it backtrack: the work is at most (path segments + 1) × (pattern segments + 1) segment
 * comparisons, each at most (pattern segment length × path segment length) character steps.
 * `ignore` stays the reference in the tests (test/paths/gitignore-match.slow.test.ts).
 */

type Token = { t: 'lit'; c: string } | { t: 'any' } | { t: 'star' } | { t: 'class'; negated: boolean; ranges: readonly number[] };

interface GlobSeg {
  kind: 'glob';
  tokens: readonly Token[];
  /** The text when every token is a literal (case-canonical when folding). */
  literal: string | undefined;
  /** Matches the empty string (only stars, or nothing). */
  empty: boolean;
  /** A lone trailing `*` after a slash needs one character (`abc/*` does not match `abc/`). */
  minOne: boolean;
}

/** A `**` between slashes: zero or more non-empty segments. */
interface StarSeg {
  kind: 'globstar';
}

type Seg = GlobSeg | StarSeg;

/** One gitignore line. */
interface Line {
  negative: boolean;
  /** Matches nothing (an unterminated `[`, an unknown `[:class:]`, a final `\/`). */
  never: boolean;
  /** May start at any segment (no anchoring slash, or a leading `**\/`). */
  floating: boolean;
  /**
   * How the last pattern segment meets the end of the tested string: `exact` (ends at the last
   * segment, a directory's trailing slash allowed), `dir` (a pattern ending in `/`: directories
   * only), `rest` (a trailing `/**`: something must follow).
   */
  end: 'exact' | 'dir' | 'rest';
  segs: readonly Seg[];
}

/** A compiled gitignore pattern (one or more lines, as `ignore().add(text)` takes it). @internal */
export interface GitignorePattern {
  lines: readonly Line[];
  fold: boolean;
  /** A literal every matching path holds (case-sensitive single positive lines only), or `''`. */
  needle: string;
}

const GLOBSTAR: StarSeg = { kind: 'globstar' };
const ANY_NONEMPTY: GlobSeg = { kind: 'glob', tokens: [{ t: 'star' }], literal: undefined, empty: false, minOne: true };

/** The character classes git knows inside `[...]`, as code-unit ranges (ASCII only, as git). */
const POSIX_CLASSES: Readonly<Record<string, readonly number[]>> = {
  alnum: [0x30, 0x39, 0x41, 0x5a, 0x61, 0x7a],
  alpha: [0x41, 0x5a, 0x61, 0x7a],
  blank: [0x20, 0x20, 0x09, 0x09],
  cntrl: [0x00, 0x1f, 0x7f, 0x7f],
  digit: [0x30, 0x39],
  graph: [0x21, 0x2e, 0x30, 0x7e],
  lower: [0x61, 0x7a],
  print: [0x20, 0x2e, 0x30, 0x7e],
  punct: [0x21, 0x2e, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x7e],
  space: [0x20, 0x20, 0x09, 0x0a, 0x0d, 0x0d],
  upper: [0x41, 0x5a],
  xdigit: [0x30, 0x39, 0x41, 0x46, 0x61, 0x66],
};

/**
 * Case canonicalisation of one UTF-16 code unit as a JavaScript regular expression with the `i`
 * flag (and no `u`) does it — the comparison `ignore` makes with `ignorecase`.
 */
function canonChar(c: string): string {
  const u = c.toUpperCase();
  if (u.length !== 1) return c;
  if (c.charCodeAt(0) >= 128 && u.charCodeAt(0) < 128) return c;
  return u;
}

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** {@link canonChar} over a string. */
export function canonical(s: string): string {
  if (ASCII.test(s)) return s.toUpperCase();
  let out = '';
  for (let i = 0; i < s.length; i++) out += canonChar(s[i]!);
  return out;
}

/** A bracket expression starting at `p[start] === '['`, read as git's `wildmatch` (and `ignore`) read it. */
function scanBracket(p: string, start: number): { end: number; token: Token } | null {
  let i = start + 1;
  let negated = false;
  if (p[i] === '!' || p[i] === '^') {
    negated = true;
    i++;
  }
  const ranges: number[] = [];
  let prev = '';
  for (;;) {
    const c = p[i];
    if (c === undefined) return null;
    if (c === '\\') {
      const e = p[++i];
      if (e === undefined) return null;
      ranges.push(e.charCodeAt(0), e.charCodeAt(0));
      prev = e;
    } else if (c === '-' && prev !== '' && i + 1 < p.length && p[i + 1] !== ']') {
      i++;
      let to = p[i];
      if (to === '\\') to = p[++i];
      // An out-of-order range matches nothing; its lower bound is already a member.
      if (to !== undefined && prev <= to) ranges.push(prev.charCodeAt(0), to.charCodeAt(0));
      prev = '';
    } else if (c === '[' && p[i + 1] === ':') {
      const nameStart = i + 2;
      let end = nameStart;
      while (end < p.length && p[end] !== ']') end++;
      if (end === p.length) return null;
      if (end > nameStart && p[end - 1] === ':') {
        const name = p.slice(nameStart, end - 1);
        if (!Object.prototype.hasOwnProperty.call(POSIX_CLASSES, name)) return null;
        ranges.push(...POSIX_CLASSES[name]!);
        prev = '';
        i = end;
      } else {
        ranges.push(0x5b, 0x5b);
        prev = '[';
      }
    } else {
      ranges.push(c.charCodeAt(0), c.charCodeAt(0));
      prev = c;
    }
    i++;
    if (p[i] === ']') return { end: i, token: { t: 'class', negated, ranges } };
  }
}

function inRanges(ranges: readonly number[], code: number): boolean {
  for (let i = 0; i < ranges.length; i += 2) if (code >= ranges[i]! && code <= ranges[i + 1]!) return true;
  return false;
}

function classMatches(tok: { negated: boolean; ranges: readonly number[] }, ch: string, fold: boolean): boolean {
  if (ch === '/') return false;
  let hit = inRanges(tok.ranges, ch.charCodeAt(0));
  if (!hit && fold) {
    const c = canonChar(ch);
    hit = inRanges(tok.ranges, c.charCodeAt(0));
    if (!hit) {
      const lower = c.toLowerCase();
      hit = lower.length === 1 && canonChar(lower) === c && inRanges(tok.ranges, lower.charCodeAt(0));
    }
  }
  return hit !== tok.negated;
}

/** `ignore`'s `trimEnd` for one line: trailing spaces go, a space escaped by an odd run of backslashes stays. */
function trimEnd(body: string): string {
  let end = body.length;
  while (body[end - 1] === ' ') end--;
  if (end === body.length) return body;
  let backslashes = 0;
  while (body[end - backslashes - 1] === '\\') backslashes++;
  return backslashes % 2 === 1 ? `${body.slice(0, end - 1)} ` : body.slice(0, end);
}

function hasTrailingBackslash(s: string): boolean {
  let n = 0;
  while (s[s.length - n - 1] === '\\') n++;
  return n % 2 === 1;
}

interface Part {
  tokens: Token[];
}

function starsOnly(part: Part, min: number): boolean {
  return part.tokens.length >= min && part.tokens.every((t) => t.t === 'star');
}

function globSeg(tokens: Token[], minOne: boolean, fold: boolean): GlobSeg {
  const allLit = tokens.every((t) => t.t === 'lit');
  let literal: string | undefined;
  if (allLit) {
    literal = '';
    for (const t of tokens) literal += (t as { c: string }).c;
    if (fold) literal = canonical(literal);
  }
  const empty = !minOne && tokens.every((t) => t.t === 'star');
  return {
    kind: 'glob',
    tokens: fold ? tokens.map((t) => (t.t === 'lit' ? { t: 'lit', c: canonChar(t.c) } : t)) : tokens,
    literal,
    empty,
    minOne,
  };
}

/** One gitignore line (as `ignore`'s `createRule` takes it), or `undefined` when it is no rule. */
function parseLine(raw: string, fold: boolean): Line | undefined {
  let body = raw;
  if (body[0] === '#') return undefined;
  let negative = false;
  if (body[0] === '!') {
    negative = true;
    body = body.slice(1);
  }
  if (body[body.length - 1] === ' ') body = trimEnd(body);
  if (body === '' || hasTrailingBackslash(body)) return undefined;
  if (/^\/\*{2,}$/.test(body)) body = '**';
  const innerSlash = /\/(?!$)/.test(body);
  const never: Line = { negative, never: true, floating: false, end: 'exact', segs: [] };

  // Segments between slashes; an escaped slash `\/` separates too, but never frames a `**`.
  const parts: Part[] = [{ tokens: [] }];
  const seps: ('real' | 'escaped')[] = [];
  const push = (t: Token) => parts[parts.length - 1]!.tokens.push(t);
  for (let i = 0; i < body.length;) {
    const c = body[i]!;
    if (c === '\\') {
      const e = body[i + 1]!;
      if (e === '/') {
        if (i + 2 === body.length) return never;
        seps.push('escaped');
        parts.push({ tokens: [] });
      } else push({ t: 'lit', c: e });
      i += 2;
    } else if (c === '/') {
      seps.push('real');
      parts.push({ tokens: [] });
      i++;
    } else if (c === '*') {
      push({ t: 'star' });
      i++;
    } else if (c === '?') {
      push({ t: 'any' });
      i++;
    } else if (c === '[') {
      const scanned = scanBracket(body, i);
      if (scanned === null) return never;
      push(scanned.token);
      i = scanned.end + 1;
    } else {
      push({ t: 'lit', c });
      i++;
    }
  }

  const leadingSlash = parts[0]!.tokens.length === 0 && seps[0] === 'real';
  if (leadingSlash) {
    parts.shift();
    seps.shift();
  }
  // Leading `**/` (repeated): match at any depth; the slashes they hold are used up.
  let leadingGlobstar = false;
  while (parts.length > 1 && starsOnly(parts[0]!, 2) && seps[0] === 'real') {
    parts.shift();
    seps.shift();
    leadingGlobstar = true;
  }
  const floating = leadingGlobstar || (!leadingSlash && !innerSlash);
  let end: Line['end'] = 'exact';
  if (parts.length >= 2 && parts[parts.length - 1]!.tokens.length === 0 && seps[parts.length - 2] === 'real') {
    end = 'dir';
    parts.pop();
    seps.pop();
  }
  const segs: Seg[] = [];
  const last = parts.length - 1;
  for (let i = 0; i <= last; i++) {
    const part = parts[i]!;
    const globstar = i >= 1 && starsOnly(part, 2) && seps[i - 1] === 'real' && (i === last || seps[i] === 'real');
    if (globstar) {
      if (i === last && end === 'exact') end = 'rest';
      else if (i === last && end === 'dir') segs.push(ANY_NONEMPTY, GLOBSTAR);
      else segs.push(GLOBSTAR);
      continue;
    }
    const minOne = end === 'exact' && i === last && i >= 1 && part.tokens.length === 1 && part.tokens[0]!.t === 'star';
    segs.push(globSeg(part.tokens, minOne, fold));
  }
  return { negative, never: false, floating, end, segs };
}

/**
 * Compile a gitignore pattern as `ignore({ ignorecase: fold }).add(pattern)` reads it: lines
 * split at line breaks, `#` comments, `!` negation, trailing spaces, escapes, `?`, `*`, `**`,
 * `[...]` with git's `[:class:]` names. @internal
 */
export function compileGitignorePattern(pattern: string, fold: boolean): GitignorePattern {
  const text = pattern[pattern.length - 1] === '\r' ? pattern.slice(0, -1) : pattern;
  const raws = text.split(/\r?\n/).filter(Boolean);
  if (raws[0] !== undefined && raws[0][0] === '\uFEFF' && pattern[0] === '\uFEFF') raws[0] = raws[0].slice(1);
  const lines: Line[] = [];
  for (const raw of raws) {
    const line = parseLine(raw, fold);
    if (line !== undefined) lines.push(line);
  }
  let needle = '';
  const only = lines[0];
  if (!fold && lines.length === 1 && only !== undefined && !only.negative && !only.never) {
    for (const s of only.segs) {
      if (s.kind !== 'glob') continue;
      let run = '';
      for (const t of s.tokens) {
        if (t.t === 'lit') run += t.c;
        else run = '';
        if (run.length > needle.length) needle = run;
      }
    }
  }
  return { lines, fold, needle };
}

let steps = 0;

/** Segment comparisons made so far: the unit of {@link GitignorePattern} matching work. @internal */
export function matchSteps(): number {
  return steps;
}

function segMatches(seg: GlobSeg, t: string, tc: string, fold: boolean): boolean {
  if (seg.literal !== undefined) return (fold ? tc : t) === seg.literal;
  if (seg.minOne && t.length === 0) return false;
  const toks = seg.tokens;
  const text = fold ? tc : t;
  // Greedy wildcard matching with one resume point: every other token takes one character.
  let gi = 0;
  let ti = 0;
  let starG = -1;
  let starT = 0;
  while (ti < text.length) {
    if (gi < toks.length) {
      const tok = toks[gi]!;
      if (tok.t === 'star') {
        starG = gi++;
        starT = ti;
        continue;
      }
      const ok = tok.t === 'any' ? text[ti] !== '/' : tok.t === 'lit' ? tok.c === text[ti] : classMatches(tok, t[ti]!, fold);
      if (ok) {
        gi++;
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
  while (gi < toks.length && toks[gi]!.t === 'star') gi++;
  return gi === toks.length;
}

let scratchA = new Uint8Array(32);
let scratchB = new Uint8Array(32);

/**
 * For one line and the segments `s` (then `extra`, when given): whether the prefix of `k`
 * segments matches as a file (`file[k]`) and as a directory, with a trailing slash (`dir[k]`),
 * for every `k` in `1..m`. `file` and `dir` must be zero on entry.
 */
function lineHits(
  line: Line,
  s: readonly string[],
  sc: readonly string[],
  extra: string | undefined,
  fold: boolean,
  file: Uint8Array,
  dir: Uint8Array,
): void {
  if (line.never) return;
  const segs = line.segs;
  const K = segs.length;
  if (K === 0) return; // not produced by parseLine: every line keeps one segment
  const n = s.length;
  const m = extra === undefined ? n : n + 1;
  if (scratchA.length <= K) {
    scratchA = new Uint8Array(2 * K + 2);
    scratchB = new Uint8Array(2 * K + 2);
  }
  let cur = scratchA;
  let next = scratchB;
  cur.fill(0, 0, K + 1);
  cur[0] = 1;
  for (let i = 0; i < K; i++) if (cur[i] === 1 && segs[i]!.kind === 'globstar') cur[i + 1] = 1;
  let reachedBefore = false; // K reached after fewer segments than the current prefix
  const lastSeg = segs[K - 1]!;
  const emptyLast = lastSeg.kind === 'glob' && lastSeg.empty;
  for (let j = 0; j < m; j++) {
    next.fill(0, 0, K + 1);
    const t = j < n ? s[j]! : extra!;
    const tc = j < n ? sc[j]! : fold ? canonical(extra!) : extra!;
    let active = false;
    for (let i = 0; i < K; i++) {
      if (cur[i] !== 1) continue;
      steps++;
      const seg = segs[i]!;
      if (seg.kind === 'globstar') {
        if (t !== '') {
          next[i] = 1;
          active = true;
        }
      } else if (segMatches(seg, t, tc, fold)) {
        next[i + 1] = 1;
        active = true;
      }
    }
    if (line.floating) next[0] = 1;
    for (let i = 0; i < K; i++) if (next[i] === 1 && segs[i]!.kind === 'globstar') next[i + 1] = 1;
    if (cur[K] === 1) reachedBefore = true;
    const swap = cur;
    cur = next;
    next = swap;
    const k = j + 1;
    if (line.end === 'exact') {
      file[k] = cur[K]!;
      // A directory is tried with its trailing slash: the last pattern segment may match the empty rest.
      dir[k] = cur[K] === 1 || (emptyLast && cur[K - 1] === 1) ? 1 : 0;
    } else if (line.end === 'dir') {
      dir[k] = cur[K]!;
    } else if (reachedBefore) {
      file[k] = 1;
      dir[k] = 1;
    }
    if (!active && !line.floating) {
      // An anchored line with no live state: nothing changes any more.
      const tail = line.end === 'rest' && (reachedBefore || cur[K] === 1) ? 1 : 0;
      file.fill(tail, k + 1, m + 1);
      dir.fill(tail, k + 1, m + 1);
      return;
    }
  }
}

let resultFile = new Uint8Array(64);
let resultDir = new Uint8Array(64);

/**
 * What `ignore` says for the segments `segs` (then `extra`) — for every prefix at once:
 * `file[k]`/`dir[k]` is whether the path of the first `k` segments, as a file / as a directory,
 * is ignored by the last line that matches it. The arrays are reused by the next call.
 */
function prefixResults(
  g: GitignorePattern,
  segs: readonly string[],
  canon: readonly string[] | undefined,
  extra: string | undefined,
): { file: Uint8Array; dir: Uint8Array } {
  const m = segs.length + (extra === undefined ? 0 : 1);
  const sc = g.fold ? (canon ?? segs.map(canonical)) : segs;
  if (resultFile.length <= m) {
    resultFile = new Uint8Array(2 * m + 2);
    resultDir = new Uint8Array(2 * m + 2);
  }
  const file = resultFile;
  const dir = resultDir;
  file.fill(0, 0, m + 1);
  dir.fill(0, 0, m + 1);
  if (g.lines.length === 1) {
    const line = g.lines[0]!;
    if (!line.negative) lineHits(line, segs, sc, extra, g.fold, file, dir);
    return { file, dir };
  }
  const decidedF = new Uint8Array(m + 1);
  const decidedD = new Uint8Array(m + 1);
  for (let l = g.lines.length - 1; l >= 0; l--) {
    const line = g.lines[l]!;
    const f = new Uint8Array(m + 1);
    const d = new Uint8Array(m + 1);
    lineHits(line, segs, sc, extra, g.fold, f, d);
    for (let k = 1; k <= m; k++) {
      if (decidedF[k] === 0 && f[k] === 1) {
        decidedF[k] = 1;
        file[k] = line.negative ? 0 : 1;
      }
      if (decidedD[k] === 0 && d[k] === 1) {
        decidedD[k] = 1;
        dir[k] = line.negative ? 0 : 1;
      }
    }
  }
  return { file, dir };
}

function anyDir(dir: Uint8Array, upTo: number): boolean {
  for (let k = 1; k <= upTo; k++) if (dir[k] === 1) return true;
  return false;
}

/**
 * `ignore().add(pattern).ignores(rel)` for a relative path without empty, `.` or `..` leading
 * segments (see {@link isMatchablePath}): `rel` or one of its parent directories matches. A
 * trailing slash makes `rel` a directory. @internal
 */
export function gitignoreIgnores(g: GitignorePattern, rel: string): boolean {
  const isDir = rel.endsWith('/');
  const segs = (isDir ? rel.slice(0, -1) : rel).split('/');
  const n = segs.length;
  const r = prefixResults(g, segs, undefined, undefined);
  return anyDir(r.dir, n - 1) || (isDir ? r.dir[n] === 1 : r.file[n] === 1);
}

/**
 * For a relative file path split in `segs` (`canon`: the same, case-canonical, when the pattern
 * folds case; computed when not given), in one pass: is the path ignored (`self`), is it as a
 * directory (`asDir`), and is something inside it (`child`, the path `…/x`)? @internal
 */
export function gitignoreProbe(
  g: GitignorePattern,
  segs: readonly string[],
  canon?: readonly string[],
): { self: boolean; asDir: boolean; child: boolean } {
  const n = segs.length;
  const r = prefixResults(g, segs, canon, 'x');
  const parents = anyDir(r.dir, n - 1);
  return { self: parents || r.file[n] === 1, asDir: parents || r.dir[n] === 1, child: parents || r.dir[n] === 1 || r.file[n + 1] === 1 };
}

/** Can a path holding `probe` (`rel/x`) match at all? False when it lacks the pattern's needle. @internal */
export function mayMatch(g: GitignorePattern, probe: string): boolean {
  return g.needle === '' || probe.includes(g.needle);
}

/**
 * Paths `ignore` accepts as relative: not empty, no leading `/`, `./`, `../`, `.` or `..`. With
 * no empty segment besides (normalised paths have none), so segments are well defined. @internal
 */
export function isMatchablePath(rel: string): boolean {
  if (rel === '' || rel.charCodeAt(0) === 47 || rel.includes('//')) return false;
  if (rel.charCodeAt(0) === 46) {
    if (rel.length === 1 || rel.charCodeAt(1) === 47) return false;
    if (rel.charCodeAt(1) === 46 && (rel.length === 2 || rel.charCodeAt(2) === 47)) return false;
  }
  return true;
}
