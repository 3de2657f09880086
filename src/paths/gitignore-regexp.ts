/**
 * A fast path for the gitignore patterns path rules produce: the common subset compiled once into
 * one regular expression that gives, for a relative path, exactly what `ignore@7` gives for a
 * single pattern — the expression `ignore` itself would build (its translation, re-stated), and its
 * rule that a path is ignored when it or any of its parent directories matches. Anything outside
 * the subset (escapes, `?`, character classes, `***`, a `**` beside other text, empty segments,
 * `**` runs, line breaks) gets `undefined`, and the caller keeps using `ignore`. Differential
 * property tests hold the two together (test/paths/gitignore-regexp.test.ts).
 */

/** A compiled single gitignore pattern. */
export interface GitignoreRegExp {
  re: RegExp;
  /** `ignore` tests a pattern without an inner slash against the last segment only. */
  basenameOnly: boolean;
  /**
   * Text every matching path starts with (a `^`-anchored, case-sensitive pattern's literal head),
   * or `''`: a path that parts from it cannot match, nor can its parents or `path/…`.
   */
  head: string;
  /**
   * The longest literal run of one segment, or `''`: every matching string contains it (when
   * `fold` is off), so a path that lacks it — with `/x` after it — cannot match, nor can its
   * parents or `path/…`.
   */
  needle: string;
}

/** Characters (or a trailing space) that leave the subset; `ignore` handles those. */
const OUTSIDE_SUBSET = /[\\?[\]\r\n\0\uE000\uE001\uFEFF]|^[#!]| $/;
const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/]/g;
const SEGMENT_CHAR = '[^\\/]';

function literal(text: string): string {
  return text.replace(REGEX_SPECIAL, '\\$&');
}

/** One segment with `*` wildcards (no `**`); a trailing `*` is left to the caller when `trailingStar` says so. */
function segmentSource(segment: string): string {
  return segment.split('*').map(literal).join(`${SEGMENT_CHAR}*`);
}

/**
 * Compile one gitignore pattern (as `ignore().add()` would take it, with `ignorecase: fold`) to a
 * {@link GitignoreRegExp}, or `undefined` when it is outside the fast subset.
 */
export function compileGitignore(pattern: string, fold: boolean): GitignoreRegExp | undefined {
  if (pattern === '' || OUTSIDE_SUBSET.test(pattern)) return undefined;
  const basenameOnly = pattern.indexOf('/') === -1 || pattern.indexOf('/') === pattern.length - 1;
  const body = pattern === '/**' ? '**' : pattern;
  const anchoredLead = body.startsWith('/');
  let rest = anchoredLead ? body.slice(1) : body;
  const dirOnly = rest.endsWith('/');
  if (dirOnly) rest = rest.slice(0, -1);
  const segs = rest.split('/');
  for (const s of segs) {
    if (s === '') return undefined;
    if (s !== '**' && s.includes('**')) return undefined;
    if (s.split('*').length > 4) return undefined; // many stars in one segment: leave backtracking control to `ignore`
  }
  if (segs.length === 1 && segs[0] === '**') {
    if (dirOnly || anchoredLead) return undefined;
    return { re: new RegExp(`(?:^|\\/)${SEGMENT_CHAR}*(?=$|\\/$)`, fold ? 'i' : ''), basenameOnly, head: '', needle: '' };
  }
  let from = 0;
  let source: string;
  if (segs[0] === '**') {
    from = 1;
    source = '(?:^|\\/)';
  } else {
    source = anchoredLead || segs.length > 1 ? '^' : '(?:^|\\/)';
  }
  let to = segs.length;
  const trailingGlobstar = segs[to - 1] === '**' && to - from >= 2;
  if (trailingGlobstar) {
    if (dirOnly) return undefined;
    to--;
  }
  let first = true;
  for (let i = from; i < to; i++) {
    const seg = segs[i]!;
    if (seg === '**') {
      // `a/**/b`: zero or more directories between; never first, last or doubled here.
      if (first || i === to - 1 || segs[i + 1] === '**') return undefined;
      source += '(?:\\/[^\\/]+)*';
      continue;
    }
    const lastSeg = i === to - 1 && !trailingGlobstar && !dirOnly;
    const sep = first ? '' : '\\/';
    if (lastSeg && seg === '*' && !first) {
      // `abc/*` does not match `abc/` (one character at least).
      source += `${sep}[^/]+`;
    } else {
      source += sep + segmentSource(seg);
    }
    first = false;
  }
  if (first) return undefined;
  if (trailingGlobstar) source += '\\/[\\s\\S]';
  else if (dirOnly) source += '\\/$';
  else source += '(?=$|\\/$)';
  const anchoredAtStart = source.startsWith('^');
  const star = rest.indexOf('*');
  const head = anchoredAtStart && !fold ? (star === -1 ? rest : rest.slice(0, star)) : '';
  let needle = '';
  if (!fold) {
    for (let i = from; i < to; i++) {
      if (segs[i] === '**') continue;
      for (const piece of segs[i]!.split('*')) if (piece.length > needle.length) needle = piece;
    }
  }
  return { re: new RegExp(source, fold ? 'i' : ''), basenameOnly, head, needle };
}

