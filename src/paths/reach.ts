/**
 * How a Read/Edit path pattern bears on a directory a command takes whole (`rm -r dir`,
 * `grep -r x dir`, `cp -r dir out`): a directory stands for what is inside it.
 * @packageDocumentation
 */
import { bracketEnds, type BracketReading } from './glob-bracket.js';
import { isInside } from './normalize.js';
import { compilePathPattern, matchPathPattern, type CompiledPathPattern, type PathPatternContext } from './pattern.js';

/**
 * - `covered`: the pattern covers the path itself (it is, or is inside, a covered path).
 * - `contents`: the pattern covers everything inside the path (`secrets/**` and `secrets`).
 * - `stem`: a path the pattern names by its literal text (`./.env`, `secrets/**`, `~/.ssh/id_rsa`)
 *   is inside the path: the directory holds it, whenever it exists.
 * - `probe`: some path inside the directory would match (`*.pem`, `.env` in a subdirectory), but
 *   only the file system could tell whether one exists.
 * @public
 */
export type PatternReach = 'covered' | 'contents' | 'stem' | 'probe';

const WILD = /[*?[]/;

/** Characters tried, in order, for a bracket expression in {@link concretize}. */
const SAMPLES = [...'xaA0_.-', ...Array.from({ length: 95 }, (_, i) => String.fromCharCode(0x20 + i))].filter((c) => c !== '/');

/**
 * A name that matches a glob segment as `reading` reads its brackets (`*.pem` → `x.pem`, `[ab]c`
 * → `ac`, `.[[:alpha:]]nv` → `.xnv`, `[!a]` → `x`).
 */
function concretize(segment: string, reading: BracketReading): string {
  let out = '';
  for (let i = 0; i < segment.length;) {
    const c = segment[i]!;
    if (c === '\\' && i + 1 < segment.length) {
      out += segment[i + 1];
      i += 2;
    } else if (c === '[') {
      let end = -1;
      const ch = SAMPLES.find((s) => (end = bracketEnds(reading, segment, i, s, false)[0] ?? -1) >= 0);
      out += ch ?? c;
      i = ch === undefined ? i + 1 : end;
    } else {
      out += c === '*' || c === '?' ? 'x' : c;
      i++;
    }
  }
  return out;
}

function join(dir: string, rest: string): string {
  if (rest === '') return dir;
  return dir === '/' ? `/${rest}` : `${dir}/${rest}`;
}

/**
 * How `pattern` bears on the directory `path` (both as toolgate's path rules read them), or
 * `undefined` when nothing inside the directory can match. Lexical: `stem` and `probe` say what
 * the directory may hold; a file-system view could say whether it does.
 * @param path - normalised absolute path of the directory.
 * @public
 */
export function patternReach(pattern: string, path: string, ctx: PathPatternContext): PatternReach | undefined {
  const match = (p: string): boolean => matchPathPattern(pattern, p, ctx);
  if (match(path)) return 'covered';
  const inside = join(path, 'x');
  if (match(inside)) return 'contents';
  const compiled = compilePathPattern(pattern, ctx);
  const fold = compiled.fold;
  const noStars = segmentsOf(compiled).filter((s) => s !== '**');
  for (const stem of patternStems(compiled)) {
    if (!isInside(stem, path, { caseInsensitive: fold })) continue;
    if (match(stem) || match(join(stem, 'x'))) return 'stem';
  }
  // Rules read brackets with POSIX classes (git's wildmatch); `plain` is the reading without them.
  for (const reading of ['bash', 'plain'] as const) {
    const tail = noStars.map((s) => concretize(s, reading)).join('/');
    const probes = [join(compiled.base, tail), join(path, tail), join(path, `x/${tail}`)];
    for (const p of probes) if (p !== path && isInside(p, path, { caseInsensitive: fold }) && match(p)) return 'probe';
  }
  return undefined;
}

function segmentsOf(compiled: CompiledPathPattern): string[] {
  return compiled.gitignore
    .replace(/^\//, '')
    .replace(/\/$/, '')
    .split('/')
    .filter((s) => s !== '');
}

/**
 * The paths {@link patternReach} answers `stem` for when a directory holds one of them: the
 * pattern's base joined with its literal leading segments, and with all its segments but `**`
 * when none is wild. A directory that holds none of them is never a `stem`. @internal
 */
export function patternStems(compiled: CompiledPathPattern): string[] {
  const segs = segmentsOf(compiled);
  const firstWild = segs.findIndex((s) => WILD.test(s));
  const literalPrefix = firstWild < 0 ? segs : segs.slice(0, firstWild);
  const noStars = segs.filter((s) => s !== '**');
  const stems = [join(compiled.base, literalPrefix.join('/'))];
  if (!noStars.some((s) => WILD.test(s))) stems.push(join(compiled.base, noStars.join('/')));
  return stems;
}
