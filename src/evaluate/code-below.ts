/**
 * Code that runs later, below a folder put in place whole (red team 27, RT27-R; decision 0144):
 * `mv stage scripts`, `mv -T`, `cp -r stage scripts` make a folder toolgate cannot see the names
 * of, and a hook's script, a file a start-up file sources or a program git's configuration names
 * may lie below it — not there yet, perhaps: the folder on its way is made whole, and whatever the
 * moved tree holds at that name is what runs. A reader whose place is a pattern (`for f in
 * ~/dots/*.sh; do . "$f"; done`, vim's `rtp+=~/dots`, a folder on `PATH`) runs whatever names the
 * moved tree holds that the pattern matches (decision 0146).
 */
import type { ReadonlyFsView } from '../core/ports.js';
import { isInside } from '../paths/index.js';

/** A place a reader names by a pattern: the files below `folder` that `pattern` matches run. */
export interface PatternPlace {
  /** The folder the pattern's names lie below: the part of the pattern before its first wildcard. */
  readonly folder: string;
  readonly pattern: RegExp;
  /** The pattern as a person reads it (`~/dots/*.sh`, or the folder). */
  readonly shown: string;
  /** What reads the names it matches, and when. */
  readonly why: string;
}

/**
 * The files and folders the readers name as code that runs later, gathered once per call
 * (`codePlaces` of code-writes.ts), with the judge of a write to one of them.
 */
export interface CodePlaces {
  /** Each place once: what the start-up files source and git's hooks run, the settings' hook code, the programs git's configuration names. */
  readonly paths: readonly string[];
  /** The places a pattern names, each with what reads it. */
  readonly patterns: readonly PatternPlace[];
  /** Why writing `written` (resolved: `real`) changes code that runs later, as every reader of it tells (`codeWriteHit`). */
  readonly hit: (written: string, real: string | undefined) => string | undefined;
}

/**
 * Why a folder put in one piece at `dir` (names toolgate cannot see land there) writes a file that
 * runs code later, or `undefined`. A folder the view shows with entries is not replaced: a move or
 * copy goes into it (`scripts/stage`, judged by its own write) or fails (`mv -T` onto a folder that
 * is not empty, coreutils 9.1). Each place found is judged by the readers that name it, as a write
 * to it is; a pattern's place when `dir` is its folder, holds it, or lies below it where the
 * pattern may match a name.
 */
export function codeBelowWrite(dir: string, view: ReadonlyFsView | undefined, code: CodePlaces): string | undefined {
  if (view?.isDirectory?.(dir) === true && (view.list?.(dir)?.length ?? 0) > 0) return undefined;
  for (const path of code.paths) {
    if (path === dir || !isInside(path, dir)) continue;
    const hit = code.hit(path, undefined);
    if (hit !== undefined) return `a folder put there whole makes ${path}: ${hit}`;
  }
  for (const p of code.patterns)
    if (isInside(p.folder, dir) || (isInside(dir, p.folder) && mayMatchBelow(p.pattern, dir)))
      return `a folder put there whole may hold ${p.shown}: ${p.why}`;
  return undefined;
}

/**
 * Whether `pattern` (anchored, absolute) may match a name below `dir`, a folder inside the
 * pattern's own: a wildcard that crosses `/` (`.+` of vim's `plugin/**`) may; one that does not
 * (`[^/]*`) only where the pattern has more parts than `dir`. Read from the pattern's text, every
 * alternative's parts counted together: more parts only ever says "may".
 */
export function mayMatchBelow(pattern: RegExp, dir: string): boolean {
  const s = pattern.source;
  let slashes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '\\') {
      if (s[i + 1] === '/') slashes++;
      i++;
    } else if (c === '[') {
      // A class: `[^/]` never matches a slash; one that may (`[^a]`) crosses.
      const end = s.indexOf(']', i + 2);
      const body = s.slice(i + 1, end < 0 ? s.length : end);
      if (body.startsWith('^') && !body.includes('/')) return true;
      i = end < 0 ? s.length : end;
    } else if (c === '.') return true;
    else if (c === '/') slashes++;
  }
  return dir.split('/').length - 1 < slashes;
}
