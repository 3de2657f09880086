import { SideTable } from '../core/side-table.js';
import { isInside, PATH_MATCH_LIMITS } from '../paths/index.js';
import { normalizedForMatch, type PathMatcher } from '../paths/pattern.js';
import { patternStems } from '../paths/reach.js';
import type { Platform } from '../core/types.js';
import type { PathEffect } from '../shell/types.js';

/** A segment `.` or `..`, or an empty one: such a path is matched otherwise (fail closed), never ruled out. */
const UNUSUAL_SEGMENT = /\/\.{0,2}(\/|$)/;

interface ProbeEnv {
  cwd: string;
  home: string;
  platform: Platform;
}

/**
 * `path` normalised as matching sees it, plus `/x` (what a pattern's literal is looked for in);
 * undefined when the path must not be ruled out (over-long, not absolute, an empty, `.` or `..`
 * segment).
 */
export function pathProbe(path: string, env: ProbeEnv): string | undefined {
  const abs = normalizedForMatch(path, env);
  // Longer than maxSegments characters: it may be over the matcher's limits (matched otherwise).
  if (abs.length > PATH_MATCH_LIMITS.maxSegments || abs.charCodeAt(0) !== 47 || UNUSUAL_SEGMENT.test(abs)) return undefined;
  return `${abs}/x`;
}

/**
 * Can the path of `probe` not match a pattern with this needle (its literal, `''` for none) and
 * base? `matchPathMatcher` rejects such a path before anything else. (The relative path a
 * pattern sees is a suffix of the absolute one; a path no longer than the base is the base itself
 * or outside it.)
 */
export function outsideNeedle(needle: string, base: string, probe: string): boolean {
  return needle !== '' && probe.length - 2 > base.length && !probe.includes(needle);
}

interface EffectProbes extends ProbeEnv {
  probes: (string | undefined)[];
}

const probesOf = new SideTable<readonly PathEffect[], EffectProbes>();

/**
 * Per path effect of a shell call, its probe when a path rule's needle may rule the effect out
 * (see {@link effectOutOfReach}), else `undefined`: a literal path the command reads or writes
 * itself, or a bare word of a program toolgate does not model, already normalised. Removals,
 * directories taken whole, words that look like paths and words that are not literal are
 * always checked in full.
 */
export function effectProbes(effects: readonly PathEffect[], env: ProbeEnv): readonly (string | undefined)[] {
  const known = probesOf.get(effects);
  if (known !== undefined && known.cwd === env.cwd && known.home === env.home && known.platform === env.platform) return known.probes;
  const probes: (string | undefined)[] = [];
  for (const e of effects) {
    const plain = e.assumed === 'word' || (e.assumed === undefined && e.literal && e.op !== 'remove' && e.tree === undefined);
    probes.push(plain && typeof e.path === 'string' && normalizedForMatch(e.path, env) === e.path ? pathProbe(e.path, env) : undefined);
  }
  probesOf.set(effects, { cwd: env.cwd, home: env.home, platform: env.platform, probes });
  return probes;
}

const stemsOf = new WeakMap<PathMatcher, string[]>();

/**
 * Is `effectVerdict` sure to answer nothing for this effect (given its probe from
 * {@link effectProbes}) and the rule with this matcher? The path lacks the pattern's literal, so
 * neither it nor a name inside it matches; for a bare word, no path the rule names by its literal
 * text (`patternReach`'s `stem`) is inside it either.
 */
export function effectOutOfReach(m: PathMatcher, e: PathEffect, probe: string): boolean {
  if (!outsideNeedle(m.gitignore.needle, m.compiled.base, probe)) return false;
  if (e.assumed !== 'word') return true;
  let stems = stemsOf.get(m);
  if (stems === undefined) stemsOf.set(m, (stems = patternStems(m.compiled)));
  for (const stem of stems) if (isInside(stem, e.path, { caseInsensitive: m.compiled.fold })) return false;
  return true;
}
