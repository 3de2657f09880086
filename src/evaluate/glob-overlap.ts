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

/**
 * Could the shell glob `globPath` (absolute, braces expanded) name a path the path rule covers?
 * A conservative intersection of the two patterns, segment by segment: when both sides hold
 * wildcards in the same segment they are assumed to meet. Used so that `cat .en*` cannot read
 * what `Read(./.env)` denies.
 */
export function globMayHitRule(globPath: string, pattern: string, ctx: PathPatternContext): boolean {
  let r: string[];
  try {
    r = ruleSegments(pattern, ctx);
  } catch {
    return true;
  }
  // A `**` segment of the glob stands for any number of directories: bash's globstar (which a
  // user's rc may turn on) and zsh's `**/` recurse, and a directory toolgate cannot place (`cd X`
  // through an unknown CDPATH) is `/**/X`.
  const g = globPath.split('/').filter(Boolean);
  if (g.length > 512 || r.length > 512) return true;
  const nocase = ctx.platform !== 'linux';
  const memo = new Map<number, boolean>();
  const walk = (i: number, j: number): boolean => {
    const key = i * 1024 + j;
    const seen = memo.get(key);
    if (seen !== undefined) return seen;
    let out: boolean;
    if (j === r.length) out = i === g.length || (g[i] === '**' && walk(i + 1, j));
    else if (r[j] === '**') out = walk(i, j + 1) || (i < g.length && walk(i + 1, j));
    else if (i === g.length) out = false;
    else if (g[i] === '**') out = walk(i + 1, j) || walk(i, j + 1);
    else out = segmentsCompatible(g[i] ?? '', r[j] ?? '', nocase) && walk(i + 1, j + 1);
    memo.set(key, out);
    return out;
  };
  return walk(0, 0);
}
