import { compilePathPattern, type PathPatternContext } from '../paths/index.js';
import { segmentMatches } from '../paths/glob.js';
import { expandBraces } from '../shell/syntax/brace.js';

const WILD = /[*?[]/;

/** The shell glob's alternatives after brace expansion (`a.{json,x}` → `a.json`, `a.x`). */
export function braceAlternatives(path: string): string[] {
  if (!path.includes('{')) return [path];
  return expandBraces(path, 256) ?? [path];
}

/** Does the path still hold a glob character after brace expansion? */
export function hasGlob(path: string): boolean {
  return WILD.test(path);
}

/**
 * The rule's pattern as absolute path segments, where `**` stands for any number of segments:
 * gitignore semantics — a pattern without an inner `/` matches at any depth under its base, and a
 * matched directory covers everything under it.
 */
function ruleSegments(pattern: string, ctx: PathPatternContext): string[] {
  const compiled = compilePathPattern(pattern, ctx);
  let rel = compiled.gitignore;
  const anchoredByGitignore = rel.startsWith('/');
  rel = rel.replace(/^\/+/, '').replace(/\/+$/, '');
  const inner = rel.includes('/');
  const base = compiled.base.split('/').filter(Boolean);
  if (compiled.coversBase || rel === '') return [...base, '**'];
  const segs = rel.split('/').filter(Boolean);
  // A bare file name (`.env`, `id_rsa`) also covers the contents of a directory of that name;
  // globs are compared with the file only, or every `**/*.ts` search would seem to reach `.env/`.
  const bareFile = !anchoredByGitignore && !inner && !WILD.test(rel);
  return [...base, ...(anchoredByGitignore || inner ? [] : ['**']), ...segs, ...(bareFile ? [] : ['**'])];
}

/**
 * {@link ruleSegments}, remembered: a glob write is compared with every protected entry's pattern
 * (about 460, `protectedHit` in pipeline.ts) and with the deny rules, each compiled again per
 * call before. The answer depends only on the pattern and the context's values: one table per
 * context's values, one entry per pattern; `undefined` when the pattern does not compile.
 */
const segmentsCache = new Map<string, Map<string, readonly string[] | undefined>>();
/** Many contexts or patterns (a long-lived server's sessions) would grow it without end: start again when full. */
const SEGMENTS_CACHE_CONTEXTS = 64;
const SEGMENTS_CACHE_PATTERNS = 8192;

function segmentsTableOf(ctx: PathPatternContext): Map<string, readonly string[] | undefined> {
  const key = `${ctx.platform}\u0000${ctx.list}\u0000${ctx.cwd}\u0000${ctx.home}\u0000${ctx.slashAnchor}`;
  let table = segmentsCache.get(key);
  if (table === undefined) {
    if (segmentsCache.size >= SEGMENTS_CACHE_CONTEXTS) segmentsCache.clear();
    segmentsCache.set(key, (table = new Map()));
  }
  return table;
}

function knownRuleSegments(
  pattern: string,
  ctx: PathPatternContext,
  table: Map<string, readonly string[] | undefined>,
): readonly string[] | undefined {
  if (table.has(pattern)) return table.get(pattern);
  let r: readonly string[] | undefined;
  try {
    r = ruleSegments(pattern, ctx);
  } catch {
    r = undefined;
  }
  if (table.size >= SEGMENTS_CACHE_PATTERNS) table.clear();
  table.set(pattern, r);
  return r;
}

/** Segments past these sizes are assumed to meet (fail closed) rather than handed to a regex engine. */
const MAX_SEGMENT = 256;
const MAX_STARS = 16;

function tooComplex(segment: string): boolean {
  if (segment.length > MAX_SEGMENT) return true;
  let stars = 0;
  for (const ch of segment) if (ch === '*' && ++stars > MAX_STARS) return true;
  return false;
}

function segmentsCompatible(glob: string, rule: string, nocase: boolean): boolean {
  const wg = WILD.test(glob);
  const wr = WILD.test(rule);
  if ((wg || wr) && (tooComplex(glob) || tooComplex(rule))) return true;
  // Leading dots match like any character (bash's dotglob), the conservative reading.
  if (!wg && !wr) return nocase ? glob.toLowerCase() === rule.toLowerCase() : glob === rule;
  if (wg && !wr) return segmentMatches(glob, rule, nocase);
  if (!wg && wr) return segmentMatches(rule, glob, nocase);
  return true; // two patterns: assume they can meet (fail closed)
}

/** One comparison of a glob's segments with a rule's: what the walk reads, and the states it has answered (0: not yet, 1: no, 2: yes). */
interface Walk {
  g: readonly string[];
  r: readonly string[];
  nocase: boolean;
  memo: Uint8Array;
}

/** Whether the glob's segments from `i` on may name what the rule's from `j` on cover. */
function walk(w: Walk, i: number, j: number): boolean {
  const at = i * (w.r.length + 1) + j;
  const seen = w.memo[at]!;
  if (seen !== 0) return seen === 2;
  const { g, r } = w;
  let out: boolean;
  if (j === r.length) out = i === g.length || (g[i] === '**' && walk(w, i + 1, j));
  else if (r[j] === '**') out = walk(w, i, j + 1) || (i < g.length && walk(w, i + 1, j));
  else if (i === g.length) out = false;
  else if (g[i] === '**') out = walk(w, i + 1, j) || walk(w, i, j + 1);
  else out = segmentsCompatible(g[i] ?? '', r[j] ?? '', w.nocase) && walk(w, i + 1, j + 1);
  w.memo[at] = out ? 2 : 1;
  return out;
}

/**
 * Could the shell glob `globPath` (absolute, braces expanded) name a path the path rule covers?
 * A conservative intersection of the two patterns, segment by segment: when both sides hold
 * wildcards in the same segment they are assumed to meet. Used so that `cat .en*` cannot read
 * what `Read(./.env)` denies.
 */
export function globMayHitRule(globPath: string, pattern: string, ctx: PathPatternContext): boolean {
  return globMayHitAny(globPath, [pattern], ctx) === 0;
}

/**
 * The index of the first of `patterns` that the shell glob `globPath` may name a path of (as
 * {@link globMayHitRule} answers for each), or -1 when it may name none: the glob is read once
 * for all of them.
 */
export function globMayHitAny(globPath: string, patterns: readonly string[], ctx: PathPatternContext): number {
  // A `**` segment of the glob stands for any number of directories: bash's globstar (which a
  // user's rc may turn on) and zsh's `**/` recurse, and a directory toolgate cannot place (`cd X`
  // through an unknown CDPATH) is `/**/X`.
  const g = globPath.split('/').filter(Boolean);
  const nocase = ctx.platform !== 'linux';
  const table = segmentsTableOf(ctx);
  for (let k = 0; k < patterns.length; k++) {
    const r = knownRuleSegments(patterns[k]!, ctx, table);
    if (r === undefined || g.length > 512 || r.length > 512) return k;
    if (walk({ g, r, nocase, memo: new Uint8Array((g.length + 1) * (r.length + 1)) }, 0, 0)) return k;
  }
  return -1;
}
