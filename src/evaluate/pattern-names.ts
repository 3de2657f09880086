/**
 * The files a command name written as a pattern names, by the file-system view: `/usr/bin/gcc-1?`
 * in bash, `/usr/bin/gcc-<->` in zsh (its numeric range glob) run `/usr/bin/gcc-12` where that is
 * the one file the pattern matches, so a deny rule on `gcc` applies (replay 23, RP23-V2: zsh ran
 * gcc-12 under deny `Bash(gcc *)`). The analysis reads such a name as unknown, a firm ask; where
 * the view settles it, the command is read again with the name as that file (`emit.ts`,
 * `patternName`). What the line itself writes or removes may add or take away a match: where it
 * writes or removes anything the view cannot place, or anything in the pattern's folder, the name
 * stays unknown.
 */
import { isInside } from '../paths/index.js';
import type { PathEffect, ShellAnalysis } from '../shell/types.js';

/** The reason the command layer gives a name that is not literal text (`emit.ts`). */
const NOT_LITERAL = 'command name is not literal: /';

/** The view's matcher of absolute globs (`FactsContext.globMatches`). */
type GlobMatcher = (glob: string) => { paths: readonly string[] } | { unknown: string };

/** The folder a pattern's first wild segment is in (`/usr/bin/gcc-[0-9]*` → `/usr/bin`). */
function fixedFolder(pattern: string): string {
  const segs = pattern.split('/');
  const wild = segs.findIndex((s) => /[*?[]/.test(s));
  return segs.slice(0, wild < 0 ? segs.length - 1 : wild).join('/') || '/';
}

/**
 * The matcher the analysis reads a pattern command name with (`Collector.commandNames`), or
 * `undefined` when no command of `analysis` has such a name or there is no view of the files.
 */
export function patternNames(
  analysis: ShellAnalysis,
  effects: readonly PathEffect[],
  globMatches: GlobMatcher | undefined,
): ((pattern: string) => readonly string[] | undefined) | undefined {
  if (globMatches === undefined || !analysis.unknown.some((u) => u.includes(NOT_LITERAL))) return undefined;
  const changes = effects.filter((e) => e.op !== 'read');
  if (changes.some((e) => !e.literal || e.glob === true)) return undefined;
  return (pattern) => {
    const folder = fixedFolder(pattern);
    if (changes.some((e) => isInside(e.path, folder, { caseInsensitive: true }))) return undefined;
    const named = globMatches(pattern);
    return 'unknown' in named ? undefined : named.paths;
  };
}
