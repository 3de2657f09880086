import type { Platform, RuleList } from '../core/types.js';
import { canonical, compileGitignorePattern, gitignoreProbe, isMatchablePath, mayMatch, type GitignorePattern } from './gitignore-match.js';
import { globMatchesPath } from './glob.js';
import { normalizePath, relativeInside } from './normalize.js';

/** Anchors and list a Read/Edit path pattern is matched with. @public */
export interface PathPatternContext {
  /** Absolute original working directory: anchors `p` and `./p`. */
  cwd: string;
  /** Absolute home directory: anchors `~/p`. */
  home: string;
  /** Absolute directory `/p` anchors to. */
  slashAnchor: string;
  platform: Platform;
  /** The list the rule is in: decides single-segment directory anchoring and case folding. */
  list: RuleList;
}

/** A path pattern prepared for matching. @public */
export interface CompiledPathPattern {
  /** Normalised absolute directory the pattern is relative to. */
  base: string;
  /** The gitignore pattern (as `ignore@7` reads it), relative to `base`. */
  gitignore: string;
  /** True when the pattern names the base itself and everything under it (`~`, `//`, `~/**`). */
  coversBase: boolean;
  /** Match case-insensitively. */
  fold: boolean;
  /**
   * In allow lists only: the glob the path itself must match (no "matched directory covers its
   * contents"), so `/src/*` allows `src/a.ts` but not `src/sub/a.ts`. Undefined when not needed.
   */
  strict?: { glob: string; anchored: boolean };
  list: RuleList;
}