/**
 * Paths the fast path takes as `ignore` does: relative, no empty segment, no backslash (which
 * `ignore` converts on Windows hosts), no drive prefix. Others go to `ignore` itself.
 */
export function isPlainRelative(path: string): boolean {
  if (path === '' || path.charCodeAt(0) === 47 || path.includes('//') || path.includes('\\')) return false;
  if (path.charCodeAt(0) === 46) {
    if (path.length === 1 || path.charCodeAt(1) === 47) return false;
    if (path.charCodeAt(1) === 46 && (path.length === 2 || path.charCodeAt(2) === 47)) return false;
  }
  return !/^[a-z]:\//i.test(path);
}

function testOne(g: GitignoreRegExp, path: string): boolean {
  if (!g.basenameOnly) return g.re.test(path);
  const end = path.length - 1;
  const cut = path.lastIndexOf('/', path.charCodeAt(end) === 47 ? end - 1 : end);
  return g.re.test(cut < 0 ? path : path.slice(cut + 1));
}

/** The parent directories of `path` as `ignore` tests them: `['a/', 'a/b/']` for `a/b/c`. */
export function parentsOf(path: string): string[] {
  const out: string[] = [];
  const end = path.length - 1; // a trailing slash belongs to the path itself
  for (let i = path.indexOf('/'); i !== -1 && i < end; i = path.indexOf('/', i + 1)) out.push(path.slice(0, i + 1));
  return out;
}

/**
 * Can `path`, a parent of it, `path/` or `path/x` match at all? False when `path` parts from the
 * pattern's literal head (no string starting differently can match a `^head…` expression), or
 * when `probe` (`path/x`, which holds every string tested) lacks the pattern's needle.
 */
export function mayMatch(g: GitignoreRegExp, path: string, probe: string = `${path}/x`): boolean {
  const head = g.head;
  if (head !== '' && !(path.length >= head.length ? path.startsWith(head) : head.startsWith(path))) return false;
  return g.needle === '' || probe.includes(g.needle);
}

/** Does one of the parent directories (from {@link parentsOf}) match? */
export function parentMatches(g: GitignoreRegExp, parents: readonly string[]): boolean {
  for (const p of parents) if (testOne(g, p)) return true;
  return false;
}

/** Does `path` itself match (parents not consulted)? */
export function selfMatches(g: GitignoreRegExp, path: string): boolean {
  return testOne(g, path);
}

/** `ignore().add(pattern).ignores(path)` for a {@link isPlainRelative} path. */
export function gitignoreIgnores(g: GitignoreRegExp, path: string): boolean {
  return mayMatch(g, path) && (parentMatches(g, parentsOf(path)) || testOne(g, path));
}
