/**
 * The reference toolgate's path matching is tested against: the `ignore` package, used the way
 * `matchCompiledPathPattern` uses its own matcher.
 */
import ignore from 'ignore';
import type { CompiledPathPattern } from '../../src/paths/pattern.js';
import { globMatchesPath } from '../../src/paths/glob.js';

/** `matchCompiledPathPattern` for a path relative to the base (not `''`), with `ignore` as the matcher. */
export function matchWithIgnore(compiled: CompiledPathPattern, rel: string): boolean {
  try {
    const ig = ignore({ ignorecase: compiled.fold }).add(compiled.gitignore);
    let hit = ig.ignores(rel);
    if (!hit && compiled.list !== 'allow') {
      hit = ig.ignores(`${rel}/`) || (compiled.gitignore.endsWith('/**') && ig.ignores(`${rel}/x`));
    }
    if (!hit || compiled.strict === undefined) return hit;
    const { glob, anchored } = compiled.strict;
    return globMatchesPath(glob, anchored ? rel : rel.slice(rel.lastIndexOf('/') + 1), compiled.fold);
  } catch {
    return compiled.list !== 'allow';
  }
}
