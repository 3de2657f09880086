/**
 * Path normalisation, containment, protected paths and critical removal targets. Pure: no I/O.
 * @packageDocumentation
 */
export { normalizePath, isInside, isInsideAny, relativeInside, parentsOf } from './normalize.js';
export type { NormalizeOptions, InsideOptions } from './normalize.js';
export { CLAUDE_CODE_PROTECTED_PATHS, NOETA_PROTECTED_PATHS, protectedPathMatch } from './protected.js';
export type { ProtectedPathSpec } from './protected.js';
export { isCriticalRemovalTarget } from './critical.js';
export type { CriticalRemovalContext } from './critical.js';
export { compilePathPattern, matchPathPattern, matchCompiledPathPattern, PATH_MATCH_LIMITS } from './pattern.js';
export type { PathPatternContext, CompiledPathPattern } from './pattern.js';
export { resolveProcAlias, resolveWindowsShare, hasShortName } from './aliases.js';
export type { AliasedPath } from './aliases.js';
export { patternReach } from './reach.js';
export type { PatternReach } from './reach.js';