const WILD = /[*?[]/;

function hasWildcard(segment: string): boolean {
  return WILD.test(segment.replace(/\\./g, ''));
}

/**
 * Case folding: Windows paths always compare case-insensitively; on macOS deny/ask rules fold
 * case (a case-insensitive volume makes `SECRET.TXT` the same file as `Secret.txt`) while allow
 * rules do not (never widened by case); Linux never folds.
 */
function foldFor(platform: Platform, list: RuleList): boolean {
  if (platform === 'windows') return true;
  if (platform === 'macos') return list !== 'allow';
  return false;
}

/** Escape what gitignore would read as syntax (`#` comment, `!` negation, trailing spaces) rather than as a name. */
function escapeForIgnore(pattern: string): string {
  let p = pattern;
  if (p.startsWith('#') || p.startsWith('!')) p = `\\${p}`;
  return p.replace(/( +)$/, (spaces) => '\\ '.repeat(spaces.length));
}

/**
 * Compile a Read/Edit rule's path pattern (Claude Code docs, "Configure permissions › Read and
 * Edit"): `//p` absolute, `~/p` under home, `/p` under `ctx.slashAnchor`, `p` and `./p` under
 * the cwd; `../` climbs from the cwd. gitignore semantics otherwise: a pattern without an inner
 * `/` matches at any depth under its anchor; `*` stays in one segment, `**` crosses them. A
 * single-segment relative directory pattern (`src/**`, `src/*`, `src/`) is anchored at the cwd in
 * allow lists and matches at any depth under the cwd in deny/ask lists. On Windows a pattern
 * written as a drive path (`C:\Users\x\**`) is read as `//c/Users/x/**`.
 * @public
 */
export function compilePathPattern(pattern: string, ctx: PathPatternContext): CompiledPathPattern {
  const norm = { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform };
  let p = pattern;
  if (ctx.platform === 'windows' && /^[A-Za-z]:([\\/]|$)/.test(p)) {
    p = `//${p[0]!.toLowerCase()}${p.slice(2).replace(/\\/g, '/')}`;
  }
  let base: string;
  let rest: string;
  let anchored: boolean;
  if (p.startsWith('//')) {
    base = '/';
    rest = p.slice(2);
    anchored = true;
  } else if (p === '~' || p.startsWith('~/')) {
    base = normalizePath(ctx.home, norm);
    rest = p.slice(2);
    anchored = true;
  } else if (p.startsWith('/')) {
    base = normalizePath(ctx.slashAnchor, norm);
    rest = p.slice(1);
    anchored = true;
  } else {
    base = normalizePath(ctx.cwd, norm);
    rest = p;
    anchored = false;
  }
  // Leading `./` is dropped; leading `../` climbs; inner `.`/`..` after literal segments collapse.
  const segments: string[] = [];
  for (const segment of rest.split('/')) {
    if (segment === '.' && segments.length === 0) continue;
    if (segment === '..') {
      const prev = segments[segments.length - 1];
      if (prev === undefined) {
        base = normalizePath(`${base}/..`, norm);
        anchored = true;
        continue;
      }
      if (!hasWildcard(prev)) {
        segments.pop();
        anchored = true;
        continue;
      }
    }
    if (segment === '' && segments.length === 0) continue; // `//` runs after the anchor
    segments.push(segment);
  }
  rest = segments.join('/');
  const fold = foldFor(ctx.platform, ctx.list);
  const coversBase = rest === '' || rest === '**' || rest === '**/';

  // Anchoring, gitignore style: an inner slash anchors; anchored prefixes anchor.
  const inner = rest.replace(/\/$/, '');
  const singleSegmentDir = !anchored && /^[^/]+\/(\*\*?)?$/.test(rest);
  let gitignore: string;
  if (singleSegmentDir) {
    gitignore = ctx.list === 'allow' ? `/${rest}` : `**/${rest}`;
  } else if (anchored) {
    gitignore = `/${rest}`;
  } else {
    gitignore = rest;
  }
  if (rest === '') gitignore = '/**';

  const compiled: CompiledPathPattern = { base, gitignore: escapeForIgnore(gitignore), coversBase, fold, list: ctx.list };
  const last = inner.split('/').pop() ?? '';
  if (ctx.list === 'allow' && !rest.endsWith('/') && last !== '**' && hasWildcard(last)) {
    const unanchoredGlob = !anchored && !singleSegmentDir && !inner.includes('/');
    compiled.strict = { glob: gitignore.replace(/^\//, ''), anchored: !unanchoredGlob };
  }
  return compiled;
}

/**
 * The longest path, in UTF-16 code units, and the most segments a path may have to be matched.
 * A longer or deeper path matches every deny/ask pattern and no allow pattern (fail closed):
 * no real file has such a path, and matching work stays bounded whatever the caller sends.
 * @public
 */
export const PATH_MATCH_LIMITS = { maxLength: 4096, maxSegments: 512 } as const;

function overLimits(abs: string): boolean {
  if (abs.length > PATH_MATCH_LIMITS.maxLength) return true;
  if (abs.length <= PATH_MATCH_LIMITS.maxSegments) return false;
  let slashes = 0;
  for (let i = abs.indexOf('/'); i !== -1; i = abs.indexOf('/', i + 1)) if (++slashes > PATH_MATCH_LIMITS.maxSegments) return true;
  return false;
}

/** A path made relative to a base, with what matching needs; the last one is kept. */
interface Relative {
  abs: string;
  base: string;
  fold: boolean;
  over: boolean;
  rel: string | undefined;
  matchable: boolean;
  segs?: string[];
  /** `segs`, case-canonical (for patterns that fold case). */
  canon?: string[];
  /** `rel/x`: every string a pattern is tested against is a part of it. */
  probe?: string;
}

const SENSITIVE = { caseInsensitive: false };
const INSENSITIVE = { caseInsensitive: true };
let lastRelative: Relative = { abs: '', base: '', fold: false, over: false, rel: undefined, matchable: false };

/** Rules of one call share the call's path and mostly one base: work the relative path out once. */
function relativeTo(abs: string, base: string, fold: boolean): Relative {
  const last = lastRelative;
  if (last.abs === abs && last.base === base && last.fold === fold) return last;
  const over = overLimits(abs);
  const rel = over ? undefined : relativeInside(abs, base, fold ? INSENSITIVE : SENSITIVE);
  lastRelative = { abs, base, fold, over, rel, matchable: rel !== undefined && isMatchablePath(rel) };
  return lastRelative;
}

const gitignoreCache = new WeakMap<CompiledPathPattern, GitignorePattern>();

/** The compiled gitignore pattern of a compiled path pattern, made on first use. */
function gitignoreOf(compiled: CompiledPathPattern): GitignorePattern {
  let g = gitignoreCache.get(compiled);
  if (g === undefined) {
    g = compileGitignorePattern(compiled.gitignore, compiled.fold);
    gitignoreCache.set(compiled, g);
  }
  return g;
}

/**
 * Match a compiled pattern against a normalised absolute path. A path outside the pattern's base
 * never matches. In deny/ask lists a path is also tried as a directory (`x/`), so `secrets/`
 * covers a directory named `secrets` itself, and a pattern ending in `/**` covers the directory
 * whose contents it names (`secrets/**` covers `secrets`).
 *
 * Matching is a dynamic program over path segments (see `docs/decisions/0002-path-matching.md`):
 * at most (path segments + 2) × (pattern segments + 1) segment comparisons, whatever the input —
 * no regular expression, no backtracking. A path longer than `PATH_MATCH_LIMITS.maxLength`
 * (4096) characters or deeper than `PATH_MATCH_LIMITS.maxSegments` (512) segments, and a relative
 * form `ignore` would refuse, match every deny/ask pattern and no allow pattern (fail closed).
 * @public
 */
export function matchCompiledPathPattern(compiled: CompiledPathPattern, absPath: string): boolean {
  return matchWith(compiled, undefined, absPath);
}

function matchWith(compiled: CompiledPathPattern, gitignore: GitignorePattern | undefined, absPath: string): boolean {
  const r = relativeTo(absPath, compiled.base, compiled.fold);
  if (r.over) return compiled.list !== 'allow';
  const rel = r.rel;
  if (rel === undefined) return false;
  if (rel === '') return compiled.coversBase;
  if (!r.matchable) return compiled.list !== 'allow';
  const g = gitignore ?? gitignoreOf(compiled);
  if (!mayMatch(g, (r.probe ??= `${rel}/x`))) return false;
  const segs = (r.segs ??= rel.split('/'));
  const hit = gitignoreProbe(g, segs, g.fold ? (r.canon ??= segs.map(canonical)) : undefined);
  let matched = hit.self;
  if (!matched && compiled.list !== 'allow') {
    // A directory whose contents a deny/ask rule covers (`secrets/**`) is covered itself, so
    // a Grep or Glob over the directory cannot read what the rule denies.
    matched = hit.asDir || (compiled.gitignore.endsWith('/**') && hit.child);
  }
  return matched && strictHolds(compiled, rel);
}

/**
 * A compiled pattern with what matching it needs, made once per pattern and context (the path
 * rules of a prepared evaluation context keep one each). @internal
 */
export interface PathMatcher {
  compiled: CompiledPathPattern;
  gitignore: GitignorePattern;
  /**
   * In allow lists: an absolute directory prefix (ending in `/`) that every path the pattern
   * matches starts with, from the pattern's leading literal segments; `''` when none is known.
   * (Deny and ask lists match more — a directory itself, an over-long path — so they have none.)
   */
  prefix: string;
  /**
   * The pattern names every path strictly under `prefix` and nothing else (an allow rule such as
   * `./src/**`: literal segments then `/**`), so a clean path under the prefix needs no matching.
   */
  allUnder: boolean;
}

/** The {@link PathMatcher} of a compiled pattern. @internal */
export function pathMatcher(compiled: CompiledPathPattern): PathMatcher {
  const g = gitignoreOf(compiled);
  let prefix = '';
  let allUnder = false;
  const only = g.lines[0];
  if (
    compiled.list === 'allow' &&
    !compiled.fold &&
    !g.fold &&
    g.lines.length === 1 &&
    only !== undefined &&
    !only.negative &&
    !only.never &&
    !only.floating
  ) {
    // Segments before the last must be matched by path segments; a trailing `/**` needs one more.
    const n = only.end === 'rest' ? only.segs.length : only.segs.length - 1;
    const literals: string[] = [];
    for (let i = 0; i < n; i++) {
      const seg = only.segs[i]!;
      if (seg.kind !== 'glob' || seg.literal === undefined || seg.literal === '') break;
      literals.push(seg.literal);
    }
    if (literals.length > 0) prefix = `${compiled.base === '/' ? '' : compiled.base}/${literals.join('/')}/`;
    allUnder = prefix !== '' && only.end === 'rest' && literals.length === only.segs.length && compiled.strict === undefined;
  }
  return { compiled, gitignore: g, prefix, allUnder };
}

/**
 * {@link matchCompiledPathPattern} through a {@link PathMatcher}, the path normalised first (with
 * the cwd, home and platform the pattern was compiled with). Same answer, less work. @internal
 */
export function matchPathMatcher(m: PathMatcher, path: string, ctx: { cwd: string; home: string; platform: Platform }): boolean {
  const abs = normalized(path, ctx);
  if (m.prefix !== '' && !abs.startsWith(m.prefix)) return false;
  if (m.allUnder && abs.length > m.prefix.length && cleanPath(abs)) return true;
  return matchWith(m.compiled, m.gitignore, abs);
}

/** Within the limits, with no empty, `.` or `..` segment: what an `allUnder` pattern matches under its prefix. */
function cleanPath(abs: string): boolean {
  return !overLimits(abs) && !UNCLEAN.test(abs);
}

const UNCLEAN = /\/\.{0,2}(\/|$)/;

/** The path as {@link matchPathMatcher} matches it (normalised, the last answer remembered). @internal */
export function normalizedForMatch(path: string, ctx: { cwd: string; home: string; platform: Platform }): string {
  return normalized(path, ctx);
}

/** In allow lists, a wildcard last segment must match the path itself (see `strict`). */
function strictHolds(compiled: CompiledPathPattern, rel: string): boolean {
  if (compiled.strict === undefined) return true;
  const { glob, anchored } = compiled.strict;
  const subject = anchored ? rel : rel.slice(rel.lastIndexOf('/') + 1);
  // The path must be one the rule names under every reading of its brackets (`[[=e=]]` names only `e`).
  return globMatchesPath(glob, subject, compiled.fold, 'must');
}

/** One compiled pattern per pattern text and context; contexts compared field by field. */
interface CacheEntry {
  ctx: PathPatternContext;
  compiled: CompiledPathPattern;
}

// A memo of a pure function of (pattern, context): bounded at 2,048 entries (emptied when full), so no policy or context grows it.
const compiledCache = new Map<string, CacheEntry[]>();
let cachedEntries = 0;

function sameContext(a: PathPatternContext, b: PathPatternContext): boolean {
  return a.cwd === b.cwd && a.home === b.home && a.slashAnchor === b.slashAnchor && a.platform === b.platform && a.list === b.list;
}

function compiledFor(pattern: string, ctx: PathPatternContext): CompiledPathPattern {
  const entries = compiledCache.get(pattern);
  if (entries !== undefined) {
    for (const e of entries) if (sameContext(e.ctx, ctx)) return e.compiled;
  }
  if (cachedEntries >= 2048) {
    compiledCache.clear();
    cachedEntries = 0;
  }
  const compiled = compilePathPattern(pattern, ctx);
  const entry = { ctx: { cwd: ctx.cwd, home: ctx.home, slashAnchor: ctx.slashAnchor, platform: ctx.platform, list: ctx.list }, compiled };
  const list = compiledCache.get(pattern);
  if (list === undefined) compiledCache.set(pattern, [entry]);
  else list.push(entry);
  cachedEntries++;
  return compiled;
}

/**
 * Match a Read/Edit path pattern (see {@link compilePathPattern}) against a path, which is
 * normalised first (`~`, relative, `..`, Windows drive forms). Compiled patterns are cached.
 * @public
 */
export function matchPathPattern(pattern: string, path: string, ctx: PathPatternContext): boolean {
  const compiled = compiledFor(pattern, ctx);
  return matchCompiledPathPattern(compiled, normalized(path, ctx));
}

let lastNormalized = { path: '', cwd: '', home: '', platform: '', abs: '' };

/** `normalizePath`, remembering the last answer: a call's path is matched against many rules. */
function normalized(path: string, ctx: { cwd: string; home: string; platform: Platform }): string {
  const last = lastNormalized;
  if (last.path === path && last.cwd === ctx.cwd && last.home === ctx.home && last.platform === ctx.platform && typeof path === 'string')
    return last.abs;
  const abs = normalizePath(path, { cwd: ctx.cwd, home: ctx.home, platform: ctx.platform });
  if (typeof path === 'string') lastNormalized = { path, cwd: ctx.cwd, home: ctx.home, platform: ctx.platform, abs };
  return abs;
}
